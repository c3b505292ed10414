import { eq } from "drizzle-orm";
import type { Tx } from "../../platform/database/client.js";
import { campers, classes, orders, refunds, seatTransfers, users } from "../../platform/database/schema.js";
import { paidByText } from "./front-desk.js";
import { camperName, instructors, sessionColumns, type SessionFacts } from "./session.js";

/**
 * A camper's seat moved to another class (decision 048), as the family's message shows it: the old
 * class's credit (−), the new class's price (+), the fee kept, and the difference owed or given
 * back, which add up; and both enrolments, whose calendar events are cancelled and sent.
 */
export interface SeatMovedFacts {
  transferId: string;
  familyName: string;
  camperName: string;
  camperIsSelf: boolean;
  movedAt: string;
  from: { enrollmentId: string; session: SessionFacts };
  to: { enrollmentId: string; session: SessionFacts };
  /** Paid for the old seat and not given back before. */
  heldCents: number;
  feeCents: number;
  priceCents: number;
  creditCents: number;
  owedCents: number;
  /** The day the difference is due (academy calendar), when one is owed. */
  dueDay: string | null;
  refundCents: number;
  /** "to the card you paid with", or how the office gave it back ("in cash"). */
  refundBy: string | null;
  reason: string | null;
}

async function sessionOf(tx: Tx, classId: string): Promise<SessionFacts> {
  const [row] = await tx
    .select(sessionColumns)
    .from(classes)
    .innerJoin(instructors, eq(instructors.id, classes.instructorId))
    .where(eq(classes.id, classId));
  return row!;
}

export async function seatMovedFacts(
  tx: Tx,
  transferId: string,
): Promise<{ to: string; facts: SeatMovedFacts } | undefined> {
  const [row] = await tx
    .select({
      move: seatTransfers,
      email: users.email,
      name: users.name,
      isSelf: campers.isSelf,
      firstName: campers.firstName,
      lastName: campers.lastName,
      dueDay: orders.balanceDueDay,
      refundMethod: refunds.method,
      refundReference: refunds.reference,
    })
    .from(seatTransfers)
    .innerJoin(users, eq(users.id, seatTransfers.familyId))
    .innerJoin(campers, eq(campers.id, seatTransfers.camperId))
    .innerJoin(orders, eq(orders.id, seatTransfers.toOrderId))
    .leftJoin(refunds, eq(refunds.id, seatTransfers.refundId))
    .where(eq(seatTransfers.id, transferId));
  if (!row) return undefined;
  const { move } = row;
  return {
    to: row.email,
    facts: {
      transferId,
      familyName: row.name,
      camperName: camperName(row, row.name),
      camperIsSelf: row.isSelf,
      movedAt: move.createdAt.toISOString(),
      from: { enrollmentId: move.fromEnrollmentId, session: await sessionOf(tx, move.fromClassId) },
      to: { enrollmentId: move.toEnrollmentId, session: await sessionOf(tx, move.toClassId) },
      heldCents: move.heldCents,
      feeCents: move.feeCents,
      priceCents: move.priceCents,
      creditCents: move.creditCents,
      owedCents: move.owedCents,
      dueDay: move.owedCents > 0 ? row.dueDay : null,
      refundCents: move.refundCents,
      refundBy:
        move.refundCents === 0
          ? null
          : row.refundMethod && row.refundMethod !== "card"
            ? paidByText(row.refundMethod, row.refundReference)
            : "to the card you paid with",
      reason: move.reason,
    },
  };
}
