import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notificationOutbox, orderItems, refunds } from "../platform/database/schema.js";
import { family, joinLine, lineClass, paySeats, waitlistOf, type Person } from "../../test/families.js";
import { ADMIN, clockDay, MAYA, useTestApi } from "../../test/harness.js";
import { seatCounts } from "../waitlist/index.js";

/**
 * Cancellations and refunds through the API on the payment sandbox: the family's quote
 * and cancellation under the policy's windows, the seat to the waitlist first, partial refunds of
 * an order of several lines, admins' amounts, the line's constraint, and the provider down.
 */
const api = useTestApi();

const revenues = async () => ({
  admin: (await api.call({ method: "GET", url: "/admin/stats", as: ADMIN })).json().revenue as number,
  maya: (await api.call({ method: "GET", url: "/myclasses/revenue", as: MAYA, query: { email: MAYA.email } })).json()
    .revenue as number,
});
const seatsOf = async (as: Person) => (await api.call({ method: "GET", url: "/enrollments", as })).json();
const cancel = (as: Person, id: string, payload?: object) =>
  api.call({ method: "POST", url: `/enrollments/${id}/cancel`, as, ...(payload && { payload }) });
const lineOf = async (orderId: string) =>
  api.database.db
    .select({ price: orderItems.priceCents, refunded: orderItems.refundedCents })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));

describe("cancelling a seat under the policy", () => {
  it("20 days ahead: the whole price back, the seat free again, the payment partly refunded", async () => {
    const early = await lineClass(api, 5, { startDate: clockDay(20), endDate: clockDay(24), priceCents: 14_900 });
    const other = await lineClass(api, 5, { startDate: clockDay(60), endDate: clockDay(64), priceCents: 7_999 });
    const parent = await family(api, ["Ivy"]);
    const orderId = await paySeats(api, parent, [early, other], parent.kids);
    const seats = await seatsOf(parent);
    expect(seats).toHaveLength(2);
    const seat = seats.find((s: { classId: string }) => s.classId === early);
    expect(seat.cancellation).toMatchObject({ refundCents: 14_900, window: "full", cancellable: true });
    expect(seat.cancellation.text).toBe("You will get $149.00 back of $149.00.");
    const quote = await api.call({ method: "GET", url: `/enrollments/${seat._id}/cancellation`, as: parent });
    expect(quote.json().cancellation.refundCents).toBe(14_900);

    const revenueBefore = await revenues();
    const done = await cancel(parent, seat._id);
    expect(done.statusCode, done.body).toBe(200);
    // Admin Home's and the instructor's revenue are net of the refund.
    const revenueAfter = await revenues();
    expect(revenueBefore.admin - revenueAfter.admin).toBeCloseTo(149, 2);
    expect(revenueBefore.maya - revenueAfter.maya).toBeCloseTo(149, 2);
    expect(done.json()).toMatchObject({ refundCents: 14_900, refundStatus: "succeeded" });
    expect(done.json().message).toBe("The seat is cancelled and $149.00 is on its way back to the card.");
    // The family is told by e-mail, the message written with the cancellation.
    const [mail] = await api.database.db
      .select({ to: notificationOutbox.recipient, payload: notificationOutbox.payload })
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.kind, "seat-cancelled"), eq(notificationOutbox.recipient, parent.email)));
    expect(mail?.payload).toMatchObject({
      refundCents: 14_900,
      paidCents: 14_900,
      camperName: "Ivy",
    });
    expect(await seatsOf(parent)).toHaveLength(1);
    // The seat stays listed as cancelled, with its refund and date (My Enrolled Classes shows it).
    const cancelled = await api.call({ method: "GET", url: "/enrollments/cancelled", as: parent });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual([
      expect.objectContaining({
        enrollmentId: seat._id,
        classId: early,
        camper: seat.camper,
        refund: 149,
        refundCents: 14_900,
        refundStatus: "succeeded",
        cancelledAt: expect.any(String),
      }),
    ]);
    expect((await api.call({ method: "GET", url: "/enrollments/cancelled", as: await family(api) })).json()).toEqual(
      [],
    );
    expect((await seatCounts(api.database.db, early)).problems).toEqual([]);
    const cls = (await api.call({ method: "GET", url: `/classes/${early}` })).json();
    expect(cls.enrolled_seats).toBe(0);
    expect(await lineOf(orderId)).toEqual(expect.arrayContaining([{ price: 14_900, refunded: 14_900 }]));
    const history = (
      await api.call({ method: "GET", url: "/payments", as: parent, query: { email: parent.email } })
    ).json();
    const record = (Array.isArray(history) ? history : history.items)[0];
    expect(record.status).toBe("partially refunded");
    expect(record.refunded).toBe(149);
    // In cents, exactly, what Student Home's "Spent" subtracts: the order cost $228.99, $149 came back.
    expect(record.amountCents).toBe(22_899);
    expect(record.refundedCents).toBe(14_900);
    expect(record.refunds).toEqual([{ amount: 149, status: "succeeded", date: expect.any(String) }]);
    // Asked again, the seat is gone: one refund only.
    expect((await cancel(parent, seat._id)).statusCode).toBe(404);
    const [count] = await api.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(refunds)
      .where(eq(refunds.orderId, orderId));
    expect(count!.n).toBe(1);
  });

  it("inside the 50% window half comes back; inside 7 days nothing; a started class cannot be cancelled by the family", async () => {
    const half = await lineClass(api, 5, { startDate: clockDay(10), endDate: clockDay(14), priceCents: 14_901 });
    const late = await lineClass(api, 5, { startDate: clockDay(3), endDate: clockDay(7) });
    const parent = await family(api);
    await paySeats(api, parent, [half, late]);
    const seats = await seatsOf(parent);
    const byClass = (id: string) => seats.find((s: { classId: string }) => s.classId === id);
    expect(byClass(half).cancellation).toMatchObject({ refundCents: 7_450, percent: 50, window: "partial" });
    expect(byClass(late).cancellation).toMatchObject({ refundCents: 0, window: "none" });
    expect((await cancel(parent, byClass(half)._id)).json().refundCents).toBe(7_450);
    const none = await cancel(parent, byClass(late)._id);
    expect(none.json()).toMatchObject({ refundCents: 0, refundStatus: null });

    const started = await lineClass(api, 5, { startDate: clockDay(30), endDate: clockDay(34) });
    const other = await family(api);
    await paySeats(api, other, [started]);
    const [seat] = await seatsOf(other);
    // Yesterday in UTC is today or yesterday at the academy (Portland), whatever the hour: started.
    await api.database.db.execute(sql`update classes set start_date = ${clockDay(-1)} where id = ${started}`);
    const refused = await cancel(other, seat._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^This class has started/);
    expect((await cancel(await family(api), seat._id)).statusCode).toBe(404);
  });

  it("a freed seat goes to the class's waitlist first", async () => {
    const full = await lineClass(api, 1, { startDate: clockDay(30), endDate: clockDay(34) });
    const holder = await family(api);
    await paySeats(api, holder, [full]);
    const waiting = await family(api);
    expect((await joinLine(api, waiting, full)).statusCode).toBe(201);
    const [seat] = await seatsOf(holder);
    expect((await cancel(holder, seat._id)).statusCode).toBe(200);
    expect((await waitlistOf(api, waiting))[0]).toMatchObject({ state: "offered" });
    expect((await seatCounts(api.database.db, full)).problems).toEqual([]);
  });
});

describe("admins", () => {
  it("cancel with an amount they type, never more than is left of the line; the database refuses more", async () => {
    const cls = await lineClass(api, 5, { startDate: clockDay(3), endDate: clockDay(7), priceCents: 10_000 });
    const parent = await family(api);
    const orderId = await paySeats(api, parent, [cls]);
    const [seat] = await seatsOf(parent);
    expect((await cancel(parent, seat._id, { refundCents: 10_000 })).statusCode).toBe(403);
    const tooMuch = await cancel(ADMIN, seat._id, { refundCents: 10_001, reason: "Broken arm" });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe("At most $100.00 of this seat is left to refund.");
    const done = await cancel(ADMIN, seat._id, { refundCents: 6_000, reason: "Broken arm: doctor's note" });
    expect(done.json()).toMatchObject({ refundCents: 6_000, refundStatus: "succeeded" });
    await expect(
      api.database.db.execute(sql`update order_items set refunded_cents = price_cents + 1 where order_id = ${orderId}`),
    ).rejects.toThrow();
  });

  it("set the policy; a malformed one is refused with the field's words", async () => {
    const bad = await api.call({
      method: "PATCH",
      url: "/admin/cancellation-policy",
      as: ADMIN,
      payload: { fullRefundDays: 5, partialRefundDays: 9, partialPercent: 50, feeCents: 0 },
    });
    expect(bad.statusCode).toBe(400);
    const set = await api.call({
      method: "PATCH",
      url: "/admin/cancellation-policy",
      as: ADMIN,
      payload: { fullRefundDays: 21, partialRefundDays: 10, partialPercent: 40, feeCents: 500 },
    });
    expect(set.json().text).toBe(
      "Full refund until 21 days before the first day, 40% until 10 days before, no refund after that or once the class has started. If cancelling a seat means the seats you keep no longer earn a discount (multi-class, sibling, or a promo code's minimum order), the refund is reduced by the discount they no longer earn. On a payment plan, a refund is of what was paid so far, and cancelling ends the payments still to come: nothing more is owed, even when nothing is refunded. A processing fee of $5.00 is kept from any refund.",
    );
    expect((await api.call({ method: "GET", url: "/cancellation-policy" })).json()).toMatchObject({
      fullRefundDays: 21,
    });
    const parent = await family(api);
    expect(
      (await api.call({ method: "PATCH", url: "/admin/cancellation-policy", as: parent, payload: set.json() }))
        .statusCode,
    ).toBe(403);
    await api.call({
      method: "PATCH",
      url: "/admin/cancellation-policy",
      as: ADMIN,
      payload: { fullRefundDays: 14, partialRefundDays: 7, partialPercent: 50, feeCents: 0 },
    });
  });
});
