import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { camperName } from "../campers/index.js";
import * as clock from "../platform/clock.js";
import type { Db, Tx } from "../platform/database/client.js";
import {
  campers,
  classes,
  users,
  waitlistCampers,
  waitlistEntries,
  waitlistEvents,
} from "../platform/database/schema.js";
import { enqueueWaitlistMoved } from "../notifications/index.js";
import { conflict, notFound } from "../platform/errors.js";
import { endEntry, fillFromLine, lockClass, recordEvent, type LineOptions } from "./line.js";

/** Staff's side of a line: instructors and admins read it; admins move or remove an entry, with a reason. */

const IN_LINE = ["waiting", "offered"] as const;

/** A class's line as staff see it: offered entries first, then the waiting ones in order. */
export async function classLine(db: Db, classId: string) {
  const rows = await db
    .select({
      id: waitlistEntries.id,
      state: waitlistEntries.state,
      rank: waitlistEntries.rank,
      size: waitlistEntries.size,
      familyName: users.name,
      familyEmail: users.email,
      joinedAt: waitlistEntries.createdAt,
      offeredAt: waitlistEntries.offeredAt,
      offerExpiresAt: waitlistEntries.offerExpiresAt,
    })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.familyId))
    .where(and(eq(waitlistEntries.classId, classId), inArray(waitlistEntries.state, [...IN_LINE])))
    .orderBy(sql`${waitlistEntries.state} = 'waiting'`, asc(waitlistEntries.rank));
  const people =
    rows.length === 0
      ? []
      : await db
          .select({ entryId: waitlistCampers.entryId, name: camperName })
          .from(waitlistCampers)
          .innerJoin(campers, eq(campers.id, waitlistCampers.camperId))
          .innerJoin(users, eq(users.id, campers.familyId))
          .where(
            and(
              inArray(
                waitlistCampers.entryId,
                rows.map((r) => r.id),
              ),
              sql`${waitlistCampers.droppedReason} is null`,
            ),
          )
          .orderBy(asc(campers.createdAt), asc(campers.id));
  let waitingPosition = 0;
  return rows.map((r) => ({
    _id: r.id,
    state: r.state,
    position: r.state === "waiting" ? ++waitingPosition : null,
    size: r.size,
    family: r.familyName,
    email: r.familyEmail,
    campers: people.filter((p) => p.entryId === r.id).map((p) => p.name),
    joinedAt: r.joinedAt.toISOString(),
    offeredAt: r.offeredAt?.toISOString() ?? null,
    offerExpiresAt: r.offerExpiresAt?.toISOString() ?? null,
  }));
}

/** The class an entry waits for (who may act on it is its class's business). */
export async function entryClass(db: Db | Tx, entryId: string) {
  const [row] = await db
    .select({ classId: waitlistEntries.classId, instructorId: classes.instructorId })
    .from(waitlistEntries)
    .innerJoin(classes, eq(classes.id, waitlistEntries.classId))
    .where(eq(waitlistEntries.id, entryId));
  if (!row) throw notFound("There is no such waitlist entry.");
  return row;
}

async function lockEntry(tx: Tx, entryId: string) {
  const { classId } = await entryClass(tx, entryId);
  await lockClass(tx, classId);
  const [entry] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, entryId)).for("update");
  if (!entry) throw notFound("There is no such waitlist entry.");
  if (entry.state !== "waiting" && entry.state !== "offered") {
    throw conflict(`This entry is no longer in line (${entry.state}).`);
  }
  return entry;
}

/** An admin takes an entry out of the line, with a reason the record keeps; its kept seats go on. */
export async function removeEntry(tx: Tx, adminId: string, entryId: string, reason: string, options: LineOptions) {
  const entry = await lockEntry(tx, entryId);
  await endEntry(tx, entry, "removed", { actorId: adminId, reason }, options);
}

/**
 * An admin moves a waiting entry to another place among the waiting ones (1 = first), with a reason
 * the record keeps. The line is renumbered under its class's lock; a new head that fits is offered.
 */
export async function moveEntry(
  tx: Tx,
  adminId: string,
  entryId: string,
  to: number,
  reason: string,
  options: LineOptions,
) {
  const entry = await lockEntry(tx, entryId);
  if (entry.state !== "waiting") throw conflict("Only an entry still waiting can be moved: this one has an offer.");
  const waiting = await tx
    .select({ id: waitlistEntries.id, rank: waitlistEntries.rank })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.classId, entry.classId), eq(waitlistEntries.state, "waiting")))
    .orderBy(asc(waitlistEntries.rank))
    .for("update");
  const from = waiting.findIndex((w) => w.id === entry.id);
  const target = Math.min(Math.max(to, 1), waiting.length) - 1;
  if (from === target) return;
  const order = waiting.map((w) => w.id);
  order.splice(from, 1);
  order.splice(target, 0, entry.id);
  // New ranks after every rank the class has used (ended entries keep theirs): unique, in the new order.
  const [top] = await tx
    .select({ rank: sql<number>`coalesce(max(${waitlistEntries.rank}), 0)`.mapWith(Number) })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.classId, entry.classId));
  const base = top?.rank ?? 0;
  for (const [i, id] of order.entries()) {
    await tx
      .update(waitlistEntries)
      .set({ rank: base + i + 1, updatedAt: clock.now() })
      .where(eq(waitlistEntries.id, id));
  }
  await recordEvent(tx, entry.id, "moved", adminId, `#${from + 1} to #${target + 1}: ${reason}`);
  await fillFromLine(tx, [entry.classId], options);
  // The family hears its new place, with the move; an entry the move brought to an offer hears the offer instead.
  // Its place is counted after the line was filled (an entry ahead may have had an offer since).
  const [after] = await tx
    .select({
      state: waitlistEntries.state,
      place: sql<number>`(select count(*)::int + 1 from waitlist_entries ahead
        where ahead.class_id = ${waitlistEntries.classId} and ahead.state = 'waiting' and ahead.rank < ${waitlistEntries.rank})`,
    })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.id, entry.id));
  if (after?.state === "waiting") await enqueueWaitlistMoved(tx, entry.id, { from: from + 1, to: after.place });
}

/** Offers open now, across classes (Admin Home), soonest deadline first. */
export async function openOffers(db: Db) {
  const rows = await db
    .select({
      id: waitlistEntries.id,
      classId: waitlistEntries.classId,
      className: classes.name,
      family: users.name,
      size: waitlistEntries.size,
      offerExpiresAt: waitlistEntries.offerExpiresAt,
    })
    .from(waitlistEntries)
    .innerJoin(classes, eq(classes.id, waitlistEntries.classId))
    .innerJoin(users, eq(users.id, waitlistEntries.familyId))
    .where(eq(waitlistEntries.state, "offered"))
    .orderBy(asc(waitlistEntries.offerExpiresAt))
    .limit(100);
  return rows.map((r) => ({
    _id: r.id,
    classId: r.classId,
    class_name: r.className,
    family: r.family,
    size: r.size,
    offerExpiresAt: r.offerExpiresAt?.toISOString() ?? null,
  }));
}

/** The reasons staff gave, newest first (an entry's history). */
export async function entryHistory(db: Db, entryId: string) {
  return db
    .select({ action: waitlistEvents.action, reason: waitlistEvents.reason, at: waitlistEvents.at })
    .from(waitlistEvents)
    .where(eq(waitlistEvents.entryId, entryId))
    .orderBy(asc(waitlistEvents.at));
}
