import { z } from "zod";

/** The payment plans' answers (decision 038): a plan as admins manage it. */

const share = z
  .union([
    z.object({ percent: z.int().meta({ description: "A percent of each seat's price (after discounts)" }) }),
    z.object({ amountCents: z.int().meta({ description: "An amount per seat, in cents (never more than is left)" }) }),
  ])
  .meta({ id: "PlanShare", description: "A share of each seat's price: a percent of it or an amount per seat" });

const due = z
  .union([
    z.object({ date: z.string().meta({ description: "A fixed day (YYYY-MM-DD, academy calendar)" }) }),
    z.object({ daysBeforeStart: z.int().meta({ description: "This many days before the class's first day" }) }),
  ])
  .meta({ id: "PlanDue", description: "When an instalment is charged: a fixed day or days before the class starts" });

export const planInstalment = z
  .object({
    due,
    share: share.optional().meta({ description: "Its share; absent for the last instalment, which takes the rest" }),
  })
  .meta({ id: "PlanInstalment" });

export const paymentPlan = z
  .object({
    _id: z.string(),
    name: z.string().meta({ description: "What families read at checkout" }),
    deposit: share.meta({ description: "Paid today at checkout, per seat (capped at the seat's price)" }),
    instalments: z.array(planInstalment).meta({ description: "Charged later to the saved card, in order" }),
    summary: z.string().meta({ description: 'The plan in plain words ("25% today, 25% on Apr 1, the rest …")' }),
    cutoffDays: z.int().meta({ description: "Offered only when every class starts at least this many days ahead" }),
    classIds: z.array(z.string()).meta({ description: "Offered only for these classes (empty: all)" }),
    classes: z
      .array(z.object({ _id: z.string(), name: z.string().nullable() }))
      .meta({ description: "Those classes by name, in the order chosen; name null for a class deleted since" }),
    minOrderCents: z.int().meta({ description: "Offered only for carts of at least this much, in cents" }),
    paused: z.boolean().meta({ description: "A paused plan is not offered" }),
  })
  .meta({ id: "PaymentPlan", description: "A payment plan: a deposit at checkout, then instalments" });

export const deletedPlan = z.object({ deletedCount: z.int().meta({ description: "1: the plan was deleted" }) });
