import { and, eq, gte, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { camperName } from "../campers/index.js";
import type { Db, Tx } from "../platform/database/client.js";
import {
  campers,
  classes,
  enrollments,
  formAnswers,
  formVersions,
  signatures,
  users,
} from "../platform/database/schema.js";
import { formsWithVersions, type FormWithVersions } from "./catalog.js";
import { completion, dueDate, isWaiver, oldestCountingVersion, type Completion } from "./model.js";

/**
 * What each family still owes: for every camper with a seat in a class not yet over, the forms
 * its classes need, each due N days before the camper's first day in them. A form filled once per
 * family is due before the family's first camper's first day.
 */

export interface ToDoItem {
  familyId: string;
  formId: string;
  title: string;
  waiver: boolean;
  /** The camper it is about; null for a form filled once per family. */
  camperId: string | null;
  camperName: string | null;
  firstDay: string;
  dueDate: string;
  status: Completion;
  /** The version answered (and signed, for a waiver) that still counts, or null. */
  answeredVersion: number | null;
  latestVersion: number;
  /** The signature that completed it, when it is a waiver (its PDF is downloadable). */
  signatureId: string | null;
  /** The classes that need it, for the office's view. */
  classIds: string[];
}

interface Seat {
  familyId: string;
  camperId: string;
  camperName: string;
  classId: string;
  sport: string | null;
  startDate: string;
}

const needs = (form: FormWithVersions["form"], seat: Seat) =>
  form.allClasses || (seat.sport !== null && form.sports.includes(seat.sport)) || form.classIds.includes(seat.classId);

/** The family's (or every family's) seats in classes that have a first day and are not over. */
async function upcomingSeats(db: Db | Tx, today: string, familyIds?: readonly string[]): Promise<Seat[]> {
  const rows = await db
    .select({
      familyId: enrollments.studentId,
      camperId: enrollments.camperId,
      camperName,
      classId: classes.id,
      sport: classes.sport,
      startDate: classes.startDate,
    })
    .from(enrollments)
    .innerJoin(classes, eq(classes.id, enrollments.classId))
    .innerJoin(campers, eq(campers.id, enrollments.camperId))
    .innerJoin(users, eq(users.id, enrollments.studentId))
    .where(
      and(
        familyIds ? inArray(enrollments.studentId, [...familyIds]) : undefined,
        isNotNull(classes.startDate),
        gte(sql`coalesce(${classes.endDate}, ${classes.startDate})`, today),
        isNull(campers.removedAt),
      ),
    );
  return rows.flatMap((r) => (r.startDate === null ? [] : [{ ...r, startDate: r.startDate }]));
}

/** The answers that complete a form: at a version, signed when that version is a waiver. */
async function completedAnswers(db: Db | Tx, familyIds: readonly string[]) {
  if (!familyIds.length) return [];
  return db
    .select({
      formId: formAnswers.formId,
      familyId: formAnswers.familyId,
      camperId: formAnswers.camperId,
      version: formVersions.version,
      fields: formVersions.fields,
      signatureId: signatures.id,
    })
    .from(formAnswers)
    .innerJoin(formVersions, eq(formVersions.id, formAnswers.versionId))
    .leftJoin(signatures, eq(signatures.answerId, formAnswers.id))
    .where(inArray(formAnswers.familyId, [...familyIds]));
}

export async function toDo(
  db: Db | Tx,
  today: string,
  options: { familyIds?: readonly string[]; formIds?: readonly string[] } = {},
): Promise<ToDoItem[]> {
  const active = await formsWithVersions(db, { ids: options.formIds });
  if (!active.length) return [];
  const seats = await upcomingSeats(db, today, options.familyIds);
  if (!seats.length) return [];
  const answers = await completedAnswers(db, [...new Set(seats.map((s) => s.familyId))]);
  const items: ToDoItem[] = [];
  for (const { form, versions } of active) {
    const latest = versions.at(-1);
    if (!latest) continue;
    const oldest = oldestCountingVersion(versions);
    // One subject per camper, or per family: its first day, and the classes that need the form.
    const subjects = new Map<string, { seat: Seat; firstDay: string; classIds: Set<string> }>();
    for (const seat of seats.filter((s) => needs(form, s))) {
      const key = form.audience === "camper" ? `${seat.familyId}|${seat.camperId}` : seat.familyId;
      const subject = subjects.get(key) ?? { seat, firstDay: seat.startDate, classIds: new Set<string>() };
      if (seat.startDate < subject.firstDay) subject.firstDay = seat.startDate;
      subject.classIds.add(seat.classId);
      subjects.set(key, subject);
    }
    for (const { seat, firstDay, classIds } of subjects.values()) {
      const camperId = form.audience === "camper" ? seat.camperId : null;
      const done = answers
        .filter((a) => a.formId === form.id && a.familyId === seat.familyId && a.camperId === camperId)
        .filter((a) => a.signatureId !== null || !isWaiver({ fields: a.fields as never }))
        .sort((a, b) => b.version - a.version)[0];
      const due = dueDate(firstDay, form.dueDaysBefore);
      const status = completion(done?.version ?? null, oldest, due, today);
      items.push({
        familyId: seat.familyId,
        formId: form.id,
        title: latest.title,
        waiver: isWaiver(latest),
        camperId,
        camperName: camperId ? seat.camperName : null,
        firstDay,
        dueDate: due,
        status,
        answeredVersion: status === "complete" ? done!.version : null,
        latestVersion: latest.version,
        signatureId: status === "complete" ? (done!.signatureId ?? null) : null,
        classIds: [...classIds],
      });
    }
  }
  return items.sort(
    (a, b) =>
      a.dueDate.localeCompare(b.dueDate) ||
      (a.camperName ?? "").localeCompare(b.camperName ?? "") ||
      a.title.localeCompare(b.title),
  );
}

export type FormsStatus = Completion | "none";

/**
 * Where each camper of a class stands on the forms that class needs, for the roster's flag: late
 * when any is late, missing when any is missing, complete when all are done, none when the class
 * needs none.
 */
export async function classFormsStatus(
  db: Db | Tx,
  today: string,
  classId: string,
  seats: readonly { familyId: string; camperId: string }[],
): Promise<Map<string, FormsStatus>> {
  const items = (await toDo(db, today, { familyIds: [...new Set(seats.map((s) => s.familyId))] })).filter((i) =>
    i.classIds.includes(classId),
  );
  const status = new Map<string, FormsStatus>();
  for (const seat of seats) {
    const own = items.filter(
      (i) => i.familyId === seat.familyId && (i.camperId === null || i.camperId === seat.camperId),
    );
    status.set(
      seat.camperId,
      own.length === 0
        ? "none"
        : own.some((i) => i.status === "late")
          ? "late"
          : own.some((i) => i.status === "missing")
            ? "missing"
            : "complete",
    );
  }
  return status;
}
