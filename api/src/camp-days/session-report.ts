import { and, asc, eq, notInArray } from "drizzle-orm";
import type { z } from "zod";
import { camperName } from "../campers/index.js";
import { academyToday } from "../platform/academy-day.js";
import type { Db } from "../platform/database/client.js";
import { absenceReports, attendance, campers, classes, enrollments, users } from "../platform/database/schema.js";
import { notFound } from "../platform/errors.js";
import { campDaysOver } from "./attendance.js";
import { camperDayCells, CAMPER_DAY_COLUMNS } from "./report-csv.js";
import { weekdayOf } from "./today-routes.js";
import type { sessionSheet } from "./wire.js";

type SessionSheet = z.infer<typeof sessionSheet>;

/** The class's meeting days from its first to its last (its weekdays), in order. */
export function meetingDays(startDate: string, endDate: string, weekdays: readonly string[]): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${startDate}T12:00:00Z`); ; t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    if (day > endDate) return days;
    if (weekdays.includes(weekdayOf(day))) days.push(day);
  }
}

/** The class with its instructor, for its instructor or an admin (404 when there is none). */
export async function sheetClass(db: Db, classId: string) {
  const [cls] = await db
    .select({
      id: classes.id,
      name: classes.name,
      instructorId: classes.instructorId,
      instructorName: users.name,
      startDate: classes.startDate,
      endDate: classes.endDate,
      weekdays: classes.weekdays,
      startTime: classes.startTime,
      endTime: classes.endTime,
    })
    .from(classes)
    .innerJoin(users, eq(users.id, classes.instructorId))
    .where(eq(classes.id, classId));
  if (!cls) throw notFound("There is no such class.");
  return cls;
}

/**
 * A class's attendance over its session: every meeting day (those after today marked upcoming)
 * for every camper holding a seat, and for every camper whose seat was cancelled after a day of
 * theirs was recorded (the days they came stay on the sheet), as the day's report says each day.
 * No medical or contact detail.
 */
export async function sessionSheetOf(db: Db, cls: Awaited<ReturnType<typeof sheetClass>>): Promise<SessionSheet> {
  const today = academyToday();
  const days = cls.startDate && cls.endDate ? meetingDays(cls.startDate, cls.endDate, cls.weekdays) : [];
  const holders = await db
    .select({ camperId: enrollments.camperId, name: camperName })
    .from(enrollments)
    .innerJoin(campers, eq(campers.id, enrollments.camperId))
    .innerJoin(users, eq(users.id, campers.familyId))
    .where(eq(enrollments.classId, cls.id))
    .orderBy(asc(campers.firstName), asc(campers.lastName), asc(campers.id));
  const held = holders.map((s) => s.camperId);
  const gone = await db
    .selectDistinct({
      camperId: attendance.camperId,
      name: camperName,
      first: campers.firstName,
      last: campers.lastName,
    })
    .from(attendance)
    .innerJoin(campers, eq(campers.id, attendance.camperId))
    .innerJoin(users, eq(users.id, campers.familyId))
    .where(and(eq(attendance.classId, cls.id), held.length ? notInArray(attendance.camperId, held) : undefined))
    .orderBy(asc(campers.firstName), asc(campers.lastName), asc(attendance.camperId));
  const seats = [
    ...holders.map((s) => ({ ...s, cancelled: false })),
    ...gone.map((s) => ({ camperId: s.camperId, name: s.name, cancelled: true })),
  ];
  const byDay = await campDaysOver(
    db,
    cls.id,
    days,
    seats.map((s) => s.camperId),
  );
  const reported = new Set(
    (
      await db
        .select({ camperId: absenceReports.camperId, day: absenceReports.day })
        .from(absenceReports)
        .where(eq(absenceReports.classId, cls.id))
    ).map((r) => `${r.camperId} ${r.day}`),
  );
  return {
    class: {
      _id: cls.id,
      name: cls.name,
      instructor_name: cls.instructorName,
      start_date: cls.startDate,
      end_date: cls.endDate,
      start_time: cls.startTime?.slice(0, 5) ?? null,
      end_time: cls.endTime?.slice(0, 5) ?? null,
    },
    days: days.map((day) => ({ day, upcoming: day > today })),
    campers: seats.map((s) => {
      const cells = days.map((d) => ({
        ...byDay.get(d)!.get(s.camperId)!,
        absence_reported: reported.has(`${s.camperId} ${d}`),
      }));
      return {
        _id: s.camperId,
        name: s.name,
        seat_cancelled: s.cancelled,
        present: cells.filter((c) => c.state === "in" || c.state === "out").length,
        absent: cells.filter((c) => c.state === "absent").length,
        days: cells,
      };
    }),
  };
}

/** The sheet as CSV: one row a camper and meeting day (upcoming days left out). */
export function sessionSheetCsv(sheet: SessionSheet): string[][] {
  const head = ["day", "camper", ...CAMPER_DAY_COLUMNS];
  const past = sheet.days.flatMap((d, i) => (d.upcoming ? [] : [i]));
  const rows = past.flatMap((i) =>
    sheet.campers.map((k) => {
      const d = k.days[i]!;
      const name = k.seat_cancelled ? `${k.name} (seat cancelled)` : k.name;
      return [d.day, name, ...camperDayCells(d, d.absence_reported, "not recorded")];
    }),
  );
  return [head, ...rows];
}
