import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { family, lineClass, paySeats } from "../../test/families.js";
import { ADMIN, clockDay, useTestApi } from "../../test/harness.js";
import { renderMessage } from "../notifications/index.js";
import {
  aidApplications,
  aidSeasons,
  aidUses,
  notificationOutbox,
  officeActions,
  orderItems,
  orders,
  sensitiveReads,
} from "../platform/database/schema.js";

/**
 * Financial aid (decision 050) through the API on PGlite and PostgreSQL, with the payment sandbox:
 * a season's budget and cap, a family's application, the office's award taken off that camper's
 * seats at checkout (and on the receipt), given back when the seat is cancelled, never to another
 * camper, and the budget never promised twice.
 */
const api = useTestApi();
const db = () => api.database.db;

// The camp year of the test classes (they start 40 days from the clock).
const SEASON = Number(clockDay(40).slice(0, 4));
const admin = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  api.call({ method, url, as: ADMIN, ...(payload && { payload }) });
const openSeason = (extra: object = {}) =>
  admin("PUT", `/admin/aid/seasons/${SEASON}`, {
    budgetCents: 50_000,
    camperCapCents: 30_000,
    open: true,
    intro: "Tell us what you can pay.",
    ...extra,
  });
const application = (camperId: string, extra: object = {}) => ({
  camperId,
  householdSize: 4,
  requestedCents: 20_000,
  statement: "Two parents, one job since March.\nWe can pay about half.",
  ...extra,
});
type Person = Awaited<ReturnType<typeof family>>;
const apply = (who: Person, payload: object) =>
  api.call({ method: "POST", url: "/aid/applications", as: who, payload });
const aidOf = async (who: Person) => (await api.call({ method: "GET", url: "/aid", as: who })).json();

describe("financial aid", () => {
  it("takes applications only for an open season, one per camper, from the camper's own family", async () => {
    const fam = await family(api, ["Mia", "Leo"]);
    expect(await aidOf(fam)).toMatchObject({ season: null, applications: [] });
    expect((await apply(fam, application(fam.kids[0]!))).statusCode).toBe(409);

    expect((await openSeason({ open: false })).statusCode).toBe(200);
    const closed = await apply(fam, application(fam.kids[0]!));
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toMatch(/not taking financial-aid applications/);
    expect((await openSeason()).json()).toMatchObject({ season: SEASON, budgetCents: 50_000, awardedCents: 0 });

    const bad = await apply(fam, application(fam.kids[0]!, { householdSize: 0, requestedCents: 12.5, statement: " " }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(["householdSize", "requestedCents", "statement"]);
    const other = await family(api, ["Ada"]);
    expect((await apply(fam, application(other.kids[0]!))).statusCode).toBe(404);

    const made = await apply(fam, application(fam.kids[0]!));
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      season: SEASON,
      status: "pending",
      camperName: expect.stringMatching(/^Mia /),
    });
    expect(made.json()).not.toHaveProperty("statement");
    const again = await apply(fam, application(fam.kids[0]!));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already has an application/);

    const mine = await aidOf(fam);
    expect(mine.season).toMatchObject({ season: SEASON, open: true, intro: "Tell us what you can pay." });
    expect(mine.campers).toHaveLength(2);
    expect(mine.applications).toHaveLength(1);
    expect((await api.call({ method: "GET", url: "/admin/aid", as: fam })).statusCode).toBe(403);
  });

  it("awards within the cap and the budget, takes it off that camper's seats, and gives it back on a cancellation", async () => {
    await openSeason({ budgetCents: 50_000 });
    const fam = await family(api, ["Mia", "Leo"]);
    const [mia, leo] = fam.kids as [string, string];
    const miaApp = (await apply(fam, application(mia))).json()._id as string;
    const leoApp = (await apply(fam, application(leo))).json()._id as string;

    // The list leaves the statement out; reading one records the read.
    const listed = (await admin("GET", `/admin/aid?season=${SEASON}`)).json();
    const row = listed.applications.find((a: { _id: string }) => a._id === miaApp);
    expect(row).toMatchObject({ familyEmail: fam.email, householdSize: 4, requestedCents: 20_000 });
    expect(row).not.toHaveProperty("statement");
    const read = await admin("GET", `/admin/aid/applications/${miaApp}`);
    expect(read.json().statement).toBe("Two parents, one job since March.\nWe can pay about half.");
    const reads = await db()
      .select()
      .from(sensitiveReads)
      .where(and(eq(sensitiveReads.camperId, mia), eq(sensitiveReads.reason, "aid")));
    expect(reads).toHaveLength(1);

    const over = await admin("POST", `/admin/aid/applications/${miaApp}/award`, {
      amountCents: 30_001,
      percent: null,
      note: null,
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().fields).toHaveProperty("amountCents");
    const given = await admin("POST", `/admin/aid/applications/${miaApp}/award`, {
      amountCents: 20_000,
      percent: 50,
      note: "Half of each week, up to $200.",
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({ status: "awarded", awardCents: 20_000, awardPercent: 50, leftCents: 20_000 });
    // The family is told, once, in words.
    const told = await db()
      .select({ facts: notificationOutbox.payload })
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.recipient, fam.email), eq(notificationOutbox.kind, "aid-decided")));
    expect(told).toHaveLength(1);
    const message = await renderMessage(
      "aid-decided",
      told[0]!.facts as Parameters<typeof renderMessage<"aid-decided">>[1],
      { siteUrl: "https://camp.example" },
    );
    expect(message.subject).toMatch(/^Financial aid for Mia .*: \$200\.00$/);
    expect(message.text).toContain(`50% of each of Mia`);
    expect(message.text).toContain(`up to $200.00 in all`);
    expect(message.text).toContain("From the office: Half of each week, up to $200.");
    expect(
      (await admin("POST", `/admin/aid/applications/${miaApp}/award`, { amountCents: 1, percent: null, note: null }))
        .statusCode,
    ).toBe(409);

    // The budget: all of it promised now; the next award is told what is left, and a budget below
    // what is promised is refused.
    const rest = await admin("POST", `/admin/aid/applications/${leoApp}/award`, {
      amountCents: 30_000,
      percent: null,
      note: null,
    });
    expect(rest.statusCode, rest.body).toBe(200);
    const [season] = await db().select().from(aidSeasons).where(eq(aidSeasons.season, SEASON));
    expect(season!.awardedCents).toBe(50_000);
    const third = await family(api, ["Ada"]);
    const adaApp = (await apply(third, application(third.kids[0]!))).json()._id as string;
    const spent = await admin("POST", `/admin/aid/applications/${adaApp}/award`, {
      amountCents: 100,
      percent: null,
      note: null,
    });
    expect(spent.statusCode).toBe(409);
    expect(spent.json().message).toBe(`Only $0.00 of the ${SEASON} budget is left.`);
    const tooLow = await openSeason({ budgetCents: 49_999 });
    expect(tooLow.statusCode).toBe(409);
    expect(tooLow.json().message).toMatch(/already come to \$500\.00/);

    // Mia's seat of a class: half of it paid by her award (50%, up to $200).
    const cls = await lineClass(api, 5, { priceCents: 12_500 });
    await api.call({ method: "POST", url: "/carts", as: fam, payload: { classItemId: cls, camperId: mia } });
    const quoted = await api.call({ method: "POST", url: "/carts/quote", as: fam, payload: {} });
    expect(quoted.json().items[0].discounts).toContainEqual({ kind: "aid", name: "Financial aid", cents: 6_250 });
    await api.call({ method: "DELETE", url: `/carts/${quoted.json().items[0].cartItemId}`, as: fam });
    const orderId = await paySeats(api, fam, [cls], [mia]);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order!.amountCents).toBe(6_250);
    const [line] = await db().select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(line).toMatchObject({ priceCents: 6_250, listPriceCents: 12_500, paidCents: 6_250 });
    const receipt = await db()
      .select({ payload: notificationOutbox.payload })
      .from(notificationOutbox)
      .where(eq(notificationOutbox.recipient, fam.email));
    expect(JSON.stringify(receipt)).toContain('"name":"Financial aid","cents":6250');
    const after = (await aidOf(fam)).applications.find((a: { _id: string }) => a._id === miaApp);
    expect(after).toMatchObject({ usedCents: 6_250, leftCents: 13_750 });

    // Cancelled: the family gets back what it paid under the policy, and the aid goes back to Mia's award.
    const seats = (await api.call({ method: "GET", url: "/enrollments", as: fam })).json() as { _id: string }[];
    const cancelled = await api.call({ method: "POST", url: `/enrollments/${seats[0]!._id}/cancel`, as: fam });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const back = (await aidOf(fam)).applications.find((a: { _id: string }) => a._id === miaApp);
    expect(back).toMatchObject({ usedCents: 0, leftCents: 20_000 });

    const log = await db().select().from(officeActions).where(eq(officeActions.familyId, fam.id));
    expect(log.map((l) => l.action).sort()).toEqual(["aid-awarded", "aid-awarded"]);
  });

  it("changes an award: up from what is left of the budget, down to what it pays for, each change told", async () => {
    const budget = await openSeason({ budgetCents: 200_000 });
    expect(budget.statusCode, budget.body).toBe(200);
    const [before] = await db().select().from(aidSeasons).where(eq(aidSeasons.season, SEASON));
    const fam = await family(api, ["Noa"]);
    const noa = fam.kids[0]!;
    const appId = (await apply(fam, application(noa))).json()._id as string;
    const change = (amountCents: number, note: string | null = null) =>
      admin("POST", `/admin/aid/applications/${appId}/change`, { amountCents, percent: null, note });

    // Not awarded yet: nothing to change.
    expect((await change(5_000)).statusCode).toBe(409);
    await admin("POST", `/admin/aid/applications/${appId}/award`, { amountCents: 5_000, percent: null, note: null });
    const cls = await lineClass(api, 5, { priceCents: 8_000 });
    await paySeats(api, fam, [cls], [noa]);
    // $50.00 of it pays for Noa's seat of $80.00: the award cannot go below that.
    const below = await change(4_999);
    expect(below.statusCode).toBe(409);
    expect(below.json()).toMatchObject({
      message: "$50.00 of this award already pays for booked seats: it cannot be less.",
      fields: { amountCents: "At least $50.00." },
    });
    expect((await change(30_001)).json().fields).toHaveProperty("amountCents");

    // Up to $250.00, then down to what it pays for (the rest withdrawn): the budget follows each.
    const up = await change(25_000, "More for the autumn term.");
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ awardCents: 25_000, usedCents: 5_000, leftCents: 20_000 });
    const awardedNow = async () =>
      (await db().select().from(aidSeasons).where(eq(aidSeasons.season, SEASON)))[0]!.awardedCents;
    expect(await awardedNow()).toBe(before!.awardedCents + 25_000);
    const down = await change(5_000, "The rest is withdrawn: the budget is needed elsewhere.");
    expect(down.json()).toMatchObject({ awardCents: 5_000, leftCents: 0 });
    expect(await awardedNow()).toBe(before!.awardedCents + 5_000);

    // Each change is a message of its own, in words, and a line of the office log.
    const told = await db()
      .select({ facts: notificationOutbox.payload })
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.recipient, fam.email), eq(notificationOutbox.kind, "aid-decided")))
      .orderBy(notificationOutbox.createdAt);
    expect(told).toHaveLength(3);
    const last = await renderMessage(
      "aid-decided",
      told[2]!.facts as Parameters<typeof renderMessage<"aid-decided">>[1],
      { siteUrl: "https://camp.example" },
    );
    expect(last.subject).toMatch(/^Financial aid for Noa .* changed: \$50\.00$/);
    expect(last.text).toMatch(/changed the financial aid for Noa .* from \$250\.00 to \$50\.00/);
    expect(last.text).toContain("From the office: The rest is withdrawn: the budget is needed elsewhere.");
    const log = await db().select().from(officeActions).where(eq(officeActions.familyId, fam.id));
    expect(log.map((l) => l.summary)).toContain(`Financial aid for ${SEASON} changed from $250.00 to $50.00`);

    // Taken back to nothing, the message says it is withdrawn, and what it was.
    const withdrawn = await renderMessage(
      "aid-decided",
      {
        ...(told[2]!.facts as Parameters<typeof renderMessage<"aid-decided">>[1]),
        awardCents: 0,
        changedFromCents: 5_000,
      },
      { siteUrl: "https://camp.example" },
    );
    expect(withdrawn.subject).toMatch(/^Financial aid for Noa .* withdrawn$/);
    expect(withdrawn.text).toMatch(/has withdrawn the financial aid for Noa .* \(it was \$50\.00\)/);
    expect(withdrawn.text).not.toContain("comes off");
  });

  it("never pays for another camper, and pays a whole seat at the desk", async () => {
    await openSeason({ budgetCents: 200_000 });
    const fam = await family(api, ["Mia", "Leo"]);
    const [mia, leo] = fam.kids as [string, string];
    const miaApp = (await apply(fam, application(mia))).json()._id as string;
    expect(
      (
        await admin("POST", `/admin/aid/applications/${miaApp}/award`, {
          amountCents: 30_000,
          percent: null,
          note: null,
        })
      ).statusCode,
    ).toBe(200);
    const cls = await lineClass(api, 5, { priceCents: 12_500 });
    const quote = await admin("POST", `/admin/families/${fam.id}/quote`, {
      seats: [
        { classId: cls, camperId: mia },
        { classId: cls, camperId: leo },
      ],
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const booked = await admin("POST", `/admin/families/${fam.id}/bookings`, {
      seats: [{ classId: cls, camperId: mia }],
      payment: null,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const lines = await db().select().from(orderItems).where(eq(orderItems.orderId, booked.json().order._id));
    expect(lines[0]).toMatchObject({ priceCents: 0, listPriceCents: 12_500 });
    expect((await aidOf(fam)).applications[0]).toMatchObject({ usedCents: 12_500, leftCents: 17_500 });
    // Leo has no award: Mia's pays nothing of his seat.
    const leoOrder = await paySeats(api, fam, [cls], [leo]);
    const [leoLine] = await db().select().from(orderItems).where(eq(orderItems.orderId, leoOrder));
    expect(leoLine).toMatchObject({ priceCents: 12_500, discounts: [] });

    // Declining needs a note; a decided application is not decided again.
    const other = await family(api, ["Ada"]);
    const adaApp = (await apply(other, application(other.kids[0]!))).json()._id as string;
    expect((await admin("POST", `/admin/aid/applications/${adaApp}/decline`, { note: "" })).statusCode).toBe(400);
    const declined = await admin("POST", `/admin/aid/applications/${adaApp}/decline`, {
      note: "The budget is spent for this summer.",
    });
    expect(declined.json()).toMatchObject({ status: "declined", decisionNote: "The budget is spent for this summer." });
    expect((await aidOf(other)).applications[0]).toMatchObject({ status: "declined", leftCents: 0 });
    const [told] = await db()
      .select({ facts: notificationOutbox.payload })
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.recipient, other.email), eq(notificationOutbox.kind, "aid-decided")));
    const message = await renderMessage(
      "aid-decided",
      told!.facts as Parameters<typeof renderMessage<"aid-decided">>[1],
      { siteUrl: "https://camp.example" },
    );
    expect(message.text).toContain("cannot award financial aid for Ada");
    expect(message.text).toContain("From the office: The budget is spent for this summer.");
  });

  it("pays a plan's deposit first, then its instalments", async () => {
    await openSeason({ budgetCents: 300_000 });
    const plan = await admin("POST", "/payment-plans", {
      name: "Two payments",
      deposit: { percent: 40 },
      instalments: [{ due: { daysBeforeStart: 21 } }],
      cutoffDays: 30,
    });
    expect(plan.statusCode, plan.body).toBe(201);
    const fam = await family(api, ["Mia"]);
    const miaApp = (await apply(fam, application(fam.kids[0]!))).json()._id as string;
    await admin("POST", `/admin/aid/applications/${miaApp}/award`, { amountCents: 3_000, percent: null, note: null });
    const cls = await lineClass(api, 5, { priceCents: 12_500 });
    await api.call({ method: "POST", url: "/carts", as: fam, payload: { classItemId: cls, camperId: fam.kids[0] } });
    const quoted = (await api.call({ method: "POST", url: "/carts/quote", as: fam, payload: {} })).json();
    expect(quoted.totalCents).toBe(9_500);
    const offered = quoted.paymentPlans.find((p: { name: string }) => p.name === "Two payments");
    // 125.00 is 50.00 now and 75.00 later; the award's 30.00 comes off the 50.00.
    expect(offered.schedule.map((p: { amountCents: number }) => p.amountCents)).toEqual([2_000, 7_500]);
  });

  it("goes with a family's account when the office deletes it", async () => {
    await openSeason({ budgetCents: 300_000 });
    const fam = await family(api, ["Mia"]);
    const miaApp = (await apply(fam, application(fam.kids[0]!))).json()._id as string;
    await admin("POST", `/admin/aid/applications/${miaApp}/award`, { amountCents: 5_000, percent: null, note: null });
    const cls = await lineClass(api, 5, { priceCents: 12_500 });
    await api.call({ method: "POST", url: "/carts", as: fam, payload: { classItemId: cls, camperId: fam.kids[0] } });
    const opened = await api.call({ method: "POST", url: "/create-payment-intent", as: fam, payload: {} });
    expect(opened.statusCode, opened.body).toBe(201);
    // The checkout ran out unpaid: its use of the award stays recorded, counting for nothing.
    await db().update(orders).set({ status: "failed" }).where(eq(orders.id, opened.json().orderId));
    expect((await db().select().from(aidUses).where(eq(aidUses.applicationId, miaApp))).length).toBe(1);
    const deleted = await api.call({ method: "DELETE", url: `/users/${fam.id}`, as: ADMIN });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await db().select().from(aidApplications).where(eq(aidApplications.id, miaApp))).toEqual([]);
    expect(await db().select().from(aidUses).where(eq(aidUses.applicationId, miaApp))).toEqual([]);
  });
});
