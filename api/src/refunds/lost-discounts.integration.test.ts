import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cancellations, orderItems, refunds } from "../platform/database/schema.js";
import { family, lineClass, paySeats, type Person } from "../../test/families.js";
import { ADMIN, clockDay, confirmCard, useTestApi } from "../../test/harness.js";

/**
 * A discount does not outlive the seats that earned it (decision 033), through the API on the
 * payment sandbox: the multi-class discount, the sibling discount and a promo code's minimum
 * order, each lost by a cancellation, said in the quote before and taken off the refund.
 */
const api = useTestApi({ RATE_LIMIT_CHECKOUTS: "1000", RATE_LIMIT_SENSITIVE: "1000" });

type Seat = { _id: string; classId: string; camperId: string; paid: number; cancellation: Record<string, unknown> };
const seatsOf = async (as: Person): Promise<Seat[]> =>
  (await api.call({ method: "GET", url: "/enrollments", as })).json();
const quoteOf = async (as: Person, id: string) =>
  (await api.call({ method: "GET", url: `/enrollments/${id}/cancellation`, as })).json().cancellation;
const cancel = async (as: Person, id: string) => {
  const res = await api.call({ method: "POST", url: `/enrollments/${id}/cancel`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { refundCents: number; refundStatus: string };
};
const refundedOf = async (orderId: string) =>
  (
    await api.database.db
      .select({ refunded: orderItems.refundedCents })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
  ).reduce((sum, line) => sum + line.refunded, 0);
/** A discount in force for one test only: paused at its end, as only one of a kind may be on. */
async function withDiscount(body: object, run: () => Promise<void>) {
  const made = await api.call({ method: "POST", url: "/discounts", as: ADMIN, payload: body });
  expect(made.statusCode, made.body).toBe(201);
  try {
    await run();
  } finally {
    await api.call({ method: "PATCH", url: `/discounts/${made.json()._id}`, as: ADMIN, payload: { paused: true } });
  }
}
const weekOf = (n: number, priceCents = 10_000) =>
  lineClass(api, 5, { startDate: clockDay(30 + 7 * n), endDate: clockDay(34 + 7 * n), priceCents });

describe("cancelling a seat of an order whose discount needed it", () => {
  it("30% off three $100 classes: $10 back for the first, said before; the rest back in the end", async () => {
    await withDiscount({ kind: "multi_class", name: "Three weeks", percentOff: 30, minSeats: 3 }, async () => {
      const weeks = [await weekOf(0), await weekOf(1), await weekOf(2)];
      const parent = await family(api);
      const orderId = await paySeats(api, parent, weeks);
      const seats = await seatsOf(parent);
      expect(seats.map((s) => s.paid)).toEqual([70, 70, 70]);
      // Every seat's quote says what cancelling it alone gives: $60 of the $70 is the discount given back.
      expect(seats[0]!.cancellation).toMatchObject({
        refundCents: 1_000,
        policyRefundCents: 7_000,
        discountGivenBackCents: 6_000,
        text: "You will get $10.00 back of $70.00. The policy gives $70.00, less $60.00 of discount given back: the seats you keep no longer earn it.",
      });
      expect((await cancel(parent, seats[0]!._id)).refundCents).toBe(1_000);
      // One class kept, $100 alone: $110 of the $210 back, $30 of it kept back at the first.
      const second = await quoteOf(parent, seats[1]!._id);
      expect(second).toMatchObject({ refundCents: 10_000, discountGivenBackCents: 0, earlierReturnedCents: 3_000 });
      expect((await cancel(parent, seats[1]!._id)).refundCents).toBe(10_000);
      expect(await refundedOf(orderId)).toBe(11_000);
      // An admin cancelling the last seat with the policy's amount, as Admin Home sends it: more
      // than the seat's line ($30 kept back at the first), and everything paid is back.
      const policyAmount = (await quoteOf(ADMIN, seats[2]!._id)).refundCents;
      expect(policyAmount).toBe(10_000);
      const last = await api.call({
        method: "POST",
        url: `/enrollments/${seats[2]!._id}/cancel`,
        as: ADMIN,
        payload: { refundCents: policyAmount, reason: "Moved away" },
      });
      expect(last.statusCode, last.body).toBe(200);
      expect(last.json().refundCents).toBe(10_000);
      expect(await refundedOf(orderId)).toBe(21_000);
      const sent = await api.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
      expect(sent.map((r) => [r.amountCents, r.status]).sort()).toEqual([
        [1_000, "succeeded"],
        [10_000, "succeeded"],
        [10_000, "succeeded"],
      ]);
      const records = await api.database.db.select().from(cancellations).where(eq(cancellations.orderId, orderId));
      expect(records.map((r) => [r.policyRefundCents, r.refundCents]).sort()).toEqual([
        [7_000, 1_000],
        [7_000, 10_000],
        [7_000, 10_000],
      ]);
    });
  });

  it("the sibling discount: the full-price child's seat cancelled, the other's loses its 20%", async () => {
    await withDiscount({ kind: "sibling", name: "Sibling discount", percentOff: 20 }, async () => {
      const camp = await weekOf(0);
      const parent = await family(api, ["Ava", "Ben"]);
      const orderId = await paySeats(api, parent, [camp], parent.kids);
      const seats = await seatsOf(parent);
      expect(seats.map((s) => s.paid).sort((x, y) => x - y)).toEqual([80, 100]);
      const full = seats.find((s) => s.paid === 100)!;
      expect(full.cancellation).toMatchObject({ refundCents: 8_000, discountGivenBackCents: 2_000 });
      expect((await cancel(parent, full._id)).refundCents).toBe(8_000);
      expect(await refundedOf(orderId)).toBe(8_000);
    });
  });

  it("a promo code's minimum order: the class kept no longer reaches it", async () => {
    await withDiscount(
      { kind: "code", name: "Big order", code: "BIGORDER", percentOff: 10, minOrderCents: 15_000 },
      async () => {
        const weeks = [await weekOf(0), await weekOf(1)];
        const parent = await family(api);
        for (const classItemId of weeks) {
          const added = await api.call({ method: "POST", url: "/carts", as: parent, payload: { classItemId } });
          expect(added.statusCode, added.body).toBe(201);
        }
        const co = await api.call({
          method: "POST",
          url: "/create-payment-intent",
          as: parent,
          payload: { promoCode: "bigorder" },
        });
        expect(co.statusCode, co.body).toBe(201);
        expect(co.json().totalCents).toBe(18_000);
        expect(await confirmCard(co.json().clientSecret)).toBe(200);
        const paid = await api.call({
          method: "POST",
          url: "/payments",
          as: parent,
          payload: { transactionId: co.json().paymentIntentId },
        });
        expect(paid.statusCode, paid.body).toBe(201);
        const [first] = await seatsOf(parent);
        expect(first!.cancellation).toMatchObject({ refundCents: 8_000, discountGivenBackCents: 1_000 });
        expect((await cancel(parent, first!._id)).refundCents).toBe(8_000);
      },
    );
  });
});
