import { and, asc, eq, inArray, sql } from "drizzle-orm";
import * as clock from "../platform/clock.js";
import type { Tx } from "../platform/database/client.js";
import { instalmentSeats, instalments, type AgreedPlan } from "../platform/database/schema.js";

/** A seat's key in an agreed schedule ("classId/camperId") as its two ids. */
const seatOf = (key: string) => {
  const [classId, camperId] = key.split("/");
  return { classId: classId!, camperId: camperId! };
};

/**
 * Writes a paid deposit's schedule: one instalment per later day of the plan the family agreed to,
 * with each seat's share, in the transaction that enrols them (so a schedule exists exactly when
 * its seats do). Answers what the deposit paid for each seat ("classId/camperId" keys).
 */
export async function scheduleInstalments(
  tx: Tx,
  order: { id: string; studentId: string; plan: AgreedPlan },
): Promise<Map<string, number>> {
  const deposit = new Map<string, number>();
  for (const part of order.plan.parts) {
    if (part.deposit) {
      for (const seat of part.seats) deposit.set(seat.key, (deposit.get(seat.key) ?? 0) + seat.cents);
      continue;
    }
    const [row] = await tx
      .insert(instalments)
      .values({ orderId: order.id, studentId: order.studentId, dueDay: part.due, amountCents: part.totalCents })
      .returning({ id: instalments.id });
    await tx.insert(instalmentSeats).values(
      part.seats.map((seat) => ({
        instalmentId: row!.id,
        orderId: order.id,
        ...seatOf(seat.key),
        cents: seat.cents,
      })),
    );
  }
  return deposit;
}

/**
 * A cancelled seat owes nothing more: its shares of the instalments not yet charged are removed
 * and their amounts lowered (an instalment left with nothing is cancelled). Call it in the
 * cancellation's transaction, under the family's lock. An instalment being charged right now keeps
 * the seat's share: its outcome is recorded as it comes, and what it paid is the seat's to refund.
 */
export async function cancelSeatInstalments(tx: Tx, seat: { orderId: string; classId: string; camperId: string }) {
  const shares = await tx
    .select({ instalmentId: instalments.id, cents: instalmentSeats.cents })
    .from(instalmentSeats)
    .innerJoin(instalments, eq(instalments.id, instalmentSeats.instalmentId))
    .where(
      and(
        eq(instalmentSeats.orderId, seat.orderId),
        eq(instalmentSeats.classId, seat.classId),
        eq(instalmentSeats.camperId, seat.camperId),
        inArray(instalments.status, ["scheduled", "failed"]),
      ),
    )
    .orderBy(asc(instalments.id))
    .for("update", { of: instalments });
  for (const share of shares) {
    await tx
      .delete(instalmentSeats)
      .where(
        and(
          eq(instalmentSeats.instalmentId, share.instalmentId),
          eq(instalmentSeats.classId, seat.classId),
          eq(instalmentSeats.camperId, seat.camperId),
        ),
      );
    await tx
      .update(instalments)
      .set({
        amountCents: sql`${instalments.amountCents} - ${share.cents}`,
        status: sql`case when ${instalments.amountCents} = ${share.cents} then 'cancelled' else ${instalments.status} end`,
        nextAttemptAt: sql`case when ${instalments.amountCents} = ${share.cents} then null else ${instalments.nextAttemptAt} end`,
        atRiskSince: sql`case when ${instalments.amountCents} = ${share.cents} then null else ${instalments.atRiskSince} end`,
        updatedAt: clock.now(),
      })
      .where(eq(instalments.id, share.instalmentId));
  }
  return shares.reduce((sum, s) => sum + s.cents, 0);
}
