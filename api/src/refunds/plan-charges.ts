import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Tx } from "../platform/database/client.js";
import { instalmentSeats, instalments, refundLines, refunds, type AgreedPlan } from "../platform/database/schema.js";
import type { Line } from "./order-seats.js";

/**
 * Where a refund of a payment plan's seat goes (decision 040): a plan's seat was paid by several
 * charges (the deposit, then each instalment, each its own PaymentIntent), and a refund can only
 * send back what one charge took. Each line's refund is split over its charges, the latest first,
 * each no more than that charge took for the line less what has gone back from it already.
 */

/** A part of a refund: a line's cents, sent back through one charge (null: the checkout's own). */
export type ChargePart = Line & { intentId: string | null };

const key = (classId: string, camperId: string, intentId: string | null) => `${classId}/${camperId}/${intentId ?? ""}`;

/** What each charge of each line of a plan's order took, less what went back from it, latest charge first. */
async function chargesLeft(tx: Tx, orderId: string, plan: AgreedPlan) {
  const charges: { classId: string; camperId: string; intentId: string | null; cents: number; order: string }[] = [];
  for (const part of plan.parts.filter((p) => p.deposit)) {
    for (const seat of part.seats) {
      const [classId, camperId] = seat.key.split("/") as [string, string];
      charges.push({ classId, camperId, intentId: null, cents: seat.cents, order: "" });
    }
  }
  const paid = await tx
    .select({
      classId: instalmentSeats.classId,
      camperId: instalmentSeats.camperId,
      intentId: instalments.paymentIntentId,
      cents: instalmentSeats.cents,
      dueDay: instalments.dueDay,
    })
    .from(instalmentSeats)
    .innerJoin(instalments, eq(instalments.id, instalmentSeats.instalmentId))
    .where(and(eq(instalments.orderId, orderId), eq(instalments.status, "paid")))
    .orderBy(desc(instalments.dueDay));
  for (const row of paid) charges.push({ ...row, order: row.dueDay });
  // What went back already from each charge: refunds of one line, and lines' shares of order-wide ones.
  const back = new Map<string, number>();
  const own = await tx
    .select({
      classId: refunds.classId,
      camperId: refunds.camperId,
      intentId: refunds.paymentIntentId,
      cents: sql<number>`sum(${refunds.amountCents})`.mapWith(Number),
    })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), ne(refunds.status, "failed")))
    .groupBy(refunds.classId, refunds.camperId, refunds.paymentIntentId);
  const shared = await tx
    .select({
      classId: refundLines.classId,
      camperId: refundLines.camperId,
      intentId: refunds.paymentIntentId,
      cents: sql<number>`sum(${refundLines.amountCents})`.mapWith(Number),
    })
    .from(refundLines)
    .innerJoin(refunds, eq(refunds.id, refundLines.refundId))
    .where(and(eq(refundLines.orderId, orderId), ne(refunds.status, "failed")))
    .groupBy(refundLines.classId, refundLines.camperId, refunds.paymentIntentId);
  for (const row of [...own, ...shared]) {
    if (!row.classId || !row.camperId) continue;
    const k = key(row.classId, row.camperId, row.intentId);
    back.set(k, (back.get(k) ?? 0) + row.cents);
  }
  // Latest first: instalments by due day, newest first, then the deposit.
  charges.sort((a, b) => (a.order < b.order ? 1 : a.order > b.order ? -1 : 0));
  return charges.map((c) => ({ ...c, left: c.cents - (back.get(key(c.classId, c.camperId, c.intentId)) ?? 0) }));
}

/**
 * Splits a refund of these lines over the charges that paid them. Throws when the charges hold
 * less than asked (the lines' paid totals say they do not: a bug, never a family's input).
 */
export async function splitOverCharges(
  tx: Tx,
  orderId: string,
  plan: AgreedPlan,
  parts: readonly Line[],
): Promise<ChargePart[]> {
  const charges = await chargesLeft(tx, orderId, plan);
  const split: ChargePart[] = [];
  for (const part of parts) {
    let rest = part.cents;
    for (const charge of charges) {
      if (rest === 0) break;
      if (charge.classId !== part.classId || charge.camperId !== part.camperId || charge.left <= 0) continue;
      const cents = Math.min(rest, charge.left);
      charge.left -= cents;
      rest -= cents;
      split.push({ classId: part.classId, camperId: part.camperId, intentId: charge.intentId, cents });
    }
    if (rest > 0) throw new Error("a plan's charges hold less than its line's refund");
  }
  return split;
}
