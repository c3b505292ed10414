import { desc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requirePermission } from "../platform/access/permissions.js";
import { academyToday } from "../platform/academy-day.js";
import { chosenClassesProblem, classNames } from "../platform/chosen-classes.js";
import * as clock from "../platform/clock.js";
import { refusals } from "../platform/contract.js";
import type { Db } from "../platform/database/client.js";
import { paymentPlans, type PlanInstalment } from "../platform/database/schema.js";
import { badRequest, notFound } from "../platform/errors.js";
import { text } from "../platform/text.js";
import { idParam, isIsoDate } from "../platform/wire.js";
import { deletedPlan, paymentPlan } from "./answers.js";
import { termsProblem, type Share } from "./schedule.js";
import { depositOf, rowSummary } from "./offers.js";

/** Admins' payment plans (decision 040): what a family may choose at checkout instead of paying in full. */

const whole = (what: string, min: number, max: number) =>
  z
    .number({ error: `${what} must be a whole number.` })
    .int({ error: `${what} must be a whole number.` })
    .min(min, { error: `${what} must be at least ${min}.` })
    .max(max, { error: `${what} must be at most ${max}.` });

const share = z.union(
  [
    z.strictObject({ percent: whole("A percent", 1, 99) }),
    z.strictObject({ amountCents: whole("An amount (in cents)", 1, 10_000_000) }),
  ],
  { error: "A share is a percent ({ percent }) or an amount in cents ({ amountCents })." },
);

const due = z.union(
  [
    z.strictObject({
      date: z
        .string({ error: "A due day must be a date (YYYY-MM-DD)." })
        .refine(isIsoDate, { error: "A due day must be a date (YYYY-MM-DD)." }),
    }),
    z.strictObject({ daysBeforeStart: whole("The days before the first day", 1, 365) }),
  ],
  { error: "A due day is a date ({ date }) or days before the first day ({ daysBeforeStart })." },
);

const body = z.object({
  name: text({ required: "Give the plan a name families will read.", max: 80 }),
  deposit: share,
  instalments: z
    .array(z.object({ due, share: share.optional() }), { error: "The instalments are a list." })
    .min(1, { error: "A plan has at least one instalment after the deposit." })
    .max(12, { error: "A plan has at most 12 instalments." }),
  cutoffDays: whole("The days before the first day", 0, 365).optional(),
  classIds: z
    .array(z.uuid({ error: "Not a valid class id." }))
    .max(200)
    .optional(),
  minOrderCents: whole("The minimum order (in cents)", 0, 100_000_000).optional(),
  paused: z.boolean({ error: "Paused is true or false." }).optional(),
});

const example = {
  name: "Three payments",
  deposit: { percent: 25 },
  instalments: [{ due: { daysBeforeStart: 60 }, share: { percent: 25 } }, { due: { daysBeforeStart: 21 } }],
  cutoffDays: 30,
} as const;

const SAVE_REFUSALS = {
  400: "The input is malformed, or the plan's parts cannot add up, come out of order or name a class that cannot be chosen (each field's problem in `fields`)",
} as const;

type Row = typeof paymentPlans.$inferSelect;

/** On the wire the last instalment has no share ("the rest"); stored, its share is null. */
const stored = (instalments: { due: PlanInstalment["due"]; share?: Share | undefined }[]): PlanInstalment[] =>
  instalments.map(({ due, share }) => ({ due, share: share ?? null }));
type Values = Omit<typeof paymentPlans.$inferInsert, "id" | "createdAt" | "updatedAt">;

const depositColumns = (deposit: Share) =>
  "percent" in deposit
    ? { depositPercent: deposit.percent, depositAmountCents: null }
    : { depositPercent: null, depositAmountCents: deposit.amountCents };

const toWire = (row: Row, names: Map<string, { name: string }>) => ({
  _id: row.id,
  name: row.name,
  deposit: depositOf(row),
  instalments: row.instalments.map(({ due, share }) => (share === null ? { due } : { due, share })),
  summary: rowSummary(row),
  cutoffDays: row.cutoffDays,
  classIds: row.classIds,
  classes: row.classIds.map((id) => ({ _id: id, name: names.get(id)?.name ?? null })),
  minOrderCents: row.minOrderCents,
  paused: row.paused,
});

/** Each field's problem with a plan as it would be saved (400, never a 500 from a check). */
async function problems(db: Db, v: Values, chosenBefore: readonly string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const terms = termsProblem({ deposit: depositOf(v), instalments: v.instalments });
  if (terms) out.instalments = terms;
  const today = academyToday();
  const past = v.instalments.find((i) => "date" in i.due && i.due.date <= today);
  if (!terms && past && "date" in past.due) out.instalments = `The due day ${past.due.date} is not after today.`;
  const classes = await chosenClassesProblem(db, "a plan", v.classIds ?? [], chosenBefore);
  if (classes) out.classIds = classes;
  return out;
}

export const paymentPlanRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/payment-plans",
      {
        config: { access: { action: "read", entity: "payment-plan", any: true } },
        schema: {
          tags: ["payment plans"],
          summary: "Every payment plan, newest first",
          operationId: "listPaymentPlans",
          response: { 200: z.array(paymentPlan).describe("Every payment plan, newest first") },
        },
      },
      async (request) => {
        requirePermission(await request.requireActor(), "read", "payment-plan");
        const rows = await db.select().from(paymentPlans).orderBy(desc(paymentPlans.createdAt), desc(paymentPlans.id));
        const names = await classNames(
          db,
          rows.flatMap((row) => row.classIds),
        );
        return rows.map((row) => toWire(row, names));
      },
    );

    app.post(
      "/payment-plans",
      {
        config: { access: { action: "create", entity: "payment-plan", any: true } },
        schema: {
          tags: ["payment plans"],
          summary: "An admin adds a payment plan",
          operationId: "createPaymentPlan",
          body: body.meta({ example }),
          response: { 201: paymentPlan.describe("The plan is added"), ...refusals(SAVE_REFUSALS) },
        },
      },
      async (request, reply) => {
        requirePermission(await request.requireActor(), "create", "payment-plan");
        const { deposit, classIds, instalments, ...rest } = request.body;
        const values: Values = {
          ...rest,
          ...depositColumns(deposit),
          instalments: stored(instalments),
          classIds: [...new Set(classIds ?? [])],
        };
        const wrong = await problems(db, values, []);
        if (Object.keys(wrong).length > 0) throw badRequest("Some fields need another look.", wrong);
        const [row] = await db.insert(paymentPlans).values(values).returning();
        return reply.status(201).send(toWire(row!, await classNames(db, row!.classIds)));
      },
    );

    app.patch(
      "/payment-plans/:id",
      {
        config: { access: { action: "update", entity: "payment-plan", any: true } },
        schema: {
          tags: ["payment plans"],
          summary: "An admin changes or pauses a payment plan (schedules families agreed to keep their terms)",
          operationId: "updatePaymentPlan",
          params: idParam,
          body: body.partial().meta({ example: { paused: true } }),
          response: {
            200: paymentPlan.describe("The plan as changed"),
            ...refusals({ ...SAVE_REFUSALS, 404: "No such payment plan" }),
          },
        },
      },
      async (request) => {
        requirePermission(await request.requireActor(), "update", "payment-plan");
        const [current] = await db.select().from(paymentPlans).where(eq(paymentPlans.id, request.params.id));
        if (!current) throw notFound("There is no such payment plan.");
        const { deposit, classIds, instalments, ...rest } = request.body;
        const change: Partial<Values> = {
          ...rest,
          ...(instalments && { instalments: stored(instalments) }),
          ...(deposit && depositColumns(deposit)),
          ...(classIds && { classIds: [...new Set(classIds)] }),
        };
        const { id: _id, createdAt: _c, updatedAt: _u, ...was } = current;
        const wrong = await problems(db, { ...was, ...change }, current.classIds);
        // Days that were already saved may have passed since: only new or changed instalments are checked for that.
        if (!change.instalments && wrong.instalments?.includes("not after today")) delete wrong.instalments;
        if (Object.keys(wrong).length > 0) throw badRequest("Some fields need another look.", wrong);
        const [row] = await db
          .update(paymentPlans)
          .set({ ...change, updatedAt: clock.now() })
          .where(eq(paymentPlans.id, current.id))
          .returning();
        return toWire(row!, await classNames(db, row!.classIds));
      },
    );

    app.delete(
      "/payment-plans/:id",
      {
        config: { access: { action: "delete", entity: "payment-plan", any: true } },
        schema: {
          tags: ["payment plans"],
          summary: "An admin deletes a payment plan (schedules families agreed to keep their own copy of its terms)",
          operationId: "deletePaymentPlan",
          params: idParam,
          response: { 200: deletedPlan.describe("The plan is deleted"), ...refusals({ 404: "No such payment plan" }) },
        },
      },
      async (request) => {
        requirePermission(await request.requireActor(), "delete", "payment-plan");
        const deleted = await db
          .delete(paymentPlans)
          .where(eq(paymentPlans.id, request.params.id))
          .returning({ id: paymentPlans.id });
        if (deleted.length === 0) throw notFound("There is no such payment plan.");
        return { deletedCount: deleted.length };
      },
    );
  };
