import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { orders, PAYMENT_METHODS } from "./bookings.js";
import { campers } from "./families.js";
import { classes, users } from "./users-and-classes.js";
import { timestamps } from "./values.js";

/**
 * The academy's cancellation policy (decision 033), one row: the whole price back until
 * `full_refund_days` before a class's first day, `partial_percent` of it until
 * `partial_refund_days`, nothing after; `fee_cents` kept from any refund.
 */
export const cancellationPolicy = pgTable(
  "cancellation_policy",
  {
    id: smallint("id").primaryKey().default(1),
    fullRefundDays: integer("full_refund_days").notNull().default(14),
    partialRefundDays: integer("partial_refund_days").notNull().default(7),
    partialPercent: integer("partial_percent").notNull().default(50),
    feeCents: integer("fee_cents").notNull().default(0),
    /**
     * Families may move a seat to another class themselves until this many days before its first
     * day (decision 048); null: only the office moves seats. The office may at any time.
     */
    moveDays: integer("move_days").default(14),
    /** Kept from what was paid for a seat a family moves itself. */
    moveFeeCents: integer("move_fee_cents").notNull().default(0),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamps.updatedAt,
  },
  (t) => [
    check("cancellation_policy_one_row", sql`${t.id} = 1`),
    check(
      "cancellation_policy_days_check",
      sql`${t.partialRefundDays} >= 0 and ${t.fullRefundDays} >= ${t.partialRefundDays} and ${t.fullRefundDays} <= 365`,
    ),
    check("cancellation_policy_percent_check", sql`${t.partialPercent} between 0 and 100`),
    check("cancellation_policy_fee_check", sql`${t.feeCents} between 0 and 100000`),
    check(
      "cancellation_policy_move_check",
      sql`(${t.moveDays} is null or ${t.moveDays} between 1 and 365) and ${t.moveFeeCents} between 0 and 100000`,
    ),
  ],
);

export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Where a refund was made: through the site, or at the provider (Stripe's Dashboard), mirrored here. */
export const REFUND_ORIGINS = ["site", "provider"] as const;
export type RefundOrigin = (typeof REFUND_ORIGINS)[number];

/**
 * Money sent back to a card (decision 033). Written in the same transaction as its cause (a seat
 * cancelled, a goodwill refund) as `pending`, then asked of the provider under the row's id as
 * idempotency key, by the request and, when the provider did not answer, by a sweep in every API
 * process. A line's refunds never exceed what was paid for it: `order_items.refunded_cents` sums
 * them and its check holds it to the line's price.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Kept as payments are (tax records): deleting the order fails instead of taking them along.
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    /** The line refunded (with the camper), or null for a refund of the order as a whole. */
    classId: uuid("class_id").references(() => classes.id, { onDelete: "set null" }),
    camperId: uuid("camper_id").references(() => campers.id, { onDelete: "set null" }),
    amountCents: integer("amount_cents").notNull(),
    /**
     * The charge it goes back to: one of a payment plan's instalments (decision 040); null for the
     * order's own checkout payment.
     */
    paymentIntentId: text("payment_intent_id"),
    status: text("status", { enum: REFUND_STATUSES }).notNull().default("pending"),
    providerRefundId: text("provider_refund_id"),
    reason: text("reason"),
    /** Who asked: the family, or the admin (null once their account is gone). */
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    origin: text("origin", { enum: REFUND_ORIGINS }).notNull().default("site"),
    /**
     * How the money went back: to the card (sent to the provider), or by the office itself for a
     * front-desk booking (decision 047): cash, a cheque, a transfer, recorded as done; or `credit`:
     * carried to the seat the camper moved to (decision 048), also done, never sent.
     */
    method: text("method", { enum: PAYMENT_METHODS }).notNull().default("card"),
    /** A cheque's number or a transfer's reference, for a refund the office made. */
    reference: text("reference"),
    ...timestamps,
  },
  (t) => [
    check("refunds_amount_check", sql`${t.amountCents} > 0`),
    check("refunds_status_check", sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check("refunds_origin_check", sql`${t.origin} in ('site', 'provider')`),
    check("refunds_method_check", sql`${t.method} in ('card', 'cash', 'cheque', 'bank_transfer', 'credit')`),
    // The office's refunds are never sent to the provider: recorded when the money was handed back.
    check(
      "refunds_offline_check",
      sql`${t.method} = 'card' or (${t.status} = 'succeeded' and ${t.origin} = 'site' and ${t.providerRefundId} is null)`,
    ),
    uniqueIndex("refunds_provider_key").on(t.providerRefundId),
    index("refunds_order_idx").on(t.orderId, t.createdAt),
    index("refunds_pending_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** A seat given up: the enrolment row goes, this record of it stays. */
export const cancellations = pgTable(
  "cancellations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enrollmentId: uuid("enrollment_id").notNull(),
    studentId: uuid("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    classId: uuid("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    camperId: uuid("camper_id").notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    refundId: uuid("refund_id").references(() => refunds.id, { onDelete: "set null" }),
    refundCents: integer("refund_cents").notNull(),
    /**
     * What the policy alone gave for the seat, before a discount the seats kept no longer earn came
     * off (decision 033); null for cancellations recorded before it was (then as `refund_cents`).
     */
    policyRefundCents: integer("policy_refund_cents"),
    reason: text("reason"),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex("cancellations_enrollment_key").on(t.enrollmentId),
    index("cancellations_student_idx").on(t.studentId, t.createdAt),
    check("cancellations_refund_check", sql`${t.refundCents} >= 0`),
  ],
);

/**
 * How a refund of the order as a whole (one made in the provider's Dashboard) is shared among the
 * order's lines, so that each line's refunded total stays true: the shares add up to the refund and
 * each raised its line's `refunded_cents` (held to the line's price) when written.
 */
export const refundLines = pgTable(
  "refund_lines",
  {
    refundId: uuid("refund_id")
      .notNull()
      .references(() => refunds.id, { onDelete: "cascade" }),
    orderId: uuid("order_id").notNull(),
    classId: uuid("class_id").notNull(),
    camperId: uuid("camper_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.refundId, t.classId, t.camperId] }),
    check("refund_lines_amount_check", sql`${t.amountCents} > 0`),
  ],
);

/**
 * Where the reconciliation stopped reading a list at the payment provider (the refunds made there):
 * the `created` second of the newest one read, so every API process, after a restart too, reads on
 * from there.
 */
export const providerCursors = pgTable("provider_cursors", {
  name: text("name").primaryKey(),
  createdSeconds: integer("created_seconds").notNull(),
  updatedAt: timestamps.updatedAt,
});
