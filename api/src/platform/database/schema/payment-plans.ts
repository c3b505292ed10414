import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./values.js";

/**
 * Payment plans the academy offers at checkout (decision 040): a deposit paid today, then
 * instalments. How a plan splits a cart is the plans domain's pure rule (api/src/plans/schedule.ts);
 * what the database can check of it is checked here too: exactly one kind of deposit, percents
 * between 1 and 99, amounts in whole cents above 0, between 1 and 12 instalments.
 */
export interface PlanInstalment {
  /** A fixed day (YYYY-MM-DD, academy calendar) or a number of days before the class's first day. */
  due: { date: string } | { daysBeforeStart: number };
  /** A percent of the seat's price or an amount per seat; null for the last one, which takes the rest. */
  share: { percent: number } | { amountCents: number } | null;
}

export const paymentPlans = pgTable(
  "payment_plans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What families read at checkout ("Three payments"). */
    name: text("name").notNull(),
    /** The deposit: a percent of each seat's price, or an amount per seat (capped at the price). */
    depositPercent: integer("deposit_percent"),
    depositAmountCents: integer("deposit_amount_cents"),
    instalments: jsonb("instalments").$type<PlanInstalment[]>().notNull(),
    /** Offered only when every class in the cart starts at least this many days after today. */
    cutoffDays: integer("cutoff_days").notNull().default(21),
    /** Offered only for these classes (empty: for every class). */
    classIds: uuid("class_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Offered only for carts of at least this much, after discounts. */
    minOrderCents: integer("min_order_cents").notNull().default(0),
    /** A paused plan is not offered; schedules families already agreed to go on. */
    paused: boolean("paused").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check("payment_plans_name_length", sql`char_length(${t.name}) between 1 and 80`),
    check(
      "payment_plans_deposit_check",
      sql`(${t.depositPercent} is not null and ${t.depositPercent} between 1 and 99 and ${t.depositAmountCents} is null) or (${t.depositPercent} is null and ${t.depositAmountCents} is not null and ${t.depositAmountCents} between 1 and 10000000)`,
    ),
    check(
      "payment_plans_instalments_check",
      sql`jsonb_typeof(${t.instalments}) = 'array' and jsonb_array_length(${t.instalments}) between 1 and 12`,
    ),
    check("payment_plans_cutoff_check", sql`${t.cutoffDays} between 0 and 365`),
    check("payment_plans_min_order_check", sql`${t.minOrderCents} between 0 and 100000000`),
  ],
);
