import { sql } from "drizzle-orm";
import {
  check,
  date,
  smallint,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { orderItems, orders, payments } from "./bookings.js";
import { users } from "./users-and-classes.js";
import { timestamps } from "./values.js";

/**
 * The charges of payment plans after the deposit (decision 040). scheduled: waiting for its day;
 * charging: claimed by a worker, the provider asked (or about to be) under the attempt's key;
 * paid; failed: the last attempt was refused (retried at `next_attempt_at`, or at risk when none is
 * left); cancelled: its seats were cancelled; waived: the academy forgave it (the reason kept).
 */
export const INSTALMENT_STATUSES = ["scheduled", "charging", "paid", "failed", "cancelled", "waived"] as const;
export type InstalmentStatus = (typeof INSTALMENT_STATUSES)[number];

/** A family's Customer at the payment provider: the saved cards of its plans belong to it. */
export const paymentCustomers = pgTable("payment_customers", {
  familyId: uuid("family_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  customerId: text("customer_id").notNull().unique(),
  createdAt: timestamps.createdAt,
});

export const instalments = pgTable(
  "instalments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Kept as payments are: deleting the order fails instead of taking its schedule along.
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    /** The family's account: their schedules are read and locked by it. */
    studentId: uuid("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The day it is charged (academy calendar). */
    dueDay: date("due_day", { mode: "string" }).notNull(),
    /** What is charged: the sum of its seats' shares still owed (a trigger checks it at commit). */
    amountCents: integer("amount_cents").notNull(),
    status: text("status", { enum: INSTALMENT_STATUSES }).notNull().default("scheduled"),
    /** Attempts made so far; the provider's idempotency key is the instalment's id and this number. */
    attempts: integer("attempts").notNull().default(0),
    /** When the next attempt may start (a failed one's retry); null: no attempt is left. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /** When a worker claimed it (status charging): a claim this old was lost, and is taken again. */
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    /** Which API process claimed it last (host and process id): for the office, and the proof that every process charges. */
    claimedBy: text("claimed_by"),
    paymentIntentId: text("payment_intent_id"),
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "restrict" }),
    /** The provider's refusal of the last attempt (`insufficient_funds`, `authentication_required`...). */
    declineCode: text("decline_code"),
    lastError: text("last_error"),
    /** Why the academy waived it, or moved its day. */
    note: text("note"),
    /** When its last attempt was refused with none left: the plan's grace period counts from here. */
    atRiskSince: timestamp("at_risk_since", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check("instalments_amount_check", sql`${t.amountCents} >= 0`),
    check(
      "instalments_status_check",
      sql`${t.status} in ('scheduled', 'charging', 'paid', 'failed', 'cancelled', 'waived')`,
    ),
    // Paid means a payment record and its PaymentIntent; a charge in progress has its claim's time.
    check(
      "instalments_paid_check",
      sql`(${t.status} = 'paid') = (${t.paymentId} is not null and ${t.paymentIntentId} is not null)`,
    ),
    check("instalments_claim_check", sql`${t.status} <> 'charging' or ${t.claimedAt} is not null`),
    // At risk: refused with no attempt left, and only that.
    check(
      "instalments_at_risk_check",
      sql`${t.atRiskSince} is null or (${t.status} = 'failed' and ${t.nextAttemptAt} is null)`,
    ),
    uniqueIndex("instalments_payment_intent_key").on(t.paymentIntentId),
    uniqueIndex("instalments_payment_key").on(t.paymentId),
    index("instalments_order_idx").on(t.orderId, t.dueDay),
    index("instalments_student_idx").on(t.studentId, t.dueDay),
    // The worker's read: what is due or to be retried, oldest first.
    index("instalments_due_idx")
      .on(t.dueDay)
      .where(sql`${t.status} in ('scheduled', 'failed', 'charging')`),
  ],
);

/**
 * Each seat's share of an instalment: what refunds and cancellations read. A cancelled seat's share
 * of an instalment not yet paid is removed, and the instalment's amount lowered with it.
 */
export const instalmentSeats = pgTable(
  "instalment_seats",
  {
    instalmentId: uuid("instalment_id")
      .notNull()
      .references(() => instalments.id, { onDelete: "cascade" }),
    orderId: uuid("order_id").notNull(),
    classId: uuid("class_id").notNull(),
    camperId: uuid("camper_id").notNull(),
    cents: integer("cents").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instalmentId, t.classId, t.camperId] }),
    foreignKey({
      name: "instalment_seats_order_item_fk",
      columns: [t.orderId, t.classId, t.camperId],
      foreignColumns: [orderItems.orderId, orderItems.classId, orderItems.camperId],
    }).onDelete("cascade"),
    index("instalment_seats_seat_idx").on(t.orderId, t.classId, t.camperId),
    check("instalment_seats_cents_check", sql`${t.cents} > 0`),
  ],
);

export const AT_RISK_ACTIONS = ["keep", "cancel"] as const;
export type AtRiskAction = (typeof AT_RISK_ACTIONS)[number];

/**
 * The academy's rules for refused charges (decision 040), one row: a refused charge is tried
 * `retries` more times, `retry_days` apart; after `grace_days` from the last refusal, `cancel`
 * cancels the plan's seats not paid in full (the policy's refund of what was paid, each seat to its
 * waitlist); `keep` leaves them for the office to chase.
 */
export const planSettings = pgTable(
  "plan_settings",
  {
    id: smallint("id").primaryKey().default(1),
    graceDays: integer("grace_days").notNull().default(7),
    atRiskAction: text("at_risk_action", { enum: AT_RISK_ACTIONS }).notNull().default("keep"),
    /** Attempts after a refused charge, each `retry_days` academy days after the last. */
    retries: integer("retries").notNull().default(3),
    retryDays: integer("retry_days").notNull().default(2),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamps.updatedAt,
  },
  (t) => [
    check("plan_settings_one_row", sql`${t.id} = 1`),
    check("plan_settings_grace_check", sql`${t.graceDays} between 0 and 90`),
    check("plan_settings_action_check", sql`${t.atRiskAction} in ('keep', 'cancel')`),
    check("plan_settings_retries_check", sql`${t.retries} between 0 and 10`),
    check("plan_settings_retry_days_check", sql`${t.retryDays} between 1 and 14`),
  ],
);
