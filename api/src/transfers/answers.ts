import { z } from "zod";
import { text } from "../platform/text.js";
import { isIsoDate } from "../platform/wire.js";

/** What the seat-moving routes take and answer (decision 048). */

const cents = (description: string) => z.int().meta({ description: `${description}, in cents` });

const whole = (what: string, max: number) =>
  z
    .number({ error: `${what} must be a whole number of cents.` })
    .int({ error: `${what} must be a whole number of cents.` })
    .min(0, { error: `${what} cannot be negative.` })
    .max(max, { error: `${what} must be at most ${max} cents.` });

export const moveQuoteBody = z.object({
  toClassId: z.uuid({ error: "Choose the class to move to." }).meta({ description: "The class the seat moves to" }),
  feeCents: whole("The transfer fee", 1_000_000)
    .default(0)
    .meta({ description: "Kept by the academy for the move, out of what was paid for the seat" }),
});

/** A family's own move: the class only (the fee is the academy's, a difference owed is due today). */
export const familyMoveBody = moveQuoteBody.pick({ toClassId: true });

export const moveBody = moveQuoteBody.extend({
  dueDay: z
    .string()
    .refine(isIsoDate, { error: "A day as YYYY-MM-DD." })
    .optional()
    .meta({ description: "The day the difference is due: required when the new class costs more than the credit" }),
  refundMethod: z
    .enum(["cash", "cheque", "bank_transfer"], { error: "Cash, cheque or bank transfer." })
    .optional()
    .meta({
      description:
        "How the office gives the difference back for a booking no card paid (a front-desk booking); a card booking's goes to the card",
    }),
  refundReference: text({ max: 60 })
    .optional()
    .meta({ description: "The cheque's number or the transfer's reference (required for those)" }),
  reason: text({ max: 300 }).optional().meta({ description: "Why, for the family's message and the office log" }),
  aheadOfLineReason: text({ max: 300 })
    .optional()
    .meta({ description: "Why the camper goes ahead of families waiting in the new class's line" }),
});

export const moveFigures = z
  .object({
    className: z.string().meta({ description: "The class the seat leaves" }),
    toClassName: z.string(),
    camperName: z.string(),
    heldCents: cents("Paid for the old seat and not given back"),
    feeCents: cents("The transfer fee kept"),
    priceCents: cents("The new seat's price after today's discounts"),
    discounts: z.array(z.object({ name: z.string(), cents: z.int() })),
    creditCents: cents("Carried from the old seat to the new one"),
    owedCents: cents("The difference still to pay on the new booking"),
    refundCents: cents("The difference given back"),
  })
  .meta({
    id: "MoveFigures",
    description: "A move's money: price − (paid − fee) is what is owed (positive) or given back (negative)",
  });

export const moveQuote = moveFigures
  .extend({
    aheadOfLine: z.boolean().meta({
      description: "Families wait in the new class's line for its free seats: the move needs `aheadOfLineReason`",
    }),
  })
  .meta({ id: "MoveQuote" });

export const moveDone = z
  .object({
    transferId: z.string(),
    orderId: z.string().meta({ description: "The new booking (a front-desk booking: its balance is the difference)" }),
    figures: moveFigures,
    refundStatus: z.enum(["pending", "succeeded", "failed"]).nullable().meta({
      description: "The difference given back to the card: the provider's answer so far (null: nothing to send)",
    }),
    message: z.string(),
  })
  .meta({ id: "SeatMoved" });
