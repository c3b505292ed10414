import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requirePermission } from "../platform/access/permissions.js";
import type { Db } from "../platform/database/client.js";
import type { OfficeLog } from "../platform/office-log.js";
import { academyAnswer, academyBody } from "./answers.js";
import { academyFacts } from "./facts.js";
import { saveFacts } from "./store.js";

export interface AcademyDeps {
  db: Db;
  /** The front desk's office log (given by the app: settings do not depend on the front desk). */
  officeLog: OfficeLog;
  /** Refuses (400, on the field) an image path of this API with no image behind it (given by the app: images' rule). */
  assertImageAvailable: (url: string | undefined, field: string) => Promise<void>;
  /** Whether the site still waits for its first-run setup (given by the app: the setup's rule). */
  setupNeeded: () => Promise<boolean>;
}

/**
 * The academy's own facts (decision 051): anyone reads them (every page shows them); admins change
 * them, each change in the office log. This process answers with what it knows, which is the row
 * as it was at most `ACADEMY_REFRESH_MS` ago.
 */
export const academyRoutes =
  ({ db, officeLog, assertImageAvailable, setupNeeded }: AcademyDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/academy",
      {
        schema: {
          operationId: "readAcademy",
          tags: ["academy"],
          summary: "The academy's name, address, contacts, tax id, season, camp day and links",
          response: { 200: academyAnswer.describe("The academy") },
        },
      },
      async (_request, reply) => {
        // Said only while it is so, and then never kept: a new installation's first visit is sent to the setup.
        if (await setupNeeded()) {
          reply.header("cache-control", "no-store");
          return { ...academyFacts(), setupNeeded: true as const };
        }
        // Short: a change shows on every page within a minute.
        reply.header("cache-control", "public, max-age=30");
        return academyFacts();
      },
    );

    app.put(
      "/admin/academy",
      {
        config: { access: { action: "update", entity: "academy", any: true } },
        schema: {
          operationId: "saveAcademy",
          tags: ["academy"],
          summary: "An admin changes the academy's facts (every page and message reads them within a minute)",
          body: academyBody,
          response: { 200: academyAnswer.describe("The academy as saved") },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "update", "academy");
        await assertImageAvailable(request.body.logoUrl ?? undefined, "logoUrl");
        return saveFacts(db, request.body, { id: actor.id, name: actor.name }, officeLog);
      },
    );
  };
