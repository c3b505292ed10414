import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../platform/database/client.js";
import { campers, users } from "../platform/database/schema.js";
import { notFound } from "../platform/errors.js";
import { camperDetailsBinding } from "../platform/sealed-columns.js";
import type { Sealer } from "../platform/sealing.js";
import { NO_DETAILS, type SensitiveDetails } from "./fields.js";

export type CamperRow = typeof campers.$inferSelect;

/** The shown name: the account holder's own name for "Myself" (it follows their profile). */
export const camperName = sql<string>`case when ${campers.isSelf} then ${users.name} else ${campers.firstName} || ' ' || ${campers.lastName} end`;

/** A camper's details as opened: `details_unreadable` when the sealed value did not open. */
export type OpenedDetails = SensitiveDetails & { details_unreadable?: true };

/**
 * Details that did not open: sealed for another camper or family (copied onto this row), sealed
 * before values were bound (the reseal tool binds those), or with a key that is not configured.
 * Shown as nothing with this flag, never as a 500 and never as what the value might hold
 * (decision 030).
 */
const UNREADABLE: OpenedDetails = { ...NO_DETAILS, details_unreadable: true };

export function openDetails(sealer: Sealer, row: Pick<CamperRow, "id" | "familyId" | "sealedDetails">): OpenedDetails {
  if (!row.sealedDetails) return NO_DETAILS;
  let plain: string;
  try {
    plain = sealer.open(row.sealedDetails, camperDetailsBinding(row));
  } catch {
    return UNREADABLE;
  }
  return { ...NO_DETAILS, ...(JSON.parse(plain) as Partial<SensitiveDetails>) };
}

/** Seals a camper's details bound to that camper and its family (`camper` is the row they go on). */
export const sealDetails = (sealer: Sealer, camper: { id: string; familyId: string }, details: SensitiveDetails) =>
  sealer.seal(
    JSON.stringify({
      allergies: details.allergies,
      medical_notes: details.medical_notes,
      medications: details.medications,
      emergency_contacts: details.emergency_contacts,
      pickup_people: details.pickup_people,
    }),
    camperDetailsBinding(camper),
  );

/** The family's wire form of a camper, details included (only ever sent to the family or to staff who may see them). */
export function camperToWire(row: CamperRow, details: SensitiveDetails, holderName: string) {
  return {
    _id: row.id,
    is_self: row.isSelf,
    first_name: row.isSelf ? holderName : row.firstName,
    last_name: row.isSelf ? "" : row.lastName,
    name: row.isSelf ? holderName : `${row.firstName} ${row.lastName}`.trim(),
    date_of_birth: row.dateOfBirth,
    ...details,
    photo_consent: row.photoConsent,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The account holder's own "Myself" camper, made the first time it is needed: every booking names
 * a camper, and an account that never added one books for itself exactly as before.
 */
export async function selfCamper(tx: Tx | Db, familyId: string): Promise<CamperRow> {
  const find = async () =>
    (
      await tx
        .select()
        .from(campers)
        .where(and(eq(campers.familyId, familyId), eq(campers.isSelf, true)))
    )[0];
  const found = await find();
  if (found) return found;
  const [holder] = await tx.select({ name: users.name }).from(users).where(eq(users.id, familyId));
  if (!holder) throw notFound("There is no such user.");
  await tx
    .insert(campers)
    .values({ familyId, isSelf: true, firstName: holder.name.slice(0, 60) || "Myself", lastName: "" })
    .onConflictDoNothing();
  return (await find())!;
}

/** The family's campers (not removed), "Myself" first, then in the order they were added. */
export function familyCampers(db: Db | Tx, familyId: string) {
  return db
    .select()
    .from(campers)
    .where(and(eq(campers.familyId, familyId), isNull(campers.removedAt)))
    .orderBy(desc(campers.isSelf), asc(campers.createdAt), asc(campers.id));
}

/** One of the family's own campers, or 404 (another family's camper answers as one that does not exist). */
export async function ownCamper(db: Db | Tx, familyId: string, camperId: string, lock = false): Promise<CamperRow> {
  const query = db
    .select()
    .from(campers)
    .where(and(eq(campers.id, camperId), eq(campers.familyId, familyId), isNull(campers.removedAt)));
  const [row] = await (lock ? query.for("update") : query);
  if (!row) throw notFound(NO_SUCH_CAMPER);
  return row;
}

const NO_SUCH_CAMPER = "There is no such camper in your family.";

/** Several of the family's own campers by id, in one query; 404 when any is not one of them. */
export async function ownCampers(db: Db | Tx, familyId: string, camperIds: string[]): Promise<Map<string, CamperRow>> {
  const ids = [...new Set(camperIds)];
  const rows = ids.length
    ? await db
        .select()
        .from(campers)
        .where(and(inArray(campers.id, ids), eq(campers.familyId, familyId), isNull(campers.removedAt)))
    : [];
  if (rows.length !== ids.length) throw notFound(NO_SUCH_CAMPER);
  return new Map(rows.map((row) => [row.id, row]));
}
