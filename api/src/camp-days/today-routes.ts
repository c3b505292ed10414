import { and, asc, eq, inArray, lte, gte, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { rosterCampers } from "../campers/index.js";
import { classFormsStatus } from "../forms/index.js";
import { ACADEMY_TIME_ZONE, academyDayNow, academyToday } from "../platform/academy-day.js";
import { requirePermission } from "../platform/access/permissions.js";
import { nowMs } from "../platform/clock.js";
import { refusals } from "../platform/contract.js";
import type { Db } from "../platform/database/client.js";
import {
  absenceReports,
  camperDepartures,
  classes,
  enrollments,
  sensitiveReads,
  users,
  WEEKDAYS,
} from "../platform/database/schema.js";
import { conflict, notFound } from "../platform/errors.js";
import type { Sealer } from "../platform/sealing.js";
import { transaction } from "../platform/transaction.js";
import { idParam } from "../platform/wire.js";
import { act, campDays } from "./attendance.js";
import { collectors } from "./pickup.js";
import { actionAnswer, attendanceActionBody, todayAnswer } from "./wire.js";

/** Minutes after the start a camper not checked in is listed; minutes after the end one still in is a late pick-up. */
export const LATE = { arrivalMinutes: 30, pickupMinutes: 15 } as const;

export const weekdayOf = (day: string) => WEEKDAYS[(new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7]!;

const clockTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: ACADEMY_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
/** Minutes since midnight at the academy: "now", by the API's clock, against a class's hours. */
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const minutesNow = () => minutesOf(clockTime.format(new Date(nowMs())));

/** The approved classes that meet on `day` (the instructor's own unless `instructorId` is null). */
export const meetingOn = (day: string, instructorId: string | null) =>
  and(
    eq(classes.status, "approved"),
    lte(classes.startDate, day),
    gte(classes.endDate, day),
    sql`${weekdayOf(day)} = any(${classes.weekdays})`,
    instructorId ? eq(classes.instructorId, instructorId) : undefined,
  );

/**
 * Camp days, staff's side: today's classes with their campers (each read recorded, as the
 * roster's), and the actions on a camper's day. An instructor sees and acts on their own classes,
 * an admin on every class; a class that does not meet today takes no action.
 */
export const todayRoutes =
  ({ db, sealer }: { db: Db; sealer: Sealer }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/today",
      {
        config: { access: { action: "read", entity: "attendance" } },
        schema: {
          operationId: "getToday",
          tags: ["camp days"],
          summary:
            "The classes that meet today (an instructor's own, every one for an admin) with each camper's day, flags and who may collect them (recorded as a staff read)",
          response: { 200: todayAnswer.describe("Today's classes with their campers (this read is recorded)") },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "attendance");
        const { today: day, fromMs: dayStartMs } = academyDayNow();
        const now = minutesNow();
        const found = await db
          .select({
            id: classes.id,
            name: classes.name,
            startDate: classes.startDate,
            startTime: classes.startTime,
            endTime: classes.endTime,
            location: classes.location,
            instructorName: users.name,
          })
          .from(classes)
          .innerJoin(users, eq(users.id, classes.instructorId))
          .where(meetingOn(day, actor.role === "admin" ? null : actor.id))
          .orderBy(asc(classes.startTime), asc(classes.name), asc(classes.id));
        const answer = [];
        for (const cls of found) {
          const seats = await db
            .select({ camperId: enrollments.camperId, familyId: enrollments.studentId, holder: users.name })
            .from(enrollments)
            .innerJoin(users, eq(users.id, enrollments.studentId))
            .where(eq(enrollments.classId, cls.id));
          const ids = seats.map((s) => s.camperId);
          const holders = new Map(seats.map((s) => [s.familyId, s.holder]));
          const [people, forms, days, alone, reported] = await Promise.all([
            collectors(db, seats),
            classFormsStatus(db, day, cls.id, seats),
            campDays(db, cls.id, day, ids),
            ids.length === 0
              ? []
              : db
                  .select({ camperId: camperDepartures.camperId })
                  .from(camperDepartures)
                  .where(and(inArray(camperDepartures.camperId, ids), eq(camperDepartures.mayLeaveAlone, true))),
            db
              .select({ camperId: absenceReports.camperId, note: absenceReports.note })
              .from(absenceReports)
              .where(and(eq(absenceReports.classId, cls.id), eq(absenceReports.day, day))),
          ]);
          const absences = new Map(reported.map((r) => [r.camperId, { note: r.note }]));
          // What a coach needs on the day: each camper's read is recorded (reason "today"), once a
          // day for each reader and class: the list is asked again every few minutes all day.
          const recordedAlready = new Set(
            ids.length === 0
              ? []
              : (
                  await db
                    .select({ camperId: sensitiveReads.camperId })
                    .from(sensitiveReads)
                    .where(
                      and(
                        eq(sensitiveReads.readerId, actor.id),
                        eq(sensitiveReads.classId, cls.id),
                        eq(sensitiveReads.reason, "today"),
                        gte(sensitiveReads.readAt, new Date(dayStartMs)),
                        inArray(sensitiveReads.camperId, ids),
                      ),
                    )
                ).map((r) => r.camperId),
          );
          const details = await rosterCampers(db, sealer, actor, cls, ids, holders, "today", { recordedAlready });
          const leaves = new Set(alone.map((a) => a.camperId));
          const start = minutesOf(cls.startTime!);
          const end = minutesOf(cls.endTime!);
          answer.push({
            _id: cls.id,
            name: cls.name,
            instructor_name: cls.instructorName,
            location: cls.location,
            start_time: cls.startTime!.slice(0, 5),
            end_time: cls.endTime!.slice(0, 5),
            campers: seats
              .map((s) => {
                const camper = details.get(s.camperId)!;
                const attendance = days.get(s.camperId)!;
                return {
                  _id: s.camperId,
                  name: camper.name,
                  photo_consent: camper.photo_consent,
                  medical_flag: camper.medical_flag,
                  ...(camper.details_unreadable && { details_unreadable: true as const }),
                  forms: forms.get(s.camperId) ?? ("none" as const),
                  may_leave_alone: leaves.has(s.camperId),
                  pickup_people: (people.get(s.camperId) ?? []).map((p) => ({
                    _id: p.id,
                    name: p.name,
                    relation: p.relation,
                    guardian: p.guardianPosition !== null,
                  })),
                  attendance,
                  absence_reported: absences.get(s.camperId) ?? null,
                  not_here_yet:
                    attendance.state === null && !absences.has(s.camperId) && now >= start + LATE.arrivalMinutes,
                  late_pickup: attendance.state === "in" && now >= end + LATE.pickupMinutes,
                };
              })
              .sort((a, b) => a.name.localeCompare(b.name)),
          });
        }
        return { day, classes: answer };
      },
    );

    app.post(
      "/classes/:id/attendance",
      {
        config: { access: { action: "update", entity: "attendance" } },
        schema: {
          operationId: "actOnCampDay",
          tags: ["camp days"],
          summary:
            "Check a camper in, mark them absent, check them out (with a pick-up person's PIN, alone where the family allows it, or an admin's override with a note) or undo the last of these, today; sent again with the same client_id, done once",
          params: idParam,
          body: attendanceActionBody.meta({
            example: {
              camper_id: "7b7c1c1e-5d6f-4a57-9d7e-2f1c1a1b1c1d",
              action: "check_in",
              client_id: "k3J9x0Qm2aB7",
            },
          }),
          response: {
            200: actionAnswer.describe("The camper's day as it now is, and whether this action changed it"),
            ...refusals({
              404: "No such class, or the camper holds no seat in it",
              409: "The class does not meet today, or the camper's day does not allow it (checked out already, nothing to undo)",
              429: "Too many wrong PINs for this camper: only an admin's override checks them out for now",
            }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        const day = academyToday();
        const [cls] = await db
          .select({ id: classes.id, instructorId: classes.instructorId, meets: sql<boolean>`${meetingOn(day, null)}` })
          .from(classes)
          .where(eq(classes.id, request.params.id));
        if (!cls) throw notFound("There is no such class.");
        requirePermission(actor, "update", "attendance", cls.instructorId);
        if (!cls.meets) throw conflict("This class does not meet today.");
        const [seat] = await db
          .select({ familyId: enrollments.studentId })
          .from(enrollments)
          .where(and(eq(enrollments.classId, cls.id), eq(enrollments.camperId, request.body.camper_id)));
        if (!seat) throw notFound("This camper has no seat in this class.");
        const at = { classId: cls.id, camperId: request.body.camper_id, familyId: seat.familyId, day };
        const result = await transaction(db, (tx) => act(tx, actor, at, request.body));
        if ("refused" in result) throw result.refused;
        const days = await campDays(db, cls.id, day, [at.camperId]);
        return { day: days.get(at.camperId)!, outcome: result.outcome };
      },
    );
  };
