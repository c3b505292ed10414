import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requirePermission } from "../platform/access/permissions.js";
import { academyToday } from "../platform/academy-day.js";
import { csvRows } from "../platform/csv.js";
import type { Db } from "../platform/database/client.js";
import { EXPORT_KINDS, EXPORTS, type ExportKind } from "./exports.js";

/** Rows a page shows at most: the CSV has them all. */
export const SHOWN_ROWS = 200;

const spanQuery = z
  .object({
    from: z.iso
      .date({ error: "Choose a day (YYYY-MM-DD)." })
      .optional()
      .meta({ description: "The first day (academy calendar); from the start when absent" }),
    to: z.iso
      .date({ error: "Choose a day (YYYY-MM-DD)." })
      .optional()
      .meta({ description: "The last day; up to now when absent" }),
  })
  .strict()
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: "The last day comes before the first.", path: ["to"] });

const officeExport = z
  .object({
    kind: z.enum(EXPORT_KINDS),
    from: z.iso.date().nullable(),
    to: z.iso.date().nullable(),
    columns: z.array(z.string()).meta({ description: "The CSV's header row" }),
    rows: z.array(z.array(z.string())).meta({ description: `The first ${SHOWN_ROWS} rows, oldest first` }),
    total: z.int().meta({ description: "Rows in the span (all of them are in the CSV)" }),
  })
  .meta({
    id: "OfficeExport",
    description:
      "An export of the office's (enrolments, payments or refunds of a span of days) as the page shows it: the CSV's columns and its first rows",
  });

const WHAT: Record<ExportKind, string> = {
  enrolments:
    "Every seat taken (enrolment) in the span: when, class and its dates, camper, account holder, e-mail, order",
  payments:
    "Every payment recorded in the span: when, account holder, e-mail, amount (dollars), kind, method, reference, day received (offline), status, transaction, order",
  refunds:
    "Every refund made in the span: when, account holder, e-mail, class, camper, amount (dollars), method, status, origin, reason, reference, order",
};
const capital = (kind: ExportKind) => kind[0]!.toUpperCase() + kind.slice(1);

/** The office's exports (admins): enrolments, payments and refunds of a span of days, as a page's data and as CSV. */
export const officeExportRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    for (const kind of EXPORT_KINDS) {
      const { columns, rows } = EXPORTS[kind];
      app.get(
        `/admin/exports/${kind}`,
        {
          config: { access: { action: "read", entity: "office-export" } },
          schema: {
            operationId: `get${capital(kind)}Export`,
            tags: ["admin"],
            summary: `${WHAT[kind]} (admins)`,
            querystring: spanQuery,
            response: { 200: officeExport.describe(`The ${kind} export's columns and first rows`) },
          },
        },
        async (request) => {
          requirePermission(await request.requireActor(), "read", "office-export");
          const all = await rows(db, request.query);
          return {
            kind,
            from: request.query.from ?? null,
            to: request.query.to ?? null,
            columns,
            rows: all.slice(0, SHOWN_ROWS),
            total: all.length,
          };
        },
      );

      app.get(
        `/admin/exports/${kind}.csv`,
        {
          config: { access: { action: "read", entity: "office-export" } },
          schema: {
            operationId: `download${capital(kind)}Csv`,
            tags: ["admin"],
            summary: `The same as CSV, every row`,
            querystring: spanQuery,
            response: {
              200: {
                description: `A CSV file (Content-Disposition: attachment; filename="${kind}-<from>-to-<to>.csv", "all" for an open end): ${columns.join(", ")}; every cell quoted`,
                content: { "text/csv": { schema: z.string() } },
              },
            },
          },
        },
        async (request, reply) => {
          requirePermission(await request.requireActor(), "read", "office-export");
          const { from, to } = request.query;
          const file = `${kind}-${from ?? "all"}-to-${to ?? academyToday()}.csv`;
          return reply
            .header("content-type", "text/csv; charset=utf-8")
            .header("content-disposition", `attachment; filename="${file}"`)
            .send(csvRows([columns, ...(await rows(db, request.query))]));
        },
      );
    }
  };
