import { and, asc, count, eq, inArray, isNull } from "drizzle-orm";
import { camperName } from "../campers/index.js";
import { academyToday } from "../platform/academy-day.js";
import type { Db, Tx } from "../platform/database/client.js";
import { camperDepartures, campers, pickupPeople, users } from "../platform/database/schema.js";
import { conflict, notFound } from "../platform/errors.js";
import { hashPin, newPin } from "./pins.js";
import type { PickupPersonEdit, PickupPersonWire } from "./wire.js";

/** A family's pick-up people (the store): who may collect which camper, with a PIN each. */

/** The season a family confirms pick-up people for: the academy's year. */
export const currentSeason = (): number => Number(academyToday().slice(0, 4));

/** How many people may collect one camper (a guardian's own PIN not counted). */
export const MOST_PEOPLE = 10;

type Row = typeof pickupPeople.$inferSelect;

export const personToWire = (row: Row, season = currentSeason()): PickupPersonWire => ({
  _id: row.id,
  camper_id: row.camperId,
  guardian_position: row.guardianPosition === 1 ? 1 : row.guardianPosition === 2 ? 2 : null,
  name: row.name,
  relation: row.relation,
  phone: row.phone,
  email: row.email,
  confirmed_season: row.confirmedSeason,
  current: row.confirmedSeason === season,
});

/** The family's people still kept (removed ones stay only for the day reports that name them). */
export const keptPeople = (db: Db | Tx, familyId: string) =>
  db
    .select()
    .from(pickupPeople)
    .where(and(eq(pickupPeople.familyId, familyId), isNull(pickupPeople.removedAt)))
    .orderBy(asc(pickupPeople.createdAt), asc(pickupPeople.id));

/** The family's campers (not removed) with whether each may leave alone. */
export const familyCampers = (db: Db | Tx, familyId: string) =>
  db
    .select({ id: campers.id, name: camperName, mayLeaveAlone: camperDepartures.mayLeaveAlone })
    .from(campers)
    .innerJoin(users, eq(users.id, campers.familyId))
    .leftJoin(camperDepartures, eq(camperDepartures.camperId, campers.id))
    .where(and(eq(campers.familyId, familyId), isNull(campers.removedAt)))
    .orderBy(asc(campers.createdAt), asc(campers.id));

/** Adds a person who may collect one camper; answers the row and its PIN (the caller holds the family's lock). */
export async function addPerson(tx: Tx, familyId: string, edit: PickupPersonEdit): Promise<{ row: Row; pin: string }> {
  const [{ n } = { n: 0 }] = await tx
    .select({ n: count() })
    .from(pickupPeople)
    .where(and(eq(pickupPeople.camperId, edit.camper_id), isNull(pickupPeople.removedAt)));
  if (n >= MOST_PEOPLE) throw conflict(`At most ${MOST_PEOPLE} people may collect one camper: remove one first.`);
  const pin = newPin();
  const [row] = await tx
    .insert(pickupPeople)
    .values({
      familyId,
      camperId: edit.camper_id,
      name: edit.name,
      relation: edit.relation,
      phone: edit.phone,
      email: edit.email?.toLowerCase() ?? null,
      pinHash: await hashPin(pin),
      confirmedSeason: currentSeason(),
    })
    .returning();
  return { row: row!, pin };
}

/** Gives a guardian a PIN of their own (a new one when they had one), confirmed for this season. */
export async function guardianPin(
  tx: Tx,
  familyId: string,
  guardian: { position: 1 | 2; name: string; relation: string; phone: string; email: string | null },
): Promise<{ row: Row; pin: string }> {
  await tx
    .update(pickupPeople)
    .set({ removedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(pickupPeople.familyId, familyId),
        eq(pickupPeople.guardianPosition, guardian.position),
        isNull(pickupPeople.removedAt),
      ),
    );
  const pin = newPin();
  const [row] = await tx
    .insert(pickupPeople)
    .values({
      familyId,
      guardianPosition: guardian.position,
      name: guardian.name,
      relation: guardian.relation,
      phone: guardian.phone,
      email: guardian.email,
      pinHash: await hashPin(pin),
      confirmedSeason: currentSeason(),
    })
    .returning();
  return { row: row!, pin };
}

async function ownPerson(tx: Tx, familyId: string, personId: string): Promise<Row> {
  const [row] = await tx
    .select()
    .from(pickupPeople)
    .where(and(eq(pickupPeople.id, personId), eq(pickupPeople.familyId, familyId), isNull(pickupPeople.removedAt)));
  if (!row) throw notFound("There is no such pick-up person in your family.");
  return row;
}

/** Confirms a person for this season with a new PIN: the old one stops working at once. */
export async function renewPerson(tx: Tx, familyId: string, personId: string): Promise<{ row: Row; pin: string }> {
  await ownPerson(tx, familyId, personId);
  const pin = newPin();
  const [row] = await tx
    .update(pickupPeople)
    .set({ pinHash: await hashPin(pin), confirmedSeason: currentSeason(), updatedAt: new Date() })
    .where(eq(pickupPeople.id, personId))
    .returning();
  return { row: row!, pin };
}

export async function removePerson(tx: Tx, familyId: string, personId: string): Promise<void> {
  await ownPerson(tx, familyId, personId);
  await tx
    .update(pickupPeople)
    .set({ removedAt: new Date(), updatedAt: new Date() })
    .where(eq(pickupPeople.id, personId));
}

export async function setLeavesAlone(tx: Tx, camperId: string, mayLeaveAlone: boolean): Promise<void> {
  await tx
    .insert(camperDepartures)
    .values({ camperId, mayLeaveAlone })
    .onConflictDoUpdate({ target: camperDepartures.camperId, set: { mayLeaveAlone, updatedAt: new Date() } });
}

/** Who may collect each of these campers today: their own people and their family's guardians, confirmed this season. */
export async function collectors(db: Db | Tx, seats: readonly { camperId: string; familyId: string }[]) {
  const byCamper = new Map<string, Row[]>();
  if (seats.length === 0) return byCamper;
  const season = currentSeason();
  const rows = await db
    .select()
    .from(pickupPeople)
    .where(
      and(
        inArray(pickupPeople.familyId, [...new Set(seats.map((s) => s.familyId))]),
        isNull(pickupPeople.removedAt),
        eq(pickupPeople.confirmedSeason, season),
      ),
    )
    .orderBy(asc(pickupPeople.guardianPosition), asc(pickupPeople.createdAt));
  for (const seat of seats) {
    byCamper.set(
      seat.camperId,
      rows.filter((r) => r.familyId === seat.familyId && (r.camperId === null || r.camperId === seat.camperId)),
    );
  }
  return byCamper;
}
