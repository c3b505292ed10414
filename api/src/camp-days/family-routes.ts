import { and, asc, eq, gte, inArray, isNotNull, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { academyToday } from "../platform/academy-day.js";
import { requirePermission } from "../platform/access/permissions.js";
import { noBody, refusals } from "../platform/contract.js";
import type { Db } from "../platform/database/client.js";
import { absenceReports, attendance, campers, classes, enrollments } from "../platform/database/schema.js";
import { conflict, notFound } from "../platform/errors.js";
import { idParam } from "../platform/wire.js";
import { meetingOn } from "./today-routes.js";
import { absenceBody, absenceReport, familyCampDays } from "./wire.js";

type Report = typeof absenceReports.$inferSelect;
const reportToWire = (r: Report) => ({
  _id: r.id,
  class_id: r.classId,
  camper_id: r.camperId,
  day: r.day,
  note: r.note,
});

/**
 * A family's side of camp days: each day of its campers so far (checked in and out when, collected
 * by whom), and the absences it tells the academy ahead of time.
 */
export const campDayFamilyRoutes =
  ({ db }: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/camp-days",
      {
        config: { access: { action: "read", entity: "camp-day" } },
        schema: {
          operationId: "getFamilyCampDays",
          tags: ["camp days"],
          summary:
            "The caller's campers' days at camp (times, who collected them) and the absences the family reported",
          response: { 200: familyCampDays.describe("The family's camp days, oldest first, and its reported absences") },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "camp-day", actor.id);
        const own = db.select({ id: campers.id }).from(campers).where(eq(campers.familyId, actor.id));
        const [days, absences] = await Promise.all([
          db
            .select()
            .from(attendance)
            .where(and(inArray(attendance.camperId, own), isNotNull(attendance.state)))
            .orderBy(asc(attendance.day), asc(attendance.classId)),
          db
            .select()
            .from(absenceReports)
            .where(inArray(absenceReports.camperId, own))
            .orderBy(asc(absenceReports.day)),
        ]);
        return {
          days: days.map((d) => ({
            class_id: d.classId,
            camper_id: d.camperId,
            day: d.day,
            state: d.state!,
            checked_in_at: d.checkedInAt?.toISOString() ?? null,
            checked_out_at: d.checkedOutAt?.toISOString() ?? null,
            departure: d.departure,
            collected_by: d.collectedBy,
          })),
          absences: absences.map(reportToWire),
        };
      },
    );

    app.post(
      "/camp-days/absences",
      {
        config: { access: { action: "create", entity: "camp-day" } },
        schema: {
          operationId: "reportAbsence",
          tags: ["camp days"],
          summary:
            "Tell the academy ahead that a camper will miss a day of a class: the coach sees it, and no 'not at camp' e-mail is sent (a second report of the day answers the first)",
          body: absenceBody.meta({
            example: {
              class_id: "00000000-0000-4000-9000-000000000001",
              camper_id: "7b7c1c1e-5d6f-4a57-9d7e-2f1c1a1b1c1d",
              day: "2027-07-06",
              note: "Dentist in the morning",
            },
          }),
          response: {
            201: absenceReport.describe("The absence as kept"),
            ...refusals({
              404: "The camper holds no seat in that class",
              409: "The class does not meet that day, the day has passed, or the camper was checked in already",
            }),
          },
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        requirePermission(actor, "create", "camp-day", actor.id);
        const { class_id: classId, camper_id: camperId, day, note } = request.body;
        const [seat] = await db
          .select({ meets: sql<boolean>`${meetingOn(day, null)}` })
          .from(enrollments)
          .innerJoin(classes, eq(classes.id, enrollments.classId))
          .where(
            and(
              eq(enrollments.classId, classId),
              eq(enrollments.camperId, camperId),
              eq(enrollments.studentId, actor.id),
            ),
          );
        if (!seat) throw notFound("This camper holds no seat in that class.");
        if (day < academyToday()) throw conflict("That day has passed: only a day to come can be reported.");
        if (!seat.meets) throw conflict("The class does not meet that day: choose one of its days.");
        const [present] = await db
          .select({ state: attendance.state })
          .from(attendance)
          .where(
            and(
              eq(attendance.classId, classId),
              eq(attendance.camperId, camperId),
              eq(attendance.day, day),
              inArray(attendance.state, ["in", "out"]),
            ),
          );
        if (present) throw conflict("The camper was checked in that day already.");
        await db
          .insert(absenceReports)
          .values({ classId, camperId, day, note, reportedBy: actor.id })
          .onConflictDoNothing();
        const [kept] = await db
          .select()
          .from(absenceReports)
          .where(
            and(
              eq(absenceReports.classId, classId),
              eq(absenceReports.camperId, camperId),
              eq(absenceReports.day, day),
            ),
          );
        return reply.code(201).send(reportToWire(kept!));
      },
    );

    app.delete(
      "/camp-days/absences/:id",
      {
        config: { access: { action: "delete", entity: "camp-day" } },
        schema: {
          operationId: "withdrawAbsence",
          tags: ["camp days"],
          summary: "Take back a reported absence, for today or a day to come",
          params: idParam,
          response: {
            204: noBody.describe("Taken back: the camper is expected that day"),
            ...refusals({ 404: "No such absence in the family", 409: "The day has passed" }),
          },
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        requirePermission(actor, "delete", "camp-day", actor.id);
        const [found] = await db
          .select({ id: absenceReports.id, day: absenceReports.day })
          .from(absenceReports)
          .innerJoin(campers, eq(campers.id, absenceReports.camperId))
          .where(and(eq(absenceReports.id, request.params.id), eq(campers.familyId, actor.id)));
        if (!found) throw notFound("There is no such absence in your family.");
        if (found.day < academyToday()) throw conflict("That day has passed.");
        await db
          .delete(absenceReports)
          .where(and(eq(absenceReports.id, found.id), gte(absenceReports.day, academyToday())));
        return reply.code(204).send();
      },
    );
  };
