import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../platform/database/client.js";
import { cancellations, enrollments, orderItems, orders, type PricingTerms } from "../platform/database/schema.js";
import { priceUnderTerms } from "../pricing/index.js";
import { lostDiscountRefund, type LostDiscountRefund } from "./lost-discount.js";

/**
 * What a cancellation needs to know of the seat's order (decision 033): its lines, which of them
 * are still held, the terms it was priced with, and what its earlier cancellations were given.
 * A cancellation reads them with the order's row locked (cancel.ts), so two cancellations of two
 * seats of one order never both count the other's seat as kept.
 */

export interface OrderFacts {
  terms: PricingTerms | null;
  /** Each line's price, what has been charged of it (less on a plan) and refunded of that. */
  lines: {
    classId: string;
    camperId: string;
    priceCents: number;
    paidCents: number;
    refundedCents: number;
    held: boolean;
  }[];
  earlierPolicyCents: number;
  earlierRefundCents: number;
}

export async function orderFacts(db: Db | Tx, orderId: string): Promise<OrderFacts> {
  const [order] = await db.select({ terms: orders.pricingTerms }).from(orders).where(eq(orders.id, orderId));
  const lines = await db
    .select({
      classId: orderItems.classId,
      camperId: orderItems.camperId,
      priceCents: orderItems.priceCents,
      paidCents: orderItems.paidCents,
      refundedCents: orderItems.refundedCents,
      held: sql<boolean>`${enrollments.id} is not null`.mapWith(Boolean),
    })
    .from(orderItems)
    .leftJoin(
      enrollments,
      and(
        eq(enrollments.orderId, orderItems.orderId),
        eq(enrollments.classId, orderItems.classId),
        eq(enrollments.camperId, orderItems.camperId),
      ),
    )
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.classId, orderItems.camperId);
  const [earlier] = await db
    .select({
      policy:
        sql<number>`coalesce(sum(coalesce(${cancellations.policyRefundCents}, ${cancellations.refundCents})), 0)`.mapWith(
          Number,
        ),
      refund: sql<number>`coalesce(sum(${cancellations.refundCents}), 0)`.mapWith(Number),
    })
    .from(cancellations)
    .where(eq(cancellations.orderId, orderId));
  return {
    terms: order?.terms ?? null,
    lines,
    earlierPolicyCents: earlier?.policy ?? 0,
    earlierRefundCents: earlier?.refund ?? 0,
  };
}

export type Line = { classId: string; camperId: string; cents: number };

export interface SeatRefund extends LostDiscountRefund {
  /**
   * The lines a refund of this cancellation may go to, with what is left of each: this seat's line
   * first, then the lines of seats cancelled before (what those were given less).
   */
  lines: Line[];
}

/** A refund written on `lines` (what is left of each), the first first; null when they hold less. */
export function spreadRefund(lines: readonly Line[], amountCents: number): Line[] | null {
  const spread: Line[] = [];
  let rest = amountCents;
  for (const line of lines) {
    const cents = Math.min(rest, line.cents);
    if (cents <= 0) continue;
    spread.push({ classId: line.classId, camperId: line.camperId, cents });
    rest -= cents;
  }
  return rest > 0 ? null : spread;
}

/** The refund of cancelling one seat of the order, given the policy's refund of it (lost-discount.ts). */
export function seatRefund(
  facts: OrderFacts,
  seat: { classId: string; camperId: string },
  policyRefundCents: number,
): SeatRefund {
  const isSeat = (line: { classId: string; camperId: string }) =>
    line.classId === seat.classId && line.camperId === seat.camperId;
  const kept = facts.lines.filter((line) => line.held && !isSeat(line));
  const gone = facts.lines.filter((line) => !line.held || isSeat(line));
  const sum = (lines: typeof facts.lines, cents: (line: (typeof facts.lines)[number]) => number) =>
    lines.reduce((total, line) => total + cents(line), 0);
  const result = lostDiscountRefund({
    policyRefundCents,
    orderPaidCents: sum(facts.lines, (line) => line.priceCents),
    keptCostCents: facts.terms ? priceUnderTerms(facts.terms, kept) : null,
    keptPaidCents: sum(kept, (line) => line.priceCents),
    refundedGoneCents: sum(gone, (line) => line.refundedCents),
    leftGoneCents: sum(gone, (line) => line.paidCents - line.refundedCents),
    earlierPolicyCents: facts.earlierPolicyCents,
    earlierRefundCents: facts.earlierRefundCents,
  });
  const lines = [...gone.filter(isSeat), ...gone.filter((line) => !isSeat(line))].map((line) => ({
    classId: line.classId,
    camperId: line.camperId,
    cents: Math.max(line.paidCents - line.refundedCents, 0),
  }));
  return { ...result, lines };
}
