import { z } from "zod";
import { DISCOUNT_KINDS, SPORTS } from "../platform/database/schema.js";
import { DISCOUNT_STATES } from "./brought.js";

/** The discounts' answers (decision 038): a discount as admins manage it, with what a code brought. */

const day = (what: string) =>
  z
    .string()
    .nullable()
    .meta({ description: `${what} (YYYY-MM-DD, academy calendar), or null` });

export const discount = z
  .object({
    _id: z.string(),
    kind: z.enum(DISCOUNT_KINDS),
    name: z.string().meta({ description: "What families read on their cart and receipts" }),
    code: z.string().nullable().meta({ description: "A promo code's code, upper case; null for the other kinds" }),
    percentOff: z.int().nullable().meta({ description: "Percent off (1 to 100), or null for an amount off" }),
    amountOffCents: z.int().nullable().meta({ description: "A fixed amount off, in cents, or null for a percent off" }),
    summary: z.string().meta({ description: 'What it does, in plain words ("10% off", "$20.00 off")' }),
    minSeats: z
      .int()
      .nullable()
      .meta({ description: "The multi-class discount's number of seats one order needs; null for the others" }),
    validFrom: day("A code's first day"),
    validUntil: day("A code's last day"),
    maxUses: z.int().nullable().meta({ description: "How many orders may use a code in all (null: no limit)" }),
    maxUsesPerFamily: z.int().nullable().meta({ description: "How many orders of one family (null: no limit)" }),
    classIds: z
      .array(z.string())
      .meta({ description: "A code applies to these classes (and sports) only; both empty: all" }),
    classes: z
      .array(z.object({ _id: z.string(), name: z.string().nullable() }))
      .meta({ description: "The classes it is for, by name in the order chosen; name null for a class deleted since" }),
    sports: z.array(z.enum(SPORTS)),
    minOrderCents: z.int().meta({ description: "A code needs an order of at least this much, in cents" }),
    paused: z.boolean(),
    state: z.enum(DISCOUNT_STATES).meta({
      description:
        "In force today (active) or why not: paused by an admin, a code not started or expired (its days, academy calendar), or used up (its limit of uses reached, paid and held)",
    }),
    uses: z
      .object({
        orders: z.int().meta({ description: "Paid orders that used it" }),
        revenueCents: z.int().meta({ description: "Their revenue net of refunds, in cents" }),
        discountCents: z.int().meta({ description: "The discount it gave them, in cents" }),
        holds: z.int().meta({ description: "Checkouts in progress holding a code's use (0 for the other kinds)" }),
      })
      .meta({
        description:
          "What the discount brought: for a code, the orders that used it; for the sibling and multi-class discounts, the paid orders it took money off",
      }),
  })
  .meta({
    id: "Discount",
    description: "A discount (a promo code, the sibling or the multi-class discount) as admins manage it",
  });

export const deletedCount = z.object({ deletedCount: z.int().meta({ description: "1: the discount was deleted" }) });
