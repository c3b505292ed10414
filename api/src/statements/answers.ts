import { z } from "zod";

/** What the statements' routes answer (decision 049). */

const day = (description: string) => z.string().meta({ description: `${description} (YYYY-MM-DD, academy calendar)` });
const cents = (description: string) => z.int().meta({ description: `${description}, in cents` });

export const statementYearParams = z.object({
  year: z.coerce
    .number({ error: "A year, as 2026." })
    .int({ error: "A year, as 2026." })
    .min(2000, { error: "A year from 2000." })
    .max(2100, { error: "A year up to 2100." }),
  camperId: z.uuid({ error: "A child's id." }),
});

export const statementChoices = z
  .object({
    years: z.array(z.int()).meta({ description: "The ended years a statement may be had for, newest first" }),
    campers: z.array(z.object({ _id: z.string(), name: z.string() })),
  })
  .meta({ id: "StatementChoices", description: "The family's children and the years with statements" });

const money = z.object({
  id: z.string(),
  on: day("The day"),
  methodText: z.string(),
  cents: cents("The child's share"),
});

export const statement = z
  .object({
    year: z.int(),
    issuedOn: day("The day it was made"),
    academy: z.object({
      legalName: z.string(),
      address: z.string(),
      taxId: z.string().meta({ description: "The academy's US employer identification number" }),
      email: z.string(),
      phone: z.string(),
    }),
    payer: z.object({ name: z.string(), email: z.string(), address: z.string().nullable() }),
    camper: z.object({ id: z.string(), name: z.string(), dateOfBirth: z.string().nullable() }),
    seats: z.array(
      z.object({
        className: z.string(),
        firstDay: z.string().nullable(),
        lastDay: z.string().nullable(),
        daysAttended: z.array(z.string()).meta({ description: "The days the child was checked in" }),
      }),
    ),
    payments: z.array(money).meta({ description: "Each payment's share for the child, in the year" }),
    refunds: z.array(money).meta({ description: "What went back for the child's seats in the year" }),
    paidCents: cents("Paid"),
    refundedCents: cents("Given back"),
    netCents: cents("Paid less given back"),
  })
  .meta({ id: "Statement", description: "A year-end statement for one child (decision 049)" });
