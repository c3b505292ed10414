import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Tx } from "../platform/database/client.js";
import { waitlistCampers, waitlistEntries } from "../platform/database/schema.js";
import { endEntry, recordEvent, type LineOptions } from "./line.js";

/**
 * A family's own waiting entries of classes the front desk just booked its campers into (decision
 * 047): an entry every camper of which now has a seat leaves the line as "removed", with the
 * office's words in its history, so the line never offers those campers a second seat. An entry
 * with a camper still to seat keeps its place. Called in the booking's transaction, after its
 * seats were taken (the classes' rows are locked: the line's order, class before entry).
 */
export async function leaveLinesBookedAtDesk(
  tx: Tx,
  booking: {
    familyId: string;
    seats: readonly { classId: string; camperId: string }[];
    adminId: string;
    reason: string | null;
  },
  options: LineOptions,
): Promise<number> {
  const classIds = [...new Set(booking.seats.map((s) => s.classId))];
  const entries = await tx
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.familyId, booking.familyId),
        inArray(waitlistEntries.classId, classIds),
        eq(waitlistEntries.state, "waiting"),
      ),
    )
    .orderBy(asc(waitlistEntries.classId))
    .for("update");
  let ended = 0;
  for (const entry of entries) {
    const waiting = await tx
      .select({ camperId: waitlistCampers.camperId })
      .from(waitlistCampers)
      .where(and(eq(waitlistCampers.entryId, entry.id), isNull(waitlistCampers.droppedReason)));
    const seated = booking.seats.filter((s) => s.classId === entry.classId).map((s) => s.camperId);
    if (!waiting.every((c) => seated.includes(c.camperId))) continue;
    const words = `Booked at the front desk${booking.reason ? `: ${booking.reason}` : ""}`;
    await endEntry(tx, entry, "removed", { actorId: booking.adminId, reason: words.slice(0, 300) }, options);
    ended++;
  }
  return ended;
}

/**
 * The families waiting in the lines of classes the office booked ahead of (decision 047): each
 * waiting entry's history keeps who went ahead and the office's reason, in the booking's
 * transaction, so a family asking why the seat did not come to them gets the office's own words.
 */
export async function notePassedOver(
  tx: Tx,
  booking: { familyId: string; classIds: readonly string[]; adminId: string; reason: string },
): Promise<number> {
  if (booking.classIds.length === 0) return 0;
  const entries = await tx
    .select({ id: waitlistEntries.id, familyId: waitlistEntries.familyId })
    .from(waitlistEntries)
    .where(and(inArray(waitlistEntries.classId, [...booking.classIds]), eq(waitlistEntries.state, "waiting")))
    .orderBy(asc(waitlistEntries.id));
  const others = entries.filter((e) => e.familyId !== booking.familyId);
  for (const entry of others) {
    await recordEvent(
      tx,
      entry.id,
      "passed",
      booking.adminId,
      `The office booked a seat ahead of the line: ${booking.reason}`.slice(0, 300),
    );
  }
  return others.length;
}
