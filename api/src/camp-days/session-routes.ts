import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requirePermission } from "../platform/access/permissions.js";
import { refusals } from "../platform/contract.js";
import type { Db } from "../platform/database/client.js";
import { idParam } from "../platform/wire.js";
import { fileSlug, sendCsv } from "./report-csv.js";
import { sessionSheetCsv, sessionSheetOf, sheetClass } from "./session-report.js";
import { sessionSheet } from "./wire.js";

/** A class's attendance over its session, for its instructor or an admin: a page and its CSV. */
export const sessionSheetRoutes =
  ({ db }: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/classes/:id/attendance/session",
      {
        config: { access: { action: "read", entity: "attendance" } },
        schema: {
          operationId: "getSessionAttendance",
          tags: ["camp days"],
          summary:
            "A class's attendance over its session: each meeting day and camper, with times, who collected them and overrides (the class's instructor, admins)",
          params: idParam,
          response: {
            200: sessionSheet.describe("The class's meeting days and each camper's day on each"),
            ...refusals({ 404: "There is no such class" }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        const cls = await sheetClass(db, request.params.id);
        requirePermission(actor, "read", "attendance", cls.instructorId);
        return sessionSheetOf(db, cls);
      },
    );

    app.get(
      "/classes/:id/attendance/session.csv",
      {
        config: { access: { action: "read", entity: "attendance" } },
        schema: {
          operationId: "downloadSessionAttendanceCsv",
          tags: ["camp days"],
          summary: "The same as CSV, one row a meeting day (up to today) and camper",
          params: idParam,
          response: {
            200: {
              description:
                'A CSV file (Content-Disposition: attachment; filename="attendance-<class-name>.csv"): day, camper, state, checked_in, checked_in_by, checked_out, checked_out_by, collected_by, departure, override_note, absence_reported; every cell quoted',
              content: { "text/csv": { schema: z.string() } },
            },
            ...refusals({ 404: "There is no such class" }),
          },
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        const cls = await sheetClass(db, request.params.id);
        requirePermission(actor, "read", "attendance", cls.instructorId);
        const sheet = await sessionSheetOf(db, cls);
        return sendCsv(reply, `attendance-${fileSlug(cls.name, "class")}.csv`, sessionSheetCsv(sheet));
      },
    );
  };
