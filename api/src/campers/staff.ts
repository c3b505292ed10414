import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Actor } from "../platform/access/permissions.js";
import type { Db, Tx } from "../platform/database/client.js";
import {
  campers,
  classes,
  enrollments,
  sensitiveReads,
  users,
  type SensitiveReadReason,
} from "../platform/database/schema.js";
import type { Sealer } from "../platform/sealing.js";
import { ageOn } from "./fields.js";
import { openDetails } from "./store.js";

/**
 * What staff see of a camper: the instructor of a class the camper holds a seat in, and
 * admins. Every read of the medical and contact details is recorded (who, when, which camper,
 * why) before the details leave the server.
 */
export async function recordReads(
  db: Db | Tx,
  reader: Pick<Actor, "id" | "email" | "role">,
  read: { camperId: string; familyId: string }[],
  reason: SensitiveReadReason,
  classId: string | null = null,
): Promise<void> {
  if (read.length === 0) return;
  await db.insert(sensitiveReads).values(
    read.map((r) => ({
      readerId: reader.id,
      readerEmail: reader.email,
      readerRole: reader.role,
      camperId: r.camperId,
      familyId: r.familyId,
      classId,
      reason,
    })),
  );
}

export interface RosterCamper {
  _id: string;
  name: string;
  is_self: boolean;
  /** Age on the class's first day (null without a date of birth or a first day). */
  age: number | null;
  /** Whether there is anything under allergies, medical notes or medications (details on demand). */
  medical_flag: boolean;
  emergency_contacts: { name: string; relation: string; phone: string }[];
  pickup_people: { name: string; relation: string; phone: string }[];
  photo_consent: boolean;
  /** Set when the camper's details could not be opened (decision 030): ask the family. */
  details_unreadable?: true;
  /** The allergies, medical notes and medications themselves, only when asked for (the CSV, the printed roster). */
  medical?: { allergies: string; medical_notes: string; medications: string };
}

/**
 * The campers of a class's roster with what an instructor needs on the day, each read recorded.
 * `holders` names each family's account holder (the "Myself" camper's name).
 */
export async function rosterCampers(
  db: Db,
  sealer: Sealer,
  reader: Pick<Actor, "id" | "email" | "role">,
  cls: { id: string; startDate: string | null },
  camperIds: string[],
  holders: Map<string, string>,
  reason: SensitiveReadReason = "roster",
  {
    withMedical = false,
    recordedAlready = new Set<string>(),
  }: {
    withMedical?: boolean;
    /** Campers whose read of this kind the caller knows is on record (the Today list: once a day). */
    recordedAlready?: ReadonlySet<string>;
  } = {},
): Promise<Map<string, RosterCamper>> {
  if (camperIds.length === 0) return new Map();
  const rows = await db.select().from(campers).where(inArray(campers.id, camperIds));
  await recordReads(
    db,
    reader,
    rows.filter((r) => !recordedAlready.has(r.id)).map((r) => ({ camperId: r.id, familyId: r.familyId })),
    reason,
    cls.id,
  );
  return new Map(
    rows.map((row) => {
      const details = openDetails(sealer, row);
      return [
        row.id,
        {
          _id: row.id,
          name: row.isSelf ? (holders.get(row.familyId) ?? row.firstName) : `${row.firstName} ${row.lastName}`,
          is_self: row.isSelf,
          age: row.dateOfBirth && cls.startDate ? ageOn(row.dateOfBirth, cls.startDate) : null,
          medical_flag: Boolean(details.allergies || details.medical_notes || details.medications),
          emergency_contacts: details.emergency_contacts,
          pickup_people: details.pickup_people,
          photo_consent: row.photoConsent,
          ...(details.details_unreadable && { details_unreadable: true as const }),
          ...(withMedical && {
            medical: {
              allergies: details.allergies,
              medical_notes: details.medical_notes,
              medications: details.medications,
            },
          }),
        },
      ];
    }),
  );
}

/** One camper's medical details for a roster (on demand), recorded as a "detail" read. */
export async function camperMedicalDetails(
  db: Db,
  sealer: Sealer,
  reader: Pick<Actor, "id" | "email" | "role">,
  classId: string,
  camperId: string,
) {
  const [row] = await db.select().from(campers).where(eq(campers.id, camperId));
  if (!row) return undefined;
  await recordReads(db, reader, [{ camperId: row.id, familyId: row.familyId }], "detail", classId);
  const { allergies, medical_notes, medications, details_unreadable } = openDetails(sealer, row);
  return { _id: row.id, allergies, medical_notes, medications, ...(details_unreadable && { details_unreadable }) };
}

/**
 * The medical details of every camper of a class who has any (allergies, medical notes,
 * medications), for the staff member printing its roster: each camper's read is recorded as a
 * "detail" read, as when the details are shown one at a time. Campers whose details could not be
 * opened are listed too, so the printout says to ask the family.
 */
export async function classMedicalDetails(
  db: Db,
  sealer: Sealer,
  reader: Pick<Actor, "id" | "email" | "role">,
  classId: string,
) {
  const rows = await db
    .select({ camper: campers })
    .from(enrollments)
    .innerJoin(campers, eq(campers.id, enrollments.camperId))
    .where(eq(enrollments.classId, classId))
    .orderBy(asc(enrollments.createdAt), asc(enrollments.id));
  const opened = rows.map(({ camper }) => ({ camper, details: openDetails(sealer, camper) }));
  const shown = opened.filter(
    ({ details }) =>
      details.details_unreadable || Boolean(details.allergies || details.medical_notes || details.medications),
  );
  await recordReads(
    db,
    reader,
    shown.map(({ camper }) => ({ camperId: camper.id, familyId: camper.familyId })),
    "detail",
    classId,
  );
  return shown.map(({ camper, details: { allergies, medical_notes, medications, details_unreadable } }) => ({
    _id: camper.id,
    allergies,
    medical_notes,
    medications,
    ...(details_unreadable && { details_unreadable }),
  }));
}

/**
 * The medical details of these campers who have any (allergies, medical notes, medications), or
 * whose details did not open, each read recorded under `reason` before they are returned; the
 * others are opened to find out, and neither recorded nor returned.
 */
export async function campersWithMedical(
  db: Db,
  sealer: Sealer,
  reader: Pick<Actor, "id" | "email" | "role">,
  camperIds: string[],
  reason: SensitiveReadReason,
) {
  if (camperIds.length === 0) return [];
  const rows = await db.select().from(campers).where(inArray(campers.id, camperIds));
  const shown = rows
    .map((camper) => ({ camper, details: openDetails(sealer, camper) }))
    .filter(
      ({ details }) =>
        details.details_unreadable || Boolean(details.allergies || details.medical_notes || details.medications),
    );
  await recordReads(
    db,
    reader,
    shown.map(({ camper }) => ({ camperId: camper.id, familyId: camper.familyId })),
    reason,
  );
  return shown.map(({ camper, details: { allergies, medical_notes, medications, details_unreadable } }) => ({
    _id: camper.id,
    allergies,
    medical_notes,
    medications,
    ...(details_unreadable && { details_unreadable }),
  }));
}

const reader = alias(users, "reader");
const holder = alias(users, "holder");

/**
 * The access log, newest first, one page, each read with the names an admin reads it by: the
 * reader's (null once their account is gone: the e-mail was kept), the camper's as the family
 * entered it ("Myself" is the account holder's name; null once the camper's row is gone, with
 * their family's account) and the class's (null once the class was deleted). Only the names: a
 * camper's sealed details are never selected, let alone opened.
 */
export async function accessLogPage(db: Db, window: { size: number; offset: number }, camperId?: string) {
  return db
    .select({
      id: sensitiveReads.id,
      readerId: sensitiveReads.readerId,
      readerName: reader.name,
      readerEmail: sensitiveReads.readerEmail,
      readerRole: sensitiveReads.readerRole,
      camperId: sensitiveReads.camperId,
      camperName: sql<
        string | null
      >`case when ${campers.isSelf} then coalesce(${holder.name}, ${campers.firstName}) else trim(${campers.firstName} || ' ' || ${campers.lastName}) end`,
      camperRemoved: sql<boolean>`(${campers.id} is null or ${campers.removedAt} is not null)`,
      familyId: sensitiveReads.familyId,
      classId: sensitiveReads.classId,
      className: classes.name,
      reason: sensitiveReads.reason,
      readAt: sensitiveReads.readAt,
    })
    .from(sensitiveReads)
    .leftJoin(reader, eq(reader.id, sensitiveReads.readerId))
    .leftJoin(campers, eq(campers.id, sensitiveReads.camperId))
    .leftJoin(holder, eq(holder.id, campers.familyId))
    .leftJoin(classes, eq(classes.id, sensitiveReads.classId))
    .where(camperId ? and(eq(sensitiveReads.camperId, camperId)) : undefined)
    .orderBy(desc(sensitiveReads.readAt), asc(sensitiveReads.id))
    .limit(window.size)
    .offset(window.offset);
}
