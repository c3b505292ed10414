import { and, asc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { camperName } from "../campers/index.js";
import { academyToday } from "../platform/academy-day.js";
import { requirePermission } from "../platform/access/permissions.js";
import { nowMs } from "../platform/clock.js";
import type { Db } from "../platform/database/client.js";
import { absenceReports, campers, classes, enrollments, users } from "../platform/database/schema.js";
import { campDays } from "./attendance.js";
import { CAMPER_DAY_COLUMNS, camperDayCells, clockNow, clockOf, minutesOf, sendCsv } from "./report-csv.js";
import type { Sealer } from "../platform/sealing.js";
import { medicalReportRoutes } from "./medical-report-routes.js";
import { sessionSheetRoutes } from "./session-routes.js";
import { LATE, meetingOn } from "./today-routes.js";
import { dayReport, reportQuery } from "./wire.js";

type DayReport = z.infer<typeof dayReport>;

/**
 * A day's attendance across every class that met (admins): each camper's day, with reported
 * absences, late pick-ups and overrides counted. No medical or contact detail is in it.
 */
async function reportOf(db: Db, day: string, nowMinutes: number | null): Promise<DayReport> {
  const found = await db
    .select({
      id: classes.id,
      name: classes.name,
      instructorName: users.name,
      startTime: classes.startTime,
      endTime: classes.endTime,
    })
    .from(classes)
    .innerJoin(users, eq(users.id, classes.instructorId))
    .where(meetingOn(day, null))
    .orderBy(asc(classes.startTime), asc(classes.name), asc(classes.id));
  const totals = { seats: 0, present: 0, absent: 0, not_seen: 0, late_pickups: 0, overrides: 0 };
  const out: DayReport["classes"] = [];
  for (const cls of found) {
    const seats = await db
      .select({ camperId: enrollments.camperId, name: camperName })
      .from(enrollments)
      .innerJoin(campers, eq(campers.id, enrollments.camperId))
      .innerJoin(users, eq(users.id, campers.familyId))
      .where(eq(enrollments.classId, cls.id))
      .orderBy(asc(campers.firstName), asc(campers.lastName), asc(campers.id));
    const days = await campDays(
      db,
      cls.id,
      day,
      seats.map((s) => s.camperId),
    );
    const reported = new Set(
      (
        await db
          .select({ camperId: absenceReports.camperId })
          .from(absenceReports)
          .where(and(eq(absenceReports.classId, cls.id), eq(absenceReports.day, day)))
      ).map((r) => r.camperId),
    );
    const lateAfter = minutesOf(cls.endTime!) + LATE.pickupMinutes;
    const rows = seats.map((s) => {
      const d = days.get(s.camperId)!;
      const late =
        (d.state === "out" && minutesOf(clockOf(d.checked_out_at)) >= lateAfter) ||
        (d.state === "in" && nowMinutes !== null && nowMinutes >= lateAfter);
      totals.seats++;
      if (d.state === "in" || d.state === "out") totals.present++;
      if (d.state === "absent") totals.absent++;
      if (d.state === null) totals.not_seen++;
      if (late) totals.late_pickups++;
      if (d.departure === "override") totals.overrides++;
      return { _id: s.camperId, name: s.name, day: d, absence_reported: reported.has(s.camperId), late_pickup: late };
    });
    out.push({
      _id: cls.id,
      name: cls.name,
      instructor_name: cls.instructorName,
      start_time: cls.startTime!.slice(0, 5),
      end_time: cls.endTime!.slice(0, 5),
      campers: rows,
    });
  }
  return { day, totals, classes: out };
}

function reportCsv(report: DayReport): string[][] {
  const head = ["class", "instructor", "camper", ...CAMPER_DAY_COLUMNS, "late_pickup"];
  const rows = report.classes.flatMap((c) =>
    c.campers.map((k) => [
      c.name,
      c.instructor_name,
      k.name,
      ...camperDayCells(k.day, k.absence_reported, "not seen"),
      k.late_pickup ? "yes" : "no",
    ]),
  );
  return [head, ...rows];
}

/** The office's reports of camp days: a day's attendance and medical report (admins), a class's session (its instructor too). */
export const campDayReportRoutes =
  ({ db, sealer }: { db: Db; sealer: Sealer }): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(sessionSheetRoutes({ db }));
    await app.register(medicalReportRoutes({ db, sealer }));
    const dayOf = (asked: string | undefined) => {
      const today = academyToday();
      const day = asked ?? today;
      // Late pick-ups of today are counted up to now; of a past day, from the check-outs kept.
      const nowMinutes = day === today ? minutesOf(clockNow(nowMs())) : day < today ? 24 * 60 : null;
      return { day, nowMinutes };
    };

    app.get(
      "/admin/attendance",
      {
        config: { access: { action: "read", entity: "attendance-report" } },
        schema: {
          operationId: "getDayAttendance",
          tags: ["camp days"],
          summary:
            "A day's attendance across every class that met: present, absent, not seen, late pick-ups, overrides (admins)",
          querystring: reportQuery,
          response: { 200: dayReport.describe("The day's attendance, class by class") },
        },
      },
      async (request) => {
        requirePermission(await request.requireActor(), "read", "attendance-report");
        const { day, nowMinutes } = dayOf(request.query.day);
        return reportOf(db, day, nowMinutes);
      },
    );

    app.get(
      "/admin/attendance.csv",
      {
        config: { access: { action: "read", entity: "attendance-report" } },
        schema: {
          operationId: "downloadDayAttendanceCsv",
          tags: ["camp days"],
          summary: "The same as CSV, one row a camper and class",
          querystring: reportQuery,
          response: {
            200: {
              description:
                'A CSV file (Content-Disposition: attachment; filename="attendance-<YYYY-MM-DD>.csv"): class, instructor, camper, state, times, who, collected by, departure, override note, absence reported, late pick-up; every cell quoted',
              content: { "text/csv": { schema: z.string() } },
            },
          },
        },
      },
      async (request, reply) => {
        requirePermission(await request.requireActor(), "read", "attendance-report");
        const { day, nowMinutes } = dayOf(request.query.day);
        return sendCsv(reply, `attendance-${day}.csv`, reportCsv(await reportOf(db, day, nowMinutes)));
      },
    );
  };
