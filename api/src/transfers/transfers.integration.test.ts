import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { family, joinLine, lineClass, paySeats, waitlistOf, type Person } from "../../test/families.js";
import { ADMIN, clockDay, confirmCard, useTestApi } from "../../test/harness.js";
import { renderMessage } from "../notifications/index.js";
import {
  classes,
  notificationOutbox,
  officeActions,
  orderItems,
  orders,
  payments,
  refunds,
  seatTransfers,
} from "../platform/database/schema.js";

/**
 * Moving a camper's seat to another class (decision 048) through the API on PGlite and PostgreSQL,
 * with the payment sandbox: a dearer class's difference paid by the family's card, a cheaper one's
 * given back to the card or by the office, the rules of a booking, the freed seat offered to the
 * old class's line, and the figures that add up on every side.
 */
const api = useTestApi();
const db = () => api.database.db;

const admin = (url: string, payload: object) => api.call({ method: "POST", url, as: ADMIN, payload });
const seatOf = async (who: Person, classId: string) => {
  const seats = (await api.call({ method: "GET", url: "/enrollments", as: who })).json() as {
    _id: string;
    classId: string;
  }[];
  return seats.find((s) => s.classId === classId)?._id;
};
const countsOf = async (classId: string) =>
  (await db().select({ enrolled: classes.enrolledSeats }).from(classes).where(eq(classes.id, classId)))[0]!.enrolled;
const lineOf = async (orderId: string, classId: string) =>
  (
    await db()
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orderId), eq(orderItems.classId, classId)))
  )[0]!;

/** A family with one child whose seat in a class it paid by card. */
async function paidSeat(price = 12_500) {
  const fam = await family(api, ["Mia"]);
  const from = await lineClass(api, 5, { priceCents: price });
  const orderId = await paySeats(api, fam, [from], [fam.kids[0]]);
  return { fam, from, orderId, enrollmentId: (await seatOf(fam, from))! };
}

describe("moving a seat to a dearer class", () => {
  it("carries what was paid less the fee, leaves the difference owed, and the family pays it by card", async () => {
    const { fam, from, orderId, enrollmentId } = await paidSeat();
    const to = await lineClass(api, 5, { priceCents: 16_000, startDate: clockDay(50), endDate: clockDay(54) });
    const url = `/admin/enrollments/${enrollmentId}`;

    const quote = await admin(`${url}/move-quote`, { toClassId: to, feeCents: 1_000 });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({
      heldCents: 12_500,
      feeCents: 1_000,
      priceCents: 16_000,
      creditCents: 11_500,
      owedCents: 4_500,
      refundCents: 0,
      camperName: expect.stringMatching(/^Mia /),
      aheadOfLine: false,
    });
    // A quote changes nothing.
    expect(await countsOf(from)).toBe(1);
    expect(await seatOf(fam, from)).toBe(enrollmentId);

    expect((await admin(`${url}/move`, { toClassId: from })).statusCode).toBe(400);
    expect((await admin(`${url}/move`, { toClassId: to, feeCents: 12_501 })).json().fields).toHaveProperty("feeCents");
    expect((await admin(`${url}/move`, { toClassId: to, feeCents: 1_000 })).json().fields).toHaveProperty("dueDay");
    expect(
      (await api.call({ method: "POST", url: `${url}/move`, as: fam, payload: { toClassId: to } })).statusCode,
    ).toBe(403);
    const moved = await admin(`${url}/move`, { toClassId: to, feeCents: 1_000, dueDay: clockDay(10) });
    expect(moved.statusCode, moved.body).toBe(201);
    expect(moved.json().message).toBe(
      `${quote.json().camperName} moved from ${quote.json().className} to ${quote.json().toClassName}. $45.00 is left to pay on the new booking.`,
    );
    const newOrder = moved.json().orderId as string;

    // The counts moved in one commit; the family holds the new seat, not the old.
    expect([await countsOf(from), await countsOf(to)]).toEqual([0, 1]);
    expect(await seatOf(fam, from)).toBeUndefined();
    expect(await seatOf(fam, to)).toBeDefined();
    // Moved, not given up: the old seat is not among the family's cancelled seats.
    const gone = await api.call({ method: "GET", url: "/enrollments/cancelled", as: fam });
    expect(gone.json()).toEqual([]);
    // The old line: paid 125.00, 115.00 carried by credit, the 10.00 fee kept.
    expect(await lineOf(orderId, from)).toMatchObject({ paidCents: 12_500, refundedCents: 11_500 });
    // The card payment still reads as paid: what it carried went to another seat, not back.
    const [oldPayment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    expect(oldPayment!.status).toBe("service pending");
    const [credit] = await db().select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(credit).toMatchObject({
      amountCents: 11_500,
      method: "credit",
      status: "succeeded",
      providerRefundId: null,
    });
    // The new booking: the credit paid part of it, the rest is the family's balance.
    expect(await lineOf(newOrder, to)).toMatchObject({ priceCents: 16_000, paidCents: 11_500 });
    const balance = await api.call({ method: "GET", url: "/balance/orders", as: fam });
    expect(balance.json().orders).toEqual([
      expect.objectContaining({ orderId: newOrder, owedCents: 4_500, dueDay: clockDay(10), status: "partially paid" }),
    ]);
    const intent = await api.call({ method: "POST", url: `/balance/orders/${newOrder}/pay`, as: fam });
    expect(intent.json().amountCents).toBe(4_500);
    expect(await confirmCard(intent.json().clientSecret)).toBe(200);
    const settled = await api.call({
      method: "POST",
      url: `/balance/orders/${newOrder}/settle`,
      as: fam,
      payload: { paymentIntentId: intent.json().paymentIntentId },
    });
    expect(settled.statusCode, settled.body).toBe(200);
    const paid = await db()
      .select({ kind: payments.kind, method: payments.method, cents: payments.amountCents })
      .from(payments)
      .where(eq(payments.orderId, newOrder));
    expect(paid.map((p) => `${p.kind}/${p.method}/${p.cents}`).sort()).toEqual([
      "balance/card/4500",
      "transfer/credit/11500",
    ]);
    // The payment history: the old payment's 115.00 carried to the new class (not money back), the
    // credit's payment with the move's lines, and what each cost in the end adds up to 170.00.
    const history = (
      await api.call({ method: "GET", url: `/payments?email=${encodeURIComponent(fam.email)}`, as: fam })
    ).json() as {
      amountCents: number;
      refundedCents: number;
      move: { heldCents: number; feeCents: number; owedCents: number } | null;
      refunds: { movedTo: string | null }[];
    }[];
    const carried = history.find((p) => p.refunds.length > 0)!;
    expect(carried.refunds).toEqual([expect.objectContaining({ movedTo: quote.json().toClassName })]);
    expect(history.find((p) => p.move)!.move).toMatchObject({ heldCents: 12_500, feeCents: 1_000, owedCents: 4_500 });
    expect(history.reduce((sum, p) => sum + p.amountCents - p.refundedCents, 0)).toBe(17_000);
    // Every cent adds up: card money in (125 + 45) less nothing back is the fee and the new price.
    const [move] = await db().select().from(seatTransfers).where(eq(seatTransfers.toOrderId, newOrder));
    expect(move!.feeCents + move!.priceCents).toBe(12_500 + 4_500);
    const stats = (await api.call({ method: "GET", url: "/admin/stats", as: ADMIN })).json();
    const methods = stats.revenueByMethod as Record<string, number>;
    expect(Object.values(methods).reduce((sum, cents) => sum + cents, 0)).toBe(Math.round(stats.revenue * 100));

    // The family's message: the lines, and both calendars by the seats' UIDs.
    const [mail] = await db()
      .select({ facts: notificationOutbox.payload })
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.recipient, fam.email), eq(notificationOutbox.kind, "seat-moved")));
    const facts = mail!.facts as Parameters<typeof renderMessage<"seat-moved">>[1];
    expect(facts).toMatchObject({ owedCents: 4_500, feeCents: 1_000, dueDay: clockDay(10), camperName: "Mia" });
    const message = await renderMessage("seat-moved", facts, { siteUrl: "https://camp.example" });
    expect(message.text).toContain("Difference to pay: $45.00");
    // Long lines are folded at 75 octets (RFC 5545 3.1): unfolded to read the UIDs.
    const [cancelled, published] = message.attachments.map((a) => ({ content: a.content.replace(/\r\n /g, "") }));
    expect(cancelled!.content).toContain("METHOD:CANCEL");
    expect(cancelled!.content).toContain(`UID:enrollment-${enrollmentId}@camp.example`);
    expect(published!.content).toContain("METHOD:PUBLISH");
    expect(published!.content).toContain(`UID:enrollment-${move!.toEnrollmentId}@camp.example`);
    const log = await db().select().from(officeActions).where(eq(officeActions.familyId, fam.id));
    expect(log.map((l) => l.action)).toContain("seat-moved");

    // The old enrolment is gone: moved again, it is not found.
    expect((await admin(`${url}/move`, { toClassId: to })).statusCode).toBe(404);
  });
});

describe("moving a seat to a cheaper class", () => {
  it("gives the difference back to the card, and the old class's line is offered the seat", async () => {
    const fam = await family(api, ["Leo"]);
    const from = await lineClass(api, 1, { priceCents: 12_500 });
    const orderId = await paySeats(api, fam, [from], [fam.kids[0]]);
    const waiting = await family(api, ["Zoe"]);
    expect((await joinLine(api, waiting, from, [waiting.kids[0]!])).statusCode).toBe(201);
    const to = await lineClass(api, 5, { priceCents: 9_000, startDate: clockDay(60), endDate: clockDay(64) });

    const moved = await admin(`/admin/enrollments/${(await seatOf(fam, from))!}/move`, { toClassId: to });
    expect(moved.statusCode, moved.body).toBe(201);
    expect(moved.json()).toMatchObject({
      figures: { creditCents: 9_000, owedCents: 0, refundCents: 3_500 },
      refundStatus: "succeeded",
    });
    expect(await lineOf(orderId, from)).toMatchObject({ paidCents: 12_500, refundedCents: 12_500 });
    const back = await db().select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(back.map((r) => `${r.method}/${r.amountCents}/${r.status}`).sort()).toEqual([
      "card/3500/succeeded",
      "credit/9000/succeeded",
    ]);
    // Nothing is owed on the new booking, and the freed seat went to the family first in line.
    const [order] = await db().select().from(orders).where(eq(orders.id, moved.json().orderId));
    expect(order).toMatchObject({ channel: "office", balanceDueDay: null });
    const line = await waitlistOf(api, waiting);
    expect(JSON.stringify(line)).toContain('"offered"');
  });

  it("asks how the office gives a front-desk booking's difference back", async () => {
    const fam = await family(api, ["Ivy"]);
    const from = await lineClass(api, 5, { priceCents: 12_500 });
    const to = await lineClass(api, 5, { priceCents: 10_000, startDate: clockDay(60), endDate: clockDay(64) });
    const booked = await admin(`/admin/families/${fam.id}/bookings`, {
      seats: [{ classId: from, camperId: fam.kids[0] }],
      payment: { method: "cash", amountCents: 12_500, receivedOn: clockDay(0) },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const url = `/admin/enrollments/${(await seatOf(fam, from))!}/move`;
    expect((await admin(url, { toClassId: to })).json().fields).toHaveProperty("refundMethod");
    const moved = await admin(url, { toClassId: to, refundMethod: "cheque", refundReference: "2077" });
    expect(moved.statusCode, moved.body).toBe(201);
    expect(moved.json().message).toContain("$25.00 is recorded as given back by cheque no. 2077");
    const back = await db().select().from(refunds).where(eq(refunds.orderId, booked.json().order._id));
    expect(back.map((r) => `${r.method}/${r.amountCents}`).sort()).toEqual(["cheque/2500", "credit/10000"]);
  });
});

describe("a move meets the new class's rules", () => {
  it("refuses a full class, and one whose free seat is its line's without a reason", async () => {
    const { enrollmentId } = await paidSeat();
    const full = await lineClass(api, 1, { enrolledSeats: 1, startDate: clockDay(50), endDate: clockDay(54) });
    expect((await admin(`/admin/enrollments/${enrollmentId}/move-quote`, { toClassId: full })).statusCode).toBe(409);
    const lined = await lineClass(api, 1, { enrolledSeats: 1, startDate: clockDay(70), endDate: clockDay(74) });
    const waiting = await family(api, ["Zoe"]);
    expect((await joinLine(api, waiting, lined, [waiting.kids[0]!])).statusCode).toBe(201);
    await db().update(classes).set({ enrolledSeats: 0 }).where(eq(classes.id, lined));
    const quoted = await admin(`/admin/enrollments/${enrollmentId}/move-quote`, { toClassId: lined });
    expect(quoted.json()).toMatchObject({ aheadOfLine: true, owedCents: 0 });
    const refused = await admin(`/admin/enrollments/${enrollmentId}/move`, { toClassId: lined });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().fields).toHaveProperty("aheadOfLineReason");
    const ahead = await admin(`/admin/enrollments/${enrollmentId}/move`, {
      toClassId: lined,
      aheadOfLineReason: "Her brother is in this week",
    });
    expect(ahead.statusCode, ahead.body).toBe(201);
  });
});

describe("a family moving its own seat", () => {
  const own = (who: Person, enrollmentId: string, what: "move" | "move-quote", toClassId: string) =>
    api.call({ method: "POST", url: `/enrollments/${enrollmentId}/${what}`, as: who, payload: { toClassId } });
  const setRules = (moveDays: number | null, moveFeeCents: number) =>
    api.call({
      method: "PATCH",
      url: "/admin/cancellation-policy",
      as: ADMIN,
      payload: { fullRefundDays: 14, partialRefundDays: 7, partialPercent: 50, feeCents: 0, moveDays, moveFeeCents },
    });

  it("moves it within the academy's days for its fee, the difference due today", async () => {
    expect((await setRules(14, 500)).json()).toMatchObject({ moveDays: 14, moveFeeCents: 500 });
    const { fam, enrollmentId } = await paidSeat();
    const to = await lineClass(api, 5, { priceCents: 15_000, startDate: clockDay(50), endDate: clockDay(54) });
    const quote = await own(fam, enrollmentId, "move-quote", to);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({ feeCents: 500, creditCents: 12_000, owedCents: 3_000 });
    const stranger = await family(api, []);
    expect((await own(stranger, enrollmentId, "move", to)).statusCode).toBe(404);
    expect((await admin(`/enrollments/${enrollmentId}/move`, { toClassId: to })).statusCode).toBe(403);
    const moved = await own(fam, enrollmentId, "move", to);
    expect(moved.statusCode, moved.body).toBe(201);
    expect(moved.json().message).toMatch(/Pay the \$30\.00 difference by card on My Balance\.$/);
    const owed = (await api.call({ method: "GET", url: "/balance/orders", as: fam })).json().orders;
    expect(owed).toEqual([expect.objectContaining({ owedCents: 3_000, dueDay: clockDay(0) })]);
    // The office's log is the office's: a family's own move is in its bookings and its e-mail.
    const log = await db().select().from(officeActions).where(eq(officeActions.familyId, fam.id));
    expect(log.map((l) => l.action)).not.toContain("seat-moved");
  });

  it("is refused too close to the first day, for a desk seat, ahead of a line, or when the academy says no", async () => {
    await setRules(14, 0);
    const fam = await family(api, ["Ivy"]);
    const soon = await lineClass(api, 5, { startDate: clockDay(10), endDate: clockDay(14) });
    await paySeats(api, fam, [soon], [fam.kids[0]]);
    const later = await lineClass(api, 5, { startDate: clockDay(50), endDate: clockDay(54) });
    const tooClose = await own(fam, (await seatOf(fam, soon))!, "move", later);
    expect(tooClose.statusCode).toBe(409);
    expect(tooClose.json().message).toContain("until 14 days before the first day");

    const desk = await family(api, ["Ada"]);
    const deskClass = await lineClass(api, 5);
    await admin(`/admin/families/${desk.id}/bookings`, {
      seats: [{ classId: deskClass, camperId: desk.kids[0] }],
      payment: { method: "cash", amountCents: 12_500, receivedOn: clockDay(0) },
    });
    const atDesk = await own(desk, (await seatOf(desk, deskClass))!, "move", later);
    expect(atDesk.json().message).toContain("call or visit the office");

    const { fam: waiting, enrollmentId } = await paidSeat();
    const lined = await lineClass(api, 1, { enrolledSeats: 1, startDate: clockDay(70), endDate: clockDay(74) });
    const other = await family(api, ["Zoe"]);
    expect((await joinLine(api, other, lined, [other.kids[0]!])).statusCode).toBe(201);
    await db().update(classes).set({ enrolledSeats: 0 }).where(eq(classes.id, lined));
    const ahead = await own(waiting, enrollmentId, "move", lined);
    expect(ahead.statusCode).toBe(409);
    expect(ahead.json().message).toContain("join its waiting list instead");

    await setRules(null, 0);
    const closed = await own(waiting, enrollmentId, "move", later);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe("To move a seat to another class, call or visit the office.");
    await setRules(14, 0);
  });
});
