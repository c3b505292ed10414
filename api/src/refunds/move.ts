import { and, eq, sql } from "drizzle-orm";
import * as clock from "../platform/clock.js";
import type { Tx } from "../platform/database/client.js";
import { cancellations, classes, enrollments, orderItems, orders, refunds } from "../platform/database/schema.js";
import { conflict, notFound } from "../platform/errors.js";
import { addRefund } from "./cancel.js";
import type { HandBack } from "./desk-refund.js";
import { markPaymentRefunds, raiseRefunded } from "./lines.js";

/**
 * The old side of a seat moved to another class (decision 048). Its enrolment ends as a
 * cancellation does (the record stays), but no policy applies: what was paid for it and not given
 * back is held for the move, less the academy's fee; the part the new seat takes is a refund of the
 * old line "by credit" (done, never sent to the provider), and what the new seat does not need goes
 * back as any refund of the order would (to the card, or through the office).
 */

export interface MovingSeat {
  enrollmentId: string;
  familyId: string;
  classId: string;
  camperId: string;
  className: string;
  /** The old class's first day (academy calendar): a family moves a seat only so long before it. */
  firstDay: string | null;
  orderId: string;
  /** Booked at the front desk: its money goes back through the office. */
  atTheDesk: boolean;
  /** Paid for the seat and not given back: what the move may carry or return. */
  heldCents: number;
}

/** Reads and locks the seat (the family's lock is the caller's), then its order's row. */
export async function lockMovingSeat(tx: Tx, enrollmentId: string, familyId: string): Promise<MovingSeat> {
  const [seat] = await tx
    .select({
      studentId: enrollments.studentId,
      classId: enrollments.classId,
      camperId: enrollments.camperId,
      orderId: enrollments.orderId,
      className: classes.name,
      firstDay: classes.startDate,
    })
    .from(enrollments)
    .innerJoin(classes, eq(classes.id, enrollments.classId))
    .where(eq(enrollments.id, enrollmentId))
    .for("update", { of: enrollments });
  if (!seat || seat.studentId !== familyId)
    throw notFound("There is no such enrolment: it may have been moved or cancelled already.");
  if (!seat.orderId) throw conflict("This seat has no booking to move: cancel it and book the other class instead.");
  const [order] = await tx
    .select({ status: orders.status, plan: orders.plan, channel: orders.channel })
    .from(orders)
    .where(eq(orders.id, seat.orderId))
    .for("update");
  if (!order || order.status !== "paid") throw conflict("Only a paid booking's seat can be moved.");
  // A plan's later charges are each seat's share of a schedule the family agreed to (decision 040).
  if (order.plan) {
    throw conflict(
      "This seat is paid by a payment plan: cancel it (its later charges stop) and book the other class instead.",
    );
  }
  const [line] = await tx
    .select({ held: sql<number>`${orderItems.paidCents} - ${orderItems.refundedCents}`.mapWith(Number) })
    .from(orderItems)
    .where(
      and(
        eq(orderItems.orderId, seat.orderId),
        eq(orderItems.classId, seat.classId),
        eq(orderItems.camperId, seat.camperId),
      ),
    );
  return {
    enrollmentId,
    familyId,
    classId: seat.classId,
    camperId: seat.camperId,
    className: seat.className,
    firstDay: seat.firstDay,
    orderId: seat.orderId,
    atTheDesk: order.channel === "office",
    heldCents: line?.held ?? 0,
  };
}

/** The enrolment goes (before the new seat is booked, so that it is no overlap of its own). */
export async function leaveSeat(tx: Tx, seat: MovingSeat) {
  await tx.delete(enrollments).where(eq(enrollments.id, seat.enrollmentId));
  await tx
    .update(classes)
    .set({ enrolledSeats: sql`${classes.enrolledSeats} - 1`, updatedAt: clock.now() })
    .where(eq(classes.id, seat.classId));
}

/**
 * The old line's money once the new seat is priced: the credit it carries (a refund by credit)
 * and what goes back (`refundCents`), and the cancellation's record. Answers the refund to send.
 */
export async function settleMovedSeat(
  tx: Tx,
  seat: MovingSeat,
  move: {
    creditCents: number;
    refundCents: number;
    actorId: string;
    reason: string;
    handBack?: HandBack | undefined;
  },
): Promise<{ refundId: string | null }> {
  const line = { classId: seat.classId, camperId: seat.camperId };
  if (move.creditCents > 0) {
    await tx.insert(refunds).values({
      orderId: seat.orderId,
      ...line,
      amountCents: move.creditCents,
      status: "succeeded",
      method: "credit",
      reason: move.reason,
      actorId: move.actorId,
      createdAt: clock.now(),
      updatedAt: clock.now(),
      nextAttemptAt: clock.now(),
    });
    await raiseRefunded(tx, seat.orderId, { ...line, cents: move.creditCents });
    await markPaymentRefunds(tx, seat.orderId);
  }
  const [refundId] =
    move.refundCents > 0
      ? await addRefund(tx, {
          orderId: seat.orderId,
          ...line,
          amountCents: move.refundCents,
          actorId: move.actorId,
          reason: move.reason,
          ...(move.handBack && { handBack: move.handBack }),
        })
      : [];
  await tx.insert(cancellations).values({
    enrollmentId: seat.enrollmentId,
    studentId: seat.familyId,
    ...line,
    orderId: seat.orderId,
    refundId: refundId ?? null,
    refundCents: move.refundCents,
    reason: move.reason,
    actorId: move.actorId,
    createdAt: clock.now(),
  });
  return { refundId: refundId ?? null };
}
