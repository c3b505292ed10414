import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import {
  camperName,
  eligibilityProblem,
  ownCamper,
  scheduleColumns,
  selfCamper,
  type CamperRow,
  type WaitlistPlace,
} from "../campers/index.js";
import { academyToday } from "../platform/academy-day.js";
import * as clock from "../platform/clock.js";
import type { Db, Tx } from "../platform/database/client.js";
import { lockAccount } from "../platform/database/locks.js";
import { campers, classes, users, waitlistCampers, waitlistEntries } from "../platform/database/schema.js";
import { conflict, notFound } from "../platform/errors.js";
import type { Sealer } from "../platform/sealing.js";
import { opensLater, registrationOpensText } from "./opening.js";
import {
  endEntry,
  fillFromLine,
  freeSeats,
  lineClassColumns,
  lockClass,
  recordEvent,
  seatsForThePublic,
  type LineClass,
  type LineOptions,
} from "./line.js";

/** A family's own entries: joining a line, leaving it, declining an offer, and what they see. */

/** The most campers one entry may hold (one family's children in one class). */
export const MAX_GROUP = 8;

/** Where an entry stands in its class's line: 1 + the waiting entries before it. */
const position = sql<number | null>`case when ${waitlistEntries.state} = 'waiting' then (
  select count(*)::int + 1 from waitlist_entries ahead
  where ahead.class_id = ${waitlistEntries.classId} and ahead.state = 'waiting' and ahead.rank < ${waitlistEntries.rank}
) end`;

/** The family's entries, newest first, as the wire shows them. */
export async function familyEntries(db: Db | Tx, familyId: string, entryIds?: string[]) {
  const rows = await db
    .select({
      id: waitlistEntries.id,
      classId: waitlistEntries.classId,
      className: classes.name,
      startDate: classes.startDate,
      state: waitlistEntries.state,
      size: waitlistEntries.size,
      position,
      joinedAt: waitlistEntries.createdAt,
      offeredAt: waitlistEntries.offeredAt,
      offerExpiresAt: waitlistEntries.offerExpiresAt,
      orderId: waitlistEntries.orderId,
      endReason: waitlistEntries.endReason,
    })
    .from(waitlistEntries)
    .innerJoin(classes, eq(classes.id, waitlistEntries.classId))
    .where(and(eq(waitlistEntries.familyId, familyId), entryIds ? inArray(waitlistEntries.id, entryIds) : undefined))
    .orderBy(desc(waitlistEntries.createdAt), asc(waitlistEntries.id));
  if (rows.length === 0) return [];
  const people = await db
    .select({
      entryId: waitlistCampers.entryId,
      camperId: waitlistCampers.camperId,
      name: camperName,
      droppedReason: waitlistCampers.droppedReason,
    })
    .from(waitlistCampers)
    .innerJoin(campers, eq(campers.id, waitlistCampers.camperId))
    .innerJoin(users, eq(users.id, campers.familyId))
    .where(
      inArray(
        waitlistCampers.entryId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(campers.createdAt), asc(campers.id));
  return rows.map((r) => ({
    _id: r.id,
    classId: r.classId,
    class_name: r.className,
    start_date: r.startDate,
    state: r.state,
    position: r.position,
    size: r.size,
    campers: people
      .filter((p) => p.entryId === r.id && p.droppedReason === null)
      .map((p) => ({ _id: p.camperId, name: p.name })),
    dropped: people
      .filter((p) => p.entryId === r.id && p.droppedReason !== null)
      .map((p) => ({ _id: p.camperId, name: p.name, reason: p.droppedReason! })),
    joinedAt: r.joinedAt.toISOString(),
    offeredAt: r.offeredAt?.toISOString() ?? null,
    offerExpiresAt: r.offerExpiresAt?.toISOString() ?? null,
    orderId: r.orderId,
    endReason: r.endReason,
  }));
}

export type EntryWire = Awaited<ReturnType<typeof familyEntries>>[number];

/** The family's waitlist entries camper by camper, newest first (the family view and the download). */
export async function familyWaitlistPlaces(db: Db | Tx, familyId: string): Promise<WaitlistPlace[]> {
  const entries = await familyEntries(db, familyId);
  return entries.flatMap((e) =>
    [...e.campers.map((c) => ({ ...c, reason: null })), ...e.dropped].map((c) => ({
      entryId: e._id,
      classId: e.classId,
      class_name: e.class_name,
      camperId: c._id,
      camper: c.name,
      state: e.state,
      place: e.position,
      dropped_reason: c.reason,
      joinedAt: e.joinedAt,
      offeredAt: e.offeredAt,
      offerExpiresAt: e.offerExpiresAt,
    })),
  );
}

/**
 * Puts a family in a class's line for some of its campers (the account holder's own "Myself" when
 * none is named). Refused while the class has seats enough to book, before registration opens,
 * after it started, for a camper who may not take a seat, or when the family already waits.
 */
export async function joinLine(
  tx: Tx,
  familyId: string,
  classId: string,
  camperIds: string[],
  sealer: Sealer,
  options: LineOptions,
): Promise<string> {
  await lockAccount(tx, familyId);
  // Everything about the family is checked under the family's lock alone; the class's row (which
  // every checkout and payment of the class waits for) is locked only for the line's own
  // read-then-write at the end, so a rush of families joining does not queue the class's buyers.
  const seen = openLineClass((await tx.select(lineClassColumns).from(classes).where(eq(classes.id, classId)))[0]);
  const wanted = [...new Set(camperIds)];
  const people: CamperRow[] =
    wanted.length === 0
      ? [await selfCamper(tx, familyId)]
      : await Promise.all(wanted.map((id) => ownCamper(tx, familyId, id)));
  for (const camper of people) {
    if (camper.removedAt) throw notFound("There is no such camper in your family.");
  }
  const [already] = await tx
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.classId, classId),
        eq(waitlistEntries.familyId, familyId),
        inArray(waitlistEntries.state, ["waiting", "offered"]),
      ),
    );
  if (already) {
    throw conflict(
      "Your family is already on this class's waitlist. To change who waits, leave it and join again (at the end of the line).",
    );
  }
  const eligible = async (c: LineClass & object) => {
    for (const camper of people) {
      const problem = await eligibilityProblem(tx, camper, c, { sealer, withCart: false });
      if (problem) throw conflict(problem);
    }
  };
  await eligible(seen);
  const cls = openLineClass(await lockClass(tx, classId));
  // Changed by staff in the meantime: the campers are checked against the class as it is now.
  const schedule = (c: object) => JSON.stringify(Object.keys(scheduleColumns).map((k) => c[k as keyof typeof c]));
  if (schedule(cls) !== schedule(seen)) await eligible(cls);
  // A line starts only once the class is full for the public: an entry for more campers than the
  // seats left would be first in line and keep those seats for itself (strict order) while nobody
  // else could book them; if no more came free they would stay empty (opening-day bench).
  const open = seatsForThePublic(cls);
  if (open > 0) throw conflict(seatsLeftText(open, people.length));
  const [last] = await tx
    .select({ rank: sql<number>`coalesce(max(${waitlistEntries.rank}), 0)`.mapWith(Number) })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.classId, classId));
  const now = clock.now();
  const [entry] = await tx
    .insert(waitlistEntries)
    .values({ classId, familyId, rank: (last?.rank ?? 0) + 1, size: people.length, createdAt: now, updatedAt: now })
    .returning({ id: waitlistEntries.id });
  await tx.insert(waitlistCampers).values(people.map((p) => ({ entryId: entry!.id, camperId: p.id, familyId })));
  await tx
    .update(classes)
    .set({ waitingEntries: sql`${classes.waitingEntries} + 1` })
    .where(eq(classes.id, classId));
  await recordEvent(tx, entry!.id, "joined", familyId);
  // Seats may be free but too few for everyone before this entry: they stay kept in order.
  if (freeSeats(cls) > 0) await fillFromLine(tx, [classId], options);
  return entry!.id;
}

/** Why a family cannot join a line while seats are left for anyone. */
function seatsLeftText(open: number, campers: number): string {
  const seats = open === 1 ? "a free seat" : `${open} free seats`;
  if (open >= campers) return `This class has ${seats}: add it to your cart instead.`;
  const them = open === 1 ? "one of them" : `${open} of them`;
  return `This class has ${seats}, not enough for your ${campers} campers together: book ${open === 1 ? "it" : "them"} for ${them}, then join the waitlist for the others.`;
}

/** A class whose line a family may join now (approved, not started, registration open), or why not. */
function openLineClass(cls: LineClass): LineClass & object {
  if (!cls || cls.status !== "approved") throw notFound("There is no such class open for booking.");
  if (cls.startDate !== null && cls.startDate < academyToday()) {
    throw conflict("This class has already started: its waitlist is closed.");
  }
  if (opensLater(cls.registrationOpensAt)) {
    throw conflict(`${registrationOpensText(cls.registrationOpensAt!)}. The waitlist opens with it.`);
  }
  return cls;
}

/** The family's own entry with its class locked first, for a change; 404 when it is not theirs. */
export async function lockOwnEntry(tx: Tx, familyId: string, entryId: string) {
  await lockAccount(tx, familyId);
  const [found] = await tx
    .select({ classId: waitlistEntries.classId })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.familyId, familyId)));
  if (!found) throw notFound("There is no such waitlist entry of yours.");
  await lockClass(tx, found.classId);
  const [entry] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, entryId)).for("update");
  return entry!;
}

export const OFFER_RAN_OUT = "This offer ran out: its seats went to the next family in line.";

const ENDED: Record<string, string> = {
  accepted: "You have already accepted this offer: its seats are in your checkout.",
  declined: "You have already declined this offer.",
  expired: OFFER_RAN_OUT,
  left: "You have already left this waitlist.",
  removed: "The academy removed this entry from the waitlist.",
};

/** Leaving the line (waiting or offered): the family's place and any kept seats go to the next. */
export async function leaveLine(tx: Tx, familyId: string, entryId: string, options: LineOptions) {
  const entry = await lockOwnEntry(tx, familyId, entryId);
  if (entry.state !== "waiting" && entry.state !== "offered") throw conflict(ENDED[entry.state]!);
  await endEntry(tx, entry, "left", { actorId: familyId }, options);
}

/** Declining an offer: its seats go to the next entry that fits. */
export async function declineOffer(tx: Tx, familyId: string, entryId: string, options: LineOptions) {
  const entry = await lockOwnEntry(tx, familyId, entryId);
  if (entry.state === "waiting")
    throw conflict("Nothing has been offered to this entry yet: leave the waitlist instead.");
  if (entry.state !== "offered") throw conflict(ENDED[entry.state]!);
  await endEntry(tx, entry, "declined", { actorId: familyId }, options);
}

/**
 * An offer the family accepts, checked under its locks: still offered and in time. Returns the
 * class and the campers whose seats it keeps (the checkout then takes them: booking's takeOffer).
 */
export async function offerToAccept(tx: Tx, familyId: string, entryId: string) {
  const entry = await lockOwnEntry(tx, familyId, entryId);
  if (entry.state === "waiting") throw conflict("Nothing has been offered to this entry yet.");
  if (entry.state !== "offered") throw conflict(ENDED[entry.state]!);
  if (!entry.offerExpiresAt || entry.offerExpiresAt.getTime() <= clock.nowMs()) throw conflict(ENDED.expired!);
  const people = await tx
    .select({ camperId: waitlistCampers.camperId })
    .from(waitlistCampers)
    .where(and(eq(waitlistCampers.entryId, entry.id), sql`${waitlistCampers.droppedReason} is null`));
  return { entryId: entry.id, classId: entry.classId, camperIds: people.map((p) => p.camperId) };
}

/** Every line a family is in, left (its account is being deleted): kept seats go to the next. */
export async function leaveEveryLine(tx: Tx, familyId: string, options: LineOptions): Promise<void> {
  const active = await tx
    .select({ id: waitlistEntries.id, classId: waitlistEntries.classId })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.familyId, familyId), inArray(waitlistEntries.state, ["waiting", "offered"])))
    .orderBy(asc(waitlistEntries.classId));
  for (const { id, classId } of active) {
    await lockClass(tx, classId);
    const [entry] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)).for("update");
    if (entry) await endEntry(tx, entry, "removed", { actorId: null, reason: "The account was deleted." }, options);
  }
}
