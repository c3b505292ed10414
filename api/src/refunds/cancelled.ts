import { and, desc, eq, isNull } from "drizzle-orm";
import { camperName } from "../campers/index.js";
import type { Db } from "../platform/database/client.js";
import { campers, cancellations, classes, refunds, seatTransfers, users } from "../platform/database/schema.js";
import { toDollars } from "../platform/wire.js";

/**
 * A family's cancelled seats, newest first: the enrolment row went with the cancellation, its
 * record stayed (with the class, whose seat it was, when, and the refund it gave), so My Enrolled
 * Classes keeps listing the seat as cancelled instead of losing it. A seat moved to another class
 * (decision 048) is not listed: it was not given up.
 */
export async function cancelledSeats(db: Db, familyId: string) {
  const rows = await db
    .select({
      id: cancellations.id,
      enrollmentId: cancellations.enrollmentId,
      classId: classes.id,
      className: classes.name,
      image: classes.image,
      startDate: classes.startDate,
      endDate: classes.endDate,
      camperId: cancellations.camperId,
      camper: camperName,
      refundCents: cancellations.refundCents,
      refundStatus: refunds.status,
      cancelledAt: cancellations.createdAt,
    })
    .from(cancellations)
    .innerJoin(classes, eq(classes.id, cancellations.classId))
    .innerJoin(campers, eq(campers.id, cancellations.camperId))
    .innerJoin(users, eq(users.id, campers.familyId))
    .leftJoin(refunds, eq(refunds.id, cancellations.refundId))
    // A seat moved to another class was not given up: the new seat and the payment history say it.
    .leftJoin(seatTransfers, eq(seatTransfers.fromEnrollmentId, cancellations.enrollmentId))
    .where(and(eq(cancellations.studentId, familyId), isNull(seatTransfers.id)))
    .orderBy(desc(cancellations.createdAt), desc(cancellations.id));
  return rows.map((r) => ({
    _id: r.id,
    enrollmentId: r.enrollmentId,
    classId: r.classId,
    class_name: r.className,
    image: r.image,
    camper: r.camper,
    camperId: r.camperId,
    start_date: r.startDate,
    end_date: r.endDate,
    cancelledAt: r.cancelledAt.toISOString(),
    refund: toDollars(r.refundCents),
    refundCents: r.refundCents,
    refundStatus: r.refundCents > 0 ? r.refundStatus : null,
  }));
}
