import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import { enqueueGoodwillRefund } from "../notifications/index.js";
import * as clock from "../platform/clock.js";
import type { Db, Tx } from "../platform/database/client.js";
import { lockAccount } from "../platform/database/locks.js";
import { classes, orders, payments, refunds, users } from "../platform/database/schema.js";
import { badRequest, conflict, notFound } from "../platform/errors.js";
import { toDollars, usd } from "../platform/wire.js";
import { markPaymentRefunds, NO_CARD_TO_REFUND, orderLinesLeft, shareRefund } from "./lines.js";

/** A goodwill refund goes to a card; a desk booking's money goes back through the office. */
const DESK_GOODWILL =
  "This booking was made at the front desk and paid there: give money back by cancelling a seat with the office's refund.";

/**
 * A goodwill refund: an admin sends part of a payment back without cancelling any
 * seat. The amount is shared among the payment's lines in proportion to what is left of each
 * (`shareAmong`), so each line's refunded total stays true and a later cancellation refunds at
 * most what is left; the database holds each line to its price. Sent like every refund (sending.ts).
 */
export const PLAN_REFUND_BY_SEAT =
  "This payment is part of a payment plan: refund it by cancelling its seats, where you can set the amount.";

export async function refundPayment(
  tx: Tx,
  input: { paymentId: string; amountCents: number; actorId: string; reason: string },
): Promise<string> {
  const [payment] = await tx
    .select({ orderId: payments.orderId, studentId: payments.studentId })
    .from(payments)
    .where(eq(payments.id, input.paymentId));
  if (!payment) throw notFound("There is no such payment.");
  // The family's lock, as a cancellation takes it: the two never share out one line's rest at once.
  await lockAccount(tx, payment.studentId);
  const [order] = await tx
    .select({ status: orders.status, intent: orders.paymentIntentId, plan: orders.plan, channel: orders.channel })
    .from(orders)
    .where(eq(orders.id, payment.orderId))
    .for("update");
  if (!order || order.status !== "paid") throw conflict("Only a paid order can be refunded.");
  // A plan's money came in several charges (decision 040): its refunds are made seat by seat.
  if (order.plan) throw conflict(PLAN_REFUND_BY_SEAT);
  // A front-desk booking's money was handed over at the desk (decision 047): it goes back there.
  if (order.channel === "office") throw conflict(DESK_GOODWILL);
  // The seed's families paid no card (seed/families.ts): nothing can go back to one.
  if (!order.intent) throw conflict(NO_CARD_TO_REFUND);
  const lines = await orderLinesLeft(tx, payment.orderId);
  const left = lines.reduce((sum, line) => sum + line.left, 0);
  if (input.amountCents > left) {
    throw badRequest(
      left === 0
        ? "This payment has been refunded in full already."
        : `At most ${usd(left)} of this payment is left to refund.`,
      { refundCents: `At most ${left} cents.` },
    );
  }
  const [refund] = await tx
    .insert(refunds)
    .values({
      orderId: payment.orderId,
      amountCents: input.amountCents,
      actorId: input.actorId,
      reason: input.reason,
      createdAt: clock.now(),
      updatedAt: clock.now(),
      nextAttemptAt: clock.now(),
    })
    .returning({ id: refunds.id });
  await shareRefund(tx, { id: refund!.id, orderId: payment.orderId, amountCents: input.amountCents });
  await markPaymentRefunds(tx, payment.orderId);
  // The family hears of it by e-mail, written with the refund (decision 032).
  await enqueueGoodwillRefund(tx, refund!.id);
  return refund!.id;
}

/**
 * Refunds for Admin Home: those not done (waiting for the provider, or pending at it)
 * and those that failed, newest first, with what they were for; or the latest of every state.
 */
export async function refundsForStaff(db: Db, which: "open" | "all", limit = 50) {
  const rows = await db
    .select({
      id: refunds.id,
      amountCents: refunds.amountCents,
      status: refunds.status,
      origin: refunds.origin,
      reason: refunds.reason,
      lastError: refunds.lastError,
      attempts: refunds.attempts,
      providerRefundId: refunds.providerRefundId,
      createdAt: refunds.createdAt,
      className: classes.name,
      paymentId: payments.id,
      family: users.name,
      email: users.email,
    })
    .from(refunds)
    .innerJoin(payments, and(eq(payments.orderId, refunds.orderId), eq(payments.kind, "checkout")))
    .innerJoin(users, eq(users.id, payments.studentId))
    .leftJoin(classes, eq(classes.id, refunds.classId))
    .where(which === "open" ? or(eq(refunds.status, "pending"), eq(refunds.status, "failed")) : undefined)
    .orderBy(desc(refunds.createdAt), asc(refunds.id))
    .limit(limit);
  return rows.map((row) => ({
    _id: row.id,
    amount: toDollars(row.amountCents),
    amountCents: row.amountCents,
    status: row.status,
    /** "waiting" until the provider has it, "processing" while it is pending there. */
    stage: row.status !== "pending" ? row.status : row.providerRefundId ? "processing" : "waiting",
    origin: row.origin,
    reason: row.reason,
    error: row.lastError,
    attempts: row.attempts,
    class_name: row.className,
    paymentId: row.paymentId,
    family: row.family,
    email: row.email,
    date: row.createdAt.toISOString(),
  }));
}

/** How many refunds are open (the Admin Home panel's heading), by state. */
export async function openRefundCounts(db: Db) {
  const rows = await db
    .select({ status: refunds.status, n: sql<number>`count(*)`.mapWith(Number) })
    .from(refunds)
    .where(inArray(refunds.status, ["pending", "failed"]))
    .groupBy(refunds.status);
  return {
    pending: rows.find((r) => r.status === "pending")?.n ?? 0,
    failed: rows.find((r) => r.status === "failed")?.n ?? 0,
  };
}
