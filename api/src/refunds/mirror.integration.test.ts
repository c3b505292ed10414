import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { LOCAL_SECRET_KEY } from "../../../tools/payment-sandbox.mjs";
import { family, lineClass, paySeats, type Person } from "../../test/families.js";
import { ADMIN, clockDay } from "../../test/harness.js";
import { usePayments, type Harness } from "../../test/payment-webhooks.js";
import { notificationOutbox, orderItems, orders, refundLines, refunds } from "../platform/database/schema.js";

/**
 * Refunds as the provider has them, on a payment sandbox that sends
 * its webhooks to the API, and on one that sends none (the reconciliation alone): a refund made in
 * Stripe's Dashboard mirrored and shared among the lines, a refund the card's bank sends back
 * (pm_card_refundFail's card) marked failed with its amount the line's again, a pending one
 * followed until it succeeds, and an admin's goodwill refund without cancelling.
 */

const REFUND_FAIL_CARD = "4000000000005126";
const PENDING_REFUND_CARD = "4000000000007726";

/** Stripe's Dashboard, as far as a refund goes: the secret key, straight at the provider. */
const dashboard = (h: Harness) => {
  const url = new URL(h.sandbox.url);
  return new Stripe(LOCAL_SECRET_KEY, {
    host: url.hostname,
    port: Number(url.port),
    protocol: "http",
    maxNetworkRetries: 0,
  });
};

async function paidOrder(h: Harness, prices: number[], card?: string) {
  const classIds = [];
  for (const [i, priceCents] of prices.entries()) {
    classIds.push(
      await lineClass(h.api, 5, { startDate: clockDay(30 + 10 * i), endDate: clockDay(34 + 10 * i), priceCents }),
    );
  }
  const parent = await family(h.api, ["Noa"]);
  const orderId = await paySeats(h.api, parent, classIds, parent.kids, { sandboxUrl: h.sandbox.url, number: card });
  const [order] = await h.api.database.db
    .select({ intent: orders.paymentIntentId })
    .from(orders)
    .where(eq(orders.id, orderId));
  return { parent, orderId, classIds, intent: order!.intent! };
}

const linesOf = (h: Harness, orderId: string) =>
  h.api.database.db
    .select({ classId: orderItems.classId, price: orderItems.priceCents, refunded: orderItems.refundedCents })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
const refundsOf = (h: Harness, orderId: string) =>
  h.api.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
const historyOf = async (h: Harness, as: Person) =>
  (await h.api.call({ method: "GET", url: "/payments", as, query: { email: as.email } })).json()[0] as {
    _id: string;
    status: string;
    refunded: number;
    refunds: { amount: number; status: string }[];
  };
const seatOf = async (h: Harness, as: Person, classId: string) =>
  (await h.api.call({ method: "GET", url: "/enrollments", as }))
    .json()
    .find((s: { classId: string }) => s.classId === classId);
const openRefunds = async (h: Harness) =>
  (await h.api.call({ method: "GET", url: "/admin/refunds", as: ADMIN })).json() as {
    items: { _id: string; stage: string; error: string | null; origin: string; amountCents: number }[];
    pending: number;
    failed: number;
  };

describe("refunds mirrored from the provider's webhooks", () => {
  const h = usePayments({ RATE_LIMIT_SENSITIVE: "1000" });

  it("a Dashboard refund is recorded, shared among the lines, and a later cancellation refunds only what is left", async () => {
    const { parent, orderId, classIds, intent } = await paidOrder(h, [14_900, 7_450]);
    await dashboard(h).refunds.create({ payment_intent: intent, amount: 10_000 });

    await expect.poll(async () => (await refundsOf(h, orderId)).length, { timeout: 10_000 }).toBe(1);
    const [mirrored] = await refundsOf(h, orderId);
    expect(mirrored).toMatchObject({ origin: "provider", status: "succeeded", amountCents: 10_000, classId: null });
    const lines = await linesOf(h, orderId);
    const share = (classId: string) => lines.find((l) => l.classId === classId)!.refunded;
    // In proportion to what was left of each line (2:1), to the cent, adding up to the refund.
    expect([share(classIds[0]!), share(classIds[1]!)]).toEqual([6_667, 3_333]);
    const shares = await h.api.database.db.select().from(refundLines).where(eq(refundLines.refundId, mirrored!.id));
    expect(shares.reduce((sum, s) => sum + s.amountCents, 0)).toBe(10_000);
    const history = await historyOf(h, parent);
    expect(history).toMatchObject({ status: "partially refunded", refunded: 100 });
    expect(history.refunds).toEqual([expect.objectContaining({ amount: 100, status: "succeeded" })]);

    // The webhook again (Stripe retries): nothing is recorded twice.
    await dashboard(h).refunds.create({ payment_intent: intent, amount: 50 });
    await expect.poll(async () => (await refundsOf(h, orderId)).length, { timeout: 10_000 }).toBe(2);
    expect((await linesOf(h, orderId)).reduce((sum, l) => sum + l.refunded, 0)).toBe(10_050);

    // Thirty days ahead the policy gives everything back: everything that is left of the line.
    const seat = await seatOf(h, parent, classIds[0]!);
    const left = 14_900 - (await linesOf(h, orderId)).find((l) => l.classId === classIds[0])!.refunded;
    expect(seat.cancellation.refundCents).toBe(left);
    const done = await h.api.call({ method: "POST", url: `/enrollments/${seat._id}/cancel`, as: parent });
    expect(done.json()).toMatchObject({ refundCents: left, refundStatus: "succeeded" });
    expect((await linesOf(h, orderId)).find((l) => l.classId === classIds[0])!.refunded).toBe(14_900);
  });

  it("a refund the card's bank sends back is marked failed, its amount the line's again, and listed for the admins", async () => {
    const { parent, orderId, classIds } = await paidOrder(h, [12_000], REFUND_FAIL_CARD);
    const seat = await seatOf(h, parent, classIds[0]!);
    const done = await h.api.call({ method: "POST", url: `/enrollments/${seat._id}/cancel`, as: parent });
    // The provider first says it succeeded...
    expect(done.json()).toMatchObject({ refundCents: 12_000, refundStatus: "succeeded" });
    expect(await historyOf(h, parent)).toMatchObject({ status: "refunded" });
    // ...then refund.failed arrives.
    await expect.poll(async () => (await refundsOf(h, orderId))[0]?.status, { timeout: 10_000 }).toBe("failed");
    const [failed] = await refundsOf(h, orderId);
    expect(failed!.lastError).toBe(
      "The card's bank sent the refund back (expired or canceled card): nothing was refunded.",
    );
    expect(await linesOf(h, orderId)).toEqual([expect.objectContaining({ price: 12_000, refunded: 0 })]);
    const history = await historyOf(h, parent);
    expect(history).toMatchObject({ status: "service pending", refunded: 0 });
    expect(history.refunds).toEqual([expect.objectContaining({ amount: 120, status: "failed" })]);
    const open = await openRefunds(h);
    expect(open.items).toContainEqual(
      expect.objectContaining({ _id: failed!.id, stage: "failed", amountCents: 12_000, origin: "site" }),
    );
    expect(open.failed).toBeGreaterThanOrEqual(1);
  });

  it("a refund the provider leaves pending shows as processing, then succeeded", async () => {
    const { parent, orderId, classIds } = await paidOrder(h, [9_900], PENDING_REFUND_CARD);
    const seat = await seatOf(h, parent, classIds[0]!);
    const done = await h.api.call({ method: "POST", url: `/enrollments/${seat._id}/cancel`, as: parent });
    expect(done.json()).toMatchObject({ refundCents: 9_900, refundStatus: "pending" });
    const [row] = await refundsOf(h, orderId);
    // Unless refund.updated already arrived, the admins see it in progress at the provider.
    if (row!.status === "pending") {
      expect((await openRefunds(h)).items).toContainEqual(
        expect.objectContaining({ _id: row!.id, stage: "processing" }),
      );
    }
    await expect.poll(async () => (await refundsOf(h, orderId))[0]?.status, { timeout: 10_000 }).toBe("succeeded");
    expect(await historyOf(h, parent)).toMatchObject({ status: "refunded", refunded: 99 });
  });

  it("an admin's goodwill refund sends part of a payment back without cancelling, never more than is left", async () => {
    const { parent, orderId } = await paidOrder(h, [14_900, 7_450]);
    const payment = await historyOf(h, parent);
    const refund = (as: Person, payload: object) =>
      h.api.call({ method: "POST", url: `/admin/payments/${payment._id}/refund`, as, payload });
    expect((await refund(parent, { refundCents: 100, reason: "Please" })).statusCode).toBe(403);
    expect((await refund(ADMIN, { refundCents: 100 })).json().fields).toMatchObject({
      reason: "Say why, for the record.",
    });

    const done = await refund(ADMIN, { refundCents: 2_235, reason: "Rained out on Tuesday" });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      refundCents: 2_235,
      refundStatus: "succeeded",
      message: "$22.35 is on its way back to the card.",
    });
    // Both seats are kept; the refund is shared 2:1 among them.
    expect(
      (await h.api.call({ method: "GET", url: "/enrollments", as: parent }))
        .json()
        .map((s: { refunded: number }) => s.refunded)
        .sort((a: number, b: number) => a - b),
    ).toEqual([7.45, 14.9]);
    const [row] = await refundsOf(h, orderId);
    expect(row).toMatchObject({ reason: "Rained out on Tuesday", status: "succeeded", classId: null });
    // The family is told by e-mail, the message written with the refund.
    const [mail] = await h.api.database.db
      .select({ payload: notificationOutbox.payload })
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.kind, "goodwill-refund"), eq(notificationOutbox.recipient, parent.email)));
    expect(mail?.payload).toMatchObject({ amountCents: 2_235, paidCents: 22_350, reason: "Rained out on Tuesday" });
    expect(row!.providerRefundId).toMatch(/^re_/);

    const over = await refund(ADMIN, { refundCents: 22_350 - 2_235 + 1, reason: "Too much" });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe("At most $201.15 of this payment is left to refund.");
    const rest = await refund(ADMIN, { refundCents: 22_350 - 2_235, reason: "Camp closed" });
    expect(rest.statusCode).toBe(200);
    expect(await historyOf(h, parent)).toMatchObject({ status: "refunded", refunded: 223.5 });
    expect((await refund(ADMIN, { refundCents: 1, reason: "Again" })).json().message).toBe(
      "This payment has been refunded in full already.",
    );
  });
});

describe("refunds mirrored by the reconciliation alone (no webhook arrives)", () => {
  const h = usePayments({ RATE_LIMIT_SENSITIVE: "1000", RECONCILE_INTERVAL_MS: "300" }, false);

  it("catches a Dashboard refund and a refund sent back by the bank", async () => {
    const made = await paidOrder(h, [8_000, 8_000]);
    await dashboard(h).refunds.create({ payment_intent: made.intent, amount: 3_001 });
    await expect.poll(async () => (await refundsOf(h, made.orderId)).length, { timeout: 10_000 }).toBe(1);
    expect((await linesOf(h, made.orderId)).map((l) => l.refunded).sort((a, b) => a - b)).toEqual([1_500, 1_501]);

    const failing = await paidOrder(h, [6_000], REFUND_FAIL_CARD);
    const seat = await seatOf(h, failing.parent, failing.classIds[0]!);
    await h.api.call({ method: "POST", url: `/enrollments/${seat._id}/cancel`, as: failing.parent });
    await expect.poll(async () => (await refundsOf(h, failing.orderId))[0]?.status, { timeout: 10_000 }).toBe("failed");
    expect(await linesOf(h, failing.orderId)).toEqual([expect.objectContaining({ refunded: 0 })]);
  });
});
