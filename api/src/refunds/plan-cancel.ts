import { and, asc, eq, isNotNull, lt } from "drizzle-orm";
import type { PublicCache } from "../catalog/index.js";
import { addDays, loadPlanSettings } from "../plans/index.js";
import { academyDayBounds, academyToday } from "../platform/academy-day.js";
import type { Tx } from "../platform/database/client.js";
import { enrollments, instalments, orderItems, orders } from "../platform/database/schema.js";
import { ApiError, conflict, notFound } from "../platform/errors.js";
import type { LineOptions } from "../waitlist/index.js";
import { cancelSeat } from "./cancel.js";
import { sendRefunds, type RefundDeps } from "./sending.js";

/**
 * The office cancels a family's payment plan (decision 040): every seat of it not yet paid in full
 * is cancelled as an admin cancels a seat, with the policy's refund of what was paid for it (never
 * more), its charges still to come cancelled, and each seat offered to its class's waitlist. Seats
 * already paid in full stay: nothing more is owed on them.
 */
export async function cancelPlan(
  tx: Tx,
  request: { orderId: string; actorId: string | null; reason: string },
  line: LineOptions,
): Promise<{ seats: number; refundIds: string[]; refundCents: number }> {
  const [order] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, request.orderId), isNotNull(orders.plan), eq(orders.status, "paid")));
  if (!order) throw notFound("There is no such payment plan.");
  const owing = await tx
    .select({ id: enrollments.id })
    .from(enrollments)
    .innerJoin(
      orderItems,
      and(
        eq(orderItems.orderId, enrollments.orderId),
        eq(orderItems.classId, enrollments.classId),
        eq(orderItems.camperId, enrollments.camperId),
      ),
    )
    .where(and(eq(enrollments.orderId, order.id), lt(orderItems.paidCents, orderItems.priceCents)))
    .orderBy(asc(enrollments.id));
  if (owing.length === 0)
    throw conflict("Every seat of this plan is paid in full or cancelled already: nothing to cancel.");
  const refundIds: string[] = [];
  let refundCents = 0;
  for (const seat of owing) {
    const done = await cancelSeat(
      tx,
      { enrollmentId: seat.id, actorId: request.actorId, asFamily: false, reason: request.reason },
      line,
    );
    refundIds.push(...done.refundIds);
    refundCents += done.refundCents;
  }
  return { seats: owing.length, refundIds, refundCents };
}

export const LAPSED_REASON = "A payment plan charge was refused and not paid within the academy's grace period";

/**
 * The academy's rule for plans at risk, applied (every sweep, in every process): when it says
 * `cancel`, each plan whose refused charge has been at risk for its grace days is cancelled as the
 * office would cancel it. Two processes at once: the second finds the seats gone (its transaction
 * undone, nothing written twice). Answers how many plans were cancelled.
 */
export async function cancelLapsedPlans(deps: RefundDeps & { cache: PublicCache; line: LineOptions }): Promise<number> {
  const settings = await loadPlanSettings(deps.db);
  if (settings.atRiskAction !== "cancel") return 0;
  // At risk on an academy day at least the grace days before today: at risk before the next one began.
  const before = new Date(academyDayBounds(addDays(academyToday(), 1 - settings.graceDays)).startMs);
  const lapsed = await deps.db
    .selectDistinct({ orderId: instalments.orderId })
    .from(instalments)
    .where(and(eq(instalments.status, "failed"), lt(instalments.atRiskSince, before)))
    .orderBy(asc(instalments.orderId));
  let cancelled = 0;
  for (const { orderId } of lapsed) {
    try {
      const done = await deps.cache.write(["classes"], (tx) =>
        cancelPlan(tx, { orderId, actorId: null, reason: LAPSED_REASON }, deps.line),
      );
      cancelled += 1;
      if (done.refundIds.length > 0) await sendRefunds(deps, done.refundIds);
    } catch (error) {
      // Cancelled a moment ago by another process or the office: nothing left to do.
      if (error instanceof ApiError && (error.statusCode === 404 || error.statusCode === 409)) continue;
      throw error;
    }
  }
  return cancelled;
}
