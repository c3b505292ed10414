import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Tx } from "../platform/database/client.js";
import { waitlistCampers, waitlistEntries } from "../platform/database/schema.js";
import { endEntry, type LineOptions } from "./line.js";

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
