import { z } from "zod";
import { FORM_AUDIENCES, SPORTS } from "../platform/database/schema.js";
import { text } from "../platform/text.js";
import { FIELD_KINDS, LONG_TEXT_MAX, MAX_FIELDS } from "./model.js";

/** What the forms routes accept (snake case on the wire, as the other domains'), with their messages. */

const formField = z
  .object({
    key: z
      .string()
      .regex(/^[a-z][a-z0-9-]{0,39}$/, "A key is lower-case letters, digits and dashes, starting with a letter.")
      .meta({ description: "The field's name in answers; keep it across versions so answers keep their meaning" }),
    kind: z.enum(FIELD_KINDS, { error: `One of: ${FIELD_KINDS.join(", ")}.` }),
    label: text({ required: "Each field needs a question.", max: 300 }),
    help: text({ max: 1000, multiLine: true }).default(""),
    required: z.boolean().default(false),
    medical: z
      .boolean()
      .default(false)
      .meta({ description: "Sealed like a camper's medical notes; each staff read is recorded" }),
    choices: z
      .array(text({ required: "A choice cannot be empty.", max: 80 }))
      .max(20)
      .default([]),
    min: z.number().finite().nullable().default(null),
    max: z.number().finite().nullable().default(null),
  })
  .strict();

const appliesTo = z
  .object({
    all: z.boolean().meta({ description: "Every class needs it; otherwise the chosen sports and classes" }),
    sports: z.array(z.enum(SPORTS)).max(SPORTS.length).default([]),
    class_ids: z
      .array(z.uuid({ error: "Not a valid class id." }))
      .max(200)
      .default([]),
  })
  .strict()
  .refine((a) => a.all || a.sports.length + a.class_ids.length > 0, {
    message: "Choose the sports or classes that need it, or all classes.",
  });

const content = {
  title: text({ required: "A form needs a title.", max: 120 }),
  intro: text({ max: LONG_TEXT_MAX * 5, multiLine: true })
    .default("")
    .meta({ description: "The text shown above the questions: for a waiver, what is agreed to" }),
  fields: z.array(formField).min(1, "Add at least one field.").max(MAX_FIELDS, `At most ${MAX_FIELDS} fields.`),
  applies_to: appliesTo,
  due_days_before: z
    .number()
    .int("A whole number of days.")
    .min(0, "From 0 to 120 days.")
    .max(120, "From 0 to 120 days.")
    .meta({ description: "Due this many days before the camper's first day in a class that needs it" }),
};

export const formCreate = z
  .object({
    ...content,
    audience: z
      .enum(FORM_AUDIENCES, { error: "Filled once per family, or once per camper." })
      .meta({ description: "Filled once per family, or once per camper; fixed once created" }),
  })
  .strict();

export const formPublish = z
  .object({
    ...content,
    sign_again: z.boolean().default(false).meta({
      description: "When the text or questions change: whether answers to older versions stop counting",
    }),
  })
  .strict();

export type FormCreate = z.infer<typeof formCreate>;
export type FormPublish = z.infer<typeof formPublish>;
export type FormFieldInput = z.infer<typeof formField>;

export const answerBody = z
  .object({
    camper_id: z
      .uuid({ error: "Not a valid camper id." })
      .nullable()
      .meta({ description: "The camper it is about; null for a form filled once per family" }),
    version: z.number().int().min(1).meta({ description: "The version the family read and answered" }),
    values: z
      .record(z.string().max(40), z.unknown())
      .meta({ description: "The answers by field key; a signature is { name, agreed: true }" }),
  })
  .strict();

export const subjectQuery = z
  .object({
    camper_id: z
      .uuid({ error: "Not a valid camper id." })
      .optional()
      .meta({ description: "The camper; absent for a form filled once per family" }),
  })
  .strict();
