import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { orders } from "./bookings.js";
import { SPORTS, sqlList, timestamps, type Sport } from "./values.js";
import { users } from "./users-and-classes.js";

/**
 * Discounts (decision 034): promo codes, the sibling discount and the multi-class discount, one row
 * each, managed by admins. How they combine is pricing's one rule (api/src/pricing/rules.ts,
 * decision 034). Every money rule is also a check here: percents between 1 and 100, amounts in
 * whole cents above 0, limits of at least 1.
 */
export const DISCOUNT_KINDS = ["code", "sibling", "multi_class"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const discounts = pgTable(
  "discounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: DISCOUNT_KINDS }).notNull(),
    /** What families read on their cart and receipts ("Spring flyer", "Sibling discount"). */
    name: text("name").notNull(),
    /** A promo code's code, upper case (codes are typed in any case); null for the other kinds. */
    code: text("code"),
    /** Percent off (1 to 100), or a fixed amount off in cents: exactly one of the two. */
    percentOff: integer("percent_off"),
    amountOffCents: integer("amount_off_cents"),
    /** The multi-class discount's N: it applies when one order holds this many seats or more. */
    minSeats: integer("min_seats"),
    /** First and last days a code can be used, on the academy's calendar (both included). */
    validFrom: date("valid_from", { mode: "string" }),
    validUntil: date("valid_until", { mode: "string" }),
    /** How many orders may use a code in all, and per family (null: no limit). */
    maxUses: integer("max_uses"),
    maxUsesPerFamily: integer("max_uses_per_family"),
    /** A code applies to these classes or sports only (both empty: to every class). */
    classIds: uuid("class_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    sports: text("sports", { enum: SPORTS })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`)
      .$type<Sport[]>(),
    /** A code needs an order of at least this much (after early-bird and family discounts). */
    minOrderCents: integer("min_order_cents").notNull().default(0),
    paused: boolean("paused").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("discounts_code_key").on(t.code),
    // At most one sibling and one multi-class discount in force at a time.
    uniqueIndex("discounts_one_active_family_kind")
      .on(t.kind)
      .where(sql`${t.kind} <> 'code' and not ${t.paused}`),
    check("discounts_kind_check", sql`${t.kind} in ('code', 'sibling', 'multi_class')`),
    check("discounts_name_length", sql`char_length(${t.name}) between 1 and 80`),
    check(
      "discounts_code_check",
      sql`(${t.kind} = 'code') = (${t.code} is not null) and (${t.code} is null or ${t.code} ~ '^[A-Z0-9_-]{3,32}$')`,
    ),
    check(
      "discounts_amount_check",
      sql`(${t.percentOff} is not null and ${t.percentOff} between 1 and 100 and ${t.amountOffCents} is null) or (${t.kind} = 'code' and ${t.percentOff} is null and ${t.amountOffCents} is not null and ${t.amountOffCents} between 1 and 10000000)`,
    ),
    check(
      "discounts_min_seats_check",
      sql`(${t.kind} = 'multi_class') = (${t.minSeats} is not null) and (${t.minSeats} is null or ${t.minSeats} between 2 and 100)`,
    ),
    check(
      "discounts_dates_check",
      sql`${t.validFrom} is null or ${t.validUntil} is null or ${t.validUntil} >= ${t.validFrom}`,
    ),
    check(
      "discounts_limits_check",
      sql`(${t.maxUses} is null or ${t.maxUses} >= 1) and (${t.maxUsesPerFamily} is null or ${t.maxUsesPerFamily} >= 1)`,
    ),
    check("discounts_min_order_check", sql`${t.minOrderCents} between 0 and 100000000`),
    check("discounts_sports_check", sql`${t.sports} <@ array[${sqlList(SPORTS)}]::text[]`),
  ],
);

/**
 * A promo code used by an order (one code per order). A use counts while its order is pending
 * (the checkout's hold) or paid: a checkout that fails or expires gives its use back. Written
 * under a row lock on the code, so two families taking its last use at once get it once.
 */
export const discountUses = pgTable(
  "discount_uses",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    discountId: uuid("discount_id")
      .notNull()
      .references(() => discounts.id, { onDelete: "cascade" }),
    familyId: uuid("family_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** What the code took off the order, in cents. */
    amountCents: integer("amount_cents").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("discount_uses_discount_idx").on(t.discountId, t.familyId),
    check("discount_uses_amount_check", sql`${t.amountCents} >= 0`),
  ],
);
