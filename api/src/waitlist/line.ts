import { and, asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { eligibilityProblem, scheduleColumns } from "../campers/index.js";
import { academyToday } from "../platform/academy-day.js";
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
import type { WaitlistState } from "../platform/database/schema.js";
import { transaction } from "../platform/transaction.js";
import { enqueueOfferExpired, enqueueWaitlistOffer } from "../notifications/index.js";

/**
 * A class's line (decision 031). The rules, in one place:
 * - While any entry waits, every free seat of the class belongs to the line: the public cannot hold
 *   one (booking's holdSeat and settle read `waiting_entries = 0`), and the class shows no seat left.
 * - Order is strict: seats go to the first waiting entry, and only when enough are free for all of
 *   its campers together (siblings are offered together or not at all). Until then the free seats
 *   are kept for it, not offered to anyone behind it.
 * - An offer keeps its seats (`offered_seats`) for `WAITLIST_OFFER_HOURS`; accepting turns them into
 *   a checkout's hold; declining, leaving or the offer running out gives them to the next entry.
 * - Whatever frees seats (a hold ending, an offer ending, more capacity, an enrolment removed) calls
 *   `fillFromLine` in the same transaction.
 *
 * Locks, always in this order: the family's row (when a family acts), then the class's row, then the
 * class's entries. Every change to a line holds its class's row, so two API processes change one
 * line one after the other.
 */

export interface LineOptions {
  /** How long an offer keeps its seats. */
  offerSeconds: number;
}

/** A class as its line needs it: schedule, status, seat counts, opening. */
export const lineClassColumns = {
  ...scheduleColumns,
  status: classes.status,
  availableSeats: classes.availableSeats,
  enrolledSeats: classes.enrolledSeats,
  heldSeats: classes.heldSeats,
  offeredSeats: classes.offeredSeats,
  waitingEntries: classes.waitingEntries,
  registrationOpensAt: classes.registrationOpensAt,
};

export type LineClass = Awaited<ReturnType<typeof lockClass>>;

/**
 * Locks a class's row (its seats and its line); undefined when there is no such class. FOR NO KEY
 * UPDATE, the lock an UPDATE of the row takes: it orders every change of the seats and the line,
 * and lets rows that refer to the class be written meanwhile (a checkout's order lines and a
 * payment's enrolments take a key-share lock on the class first and update its seats last: a
 * FOR UPDATE here would wait for them while they wait for it).
 */
export async function lockClass(tx: Tx, classId: string) {
  const [row] = await tx.select(lineClassColumns).from(classes).where(eq(classes.id, classId)).for("no key update");
  return row;
}

/** Seats no one enrolled in, holds or has been offered. */
export const freeSeats = (
  c: Pick<LineClass & object, "availableSeats" | "enrolledSeats" | "heldSeats" | "offeredSeats">,
) => c.availableSeats - c.enrolledSeats - c.heldSeats - c.offeredSeats;

/** Seats anyone outside the line may take: none while an entry waits. */
export const seatsForThePublic = (c: Parameters<typeof freeSeats>[0] & { waitingEntries: number }) =>
  c.waitingEntries > 0 ? 0 : Math.max(freeSeats(c), 0);

export async function recordEvent(
  tx: Tx,
  entryId: string,
  action: (typeof waitlistEvents.$inferInsert)["action"],
  actorId: string | null,
  reason: string | null = null,
) {
  await tx.insert(waitlistEvents).values({ entryId, action, actorId, reason, at: clock.now() });
}

/** The campers still on an entry (not dropped), with their rows. */
export async function entryCampers(tx: Tx | Db, entryId: string) {
  return tx
    .select({ camper: campers })
    .from(waitlistCampers)
    .innerJoin(campers, eq(campers.id, waitlistCampers.camperId))
    .where(and(eq(waitlistCampers.entryId, entryId), isNull(waitlistCampers.droppedReason)))
    .orderBy(asc(campers.createdAt), asc(campers.id))
    .then((rows) => rows.map((r) => r.camper));
}

/** Why this account could not accept an offer (accepting asks what paying asks); null when it can. */
async function cannotAccept(tx: Tx, familyId: string): Promise<string | null> {
  const [family] = await tx
    .select({ emailVerified: users.emailVerified, role: users.role })
    .from(users)
    .where(eq(users.id, familyId));
  if (!family || family.role !== "student") return "This account can no longer book classes.";
  if (!family.emailVerified) return "This account's e-mail address is not confirmed, so it could not pay for a seat.";
  return null;
}

/**
 * Hands the class's free seats to its line, in order (the class's row is locked here, or already
 * by the caller). A waiting entry's campers are checked again (age, overlapping sessions, already
 * booked): one who can no longer take a seat is taken off the entry with the reason, and an entry
 * left with nobody ends. Returns how many entries were offered seats.
 */
export async function fillFromLine(tx: Tx, classIds: readonly string[], options: LineOptions): Promise<number> {
  let offered = 0;
  for (const classId of [...new Set(classIds)].sort()) {
    const cls = await lockClass(tx, classId);
    if (!cls || cls.waitingEntries === 0) continue;
    // A class no longer open (denied, started) offers nothing: its line waits as it is.
    if (cls.status !== "approved" || (cls.startDate !== null && cls.startDate < academyToday())) continue;
    let free = freeSeats(cls);
    let waiting = cls.waitingEntries;
    let offeredSeats = cls.offeredSeats;
    const now = clock.now();
    while (free > 0 && waiting > 0) {
      const [head] = await tx
        .select()
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.classId, classId), eq(waitlistEntries.state, "waiting")))
        .orderBy(asc(waitlistEntries.rank))
        .limit(1)
        .for("update");
      if (!head) break;
      // An account that could not accept the offer (its address no longer confirmed, no longer a
      // student's) would keep the seats from everyone behind for the offer's hours: its entry
      // ends, and the seats go on to the next family who can (decision 031).
      const cannotPay = await cannotAccept(tx, head.familyId);
      if (cannotPay) {
        await tx
          .update(waitlistEntries)
          .set({ state: "removed", endReason: cannotPay, updatedAt: now })
          .where(eq(waitlistEntries.id, head.id));
        await recordEvent(tx, head.id, "removed", null, cannotPay);
        waiting--;
        continue;
      }
      let size = 0;
      for (const camper of await entryCampers(tx, head.id)) {
        const problem = await eligibilityProblem(tx, camper, cls, { sealer: null, withCart: false });
        if (problem) {
          await tx
            .update(waitlistCampers)
            .set({ droppedReason: problem })
            .where(and(eq(waitlistCampers.entryId, head.id), eq(waitlistCampers.camperId, camper.id)));
          await recordEvent(tx, head.id, "dropped", null, problem);
        } else size++;
      }
      if (size === 0) {
        await tx
          .update(waitlistEntries)
          .set({
            state: "removed",
            size: 0,
            endReason: "Nobody on this entry can take a seat any more.",
            updatedAt: now,
          })
          .where(eq(waitlistEntries.id, head.id));
        await recordEvent(tx, head.id, "removed", null, "Nobody on this entry can take a seat any more.");
        waiting--;
        continue;
      }
      if (size > free) {
        // Strict order: the seats are kept for this entry until enough are free for all of it.
        if (size !== head.size) await tx.update(waitlistEntries).set({ size }).where(eq(waitlistEntries.id, head.id));
        break;
      }
      await tx
        .update(waitlistEntries)
        .set({
          state: "offered",
          size,
          offeredAt: now,
          offerExpiresAt: new Date(now.getTime() + options.offerSeconds * 1000),
          updatedAt: now,
        })
        .where(eq(waitlistEntries.id, head.id));
      await recordEvent(tx, head.id, "offered", null);
      // The family hears of the offer from the transaction that makes it (decision 032).
      await enqueueWaitlistOffer(tx, head.id);
      free -= size;
      offeredSeats += size;
      waiting--;
      offered++;
    }
    if (waiting !== cls.waitingEntries || offeredSeats !== cls.offeredSeats) {
      await tx.update(classes).set({ waitingEntries: waiting, offeredSeats }).where(eq(classes.id, classId));
    }
  }
  return offered;
}

/**
 * Ends an entry that is in line (waiting or offered): its kept seats go back to the line. The
 * class's row must be locked by the caller (lockClass) before the entry's.
 */
export async function endEntry(
  tx: Tx,
  entry: { id: string; classId: string; state: WaitlistState; size: number },
  state: Extract<WaitlistState, "declined" | "expired" | "left" | "removed">,
  who: { actorId: string | null; reason?: string | null },
  options: LineOptions,
): Promise<void> {
  if (entry.state !== "waiting" && entry.state !== "offered") return;
  await tx
    .update(waitlistEntries)
    .set({ state, endReason: who.reason ?? null, updatedAt: clock.now() })
    .where(eq(waitlistEntries.id, entry.id));
  await tx
    .update(classes)
    .set(
      entry.state === "offered"
        ? { offeredSeats: sql`${classes.offeredSeats} - ${entry.size}` }
        : { waitingEntries: sql`${classes.waitingEntries} - 1` },
    )
    .where(eq(classes.id, entry.classId));
  await recordEvent(tx, entry.id, state === "removed" ? "removed" : state, who.actorId, who.reason ?? null);
  await fillFromLine(tx, [entry.classId], options);
}

/**
 * Offers whose time ran out end, and their seats go to the next entries. Safe on several processes
 * at once: each class's line is changed under its row lock, and an offer is ended once.
 */
export async function expireOffers(db: Db, options: LineOptions): Promise<number> {
  const due = await db
    .selectDistinct({ classId: waitlistEntries.classId })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.state, "offered"), lt(waitlistEntries.offerExpiresAt, clock.now())))
    .limit(200);
  let ended = 0;
  for (const { classId } of due) {
    ended += await transaction(db, async (tx) => {
      if (!(await lockClass(tx, classId))) return 0;
      const overdue = await tx
        .select()
        .from(waitlistEntries)
        .where(
          and(
            eq(waitlistEntries.classId, classId),
            eq(waitlistEntries.state, "offered"),
            lt(waitlistEntries.offerExpiresAt, clock.now()),
          ),
        )
        .orderBy(asc(waitlistEntries.rank))
        .for("update");
      for (const entry of overdue) {
        await endEntry(tx, entry, "expired", { actorId: null, reason: "The offer was not taken in time." }, options);
        // The family hears that the seats went on, in the transaction that ends the offer.
        await enqueueOfferExpired(tx, entry.id);
      }
      return overdue.length;
    });
  }
  return ended;
}

/**
 * Which of these classes the family has an offer of, read without a lock: a checkout asks this
 * first and locks a class for its offer only when there is one (takeOffer checks it again).
 */
export async function offeredClassIds(db: Db | Tx, familyId: string, classIds: string[]): Promise<Set<string>> {
  if (classIds.length === 0) return new Set();
  const rows = await db
    .select({ classId: waitlistEntries.classId })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.familyId, familyId),
        inArray(waitlistEntries.classId, classIds),
        eq(waitlistEntries.state, "offered"),
      ),
    );
  return new Set(rows.map((r) => r.classId));
}

/** The family's entry in line for this class, offered to it and still valid, with the class locked before. */
export async function activeOffer(tx: Tx, familyId: string, classId: string) {
  const [entry] = await tx
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.classId, classId),
        eq(waitlistEntries.familyId, familyId),
        eq(waitlistEntries.state, "offered"),
      ),
    )
    .for("update");
  if (!entry || !entry.offerExpiresAt || entry.offerExpiresAt.getTime() <= clock.nowMs()) return undefined;
  return entry;
}

/**
 * A checkout opening for seats of a class the family was offered: the offer's kept seats become
 * the checkout's held seats (as many as it takes; the rest go back to the line) and the entry is
 * accepted. Returns the campers whose seats the offer covered (their lines need no other seat).
 * The caller holds the family's lock; the class's row is locked here before the entry's.
 */
export async function takeOffer(
  tx: Tx,
  familyId: string,
  classId: string,
  camperIds: readonly string[],
  options: LineOptions,
): Promise<{ entryId: string; camperIds: string[] } | undefined> {
  if (!(await lockClass(tx, classId))) return undefined;
  const entry = await activeOffer(tx, familyId, classId);
  if (!entry) return undefined;
  const onEntry = new Set((await entryCampers(tx, entry.id)).map((c) => c.id));
  const covered = camperIds.filter((id) => onEntry.has(id)).slice(0, entry.size);
  if (covered.length === 0) return undefined;
  await tx
    .update(waitlistEntries)
    .set({ state: "accepted", updatedAt: clock.now() })
    .where(eq(waitlistEntries.id, entry.id));
  await tx
    .update(classes)
    .set({
      offeredSeats: sql`${classes.offeredSeats} - ${entry.size}`,
      heldSeats: sql`${classes.heldSeats} + ${covered.length}`,
    })
    .where(eq(classes.id, classId));
  await recordEvent(tx, entry.id, "accepted", familyId);
  if (covered.length < entry.size) await fillFromLine(tx, [classId], options);
  return { entryId: entry.id, camperIds: covered };
}

/** Links accepted entries to the checkout their seats went to. */
export async function linkOrder(tx: Tx, entryIds: string[], orderId: string): Promise<void> {
  if (entryIds.length === 0) return;
  await tx.update(waitlistEntries).set({ orderId }).where(inArray(waitlistEntries.id, entryIds));
}
