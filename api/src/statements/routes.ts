import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { and, asc, eq, isNull } from "drizzle-orm";
import { camperName } from "../campers/index.js";
import { requirePermission, type Actor } from "../platform/access/permissions.js";
import { refusals } from "../platform/contract.js";
import type { Db } from "../platform/database/client.js";
import { campers, users } from "../platform/database/schema.js";
import { statement, statementChoices, statementYearParams } from "./answers.js";
import { PassThrough } from "node:stream";
import { writeStatementsArchive, yearStatements } from "./archive.js";
import { statementPdf } from "./pdf.js";
import { childStatement, statementYears } from "./statement.js";

/**
 * Year-end statements (decision 049): a family reads and downloads one per child for each ended
 * year; an admin reads any family's. A statement of a year not ended yet answers 409.
 */
export const statementRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/statements",
      {
        config: { access: { action: "read", entity: "statement" } },
        schema: {
          operationId: "listStatements",
          tags: ["statements"],
          summary: "The family's children and the ended years a statement may be had for",
          response: { 200: statementChoices.describe("What the family may download") },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "statement", actor.id);
        const kids = await db
          .select({ _id: campers.id, name: camperName })
          .from(campers)
          .innerJoin(users, eq(users.id, campers.familyId))
          .where(and(eq(campers.familyId, actor.id), isNull(campers.removedAt)))
          .orderBy(asc(campers.firstName), asc(campers.id));
        return { years: statementYears(), campers: kids };
      },
    );

    const read = async (
      request: { requireActor: () => Promise<Actor> },
      params: z.infer<typeof statementYearParams>,
    ) => {
      const actor = await request.requireActor();
      const admin = actor.role === "admin";
      requirePermission(actor, "read", "statement", admin ? undefined : actor.id);
      // Another family's child is "not found": its existence is not told.
      return childStatement(db, params.camperId, params.year, admin ? undefined : actor.id);
    };
    const refused = refusals({
      404: "No such child (of the caller's family)",
      409: "The year has not ended yet: statements can be had from the next 1 January",
    });

    app.get(
      "/statements/:year/campers/:camperId",
      {
        config: { access: { action: "read", entity: "statement" } },
        schema: {
          operationId: "readStatement",
          tags: ["statements"],
          summary: "A child's year-end statement: the academy's tax id, the payer, the days, each payment less refunds",
          params: statementYearParams,
          response: { 200: statement.describe("The statement"), ...refused },
        },
      },
      async (request) => read(request, request.params),
    );

    app.get(
      "/statements/:year/campers/:camperId/pdf",
      {
        config: { access: { action: "read", entity: "statement" } },
        schema: {
          operationId: "downloadStatement",
          tags: ["statements"],
          summary: "A child's year-end statement as a PDF",
          params: statementYearParams,
          response: {
            200: {
              description: 'The statement (Content-Disposition: attachment; filename="statement-<year>-<child>.pdf")',
              content: {
                "application/pdf": { schema: z.instanceof(Buffer).meta({ type: "string", format: "binary" }) },
              },
            },
            ...refused,
          },
        },
      },
      async (request, reply) => {
        const found = await read(request, request.params);
        const name =
          found.camper.name
            .replace(/[^A-Za-z0-9]+/g, "-")
            .replace(/^-|-$/g, "")
            .slice(0, 40) || "child";
        return reply
          .header("content-type", "application/pdf")
          .header("cache-control", "private, no-store")
          .header("content-disposition", `attachment; filename="statement-${found.year}-${name}.pdf"`)
          .send(await statementPdf(found));
      },
    );

    app.get(
      "/admin/statements/:year/archive",
      {
        config: { access: { action: "read", entity: "statement", any: true } },
        schema: {
          operationId: "downloadStatementsArchive",
          tags: ["statements"],
          summary:
            "Every family's statements of a year: a zip archive, a folder per family and a PDF per child with money in the year, streamed (admins)",
          params: statementYearParams.pick({ year: true }),
          response: {
            200: {
              description:
                'The archive (Content-Disposition: attachment; filename="statements-<year>.zip"); `X-Statement-Count` says how many PDFs it holds',
              content: {
                // Streamed as it is made (Fastify pipes a stream as it is).
                "application/zip": {
                  schema: z
                    .custom<PassThrough>((value) => value instanceof PassThrough)
                    .meta({
                      type: "string",
                      format: "binary",
                    }),
                },
              },
            },
            ...refusals({ 409: "The year has not ended yet: statements can be had from the next 1 January" }),
          },
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "statement");
        const year = request.params.year;
        const statements = await yearStatements(db, year);
        const body = new PassThrough();
        // The PDFs are made as the archive is sent; a failure midway cuts it short (the office sees a
        // broken download and tries again) and is logged.
        writeStatementsArchive(statements, body).catch((error: unknown) => {
          request.log.error({ err: error }, "the statements archive could not be finished");
          body.destroy(error as Error);
        });
        return reply
          .header("content-type", "application/zip")
          .header("cache-control", "private, no-store")
          .header("x-statement-count", String(statements.length))
          .header("content-disposition", `attachment; filename="statements-${year}.zip"`)
          .send(body);
      },
    );
  };
