import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { nowMs, restoreClock, setClock } from "../platform/clock.js";
import { classes } from "../platform/database/schema.js";
import type { Database } from "../platform/database/client.js";
import { seatCounts } from "./invariants.js";
import { CONTACT, family, holdSeat, joinLine, lineClass, waitlistOf, type Person } from "../../test/families.js";
import { ADMIN, clockDay, confirmCard, JONAS, MAYA, useTestApi } from "../../test/harness.js";

/**
 * Registration opening and the waitlist, on one API: the line's order, groups offered
 * together, kept seats nobody else can take, offers accepted, declined and run out, staff's moves.
 */
const HOLD_SECONDS = 600;
const OFFER_SECONDS = 3600;
const api = useTestApi({
  RATE_LIMIT_SENSITIVE: "1000",
  RATE_LIMIT_FORMS: "1000",
  RATE_LIMIT_CHECKOUTS: "1000",
  PAYMENT_HOLD_SECONDS: String(HOLD_SECONDS),
  PAYMENT_HOLD_MAX_SECONDS: String(HOLD_SECONDS),
  WAITLIST_OFFER_SECONDS: String(OFFER_SECONDS),
});

/** The seat counts, checked against their rows: every test does it after each step. */
async function checkInvariants(database: Database, classId: string) {
  const counts = await seatCounts(database.db, classId);
  expect(counts.problems).toEqual([]);
  return counts;
}

const addToCart = (as: Person, classItemId: string, camperId?: string) =>
  api.call({ method: "POST", url: "/carts", as, payload: { classItemId, ...(camperId && { camperId }) } });
const join = (as: Person, classId: string, camperIds?: string[]) => joinLine(api, as, classId, camperIds);
const entries = (as: Person) => waitlistOf(api, as);
const availability = async (classId: string) =>
  (await api.call({ method: "GET", url: `/classes/${classId}/availability` })).json();
const hold = (as: Person, classId: string) => holdSeat(api, as, classId);
const newClass = lineClass;

let clockOffset: number | undefined;
/** Moves the API's clock forward by `seconds` (put back after each test). */
function later(seconds: number) {
  const previous = setClock(new Date(nowMs() + seconds * 1000));
  clockOffset ??= previous;
}
afterEach(() => {
  if (clockOffset !== undefined) restoreClock(clockOffset);
  clockOffset = undefined;
});

describe("registration opening", () => {
  it("before its opening a class cannot be booked or joined; at the moment it opens it can", async () => {
    const opensAt = new Date(nowMs() + 3_600_000);
    const classId = await newClass(api, 5, { registrationOpensAt: opensAt });
    const parent = await family(api);
    const early = await addToCart(parent, classId);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(
      /^Registration opens (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]+, \d{1,2}:\d{2}\.$/,
    );
    expect((await join(parent, classId)).json().message).toMatch(/^Registration opens .*The waitlist opens with it\.$/);
    expect(await availability(classId)).toMatchObject({
      registration_open: false,
      registration_opens_at: opensAt.toISOString(),
      offer_seconds: OFFER_SECONDS,
    });
    const listed = await api.call({ method: "GET", url: `/classes/${classId}` });
    expect(listed.json().registration_opens_at).toBe(opensAt.toISOString());

    later(3_601);
    expect((await availability(classId)).registration_open).toBe(true);
    expect((await addToCart(parent, classId)).statusCode).toBe(201);
  });

  it("instructors set it in the class form, and a malformed one is refused with the field's message", async () => {
    const at = new Date(nowMs() + 86_400_000).toISOString();
    const made = await api.call({
      method: "PATCH",
      url: `/classes/${await newClass(api, 4)}`,
      as: ADMIN,
      payload: { registration_opens_at: at },
    });
    expect(made.statusCode, made.body).toBe(200);
    const bad = await api.call({
      method: "PATCH",
      url: `/classes/${await newClass(api, 4)}`,
      as: ADMIN,
      payload: { registration_opens_at: "tomorrow at nine" },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain("Registration opening must be a date and time");
  });
});

describe("the waitlist", () => {
  it("a group waits for two seats together, nobody behind it or outside the line takes one", async () => {
    const classId = await newClass(api, 2);
    const first = await family(api);
    const second = await family(api);
    const siblings = await family(api, ["Ada", "Ben"]);
    const single = await family(api, ["Cy"]);
    const outsider = await family(api);

    await hold(first, classId);
    later(60);
    await hold(second, classId);
    await checkInvariants(api.database, classId);

    // Full: nobody can add it; families join the line instead.
    const full = await addToCart(outsider, classId);
    expect(full.statusCode).toBe(409);
    const groupEntry = await join(siblings, classId, siblings.kids);
    expect(groupEntry.statusCode, groupEntry.body).toBe(201);
    expect(groupEntry.json()).toMatchObject({ state: "waiting", position: 1, size: 2 });
    expect(groupEntry.json().campers.map((c: { name: string }) => c.name)).toEqual([
      `Ada ${siblings.lastName}`,
      `Ben ${siblings.lastName}`,
    ]);
    const singleEntry = await join(single, classId, single.kids);
    expect(singleEntry.json()).toMatchObject({ state: "waiting", position: 2, size: 1 });
    expect((await join(single, classId, single.kids)).statusCode).toBe(409);

    // The first hold runs out: one seat frees, too few for the group at the head, so it is kept.
    later(HOLD_SECONDS - 30);
    const refused = await addToCart(outsider, classId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/waitlist/);
    let counts = await checkInvariants(api.database, classId);
    expect(counts).toMatchObject({ held: 1, offered: 0, waiting: 2 });
    expect(await availability(classId)).toMatchObject({ seats_left: 0, waiting: 2 });
    expect((await entries(single))[0]).toMatchObject({ state: "waiting", position: 2 });

    // The second hold runs out: both seats go to the group together.
    later(90);
    expect((await addToCart(outsider, classId)).statusCode).toBe(409);
    counts = await checkInvariants(api.database, classId);
    expect(counts).toMatchObject({ held: 0, offered: 2, waiting: 1 });
    const [offer] = await entries(siblings);
    expect(offer).toMatchObject({ state: "offered", position: null, size: 2 });
    expect(Date.parse(offer.offerExpiresAt) - nowMs()).toBeGreaterThan(OFFER_SECONDS * 1000 - 60_000);
    expect((await entries(single))[0]).toMatchObject({ state: "waiting", position: 1 });

    // Accepted: a checkout with both seats, paid like any other.
    const accepted = await api.call({ method: "POST", url: `/waitlist/${offer._id}/accept`, as: siblings });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().items).toHaveLength(2);
    expect(accepted.json().amount).toBe(250);
    counts = await checkInvariants(api.database, classId);
    expect(counts).toMatchObject({ held: 2, offered: 0, waiting: 1 });
    expect(await confirmCard(accepted.json().clientSecret)).toBe(200);
    const paid = await api.call({
      method: "POST",
      url: "/payments",
      as: siblings,
      payload: { transactionId: accepted.json().paymentIntentId },
    });
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    counts = await checkInvariants(api.database, classId);
    expect(counts).toMatchObject({ enrolled: 2, held: 0, offered: 0 });
    expect((await entries(siblings))[0]).toMatchObject({ state: "accepted" });
    expect((await api.call({ method: "POST", url: `/waitlist/${offer._id}/accept`, as: siblings })).statusCode).toBe(
      409,
    );

    // A third seat (more capacity) goes to the next in line, not to the outsider.
    const raised = await api.call({
      method: "PATCH",
      url: `/classes/${classId}`,
      as: ADMIN,
      payload: { available_seats: 3 },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect((await entries(single))[0]).toMatchObject({ state: "offered", size: 1 });
    expect((await addToCart(outsider, classId)).statusCode).toBe(409);
    await checkInvariants(api.database, classId);

    // Declined: nobody else waits, so the seat is anyone's again.
    const declined = await api.call({
      method: "POST",
      url: `/waitlist/${(await entries(single))[0]._id}/decline`,
      as: single,
    });
    expect(declined.json()).toMatchObject({ state: "declined" });
    expect(await availability(classId)).toMatchObject({ seats_left: 1, waiting: 0 });
    expect((await addToCart(outsider, classId)).statusCode).toBe(201);
    await checkInvariants(api.database, classId);
  });

  it("an offer not taken in time ends and goes to the next family; a late accept is refused", async () => {
    const classId = await newClass(api, 1);
    const holder = await family(api);
    await hold(holder, classId);
    const a = await family(api, ["Ann"]);
    const b = await family(api, ["Bo"]);
    await join(a, classId, a.kids);
    await join(b, classId, b.kids);
    later(HOLD_SECONDS + 5);
    await api.call({ method: "POST", url: "/carts", as: holder, payload: { classItemId: classId } });
    const [offerA] = await entries(a);
    expect(offerA.state).toBe("offered");

    later(OFFER_SECONDS + 5);
    const late = await api.call({ method: "POST", url: `/waitlist/${offerA._id}/accept`, as: a });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/ran out/);
    expect((await entries(a))[0]).toMatchObject({ state: "expired" });
    expect((await entries(b))[0]).toMatchObject({ state: "offered" });
    await checkInvariants(api.database, classId);
  });

  it("joining is refused with the reason: seats free, a camper outside the ages, already booked", async () => {
    const classId = await newClass(api, 1);
    const parent = await family(api, ["Dee"]);
    const free = await join(parent, classId, parent.kids);
    expect(free.statusCode).toBe(409);
    expect(free.json().message).toBe("This class has a free seat: add it to your cart instead.");
    // Two children and one seat: refused too (first in line, the entry would keep the seat for
    // itself and nobody could book it), with what to do instead; the seat stays anyone's.
    const siblings = await family(api, ["Eve", "Fin"]);
    const tooFew = await join(siblings, classId, siblings.kids);
    expect(tooFew.statusCode).toBe(409);
    expect(tooFew.json().message).toBe(
      "This class has a free seat, not enough for your 2 campers together: book it for one of them, then join the waitlist for the others.",
    );
    expect(await seatCounts(api.database.db, classId)).toMatchObject({ waiting: 0, offered: 0, problems: [] });

    const holder = await family(api);
    await hold(holder, classId);
    const [young] = await api.database.db.select({ id: classes.id }).from(classes).where(eq(classes.id, classId));
    expect(young).toBeDefined();
    const toddlerFamily = await family(api);
    const toddler = await api.call({
      method: "POST",
      url: "/campers",
      as: toddlerFamily,
      payload: {
        first_name: "Tot",
        last_name: "Small",
        date_of_birth: clockDay(-365 * 3),
        emergency_contacts: [CONTACT],
      },
    });
    const tooYoung = await join(toddlerFamily, classId, [toddler.json().camper._id]);
    expect(tooYoung.statusCode).toBe(409);
    expect(tooYoung.json().message).toMatch(/this class is for ages 6-14/);
    const someoneElses = await join(parent, classId, [toddler.json().camper._id]);
    expect(someoneElses.statusCode).toBe(404);
  });

  it("a family leaves at any time; an offer it held goes on", async () => {
    const classId = await newClass(api, 1);
    const holder = await family(api);
    await hold(holder, classId);
    const a = await family(api, ["Eve"]);
    const b = await family(api, ["Fay"]);
    await join(a, classId, a.kids);
    const entryB = (await join(b, classId, b.kids)).json();
    const left = await api.call({ method: "DELETE", url: `/waitlist/${(await entries(a))[0]._id}`, as: a });
    expect(left.json()).toMatchObject({ state: "left" });
    expect((await entries(b))[0]).toMatchObject({ position: 1 });
    expect((await api.call({ method: "DELETE", url: `/waitlist/${entryB._id}`, as: a })).statusCode).toBe(404);
    await checkInvariants(api.database, classId);
  });

  it("a camper on a line is not removed from the family until the family leaves the line", async () => {
    const classId = await newClass(api, 1);
    await hold(await family(api), classId);
    const parent = await family(api, ["Gus"]);
    const entry = (await join(parent, classId, parent.kids)).json();
    const removal = () => api.call({ method: "DELETE", url: `/campers/${parent.kids[0]}`, as: parent });
    const refused = await removal();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^Gus is on the waitlist of ".+": leave it in My Waitlists first\.$/);
    await api.call({ method: "DELETE", url: `/waitlist/${entry._id}`, as: parent });
    expect((await removal()).statusCode).toBe(200);
    await checkInvariants(api.database, classId);
  });

  it("staff see the line; admins move and remove entries with a reason that is kept", async () => {
    const classId = await newClass(api, 1);
    const holder = await family(api);
    await hold(holder, classId);
    const a = await family(api, ["Gus"]);
    const b = await family(api, ["Hal"]);
    await join(a, classId, a.kids);
    const entryB = (await join(b, classId, b.kids)).json();

    expect((await api.call({ method: "GET", url: `/classes/${classId}/waitlist`, as: JONAS })).statusCode).toBe(403);
    expect((await api.call({ method: "GET", url: `/classes/${classId}/waitlist`, as: a })).statusCode).toBe(403);
    const line = await api.call({ method: "GET", url: `/classes/${classId}/waitlist`, as: MAYA });
    expect(line.json().map((e: { email: string; position: number }) => [e.email, e.position])).toEqual([
      [a.email, 1],
      [b.email, 2],
    ]);
    expect(
      (
        await api.call({
          method: "PATCH",
          url: `/waitlist/${entryB._id}`,
          as: MAYA,
          payload: { position: 1, reason: "x y z" },
        })
      ).statusCode,
    ).toBe(403);
    const noReason = await api.call({
      method: "PATCH",
      url: `/waitlist/${entryB._id}`,
      as: ADMIN,
      payload: { position: 1 },
    });
    expect(noReason.statusCode).toBe(400);

    const moved = await api.call({
      method: "PATCH",
      url: `/waitlist/${entryB._id}`,
      as: ADMIN,
      payload: { position: 1, reason: "Registered by phone before opening" },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()[0]).toMatchObject({ _id: entryB._id, position: 1 });
    expect((await entries(a))[0]).toMatchObject({ position: 2 });
    const history = await api.call({ method: "GET", url: `/waitlist/${entryB._id}/history`, as: ADMIN });
    expect(history.json().map((e: { action: string }) => e.action)).toEqual(["joined", "moved"]);
    expect(history.json()[1].reason).toBe("#2 to #1: Registered by phone before opening");

    const removed = await api.call({
      method: "POST",
      url: `/waitlist/${entryB._id}/remove`,
      as: ADMIN,
      payload: { reason: "Duplicate registration" },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await entries(b))[0]).toMatchObject({ state: "removed", endReason: "Duplicate registration" });
    expect((await entries(a))[0]).toMatchObject({ position: 1 });
    await checkInvariants(api.database, classId);

    later(HOLD_SECONDS + 5);
    await api.call({ method: "POST", url: "/carts", as: holder, payload: { classItemId: classId } });
    const offers = await api.call({ method: "GET", url: "/admin/waitlist-offers", as: ADMIN });
    expect(offers.json().some((o: { classId: string }) => o.classId === classId)).toBe(true);
  });
});
