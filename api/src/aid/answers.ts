import { z } from "zod";
import { text } from "../platform/text.js";

/** What the financial-aid routes take and answer (decision 050). Money is in whole cents. */

const cents = (description: string) => z.int().meta({ description: `${description}, in cents` });

const wholeCents = (what: string, min: number, max: number) =>
  z
    .number({ error: `${what} must be a whole number of cents.` })
    .int({ error: `${what} must be a whole number of cents.` })
    .min(min, { error: `${what} must be at least ${min} cents.` })
    .max(max, { error: `${what} must be at most ${max} cents.` });

export const seasonParams = z.object({
  season: z.coerce
    .number({ error: "A season is a year, such as 2027." })
    .int({ error: "A season is a year, such as 2027." })
    .min(2000, { error: "A season is a year from 2000." })
    .max(2100, { error: "A season is a year up to 2100." })
    .meta({ description: "The camp year (the year its classes start)" }),
});

export const seasonQuery = z.object({ season: seasonParams.shape.season.optional() });

export const seasonBody = z.object({
  budgetCents: wholeCents("The budget", 0, 100_000_000).meta({ description: "What the academy gives in all" }),
  camperCapCents: wholeCents("The most per camper", 100, 10_000_000).meta({
    description: "The most one camper may be awarded",
  }),
  open: z.boolean({ error: "Say whether families may apply." }).meta({ description: "Families may apply" }),
  intro: text({ max: 2000, multiLine: true })
    .nullable()
    .meta({ description: "What families read above the form (plain text)" }),
});

export const applyBody = z.object({
  camperId: z.uuid({ error: "Choose the camper." }),
  householdSize: z
    .number({ error: "The household's size is a whole number." })
    .int({ error: "The household's size is a whole number." })
    .min(1, { error: "At least 1 person." })
    .max(20, { error: "At most 20 people." })
    .meta({ description: "People living in the household" }),
  requestedCents: wholeCents("The help asked for", 100, 10_000_000).meta({ description: "The help the family needs" }),
  statement: text({ required: "Tell the office about your circumstances.", max: 4000, multiLine: true }).meta({
    description: "The family's statement of need (sealed; read by admins only)",
  }),
});

export const awardBody = z.object({
  amountCents: wholeCents("The award", 1, 10_000_000).meta({
    description: "The most the award pays in all (held from the season's budget)",
  }),
  percent: z
    .number({ error: "A percent is a whole number from 1 to 100." })
    .int({ error: "A percent is a whole number from 1 to 100." })
    .min(1, { error: "A percent is a whole number from 1 to 100." })
    .max(100, { error: "A percent is a whole number from 1 to 100." })
    .nullable()
    .meta({ description: "The percent of each seat it pays, up to the amount; null: whole seats" }),
  note: text({ max: 1000, multiLine: true }).nullable().meta({ description: "What the family is told" }),
});

/** A changed award: as an award, and down to nothing (what it already pays for is checked apart). */
export const changeBody = awardBody.extend({
  amountCents: wholeCents("The award", 0, 10_000_000).meta({
    description: "The most the award pays in all from now on: at least what it already pays for; 0 withdraws it",
  }),
});

export const declineBody = z.object({
  note: text({ required: "Tell the family why.", max: 1000, multiLine: true }).meta({
    description: "What the family is told",
  }),
});

export const aidSeason = z
  .object({
    season: z.int(),
    budgetCents: cents("The season's budget"),
    camperCapCents: cents("The most one camper may be awarded"),
    awardedCents: cents("Promised by awards"),
    usedCents: cents("Taken off seats so far"),
    open: z.boolean(),
    intro: z.string().nullable(),
  })
  .meta({ id: "AidSeason", description: "A season's financial aid as admins read it" });

export const aidApplication = z
  .object({
    _id: z.uuid(),
    season: z.int(),
    camperId: z.uuid(),
    camperName: z.string(),
    status: z.enum(["pending", "awarded", "declined"]),
    householdSize: z.int(),
    requestedCents: cents("Asked for"),
    awardCents: cents("Awarded (the most it pays)").nullable(),
    awardPercent: z.int().nullable().meta({ description: "Percent of each seat, up to the award" }),
    usedCents: cents("Taken off seats so far"),
    leftCents: cents("Left to take off this camper's seats"),
    decisionNote: z.string().nullable(),
    createdAt: z.iso.datetime().meta({ description: "When the family applied (ISO 8601)" }),
  })
  .meta({ id: "AidApplication", description: "An application for one camper and season, and the office's answer" });

export const familyAid = z
  .object({
    season: z
      .object({ season: z.int(), open: z.boolean(), intro: z.string().nullable(), camperCapCents: z.int() })
      .nullable()
      .meta({ description: "The season families may apply for (the newest); null: the academy offers no aid" }),
    campers: z.array(z.object({ _id: z.uuid(), name: z.string() })),
    applications: z.array(aidApplication),
  })
  .meta({ id: "FamilyAid", description: "A family's financial aid" });

export const adminAidApplication = aidApplication
  .extend({
    familyId: z.uuid(),
    familyName: z.string(),
    familyEmail: z.string(),
  })
  .meta({ id: "AdminAidApplication", description: "An application with its family, for admins" });

export const adminAidApplicationWithStatement = adminAidApplication
  .extend({ statement: z.string() })
  .meta({ id: "AdminAidApplicationWithStatement", description: "An application with the family's statement" });

export const adminAid = z
  .object({
    seasons: z.array(aidSeason),
    season: aidSeason.nullable(),
    applications: z.array(adminAidApplication),
  })
  .meta({ id: "AdminAid", description: "Every season and one season's applications" });
