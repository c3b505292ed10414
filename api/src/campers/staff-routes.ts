import { and, asc, count, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requirePermission } from "../platform/access/permissions.js";
import { familyGuardians, guardianContacts } from "../guardians/index.js";
import { csvRows, peopleCell } from "../platform/csv.js";
import { campers, classes, enrollments, sensitiveReads, users } from "../platform/database/schema.js";
import { refusals } from "../platform/contract.js";
import { notFound } from "../platform/errors.js";
import { pageQuery, pageWindow } from "../platform/paging.js";
import { idParam } from "../platform/wire.js";
import { accessLogList, family, rosterCamperMedical } from "./answers.js";
import type { FamilyDataDeps } from "./routes.js";
import { accessLogPage, camperMedicalDetails, classMedicalDetails, recordReads, rosterCampers } from "./staff.js";
import { camperToWire, openDetails } from "./store.js";

/** Staff's reads of campers: an instructor's roster details and export, an admin's view of a family, the access log. */
export const camperStaffRoutes =
  ({ db, sealer, waitlistOf }: FamilyDataDeps): FastifyPluginAsyncZod =>
  async (app) => {
    async function rosterClass(classId: string) {
      const [cls] = await db
        .select({
          id: classes.id,
          name: classes.name,
          instructorId: classes.instructorId,
          startDate: classes.startDate,
        })
        .from(classes)
        .where(eq(classes.id, classId));
      if (!cls) throw notFound("There is no such class.");
      return cls;
    }

    app.get(
      "/classes/:id/roster/:camperId/medical",
      {
        config: { access: { action: "read", entity: "roster" } },
        schema: {
          tags: ["classes"],
          summary:
            "A camper's allergies, medical notes and medications, for the class's instructor or an admin (recorded)",
          operationId: "getRosterCamperMedical",
          params: idParam.extend({ camperId: z.uuid({ error: "Not a valid id." }) }),
          response: {
            200: rosterCamperMedical.describe("The camper's medical details (this read is recorded in the access log)"),
            ...refusals({ 404: "There is no such class, or the camper has no seat in it" }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        const cls = await rosterClass(request.params.id);
        requirePermission(actor, "read", "roster", cls.instructorId);
        const [seat] = await db
          .select({ id: enrollments.id })
          .from(enrollments)
          .where(and(eq(enrollments.classId, cls.id), eq(enrollments.camperId, request.params.camperId)));
        if (!seat) throw notFound("This camper has no seat in this class.");
        return (await camperMedicalDetails(db, sealer, actor, cls.id, request.params.camperId))!;
      },
    );

    app.get(
      "/classes/:id/roster/medical",
      {
        config: { access: { action: "read", entity: "roster" } },
        schema: {
          tags: ["classes"],
          summary:
            "Every camper of a class with allergies, medical notes or medications, with them, for printing the roster: the class's instructor or an admin (each camper's read recorded)",
          operationId: "getRosterMedical",
          params: idParam,
          response: {
            200: z
              .array(rosterCamperMedical)
              .describe(
                "The campers with medical details, in the order their seats were taken (each read recorded in the access log); never cached",
              ),
            ...refusals({ 404: "There is no such class" }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        const cls = await rosterClass(request.params.id);
        requirePermission(actor, "read", "roster", cls.instructorId);
        return classMedicalDetails(db, sealer, actor, cls.id);
      },
    );

    app.get(
      "/classes/:id/roster.csv",
      {
        config: { access: { action: "read", entity: "roster" } },
        schema: {
          tags: ["classes"],
          summary:
            "A class's roster as CSV (campers, ages, contacts, pick-ups), for its instructor or an admin (recorded)",
          operationId: "downloadRosterCsv",
          params: idParam,
          response: {
            200: {
              description:
                'The roster as a CSV file to save (Content-Disposition: attachment; filename="roster-<class-name>.csv"): a header row, then one row a seat with camper, age_on_first_day, medical_or_allergy (yes/no), allergies, medical_notes, medications (as the family wrote them), emergency_contacts, pickup_people, photo_consent (yes/no), account_holder, email, guardians (each with relation and phone); every cell quoted. The read of each camper is recorded in the access log',
              headers: {
                "Content-Disposition": {
                  type: "string",
                  description:
                    'attachment; filename="roster-<class-name>.csv" (the class\'s name in lower-case letters, digits and dashes)',
                },
              },
              content: { "text/csv": { schema: z.string() } },
            },
            ...refusals({ 404: "There is no such class" }),
          },
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        const cls = await rosterClass(request.params.id);
        requirePermission(actor, "read", "roster", cls.instructorId);
        const seats = await db
          .select({
            camperId: enrollments.camperId,
            familyId: enrollments.studentId,
            holder: users.name,
            email: users.email,
          })
          .from(enrollments)
          .innerJoin(users, eq(users.id, enrollments.studentId))
          .where(eq(enrollments.classId, cls.id))
          .orderBy(asc(enrollments.createdAt), asc(enrollments.id));
        const holders = new Map(seats.map((s) => [s.familyId, s.holder]));
        const found = await rosterCampers(
          db,
          sealer,
          actor,
          cls,
          seats.map((s) => s.camperId),
          holders,
          "roster-export",
          { withMedical: true },
        );
        const contacts = await guardianContacts(
          db,
          seats.map((s) => s.familyId),
        );
        const rows = seats.map((s) => {
          const c = found.get(s.camperId)!;
          return [
            c.name,
            c.age === null ? "" : String(c.age),
            c.medical_flag ? "yes" : "no",
            c.medical?.allergies ?? "",
            c.medical?.medical_notes ?? "",
            c.medical?.medications ?? "",
            peopleCell(c.emergency_contacts),
            peopleCell(c.pickup_people),
            c.photo_consent ? "yes" : "no",
            s.holder,
            s.email,
            peopleCell(contacts.get(s.familyId) ?? []),
          ];
        });
        const file = `roster-${
          cls.name
            .replace(/[^A-Za-z0-9]+/g, "-")
            .replace(/^-|-$/g, "")
            .toLowerCase() || "class"
        }.csv`;
        return reply
          .header("content-type", "text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="${file}"`)
          .send(
            csvRows([
              [
                "camper",
                "age_on_first_day",
                "medical_or_allergy",
                "allergies",
                "medical_notes",
                "medications",
                "emergency_contacts",
                "pickup_people",
                "photo_consent",
                "account_holder",
                "email",
                "guardians",
              ],
              ...rows,
            ]),
          );
      },
    );

    app.get(
      "/users/:id/family",
      {
        config: { access: { action: "read", entity: "family" } },
        schema: {
          tags: ["users"],
          summary:
            "A family's campers with their details, seats and waitlist entries (admins; each camper's read is recorded)",
          operationId: "getFamily",
          params: idParam,
          response: {
            200: family.describe("The family's account holder and campers, removed ones too"),
            ...refusals({ 404: "There is no such user" }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "family", "others");
        const [holder] = await db
          .select({ id: users.id, name: users.name, email: users.email })
          .from(users)
          .where(eq(users.id, request.params.id));
        if (!holder) throw notFound("There is no such user.");
        const rows = await db
          .select()
          .from(campers)
          .where(eq(campers.familyId, holder.id))
          .orderBy(asc(campers.createdAt));
        await recordReads(
          db,
          actor,
          rows.filter((r) => r.sealedDetails).map((r) => ({ camperId: r.id, familyId: r.familyId })),
          "family",
        );
        const seats = await db
          .select({
            enrollmentId: enrollments.id,
            camperId: enrollments.camperId,
            classId: classes.id,
            className: classes.name,
            startDate: classes.startDate,
            endDate: classes.endDate,
          })
          .from(enrollments)
          .innerJoin(classes, eq(classes.id, enrollments.classId))
          .where(eq(enrollments.studentId, holder.id))
          .orderBy(asc(classes.startDate), asc(classes.name));
        const waiting = await waitlistOf(db, holder.id);
        return {
          holder: { _id: holder.id, name: holder.name, email: holder.email },
          guardians: await familyGuardians(db, holder.id),
          campers: rows.map((row) => ({
            ...camperToWire(row, openDetails(sealer, row), holder.name),
            removed: row.removedAt !== null,
            enrolments: seats
              .filter((s) => s.camperId === row.id)
              .map((s) => ({
                _id: s.enrollmentId,
                classId: s.classId,
                class_name: s.className,
                start_date: s.startDate,
                end_date: s.endDate,
              })),
            waitlist: waiting.filter((w) => w.camperId === row.id),
          })),
        };
      },
    );

    app.get(
      "/admin/access-log",
      {
        config: { access: { action: "read", entity: "camper-log" } },
        schema: {
          tags: ["admin"],
          summary: "Every staff read of campers' medical and contact details, newest first, paged",
          operationId: "listAccessLog",
          querystring: pageQuery(["newest"], { camperId: z.uuid({ error: "Not a valid id." }).optional() }).meta({
            example: { page: 1, size: 20 },
          }),
          response: { 200: accessLogList.describe("One page of the log, newest first, with the total of reads") },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "camper-log", "others");
        const window = pageWindow(request.query);
        const rows = await accessLogPage(db, window, request.query.camperId);
        const [total] = await db
          .select({ n: count() })
          .from(sensitiveReads)
          .where(request.query.camperId ? eq(sensitiveReads.camperId, request.query.camperId) : undefined);
        return {
          items: rows.map((r) => ({
            _id: r.id,
            reader: { _id: r.readerId, name: r.readerName, email: r.readerEmail, role: r.readerRole },
            camperId: r.camperId,
            camper_name: r.camperName,
            camper_removed: r.camperRemoved,
            familyId: r.familyId,
            classId: r.classId,
            class_name: r.className,
            reason: r.reason,
            readAt: r.readAt.toISOString(),
          })),
          total: total?.n ?? 0,
          page: window.page,
          size: window.size,
        };
      },
    );
  };
