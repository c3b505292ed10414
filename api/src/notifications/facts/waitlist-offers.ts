import { and, asc, eq, isNull } from "drizzle-orm";
import type { Tx } from "../../platform/database/client.js";
import { campers, classes, users, waitlistCampers, waitlistEntries } from "../../platform/database/schema.js";
import { camperName, instructors, sessionColumns, type SessionFacts } from "./session.js";

/** A waitlist's messages: an offer made to a family, an offer that ran out untaken, an entry moved. */

export interface OfferFacts {
  familyName: string;
  entryId: string;
  camperNames: string[];
  /** For each of camperNames, whether it is the account holder's own seat ("Myself": said "you"). */
  camperIsSelf?: boolean[];
  expiresAt: string;
  session: SessionFacts;
}

/** An offer that ran out untaken: the seats went to the next family in line. */
export interface OfferExpiredFacts {
  familyName: string;
  entryId: string;
  camperNames: string[];
  /** For each of camperNames, whether it is the account holder's own seat ("Myself": said "you"). */
  camperIsSelf?: boolean[];
  expiredAt: string;
  session: SessionFacts;
}

/** An offer just made to a waitlist entry (call it in the transaction that makes it). */
export async function offerFacts(tx: Tx, entryId: string): Promise<{ to: string; facts: OfferFacts } | undefined> {
  return entryFacts(tx, entryId);
}

/** An offer that just ran out (call it in the transaction that ends the entry). */
export async function offerExpiredFacts(
  tx: Tx,
  entryId: string,
): Promise<{ to: string; facts: OfferExpiredFacts } | undefined> {
  const found = await entryFacts(tx, entryId);
  if (!found) return undefined;
  const { expiresAt, ...rest } = found.facts;
  return { to: found.to, facts: { ...rest, expiredAt: expiresAt } };
}

/** A waitlist entry moved by an admin: the family hears its new place in the line. */
export interface EntryMovedFacts {
  familyName: string;
  entryId: string;
  camperNames: string[];
  /** For each of camperNames, whether it is the account holder's own seat ("Myself": said "you"). */
  camperIsSelf?: boolean[];
  /** The entry's place among the waiting entries now (1 = next), and before the move. */
  position: number;
  previousPosition: number;
  session: SessionFacts;
}

/** An entry just moved (call it in the transaction that moves it). */
export async function entryMovedFacts(
  tx: Tx,
  entryId: string,
  move: { from: number; to: number },
): Promise<{ to: string; facts: EntryMovedFacts } | undefined> {
  const found = await entryRow(tx, entryId);
  if (!found) return undefined;
  const { expiresAt: _, ...facts } = found.facts;
  return { to: found.to, facts: { ...facts, position: move.to, previousPosition: move.from } };
}

/** A waitlist entry with its offer's deadline, its family and the campers it was for. */
async function entryFacts(tx: Tx, entryId: string): Promise<{ to: string; facts: OfferFacts } | undefined> {
  const found = await entryRow(tx, entryId);
  const expiresAt = found?.facts.expiresAt;
  if (!found || !expiresAt) return undefined;
  return { to: found.to, facts: { ...found.facts, expiresAt } };
}

/** A waitlist entry, its family, the campers on it and its offer's deadline (null: none). */
async function entryRow(tx: Tx, entryId: string) {
  const [entry] = await tx
    .select({
      ...sessionColumns,
      expiresAt: waitlistEntries.offerExpiresAt,
      email: users.email,
      name: users.name,
    })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.familyId))
    .innerJoin(classes, eq(classes.id, waitlistEntries.classId))
    .innerJoin(instructors, eq(instructors.id, classes.instructorId))
    .where(eq(waitlistEntries.id, entryId));
  if (!entry) return undefined;
  const onEntry = await tx
    .select({ isSelf: campers.isSelf, firstName: campers.firstName, lastName: campers.lastName })
    .from(waitlistCampers)
    .innerJoin(campers, eq(campers.id, waitlistCampers.camperId))
    .where(and(eq(waitlistCampers.entryId, entryId), isNull(waitlistCampers.droppedReason)))
    .orderBy(asc(campers.createdAt), asc(campers.id));
  const { expiresAt, email, name, ...session } = entry;
  return {
    to: email,
    facts: {
      familyName: name,
      entryId,
      camperNames: onEntry.map((c) => camperName(c, name)),
      camperIsSelf: onEntry.map((c) => c.isSelf),
      expiresAt: expiresAt?.toISOString() ?? null,
      session,
    },
  };
}
