import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requirePermission } from "../platform/access/permissions.js";
import { academyToday } from "../platform/academy-day.js";
import { refusals } from "../platform/contract.js";
import type { Db } from "../platform/database/client.js";
import { text } from "../platform/text.js";
import { idParam, isIsoDate } from "../platform/wire.js";
import { AT_RISK_ACTIONS } from "../platform/database/schema.js";
import {
  loadPlanSettings,
  planSettingsText,
  planSettingsWire,
  RETRIES_MAX,
  RETRY_DAYS_MAX,
  savePlanSettings,
  type PlanSettings,
} from "./settings.js";
import { balancesCsv, balancesDue, balancesDueNow, changeInstalment, type OfficeChange } from "./office.js";

/**
 * The office's payment-plan routes (decision 040): balances due (GET /admin/balances, and as CSV),
 * and one charge tried again, moved to another day or waived, each reason kept on the charge.
 */

const reason = text({ required: "Say why: the family and the office read it later.", max: 300 });

const changed = z
  .object({
    _id: z.string(),
    status: z.enum(["scheduled", "charging", "paid", "failed", "cancelled", "waived"]),
    due: z.string().meta({ description: "The day it is charged (YYYY-MM-DD)" }),
    note: z.string().nullable().meta({ description: "The reason kept with the change" }),
  })
  .meta({ id: "ChangedInstalment", description: "A charge after an office change" });

const CHANGE_REFUSALS = {
  404: "There is no such charge",
  409: "The charge is being made right now, or is paid, cancelled or waived already, or (to try again) was not refused or is not due yet",
} as const;

export const officeRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const access = { access: { action: "update", entity: "payment-plan" } } as const;

    app.get(
      "/admin/balances",
      {
        config: { access: { action: "read", entity: "payment-plan" } },
        schema: {
          tags: ["payment plans"],
          summary: "What families owe on payment plans: every open charge, by family, class and due week, with totals",
          operationId: "getBalancesDue",
          response: { 200: balancesDue.describe("The aging list of payment-plan charges still to come or refused") },
        },
      },
      async (request) => {
        requirePermission(await request.requireActor(), "read", "payment-plan");
        return balancesDueNow(db);
      },
    );

    app.get(
      "/admin/balances.csv",
      {
        config: { access: { action: "read", entity: "payment-plan" } },
        schema: {
          tags: ["payment plans"],
          summary: "The open payment-plan charges as CSV, one row a charge",
          operationId: "downloadBalancesCsv",
          response: {
            200: {
              description:
                'A CSV file to save (Content-Disposition: attachment; filename="balances-due-<YYYY-MM-DD>.csv"): a header row, then one row a charge with due, week, days_overdue, amount (dollars), status, at_risk (yes/no), attempts, problem, family, email, guardians (each with relation and phone), plan, seats, note; every cell quoted',
              headers: {
                "Content-Disposition": {
                  type: "string",
                  description: 'attachment; filename="balances-due-<YYYY-MM-DD>.csv" (the academy\'s today)',
                },
              },
              content: { "text/csv": { schema: z.string() } },
            },
          },
        },
      },
      async (request, reply) => {
        requirePermission(await request.requireActor(), "read", "payment-plan");
        return reply
          .header("content-type", "text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="balances-due-${academyToday()}.csv"`)
          .send(balancesCsv(await balancesDueNow(db)));
      },
    );

    const settingsToWire = (settings: PlanSettings) => ({ ...settings, text: planSettingsText(settings) });

    app.get(
      "/admin/plan-settings",
      {
        config: { access: { action: "read", entity: "payment-plan" } },
        schema: {
          tags: ["payment plans"],
          summary:
            "What happens to a refused charge: tried again how often and how far apart, then cancelled after grace days, or kept",
          operationId: "getPlanSettings",
          response: { 200: planSettingsWire.describe("The rule in force") },
        },
      },
      async (request) => {
        requirePermission(await request.requireActor(), "read", "payment-plan");
        return settingsToWire(await loadPlanSettings(db));
      },
    );

    app.patch(
      "/admin/plan-settings",
      {
        config: access,
        schema: {
          tags: ["payment plans"],
          summary: "An admin sets how a refused charge is tried again, and what happens to a plan at risk",
          operationId: "setPlanSettings",
          body: z
            .object({
              graceDays: z
                .number({ error: "The grace period must be a whole number of days." })
                .int({ error: "The grace period must be a whole number of days." })
                .min(0, { error: "The grace period must be at least 0 days." })
                .max(90, { error: "The grace period must be at most 90 days." }),
              atRiskAction: z.enum(AT_RISK_ACTIONS, { error: "The action is keep or cancel." }),
              retries: z
                .number({ error: "The number of retries must be a whole number." })
                .int({ error: "The number of retries must be a whole number." })
                .min(0, { error: "The number of retries must be at least 0." })
                .max(RETRIES_MAX, { error: `The number of retries must be at most ${RETRIES_MAX}.` })
                .optional()
                .meta({ description: "Attempts after a refused charge (left out: unchanged)" }),
              retryDays: z
                .number({ error: "The days between retries must be a whole number." })
                .int({ error: "The days between retries must be a whole number." })
                .min(1, { error: "The days between retries must be at least 1." })
                .max(RETRY_DAYS_MAX, { error: `The days between retries must be at most ${RETRY_DAYS_MAX}.` })
                .optional()
                .meta({ description: "Academy days between two attempts (left out: unchanged)" }),
            })
            .meta({ example: { graceDays: 7, atRiskAction: "cancel", retries: 3, retryDays: 2 } }),
          response: {
            200: planSettingsWire.describe("The rule as saved"),
            ...refusals({ 400: "A field is missing or out of range (each field's problem in `fields`)" }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "update", "payment-plan");
        return settingsToWire(await savePlanSettings(db, request.body, actor.id));
      },
    );

    const change = (id: string, what: OfficeChange) => changeInstalment(db, id, what);

    app.post(
      "/admin/instalments/:id/retry",
      {
        config: access,
        schema: {
          tags: ["payment plans"],
          summary: "Try a refused charge again now (the next check of the charging worker makes it)",
          operationId: "retryInstalment",
          params: idParam,
          response: {
            200: changed.describe("The charge, to be tried again within a minute"),
            ...refusals(CHANGE_REFUSALS),
          },
        },
      },
      async (request) => {
        requirePermission(await request.requireActor(), "update", "payment-plan");
        return change(request.params.id, { kind: "retry" });
      },
    );

    app.post(
      "/admin/instalments/:id/move",
      {
        config: access,
        schema: {
          tags: ["payment plans"],
          summary: "Move a charge still to come, or a refused one, to another day (a refused one waits for it)",
          operationId: "moveInstalment",
          params: idParam,
          body: z.object({
            due: z
              .string({ error: "The new day must be a date (YYYY-MM-DD)." })
              .refine(isIsoDate, { error: "The new day must be a date (YYYY-MM-DD)." }),
            reason,
          }),
          response: {
            200: changed.describe("The charge on its new day"),
            ...refusals({
              400: "The day is not a date, is before today or more than two years ahead, or no reason was given",
              ...CHANGE_REFUSALS,
            }),
          },
        },
      },
      async (request) => {
        requirePermission(await request.requireActor(), "update", "payment-plan");
        return change(request.params.id, { kind: "move", ...request.body });
      },
    );

    app.post(
      "/admin/instalments/:id/waive",
      {
        config: access,
        schema: {
          tags: ["payment plans"],
          summary: "Waive a charge still to come or refused: it is never charged, the reason is kept",
          operationId: "waiveInstalment",
          params: idParam,
          body: z.object({ reason }),
          response: {
            200: changed.describe("The charge, waived"),
            ...refusals({ 400: "No reason was given", ...CHANGE_REFUSALS }),
          },
        },
      },
      async (request) => {
        requirePermission(await request.requireActor(), "update", "payment-plan");
        return change(request.params.id, { kind: "waive", reason: request.body.reason });
      },
    );
  };
