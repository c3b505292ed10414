import { inArray } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { academyToday } from "../platform/academy-day.js";
import { requirePermission } from "../platform/access/permissions.js";
import { refusals } from "../platform/contract.js";
import type { Db } from "../platform/database/client.js";
import { classes } from "../platform/database/schema.js";
import { transaction } from "../platform/transaction.js";
import { idParam } from "../platform/wire.js";
import { archiveForm, createForm, formsWithVersions, oneForm, publishForm, type FormWithVersions } from "./catalog.js";
import { formCreate, formPublish } from "./fields.js";
import { completionCsv, officeCompletion, remindNow } from "./office.js";
import { adminForm, adminForms, adminFormToWire, officeCompletionWire, officeToWire, published } from "./wire.js";

const EXAMPLE = {
  title: "Liability waiver",
  intro: "I understand that sport carries a risk of injury, and I agree to the academy's rules.",
  audience: "camper",
  applies_to: { all: true },
  due_days_before: 7,
  fields: [
    { key: "swim", kind: "yes-no", label: "May your child swim in the deep end?", required: true },
    { key: "sign", kind: "signature", label: "Parent or guardian" },
  ],
};

const REFUSALS = {
  400: "A field is invalid, or the form cannot be published as it is (the fields say why)",
  404: "No such form",
};

/** The admin's side: build a form, publish a change as a new version, stop asking for one. */
export const formAdminRoutes =
  ({ db }: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    /** The forms as the admin reads them, the classes they name by name. */
    async function toWire(forms: FormWithVersions[]) {
      const ids = [...new Set(forms.flatMap((f) => f.form.classIds))];
      const rows = ids.length
        ? await db.select({ id: classes.id, name: classes.name }).from(classes).where(inArray(classes.id, ids))
        : [];
      const names = new Map(rows.map((r) => [r.id, r.name]));
      return forms.map((f) => adminFormToWire(f, names));
    }
    const oneToWire = async (formId: string) => (await toWire([await oneForm(db, formId)]))[0]!;

    app.get(
      "/admin/forms",
      {
        config: { access: { action: "read", entity: "form" } },
        schema: {
          operationId: "listForms",
          tags: ["forms"],
          summary: "The academy's forms, each with its versions; archived ones too when asked",
          querystring: z.object({ archived: z.enum(["true", "false"]).optional() }).strict(),
          response: { 200: adminForms.describe("The forms, oldest first") },
        },
      },
      async (request) => {
        requirePermission(await request.requireActor(), "read", "form");
        const list = await formsWithVersions(db, { archived: request.query.archived === "true" });
        return { forms: await toWire(list) };
      },
    );

    const completionQuery = z
      .object({
        within_days: z.coerce
          .number()
          .int("A whole number of days.")
          .min(0, "From 0 to 365 days.")
          .max(365, "From 0 to 365 days.")
          .optional()
          .meta({ description: "Only campers whose first day is within this many days" }),
        incomplete: z.enum(["true", "false"]).optional().meta({ description: "Only missing and late forms" }),
      })
      .strict();
    const filterOf = (q: z.infer<typeof completionQuery>) => ({
      withinDays: q.within_days,
      incomplete: q.incomplete === "true",
    });

    app.get(
      "/admin/forms/completion",
      {
        config: { access: { action: "read", entity: "form" } },
        schema: {
          operationId: "readFormsCompletion",
          tags: ["forms"],
          summary: "Every camper's forms, complete, missing or late, by class; filtered by first day and status",
          querystring: completionQuery,
          response: { 200: officeCompletionWire.describe("The forms of every camper with a class to come") },
        },
      },
      async (request) => {
        requirePermission(await request.requireActor(), "read", "form");
        const { items, byClass } = await officeCompletion(db, academyToday(), filterOf(request.query));
        return officeToWire(items, byClass);
      },
    );

    app.get(
      "/admin/forms/completion.csv",
      {
        config: { access: { action: "read", entity: "form" } },
        schema: {
          operationId: "downloadFormsCompletionCsv",
          tags: ["forms"],
          summary: "The same as CSV, one row a camper and form",
          querystring: completionQuery,
          response: {
            200: {
              description:
                'A CSV file (Content-Disposition: attachment; filename="forms-<YYYY-MM-DD>.csv"): status, form, camper, family, email, classes, first_day, due; every cell quoted',
              content: { "text/csv": { schema: z.string() } },
            },
          },
        },
      },
      async (request, reply) => {
        requirePermission(await request.requireActor(), "read", "form");
        const today = academyToday();
        const { items } = await officeCompletion(db, today, filterOf(request.query));
        return reply
          .header("content-type", "text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="forms-${today}.csv"`)
          .send(completionCsv(items));
      },
    );

    app.post(
      "/admin/forms/completion/remind",
      {
        config: { access: { action: "update", entity: "form" } },
        schema: {
          operationId: "remindFamiliesOfForms",
          tags: ["forms"],
          summary: "E-mail now each family that still owes a form for a first day within N days (once a day each)",
          body: z
            .object({ within_days: z.number().int().min(0).max(365) })
            .strict()
            .meta({ example: { within_days: 7 } }),
          response: {
            200: z
              .object({ families: z.number().int().meta({ description: "Families written to now" }) })
              .describe("How many families were sent a reminder"),
          },
        },
      },
      async (request) => {
        requirePermission(await request.requireActor(), "update", "form");
        return { families: await remindNow(db, academyToday(), request.body.within_days) };
      },
    );

    app.post(
      "/admin/forms",
      {
        config: { access: { action: "create", entity: "form" } },
        schema: {
          operationId: "createForm",
          tags: ["forms"],
          summary: "Create a form and publish its first version",
          body: formCreate.meta({ example: EXAMPLE }),
          response: { 201: adminForm.describe("The form, at version 1"), ...refusals({ 400: REFUSALS[400] }) },
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        requirePermission(actor, "create", "form");
        const id = await transaction(db, (tx) => createForm(tx, actor.id, request.body));
        return reply.status(201).send(await oneToWire(id));
      },
    );

    app.put(
      "/admin/forms/:id",
      {
        config: { access: { action: "update", entity: "form" } },
        schema: {
          operationId: "publishForm",
          tags: ["forms"],
          summary: "Publish a change: a new version when the text or questions changed, and the classes and due date",
          params: idParam,
          body: formPublish,
          response: { 200: published.describe("The form as published"), ...refusals(REFUSALS) },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "update", "form");
        const { newVersion } = await transaction(db, (tx) =>
          publishForm(tx, request.params.id, actor.id, request.body),
        );
        return { form: await oneToWire(request.params.id), new_version: newVersion };
      },
    );

    app.delete(
      "/admin/forms/:id",
      {
        config: { access: { action: "delete", entity: "form" } },
        schema: {
          operationId: "archiveForm",
          tags: ["forms"],
          summary: "Stop asking for a form; its answers and signatures are kept",
          params: idParam,
          response: { 200: adminForm.describe("The form, archived"), ...refusals({ 404: REFUSALS[404] }) },
        },
      },
      async (request) => {
        requirePermission(await request.requireActor(), "delete", "form");
        await transaction(db, (tx) => archiveForm(tx, request.params.id));
        return oneToWire(request.params.id);
      },
    );
  };
