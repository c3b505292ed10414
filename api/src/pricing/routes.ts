import { and, desc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { chosenClassesProblem, classNames } from "../platform/chosen-classes.js";
import { requirePermission } from "../platform/access/permissions.js";
import * as clock from "../platform/clock.js";
import type { Db } from "../platform/database/client.js";
import { discounts, discountUses, SPORTS } from "../platform/database/schema.js";
import { badRequest, conflict, notFound } from "../platform/errors.js";
import { text } from "../platform/text.js";
import { idParam, isIsoDate } from "../platform/wire.js";
import { refusals } from "../platform/contract.js";
import { deletedCount, discount } from "./answers.js";
import { broughtByDiscount, broughtOf, discountState, type Brought } from "./brought.js";
import { codeSummary } from "./rules.js";
import { normalizeCode, pricingDay, type DiscountRow } from "./store.js";

/** Admins' discounts: promo codes, the sibling and the multi-class discount. */

const whole = (what: string, min: number, max: number) =>
  z
    .number({ error: `${what} must be a whole number.` })
    .int({ error: `${what} must be a whole number.` })
    .min(min, { error: `${what} must be at least ${min}.` })
    .max(max, { error: `${what} must be at most ${max}.` });

const day = (what: string) =>
  z
    .string({ error: `${what} must be a date (YYYY-MM-DD).` })
    .refine(isIsoDate, { error: `${what} must be a date (YYYY-MM-DD).` });

const fields = {
  name: text({ required: "Give the discount a name families will read.", max: 80 }),
  code: z
    .string({ error: "The code must be text." })
    .transform(normalizeCode)
    .pipe(
      z.string().regex(/^[A-Z0-9_-]{3,32}$/, {
        error: "A code is 3 to 32 letters, digits, - or _ (no spaces).",
      }),
    )
    .nullable(),
  percentOff: whole("The percent off", 1, 100).nullable(),
  amountOffCents: whole("The amount off (in cents)", 1, 10_000_000).nullable(),
  minSeats: whole("The number of seats", 2, 100).nullable(),
  validFrom: day("The first day").nullable(),
  validUntil: day("The last day").nullable(),
  maxUses: whole("The limit of uses", 1, 1_000_000).nullable(),
  maxUsesPerFamily: whole("The limit of uses per family", 1, 1_000).nullable(),
  classIds: z.array(z.uuid({ error: "Not a valid class id." })).max(200),
  sports: z.array(z.enum(SPORTS, { error: "Not a sport of the academy." })).max(SPORTS.length),
  minOrderCents: whole("The minimum order (in cents)", 0, 100_000_000),
  paused: z.boolean({ error: "Paused is true or false." }),
};

const createBody = z.object({
  kind: z.enum(["code", "sibling", "multi_class"], { error: "A discount is a code, sibling or multi_class." }),
  name: fields.name,
  code: fields.code.optional(),
  percentOff: fields.percentOff.optional(),
  amountOffCents: fields.amountOffCents.optional(),
  minSeats: fields.minSeats.optional(),
  validFrom: fields.validFrom.optional(),
  validUntil: fields.validUntil.optional(),
  maxUses: fields.maxUses.optional(),
  maxUsesPerFamily: fields.maxUsesPerFamily.optional(),
  classIds: fields.classIds.optional(),
  sports: fields.sports.optional(),
  minOrderCents: fields.minOrderCents.optional(),
  paused: fields.paused.optional(),
});

const createExample = {
  kind: "code",
  name: "Spring flyer",
  code: "SPRING10",
  percentOff: 10,
  validFrom: "2027-03-01",
  validUntil: "2027-05-31",
  maxUsesPerFamily: 1,
  sports: ["soccer", "tennis"],
} as const;

const patchBody = createBody
  .omit({ kind: true })
  .partial()
  .meta({ example: { paused: true } });

/** A discount's own refusals on saving it (problems() and refuseTaken()). */
const SAVE_REFUSALS = {
  400: "The input is malformed, or the discount's fields do not fit together or name a class that cannot be chosen (each field's problem in `fields`)",
  409: "Another discount has this code, or another sibling or multi-class discount is in force",
} as const;

type Values = Omit<typeof discounts.$inferInsert, "id" | "createdAt" | "updatedAt">;

/** The whole row checked as the database checks it, with a message per field (400, never a 500). */
function problems(v: Values): Record<string, string> {
  const out: Record<string, string> = {};
  if (v.kind === "code") {
    if (!v.code) out.code = "A promo code needs its code.";
    if ((v.percentOff == null) === (v.amountOffCents == null)) {
      out.percentOff = "Give either a percent off or an amount off, not both.";
    }
  } else {
    if (v.code) out.code = "Only a promo code has a code.";
    if (v.percentOff == null) out.percentOff = "A sibling or multi-class discount is a percent off.";
    if (v.amountOffCents != null) out.amountOffCents = "A sibling or multi-class discount is a percent off.";
  }
  if (v.kind === "multi_class" && v.minSeats == null) out.minSeats = "How many seats one order needs for it.";
  if (v.kind !== "multi_class" && v.minSeats != null)
    out.minSeats = "Only the multi-class discount has a number of seats.";
  if (v.validFrom && v.validUntil && v.validUntil < v.validFrom) out.validUntil = "The last day is before the first.";
  if (v.kind !== "code" && (v.classIds?.length ?? 0) > 0) out.classIds = "Only a promo code is for some classes.";
  if (v.kind !== "code" && (v.sports?.length ?? 0) > 0) out.sports = "Only a promo code is for some sports.";
  return out;
}

const toWire = (row: DiscountRow, names: Map<string, { name: string }>, stats: Map<string, Brought>) => ({
  _id: row.id,
  kind: row.kind,
  name: row.name,
  code: row.code,
  percentOff: row.percentOff,
  amountOffCents: row.amountOffCents,
  summary:
    row.kind === "code"
      ? codeSummary(row)
      : row.kind === "sibling"
        ? `${row.percentOff}% off each further child's seats`
        : `${row.percentOff}% off every seat of an order of ${row.minSeats} seats or more`,
  minSeats: row.minSeats,
  validFrom: row.validFrom,
  validUntil: row.validUntil,
  maxUses: row.maxUses,
  maxUsesPerFamily: row.maxUsesPerFamily,
  classIds: row.classIds,
  /** The classes it is for, by name in the order chosen; null for a class deleted since. */
  classes: row.classIds.map((id) => ({ _id: id, name: names.get(id)?.name ?? null })),
  sports: row.sports,
  minOrderCents: row.minOrderCents,
  paused: row.paused,
  /** In force today or why not (paused, a code's days or uses), by the API's clock on the academy's calendar. */
  state: discountState(row, broughtOf(stats, row.id), pricingDay()),
  /** What it brought: paid orders, their revenue net of refunds and the discount it gave (cents); checkouts holding a use. */
  uses: broughtOf(stats, row.id),
});

function refuseTaken(error: unknown, values: Partial<Values>): never {
  const code =
    (error as { cause?: { code?: unknown }; code?: unknown }).cause?.code ?? (error as { code?: unknown }).code;
  const constraint = String(
    (error as { cause?: { constraint?: unknown } }).cause?.constraint ??
      (error as { constraint?: unknown }).constraint ??
      "",
  );
  if (code === "23505" && constraint.includes("code")) throw conflict(`There is already a code ${values.code}.`);
  if (code === "23505") {
    throw conflict("Only one sibling and one multi-class discount can be in force: pause the other one first.");
  }
  throw error;
}

export const discountRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/discounts",
      {
        config: { access: { action: "read", entity: "discount", any: true } },
        schema: {
          tags: ["discounts"],
          summary: "Every discount (codes, sibling, multi-class), newest first, with what each code brought",
          operationId: "listDiscounts",
          response: { 200: z.array(discount).describe("Every discount, newest first") },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "discount");
        const [rows, stats] = await Promise.all([
          db.select().from(discounts).orderBy(desc(discounts.createdAt), desc(discounts.id)),
          broughtByDiscount(db),
        ]);
        const names = await classNames(
          db,
          rows.flatMap((row) => row.classIds),
        );
        return rows.map((row) => toWire(row, names, stats));
      },
    );

    app.post(
      "/discounts",
      {
        config: { access: { action: "create", entity: "discount", any: true } },
        schema: {
          operationId: "createDiscount",
          tags: ["discounts"],
          summary: "An admin adds a discount",
          body: createBody.meta({ example: createExample }),
          response: { 201: discount.describe("The discount is added"), ...refusals(SAVE_REFUSALS) },
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        requirePermission(actor, "create", "discount");
        const body = request.body;
        const values: Values = {
          ...body,
          code: body.kind === "code" ? (body.code ?? null) : (body.code ?? null),
          classIds: [...new Set(body.classIds ?? [])],
          sports: [...new Set(body.sports ?? [])],
          minOrderCents: body.minOrderCents ?? 0,
          paused: body.paused ?? false,
        };
        const wrong = problems(values);
        const classWrong = wrong.classIds ? null : await chosenClassesProblem(db, "a code", values.classIds ?? [], []);
        if (classWrong) wrong.classIds = classWrong;
        if (Object.keys(wrong).length > 0) throw badRequest("Some fields need another look.", wrong);
        const [row] = await db
          .insert(discounts)
          .values(values)
          .returning()
          .catch((error: unknown) => refuseTaken(error, values));
        return reply.status(201).send(toWire(row!, await classNames(db, row!.classIds), new Map()));
      },
    );

    app.patch(
      "/discounts/:id",
      {
        config: { access: { action: "update", entity: "discount", any: true } },
        schema: {
          tags: ["discounts"],
          summary: "An admin changes or pauses a discount (its kind stays)",
          operationId: "updateDiscount",
          params: idParam,
          body: patchBody,
          response: {
            200: discount.describe("The discount as changed"),
            ...refusals({ ...SAVE_REFUSALS, 404: "No such discount" }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "update", "discount");
        const [current] = await db.select().from(discounts).where(eq(discounts.id, request.params.id));
        if (!current) throw notFound("There is no such discount.");
        const { id: _id, createdAt: _c, updatedAt: _u, ...was } = current;
        const change = {
          ...request.body,
          ...(request.body.classIds && { classIds: [...new Set(request.body.classIds)] }),
          ...(request.body.sports && { sports: [...new Set(request.body.sports)] }),
        };
        const values: Values = { ...was, ...change };
        const wrong = problems(values);
        const classWrong =
          wrong.classIds || !change.classIds
            ? null
            : await chosenClassesProblem(db, "a code", change.classIds, current.classIds);
        if (classWrong) wrong.classIds = classWrong;
        if (Object.keys(wrong).length > 0) throw badRequest("Some fields need another look.", wrong);
        const [row] = await db
          .update(discounts)
          .set({ ...change, updatedAt: clock.now() })
          .where(eq(discounts.id, current.id))
          .returning()
          .catch((error: unknown) => refuseTaken(error, values));
        return toWire(row!, await classNames(db, row!.classIds), await broughtByDiscount(db));
      },
    );

    app.delete(
      "/discounts/:id",
      {
        config: { access: { action: "delete", entity: "discount", any: true } },
        schema: {
          tags: ["discounts"],
          summary:
            "An admin deletes a discount; a code some order used is refused (409: pause it instead, its record stays)",
          operationId: "deleteDiscount",
          params: idParam,
          response: {
            200: deletedCount.describe("The discount is deleted"),
            ...refusals({ 404: "No such discount", 409: "Orders have used this code: pause it instead" }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "delete", "discount");
        const [used] = await db
          .select({ orderId: discountUses.orderId })
          .from(discountUses)
          .where(and(eq(discountUses.discountId, request.params.id)))
          .limit(1);
        if (used) throw conflict("Orders have used this code: pause it instead, so what it brought stays on record.");
        const deleted = await db
          .delete(discounts)
          .where(eq(discounts.id, request.params.id))
          .returning({ id: discounts.id });
        if (deleted.length === 0) throw notFound("There is no such discount.");
        return { deletedCount: deleted.length };
      },
    );
  };
