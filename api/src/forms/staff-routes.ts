import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { camperName, recordReads } from "../campers/index.js";
import { academyToday } from "../platform/academy-day.js";
import { requirePermission, type Actor } from "../platform/access/permissions.js";
import { refusals } from "../platform/contract.js";
import type { Db } from "../platform/database/client.js";
import { campers, classes, enrollments, users } from "../platform/database/schema.js";
import { notFound } from "../platform/errors.js";
import type { Sealer } from "../platform/sealing.js";
import { idParam } from "../platform/wire.js";
import { latestAnswer } from "./answering.js";
import { keptFileResponse, sendFile } from "./file-routes.js";
import { oneFile, openFile } from "./files.js";
import { oneForm } from "./catalog.js";
import { toDo } from "./to-do.js";
import { answerToWire, staffCamperForms, toDoToWire, versionToWire } from "./wire.js";

/**
 * The class and the camper's seat in it, for the class's instructor or an admin: 404 when there is
 * no such class or the camper holds no seat in it, 403 for anyone else.
 */
async function seatForStaff(db: Db, actor: Actor, classId: string, camperId: string) {
  const [cls] = await db
    .select({ id: classes.id, instructorId: classes.instructorId })
    .from(classes)
    .where(eq(classes.id, classId));
  if (!cls) throw notFound("There is no such class.");
  requirePermission(actor, "read", "roster", cls.instructorId);
  const [seat] = await db
    .select({ camperId: campers.id, familyId: campers.familyId, name: camperName })
    .from(enrollments)
    .innerJoin(campers, eq(campers.id, enrollments.camperId))
    .innerJoin(users, eq(users.id, campers.familyId))
    .where(and(eq(enrollments.classId, cls.id), eq(enrollments.camperId, camperId)));
  if (!seat) throw notFound("This camper has no seat in this class.");
  return { cls, seat };
}

/** The forms a class needs of one camper (and of the camper's family), as the family's to-do has them. */
const formsTheClassNeeds = async (db: Db, classId: string, seat: { familyId: string; camperId: string }) =>
  (await toDo(db, academyToday(), { familyIds: [seat.familyId] })).filter(
    (i) => i.classIds.includes(classId) && (i.camperId === null || i.camperId === seat.camperId),
  );

const seatParams = idParam.extend({ camperId: z.uuid({ error: "Not a valid id." }) });

/**
 * Staff's side: the answers of a camper in a class, for its instructor or an admin. Medical
 * answers are opened here only, and every read is recorded in the access log like the roster's.
 */
export const formStaffRoutes =
  ({ db, sealer }: { db: Db; sealer: Sealer }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/classes/:id/roster/:camperId/forms",
      {
        config: { access: { action: "read", entity: "roster" } },
        schema: {
          tags: ["forms"],
          summary:
            "A camper's answers to the forms the class needs, medical ones included, for the class's instructor or an admin (recorded)",
          operationId: "getRosterCamperForms",
          params: seatParams,
          response: {
            200: staffCamperForms.describe("Each form the class needs, with the latest answer (this read is recorded)"),
            ...refusals({ 404: "There is no such class, or the camper has no seat in it" }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        const { cls, seat } = await seatForStaff(db, actor, request.params.id, request.params.camperId);
        const items = await formsTheClassNeeds(db, cls.id, seat);
        // Recorded before any answer leaves the server, whether or not there is one yet.
        await recordReads(db, actor, [{ camperId: seat.camperId, familyId: seat.familyId }], "form", cls.id);
        const forms = [];
        for (const item of items) {
          const answer = await latestAnswer(db, sealer, seat.familyId, item.formId, item.camperId);
          const version = answer && (await oneForm(db, item.formId)).versions.find((v) => v.version === answer.version);
          forms.push({
            item: toDoToWire(item),
            version: version ? versionToWire(version) : null,
            answer: answer && answerToWire(answer),
          });
        }
        return { camper_id: seat.camperId, camper_name: seat.name, forms };
      },
    );

    app.get(
      "/classes/:id/roster/:camperId/files/:fileId",
      {
        config: { access: { action: "read", entity: "roster" } },
        schema: {
          tags: ["forms"],
          summary:
            "A file a camper's family uploaded to answer a form, for the class's instructor or an admin (recorded)",
          operationId: "downloadRosterCamperFile",
          params: seatParams.extend({ fileId: z.uuid({ error: "Not a valid id." }) }),
          response: {
            200: keptFileResponse("The file as kept (Content-Disposition: attachment; this read is recorded)"),
            ...refusals({ 404: "No such class, no seat in it, or no such file of this camper's" }),
          },
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        const { cls, seat } = await seatForStaff(db, actor, request.params.id, request.params.camperId);
        const row = await oneFile(db, request.params.fileId, seat.familyId);
        // Only a file answering a form this class needs of this camper: staff read no more than their class asks.
        const needed = await formsTheClassNeeds(db, cls.id, seat);
        if (!needed.some((i) => i.formId === row.formId && i.camperId === row.camperId)) {
          throw notFound("There is no such file.");
        }
        const file = openFile(sealer, row);
        await recordReads(db, actor, [{ camperId: seat.camperId, familyId: seat.familyId }], "form", cls.id);
        return sendFile(reply, row, file);
      },
    );
  };
