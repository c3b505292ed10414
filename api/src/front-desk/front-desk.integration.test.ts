import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import { CONTACT, GUARDIAN, family, lineClass } from "../../test/families.js";
import { ADMIN, clockDay, confirmCard, SAM, useTestApi } from "../../test/harness.js";
import { uniqueEmail } from "../../test/emulator-accounts.js";
import { remindBalancesDue } from "./reminders.js";
import {
  classes,
  notificationOutbox,
  officeActions,
  orderItems,
  orders,
  payments,
  paymentShares,
  refunds,
  waitlistEntries,
  waitlistEvents,
} from "../platform/database/schema.js";

/**
 * The front desk (decision 047) through the API on PGlite and PostgreSQL, with the real Firebase
 * Auth Emulator and the payment sandbox: a walk-in family registered, claimed and booked for with
 * every rule; cash, cheques and pay-later; the family paying its balance by card.
 */
const api = useTestApi();

const as = ADMIN;
const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object, who: { id: string; email: string } = as) =>
  api.call({ method, url, as: who, ...(payload && { payload }) });
const mailOf = async (to: string, kind: string) =>
  (
    await api.database.db
      .select({ facts: notificationOutbox.payload })
      .from(notificationOutbox)
      .where(sql`${notificationOutbox.recipient} = ${to} and ${notificationOutbox.kind} = ${kind}`)
  ).map((r) => r.facts as Record<string, unknown>);
const logOf = (familyId: string) =>
  api.database.db.select().from(officeActions).where(eq(officeActions.familyId, familyId));

/** The emulator's own end of Firebase's confirmPasswordReset: the browser sends the code and the password. */
async function setPassword(code: string, password: string) {
  const base = `http://${inject("authEmulatorHost")}/identitytoolkit.googleapis.com/v1`;
  const post = (path: string, body: object) =>
    fetch(`${base}/${path}?key=demo-api-key`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  expect((await post("accounts:resetPassword", { oobCode: code, newPassword: password })).status).toBe(200);
}

async function walkIn(children: string[]) {
  const email = uniqueEmail("walk-in");
  const made = await call("POST", "/admin/families", { email, name: "Ana Rivera" });
  expect(made.statusCode, made.body).toBe(201);
  const familyId = made.json().family._id as string;
  expect(
    (await call("PUT", `/admin/families/${familyId}/guardians`, { first: GUARDIAN, second: null })).statusCode,
  ).toBe(200);
  const kids: string[] = [];
  for (const first_name of children) {
    const res = await call("POST", `/admin/families/${familyId}/campers`, {
      first_name,
      last_name: "Rivera",
      date_of_birth: `${Number(clockDay(30).slice(0, 4)) - 10}-03-01`,
      emergency_contacts: [CONTACT],
    });
    expect(res.statusCode, res.body).toBe(201);
    kids.push(res.json().insertedId);
  }
  return { familyId, email, kids, person: { id: familyId, email } };
}

describe("a walk-in family", () => {
  it("is registered by the office, claims its account through Firebase, and signs in", async () => {
    const { familyId, email } = await walkIn([]);
    expect((await call("POST", "/admin/families", { email: email.toUpperCase(), name: "Again" })).statusCode).toBe(409);
    const found = await call("GET", `/admin/families?q=${encodeURIComponent("Ana Riv")}`);
    expect(found.json().families.find((f: { _id: string }) => f._id === familyId)).toMatchObject({ claimed: false });

    const [claim] = await mailOf(email, "account-claim");
    expect(claim).toMatchObject({ familyName: "Ana Rivera", adminName: expect.any(String), until: clockDay(14) });
    const token = claim!.token as string;
    expect(
      (await api.call({ method: "POST", url: "/account-claims", payload: { token: `${token}x` } })).statusCode,
    ).toBe(410);
    const opened = await api.call({ method: "POST", url: "/account-claims", payload: { token } });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().email).toBe(email);
    await setPassword(opened.json().code, "Walk#In2026pass");
    const signIn = await fetch(
      `http://${inject("authEmulatorHost")}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: "Walk#In2026pass", returnSecureToken: true }),
      },
    );
    const { idToken } = (await signIn.json()) as { idToken: string };
    const jwt = await api.call({
      method: "POST",
      url: "/jwt",
      headers: { authorization: `Bearer ${idToken}` },
      payload: { email },
    });
    expect(jwt.statusCode, jwt.body).toBe(200);
    // The link reached the family's mailbox: the address counts as confirmed, so the family may pay.
    const me = await call("GET", "/users/me", undefined, { id: familyId, email });
    expect(me.json()).toMatchObject({ email, emailVerified: true });
    expect((await call("GET", `/admin/families/${familyId}`)).json()).toMatchObject({ claimed: true });
    const log = await logOf(familyId);
    expect(log.map((l) => l.action).sort()).toEqual(["family-created", "guardians-saved"]);
    // The office reads it back, the family's lines newest first, with who did what.
    const read = (await call("GET", `/admin/office-log?familyId=${familyId}`)).json().actions;
    expect(read.map((l: { action: string }) => l.action).sort()).toEqual(["family-created", "guardians-saved"]);
    expect(read.find((l: { action: string }) => l.action === "family-created")).toMatchObject({
      familyName: "Ana Rivera",
      summary: `Made the account of Ana Rivera (${email})`,
    });
    expect(Date.parse(read[0].at)).toBeGreaterThanOrEqual(Date.parse(read[1].at));
  });
});

describe("booking at the front desk", () => {
  it("books two children, cash for one seat and the rest later, then a cheque, then the family's card", async () => {
    const { familyId, email, kids, person } = await walkIn(["Mia", "Leo"]);
    const cls = await lineClass(api, 5);
    const seats = kids.map((camperId) => ({ classId: cls, camperId }));
    const quote = await call("POST", `/admin/families/${familyId}/quote`, { seats });
    expect(quote.statusCode, quote.body).toBe(200);
    const { totalCents, lines } = quote.json();
    expect(lines).toHaveLength(2);
    const first = lines[0].priceCents as number;

    const book = (payload: object) => call("POST", `/admin/families/${familyId}/bookings`, { seats, ...payload });
    const cash = { method: "cash", amountCents: first, receivedOn: clockDay(0) };
    expect((await book({ payment: cash })).json().fields).toHaveProperty("dueDay");
    expect((await book({ payment: { ...cash, method: "cheque" }, dueDay: clockDay(20) })).json().fields).toHaveProperty(
      "reference",
    );
    expect((await book({ payment: { ...cash, amountCents: totalCents + 1 } })).statusCode).toBe(400);
    const booked = await book({ payment: cash, dueDay: clockDay(20) });
    expect(booked.statusCode, booked.body).toBe(201);
    const order = booked.json().order;
    expect(order).toMatchObject({
      atTheDesk: true,
      totalCents,
      paidCents: first,
      owedCents: totalCents - first,
      dueDay: clockDay(20),
      status: "partially paid",
      overdue: false,
      payments: [{ method: "cash", methodText: "in cash", amountCents: first, receivedOn: clockDay(0) }],
    });
    // Booked again: the same seats are the family's already.
    expect((await book({ payment: null, dueDay: clockDay(20) })).statusCode).toBe(409);
    const [counts] = await api.database.db.select().from(classes).where(eq(classes.id, cls));
    expect(counts).toMatchObject({ enrolledSeats: 2, heldSeats: 0 });
    const lineSums = await api.database.db.select().from(orderItems).where(eq(orderItems.orderId, order._id));
    expect(lineSums.reduce((sum, l) => sum + l.paidCents, 0)).toBe(first);
    const [receipt] = await mailOf(email, "payment-receipt");
    expect(receipt!.office).toMatchObject({ paidCents: first, owedCents: totalCents - first, paidBy: "in cash" });

    // A cheque for part of the rest; more than is owed is refused.
    const pay = (payload: object) => call("POST", `/admin/orders/${order._id}/payments`, payload);
    expect(
      (await pay({ method: "cheque", amountCents: totalCents, reference: "1042", receivedOn: clockDay(0) })).statusCode,
    ).toBe(400);
    const cheque = await pay({ method: "cheque", amountCents: 1_000, reference: "1042", receivedOn: clockDay(0) });
    expect(cheque.statusCode, cheque.body).toBe(201);
    expect(cheque.json().order).toMatchObject({ owedCents: totalCents - first - 1_000, status: "partially paid" });
    expect((await mailOf(email, "office-payment"))[0]).toMatchObject({
      amountCents: 1_000,
      paidBy: "by cheque no. 1042",
    });

    // The family pays the rest by card from its balance page.
    const owed = await call("GET", "/balance/orders", undefined, person);
    expect(owed.json().orders).toEqual([
      expect.objectContaining({ orderId: order._id, owedCents: totalCents - first - 1_000, dueDay: clockDay(20) }),
    ]);
    expect((await call("POST", `/balance/orders/${order._id}/pay`, undefined, SAM)).statusCode).toBe(404);
    const intent = await call("POST", `/balance/orders/${order._id}/pay`, undefined, person);
    expect(intent.statusCode, intent.body).toBe(200);
    expect(intent.json().amountCents).toBe(totalCents - first - 1_000);
    // Opened twice (a double click, a reload): the same intent.
    expect((await call("POST", `/balance/orders/${order._id}/pay`, undefined, person)).json().paymentIntentId).toBe(
      intent.json().paymentIntentId,
    );
    expect(await confirmCard(intent.json().clientSecret)).toBe(200);
    const settle = () =>
      call("POST", `/balance/orders/${order._id}/settle`, { paymentIntentId: intent.json().paymentIntentId }, person);
    const settled = await settle();
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().orders[0]).toMatchObject({ owedCents: 0, status: "paid", dueDay: null });
    expect((await settle()).statusCode).toBe(200);
    const kinds = await api.database.db
      .select({ kind: payments.kind, method: payments.method, cents: payments.amountCents })
      .from(payments)
      .where(eq(payments.orderId, order._id));
    expect(kinds.map((k) => `${k.kind}/${k.method}`).sort()).toEqual([
      "balance/card",
      "offline/cash",
      "offline/cheque",
    ]);
    expect(kinds.reduce((sum, k) => sum + k.cents, 0)).toBe(totalCents);
    // Each payment's shares of the lines add up to it, and each line's shares to what it was paid.
    const shares = await api.database.db.select().from(paymentShares).where(eq(paymentShares.orderId, order._id));
    const paidLines = await api.database.db.select().from(orderItems).where(eq(orderItems.orderId, order._id));
    for (const line of paidLines) {
      const mine = shares.filter((x) => x.camperId === line.camperId && x.classId === line.classId);
      expect(mine.reduce((sum, x) => sum + x.cents, 0)).toBe(line.paidCents);
    }
    expect(shares.reduce((sum, x) => sum + x.cents, 0)).toBe(totalCents);
    // The database holds it: a share changed alone is refused at commit.
    await expect(
      api.database.db.transaction((tx) =>
        tx
          .update(paymentShares)
          .set({ cents: shares[0]!.cents + 1 })
          .where(eq(paymentShares.paymentId, shares[0]!.paymentId)),
      ),
    ).rejects.toThrow();
    expect((await pay({ method: "cash", amountCents: 100, receivedOn: clockDay(0) })).statusCode).toBe(409);
    // Admin Home's revenue by method adds up to its revenue, the cash and the cheque among it.
    const stats = (await call("GET", "/admin/stats")).json();
    const methods = stats.revenueByMethod as Record<string, number>;
    expect(Object.values(methods).reduce((sum, cents) => sum + cents, 0)).toBe(Math.round(stats.revenue * 100));
    expect(methods.cheque).toBeGreaterThanOrEqual(1_000);
    expect(methods.cash).toBeGreaterThanOrEqual(first);
    expect((await logOf(familyId)).map((l) => l.action)).toEqual(
      expect.arrayContaining(["booked", "payment-recorded", "camper-added"]),
    );
  });

  it("meets every rule a family meets: ages, the first guardian, and the waiting line without a reason", async () => {
    const young = await lineClass(api, 5, { ageMin: 15, ageMax: 17 });
    const { familyId, kids } = await walkIn(["Ivy"]);
    const tooYoung = await call("POST", `/admin/families/${familyId}/quote`, {
      seats: [{ classId: young, camperId: kids[0] }],
    });
    expect(tooYoung.statusCode).toBe(409);

    const noGuardian = await family(api, ["Ben"], { guardian: false });
    const cls = await lineClass(api, 1);
    const refused = await call("POST", `/admin/families/${noGuardian.id}/quote`, {
      seats: [{ classId: cls, camperId: noGuardian.kids[0] }],
    });
    expect(refused.statusCode).toBe(409);

    // A class whose one free seat is its line's: booked ahead of the line only with the office's reason.
    const lined = await lineClass(api, 1, { enrolledSeats: 1 });
    const waiting = await family(api, ["Zoe"]);
    const joined = await api.call({
      method: "POST",
      url: `/classes/${lined}/waitlist`,
      as: waiting,
      payload: { camperIds: [waiting.kids[0]] },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    // A seat comes free (as if its camper left) while the family waits: it is the line's.
    await api.database.db.update(classes).set({ enrolledSeats: 0 }).where(eq(classes.id, lined));
    const seat = { seats: [{ classId: lined, camperId: kids[0] }], payment: null, dueDay: clockDay(10) };
    const ahead = await call("POST", `/admin/families/${familyId}/bookings`, seat);
    expect(ahead.statusCode, ahead.body).toBe(409);
    expect(ahead.json().fields).toHaveProperty("aheadOfLineReason");
    const withReason = await call("POST", `/admin/families/${familyId}/bookings`, {
      ...seat,
      aheadOfLineReason: "Sibling of a camper already in the class",
    });
    expect(withReason.statusCode, withReason.body).toBe(201);
    expect(withReason.json().order).toMatchObject({ status: "balance due", paidCents: 0 });
    const log = await logOf(familyId);
    expect(log.find((l) => l.action === "booked")!.summary).toMatch(/ahead of the line .*Sibling of a camper/);
    // Zoe's family, waiting, keeps the office's reason in its entry's history.
    const passed = await api.database.db
      .select({ action: waitlistEvents.action, reason: waitlistEvents.reason })
      .from(waitlistEvents)
      .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistEvents.entryId))
      .where(eq(waitlistEntries.familyId, waiting.id));
    expect(passed).toContainEqual({
      action: "passed",
      reason: "The office booked a seat ahead of the line: Sibling of a camper already in the class",
    });

    // The waiting family itself booked at the desk: its entry leaves the line, the office's words
    // in its history, so the line never offers Zoe a second seat.
    await api.database.db.update(classes).set({ availableSeats: 2 }).where(eq(classes.id, lined));
    const zoe = await call("POST", `/admin/families/${waiting.id}/bookings`, {
      seats: [{ classId: lined, camperId: waiting.kids[0] }],
      payment: null,
      dueDay: clockDay(10),
      aheadOfLineReason: "Zoe's place in line came up at the desk",
    });
    expect(zoe.statusCode, zoe.body).toBe(201);
    const [entry] = await api.database.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.familyId, waiting.id));
    expect(entry).toMatchObject({
      state: "removed",
      endReason: "Booked at the front desk: Zoe's place in line came up at the desk",
    });
    const history = await api.database.db.select().from(waitlistEvents).where(eq(waitlistEvents.entryId, entry!.id));
    expect(history.map((e) => e.action)).toContain("removed");
    const [after] = await api.database.db.select().from(classes).where(eq(classes.id, lined));
    expect(after).toMatchObject({ waitingEntries: 0, enrolledSeats: 2 });
  });

  it("cancels a desk seat only through the office, its money handed back as recorded, its unpaid rest owed no more", async () => {
    const { familyId, email, kids, person } = await walkIn(["Ada", "Bea"]);
    const cls = await lineClass(api, 5);
    const booked = await call("POST", `/admin/families/${familyId}/bookings`, {
      seats: kids.map((camperId) => ({ classId: cls, camperId })),
      payment: { method: "cash", amountCents: 15_000, receivedOn: clockDay(0) },
      dueDay: clockDay(20),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const order = booked.json().order;
    expect(order).toMatchObject({ totalCents: 25_000, paidCents: 15_000, owedCents: 10_000 });
    // A goodwill refund goes to a card: the desk's money goes back by a cancellation instead.
    const [cash] = await api.database.db.select().from(payments).where(eq(payments.orderId, order._id));
    const goodwill = await call("POST", `/admin/payments/${cash!.id}/refund`, { refundCents: 100, reason: "Sorry" });
    expect(goodwill.statusCode).toBe(409);
    expect(goodwill.json().message).toMatch(/made at the front desk/);
    const seats = (await call("GET", "/enrollments", undefined, person)).json();
    const seat = (name: string) => seats.find((s: { camper: string }) => s.camper.startsWith(name));
    // The family sees why it cannot cancel it itself, and is refused if it tries.
    expect(seat("Ada").cancellation).toMatchObject({
      cancellable: false,
      text: expect.stringMatching(/academy's office/),
    });
    expect((await call("POST", `/enrollments/${seat("Ada")._id}/cancel`, {}, person)).statusCode).toBe(409);
    // The office must say how the money goes back; then it is recorded as done, never sent to a card.
    const cancel = (payload: object) => call("POST", `/enrollments/${seat("Ada")._id}/cancel`, payload);
    expect((await cancel({ reason: "Moved away" })).json().fields).toHaveProperty("refundMethod");
    expect((await cancel({ reason: "Moved away", refundMethod: "cheque" })).json().fields).toHaveProperty(
      "refundReference",
    );
    const done = await cancel({ reason: "Moved away", refundMethod: "cheque", refundReference: "2077" });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toMatch(/is recorded as given back by cheque no\. 2077\.$/);
    const [refund] = await api.database.db.select().from(refunds).where(eq(refunds.orderId, order._id));
    expect(refund).toMatchObject({ method: "cheque", reference: "2077", status: "succeeded", providerRefundId: null });
    // What Ada's line had of the cash went back by the policy; Bea's seat still owes its rest, and
    // Ada's unpaid rest (if the cash filled Bea's line first) is owed no more.
    const after = (await call("GET", `/admin/families/${familyId}`)).json().orders[0];
    expect(after.seats.filter((s: { cancelled: boolean }) => s.cancelled)).toHaveLength(1);
    expect(after.refundedCents).toBe(refund!.amountCents);
    const lines = await api.database.db.select().from(orderItems).where(eq(orderItems.orderId, order._id));
    const bea = lines.find((l) => l.camperId === kids[1])!;
    const ada = lines.find((l) => l.camperId === kids[0])!;
    expect(ada.refundedCents).toBe(refund!.amountCents);
    expect(after.owedCents).toBe(bea.priceCents - bea.paidCents);
    expect(await mailOf(email, "seat-cancelled")).toEqual([
      expect.objectContaining({ refundCents: refund!.amountCents, refundBy: "by cheque no. 2077" }),
    ]);
  });

  it("reminds the family of a balance coming due and of one overdue, each once, and not once it is paid", async () => {
    const { familyId, email, kids } = await walkIn(["Cy"]);
    const cls = await lineClass(api, 5);
    const booked = await call("POST", `/admin/families/${familyId}/bookings`, {
      seats: [{ classId: cls, camperId: kids[0] }],
      payment: null,
      dueDay: clockDay(2),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const orderId = booked.json().order._id as string;
    await remindBalancesDue(api.database.db);
    await remindBalancesDue(api.database.db);
    expect(await mailOf(email, "balance-reminder")).toEqual([
      expect.objectContaining({ orderId, when: "soon", order: expect.objectContaining({ owedCents: 12_500 }) }),
    ]);
    // Its day passed yesterday, unpaid: one more, saying so.
    await api.database.db
      .update(orders)
      .set({ balanceDueDay: clockDay(-1) })
      .where(eq(orders.id, orderId));
    await remindBalancesDue(api.database.db);
    await remindBalancesDue(api.database.db);
    expect((await mailOf(email, "balance-reminder")).map((m) => m.when)).toEqual(["soon", "overdue"]);
    // Paid in full: its day is cleared, and nothing more is written.
    const paid = await call("POST", `/admin/orders/${orderId}/payments`, {
      method: "cash",
      amountCents: 12_500,
      receivedOn: clockDay(0),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    await api.database.db
      .update(orders)
      .set({ balanceDueDay: clockDay(1) })
      .where(eq(orders.id, orderId));
    await remindBalancesDue(api.database.db);
    expect(await mailOf(email, "balance-reminder")).toHaveLength(2);
  });

  it("is the office's alone", async () => {
    expect((await call("GET", "/admin/families?q=Ana", undefined, SAM)).statusCode).toBe(403);
    expect((await call("GET", "/admin/families?q=A")).statusCode).toBe(400);
    // Control and text-direction characters are refused as in every text field.
    for (const hostile of ["%00Ana", "Ana%E2%80%AE", "Ana%0Ab"]) {
      const res = await call("GET", `/admin/families?q=${hostile}`);
      expect(res.statusCode, hostile).toBe(400);
      expect(Object.keys(res.json().fields ?? {})).toContain("q");
    }
  });
});
