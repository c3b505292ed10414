import { asc, eq, inArray } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { camperName, campersWithMedical } from "../campers/index.js";
import { academyToday } from "../platform/academy-day.js";
import { requirePermission, type Actor } from "../platform/access/permissions.js";
import type { Db } from "../platform/database/client.js";
import { campers, classes, enrollments, users } from "../platform/database/schema.js";
import type { Sealer } from "../platform/sealing.js";
import { sendCsv } from "./report-csv.js";
import { meetingOn } from "./today-routes.js";
import { medicalReport, reportQuery } from "./wire.js";

type MedicalReport = z.infer<typeof medicalReport>;

/**
 * A day's allergy and medical report (admins): every camper holding a seat in a class that meets
 * that day, once however many of its classes they are in, with their allergies, medical notes and
 * medications. Each camper shown is recorded in the access log (reason `medical-report`) before
 * the answer leaves; campers with nothing noted are not listed.
 */
async function medicalReportOf(db: Db, sealer: Sealer, reader: Actor, day: string): Promise<MedicalReport> {
  const found = await db
    .select({
      id: classes.id,
      name: classes.name,
      instructorName: users.name,
      location: classes.location,
      startTime: classes.startTime,
      endTime: classes.endTime,
    })
    .from(classes)
    .innerJoin(users, eq(users.id, classes.instructorId))
    .where(meetingOn(day, null))
    .orderBy(asc(classes.startTime), asc(classes.name), asc(classes.id));
  const seats =
    found.length === 0
      ? []
      : await db
          .select({ camperId: enrollments.camperId, classId: enrollments.classId, name: camperName })
          .from(enrollments)
          .innerJoin(campers, eq(campers.id, enrollments.camperId))
          .innerJoin(users, eq(users.id, campers.familyId))
          .where(
            inArray(
              enrollments.classId,
              found.map((c) => c.id),
            ),
          );
  const classOf = new Map(
    found.map((c) => [
      c.id,
      {
        _id: c.id,
        name: c.name,
        instructor_name: c.instructorName,
        location: c.location,
        start_time: c.startTime!.slice(0, 5),
        end_time: c.endTime!.slice(0, 5),
      },
    ]),
  );
  const byCamper = new Map<string, { name: string; classIds: string[] }>();
  for (const s of seats) {
    const entry = byCamper.get(s.camperId) ?? { name: s.name, classIds: [] };
    entry.classIds.push(s.classId);
    byCamper.set(s.camperId, entry);
  }
  const shown = await campersWithMedical(db, sealer, reader, [...byCamper.keys()], "medical-report");
  const order = found.map((c) => c.id);
  return {
    day,
    campers_in_classes: byCamper.size,
    campers: shown
      .map((m) => {
        const seat = byCamper.get(m._id)!;
        return {
          ...m,
          name: seat.name,
          classes: seat.classIds.sort((a, b) => order.indexOf(a) - order.indexOf(b)).map((id) => classOf.get(id)!),
        };
      })
      .sort((a, b) => a.name.localeCompare(b.name) || a._id.localeCompare(b._id)),
  };
}

function medicalCsv(report: MedicalReport): string[][] {
  return [
    ["camper", "classes", "allergies", "medical_notes", "medications", "details_unreadable"],
    ...report.campers.map((k) => [
      k.name,
      k.classes.map((c) => `${c.name} ${c.start_time}-${c.end_time}`).join("; "),
      k.allergies,
      k.medical_notes,
      k.medications,
      k.details_unreadable ? "yes: ask the family" : "no",
    ]),
  ];
}

/** The office's allergy and medical report of a day, as a page's data and as CSV (admins; each read recorded). */
export const medicalReportRoutes =
  ({ db, sealer }: { db: Db; sealer: Sealer }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/admin/medical",
      {
        config: { access: { action: "read", entity: "medical-report" } },
        schema: {
          operationId: "getDayMedicalReport",
          tags: ["camp days"],
          summary:
            "A day's allergy and medical report: every camper of the classes meeting that day with allergies, medical notes or medications (admins; each camper's read recorded)",
          querystring: reportQuery,
          response: {
            200: medicalReport.describe(
              "The campers with medical details, by name (each read recorded in the access log); never cached (Cache-Control: no-store)",
            ),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "medical-report");
        const day = request.query.day ?? academyToday();
        return medicalReportOf(db, sealer, actor, day);
      },
    );

    app.get(
      "/admin/medical.csv",
      {
        config: { access: { action: "read", entity: "medical-report" } },
        schema: {
          operationId: "downloadDayMedicalReportCsv",
          tags: ["camp days"],
          summary: "The same as CSV, one row a camper (each camper's read recorded)",
          querystring: reportQuery,
          response: {
            200: {
              description:
                'A CSV file (Content-Disposition: attachment; filename="medical-<YYYY-MM-DD>.csv"): camper, classes, allergies, medical_notes, medications, details_unreadable; every cell quoted',
              content: { "text/csv": { schema: z.string() } },
            },
          },
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "medical-report");
        const day = request.query.day ?? academyToday();
        const report = await medicalReportOf(db, sealer, actor, day);
        return sendCsv(reply, `medical-${day}.csv`, medicalCsv(report));
      },
    );
  };
