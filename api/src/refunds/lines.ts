import { and, asc, eq, sql } from "drizzle-orm";
import type { Tx } from "../platform/database/client.js";
import { notFound } from "../platform/errors.js";
import type { Line } from "./order-seats.js";
import { shareAmong } from "./policy.js";
import { orderItems, payments, refundLines, refunds } from "../platform/database/schema.js";

/**
 * A payment's lines and their refunded totals: each line's `refunded_cents` sums the
 * refunds of it that are sent or on their way (the database holds it to the line's price), and the
 * payment record's status follows from the sums.
 */

/**
 * Gives a refund that did not happen back to its lines: the line it was for, or each line's share
 * of an order-wide one. Called with the refund just marked failed, in that same transaction.
 */
export async function giveBack(
  tx: Tx,
  refund: Pick<typeof refunds.$inferSelect, "id" | "orderId" | "classId" | "camperId" | "amountCents">,
) {
  const shares = await tx
    .select({ classId: refundLines.classId, camperId: refundLines.camperId, amountCents: refundLines.amountCents })
    .from(refundLines)
    .where(eq(refundLines.refundId, refund.id));
  const lines =
    shares.length > 0
      ? shares
      : refund.classId && refund.camperId
        ? [{ classId: refund.classId, camperId: refund.camperId, amountCents: refund.amountCents }]
        : [];
  for (const line of lines) {
    await tx
      .update(orderItems)
      .set({ refundedCents: sql`greatest(${orderItems.refundedCents} - ${line.amountCents}, 0)` })
      .where(
        and(
          eq(orderItems.orderId, refund.orderId),
          eq(orderItems.classId, line.classId),
          eq(orderItems.camperId, line.camperId),
        ),
      );
  }
  await markPaymentRefunds(tx, refund.orderId);
}

/**
 * The payment record says "refunded" once every cent went back, "partially refunded" before, and
 * what it said at payment ("service pending", the spec's word) again when every refund failed.
 */
export async function markPaymentRefunds(tx: Tx, orderId: string) {
  const [sums] = await tx
    .select({
      paid: sql<number>`coalesce(sum(${orderItems.paidCents}), 0)`.mapWith(Number),
      refunded: sql<number>`coalesce(sum(${orderItems.refundedCents}), 0)`.mapWith(Number),
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  if (!sums) return;
  // What a moved seat carried to its new class (decision 048) went to another seat, not back: the
  // payment is neither refunded by it nor paid for less.
  const [moved] = await tx
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)`.mapWith(Number) })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.method, "credit")));
  const paid = sums.paid - (moved?.cents ?? 0);
  const refunded = sums.refunded - (moved?.cents ?? 0);
  const status = refunded === 0 ? "service pending" : refunded >= paid ? "refunded" : "partially refunded";
  await tx
    .update(payments)
    .set({ status })
    .where(and(eq(payments.orderId, orderId), eq(payments.kind, "checkout")));
}

/**
 * Shares an order-wide refund among the order's lines in proportion to what is left of each
 * (`shareAmong`): each share is written and raises its line's refunded total. Answers the cents
 * shared, less than the refund only when the lines have less left.
 */
export async function shareRefund(tx: Tx, refund: { id: string; orderId: string; amountCents: number }) {
  const lines = await orderLinesLeft(tx, refund.orderId);
  const shares = shareAmong(
    refund.amountCents,
    lines.map((line) => line.left),
  );
  for (const [index, line] of lines.entries()) {
    const cents = shares[index]!;
    if (cents === 0) continue;
    await tx.insert(refundLines).values({
      refundId: refund.id,
      orderId: refund.orderId,
      classId: line.classId,
      camperId: line.camperId,
      amountCents: cents,
    });
    await tx
      .update(orderItems)
      .set({ refundedCents: sql`${orderItems.refundedCents} + ${cents}` })
      .where(
        and(
          eq(orderItems.orderId, refund.orderId),
          eq(orderItems.classId, line.classId),
          eq(orderItems.camperId, line.camperId),
        ),
      );
  }
  return shares.reduce((sum, cents) => sum + cents, 0);
}

/** An order's lines with what is left of each to refund, in a stable order. */
export function orderLinesLeft(tx: Tx, orderId: string) {
  return tx
    .select({
      classId: orderItems.classId,
      camperId: orderItems.camperId,
      left: sql<number>`${orderItems.paidCents} - ${orderItems.refundedCents}`.mapWith(Number),
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.classId), asc(orderItems.camperId));
}

/** The answer to a refund of a payment no card made (the seed's sample families, seed/families.ts). */
export const NO_CARD_TO_REFUND =
  "This payment is part of the sample data and was not made by card: there is no card to refund. Cancel the seat with a $0.00 refund instead.";

/** A line's share of a refund goes up on its line: the database refuses more than was paid for it. */
export async function raiseRefunded(tx: Tx, orderId: string, part: Line) {
  const updated = await tx
    .update(orderItems)
    .set({ refundedCents: sql`${orderItems.refundedCents} + ${part.cents}` })
    .where(
      and(
        eq(orderItems.orderId, orderId),
        eq(orderItems.classId, part.classId),
        eq(orderItems.camperId, part.camperId),
      ),
    )
    .returning({ refunded: orderItems.refundedCents });
  if (updated.length === 0) throw notFound("There is no such line in this order.");
}
