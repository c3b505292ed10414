import { sql } from "drizzle-orm";
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { orderItems, payments } from "./bookings.js";
import { users } from "./users-and-classes.js";

/**
 * The office activity log (decision 047): every action an admin takes for a family at the front
 * desk, with who did it and when, written in the action's own transaction. Kept when the admin's
 * account goes (their name is copied); a family's rows go with the family.
 */
export const officeActions = pgTable(
  "office_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    familyId: uuid("family_id").references(() => users.id, { onDelete: "cascade" }),
    /** What was done: `family-created`, `booked`, `payment-recorded`... */
    action: text("action").notNull(),
    /** The action in words, as the log shows it. */
    summary: text("summary").notNull(),
    /** What the action changed: ids and amounts, for whoever checks the log later. */
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("office_actions_at_idx").on(t.at, t.id),
    index("office_actions_family_idx").on(t.familyId, t.at),
    check("office_actions_summary_length", sql`char_length(${t.summary}) between 1 and 500`),
  ],
);

/**
 * A family account the office made (decision 047), until the family claims it: the claim link's
 * token, kept as its SHA-256 (the link is the secret), single use, for `CLAIM_DAYS`.
 */
export const accountClaims = pgTable(
  "account_claims",
  {
    familyId: uuid("family_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [check("account_claims_hash_length", sql`char_length(${t.tokenHash}) = 64`)],
);

/**
 * Each front-desk payment's share of each line it paid (decision 047): a payment fills the lines
 * in order, so a line's total alone no longer says which payment paid it. What a year-end
 * statement per child reads; the shares of a payment add up to it (a deferred trigger checks it
 * at commit, drizzle/0034_front_desk.sql).
 */
export const paymentShares = pgTable(
  "payment_shares",
  {
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    orderId: uuid("order_id").notNull(),
    classId: uuid("class_id").notNull(),
    camperId: uuid("camper_id").notNull(),
    cents: integer("cents").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.paymentId, t.classId, t.camperId] }),
    foreignKey({
      name: "payment_shares_order_item_fk",
      columns: [t.orderId, t.classId, t.camperId],
      foreignColumns: [orderItems.orderId, orderItems.classId, orderItems.camperId],
    }).onDelete("cascade"),
    index("payment_shares_seat_idx").on(t.orderId, t.classId, t.camperId),
    check("payment_shares_cents_check", sql`${t.cents} > 0`),
  ],
);
