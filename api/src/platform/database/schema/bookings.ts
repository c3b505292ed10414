import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { timestamps } from "./values.js";
import { campers } from "./families.js";
import { classes, users } from "./users-and-classes.js";

export const cartItems = pgTable(
  "cart_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    studentId: uuid("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    classId: uuid("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    /** Whose seat: one of the family's campers (the account holder's own "Myself" by default). */
    camperId: uuid("camper_id").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    // One line per class and camper: two siblings in one class are two lines.
    uniqueIndex("cart_items_camper_class_key").on(t.camperId, t.classId),
    // The camper is one of this family's own.
    foreignKey({
      name: "cart_items_family_camper_fk",
      columns: [t.camperId, t.studentId],
      foreignColumns: [campers.id, campers.familyId],
    }).onDelete("cascade"),
    index("cart_items_student_idx").on(t.studentId, t.createdAt),
  ],
);

/**
 * pending: seats held, payment open; paid: enrolled; failed: abandoned or superseded by a newer
 * checkout (seats released); expired: the hold ran out (seats released); refunded: paid after its
 * seats were gone, so the money went back.
 */
export const ORDER_STATUSES = ["pending", "paid", "failed", "expired", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Where an order was made: the family's own checkout, or the front desk for the family. */
export const ORDER_CHANNELS = ["online", "office"] as const;

/**
 * How a payment was made: a card (through the provider), money the office received itself, or
 * `credit`: what was paid for a seat moved to another class, carried to the new seat (decision 048).
 */
export const PAYMENT_METHODS = ["card", "cash", "cheque", "bank_transfer", "credit"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * `checkout`: an order's own card payment (in full, or a plan's deposit); `instalment`: a plan's
 * later charge; `offline`: cash, a cheque or a bank transfer the office recorded; `balance`: the
 * family's card payment of a front-desk order's balance; `transfer`: the credit of a seat moved to
 * another class, paying the new seat (decision 048).
 */
export const PAYMENT_KINDS = ["checkout", "instalment", "offline", "balance", "transfer"] as const;

/** One checkout: the seats it holds until paid, failed or expired. One per PaymentIntent. */
/** The parts of a PaymentIntent's creation that are not on the order row itself. */
export interface IntentRequest {
  currency: string;
  email: string;
  description: string;
}

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    studentId: uuid("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    paymentIntentId: text("payment_intent_id"),
    /**
     * What the PaymentIntent is created with, written with the seat hold before the provider is
     * called: repeating this create under the order's idempotency key finds an intent whose
     * creation the order never learned of (a process killed, a create that timed out).
     */
    intentRequest: jsonb("intent_request").$type<IntentRequest>(),
    amountCents: integer("amount_cents").notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending"),
    /** An order that ended (failed, expired) whose intent the provider has not yet confirmed canceled. */
    cancelPending: boolean("cancel_pending").notNull().default(false),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /**
     * How the order was priced (decision 034): the day, the lines' prices and the discounts in force
     * with their rules. A cancellation prices the seats kept by them again, as at purchase (decision
     * 033). Null for orders priced before it was recorded.
     */
    pricingTerms: jsonb("pricing_terms").$type<PricingTerms>(),
    /**
     * The newer checkout of the same family that replaced this one (another tab or window): a
     * payment of this one that arrives after is answered in those words (payments/routes.ts).
     */
    replacedBy: uuid("replaced_by"),
    /**
     * The payment plan the family agreed to (decision 040), copied with its schedule when the
     * checkout opened: null when the order is paid in full. `amount_cents` is then the deposit.
     */
    plan: jsonb("plan").$type<AgreedPlan>(),
    /** The family's Customer at the provider and the card saved by the deposit (plans only). */
    paymentCustomerId: text("payment_customer_id"),
    paymentMethodId: text("payment_method_id"),
    /**
     * `office`: booked at the front desk for the family (decision 047): no card checkout; paid by
     * offline payments and the family's card payments of its balance, which may stay due.
     */
    channel: text("channel", { enum: ORDER_CHANNELS }).notNull().default("online"),
    /** The day a front-desk order's balance is due (academy calendar); null when paid in full at booking. */
    balanceDueDay: date("balance_due_day", { mode: "string" }),
    /** The admin who booked it at the front desk, or the family that moved a seat into it (decision 048). */
    bookedBy: uuid("booked_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("orders_payment_intent_key").on(t.paymentIntentId),
    index("orders_cancel_pending_idx")
      .on(t.updatedAt)
      .where(sql`${t.cancelPending}`),
    // A student has at most one checkout in progress: a new one replaces the old one.
    uniqueIndex("orders_one_pending_per_student")
      .on(t.studentId)
      .where(sql`${t.status} = 'pending'`),
    index("orders_pending_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    index("orders_student_idx").on(t.studentId),
    check("orders_amount_check", sql`${t.amountCents} >= 0`),
    check("orders_status_check", sql`${t.status} in ('pending', 'paid', 'failed', 'expired', 'refunded')`),
    check("orders_channel_check", sql`${t.channel} in ('online', 'office')`),
    // Only a front-desk order has a balance left for later; it never has a plan's schedule.
    check(
      "orders_office_check",
      sql`${t.channel} = 'office' or (${t.balanceDueDay} is null and ${t.bookedBy} is null)`,
    ),
    check("orders_office_plan_check", sql`${t.channel} = 'online' or ${t.plan} is null`),
    index("orders_office_due_idx")
      .on(t.balanceDueDay)
      .where(sql`${t.channel} = 'office'`),
  ],
);

/** What an order was priced with, as the pricing rule read it at purchase (pricing/terms.ts). */
export interface PricingTerms {
  /** The pricing day (academy calendar, YYYY-MM-DD). */
  day: string;
  lines: {
    classId: string;
    camperId: string;
    className: string;
    sport: string | null;
    priceCents: number;
    earlyPriceCents: number | null;
    earlyPriceUntil: string | null;
  }[];
  sibling: { id: string; name: string; percentOff: number } | null;
  multiClass: { id: string; name: string; percentOff: number; minSeats: number } | null;
  /** The promo code applied, with its rules then (null when none applied). */
  code: {
    id: string;
    code: string;
    name: string;
    percentOff: number | null;
    amountOffCents: number | null;
    classIds: string[];
    sports: string[];
    minOrderCents: number;
  } | null;
  /**
   * Financial aid taken off lines, in cents (decision 050): a seat kept after a cancellation keeps
   * its aid. Absent on orders priced before aid existed.
   */
  aid?: { classId: string; camperId: string; cents: number }[];
}

/**
 * A payment plan as the family agreed to it at checkout: its words and each charge by day, with each
 * seat's share ("classId/camperId" keys). The first part is the deposit, charged at checkout.
 */
export interface AgreedPlan {
  planId: string;
  name: string;
  summary: string;
  parts: { due: string; deposit: boolean; totalCents: number; seats: { key: string; cents: number }[] }[];
}

/** One discount on an order line, as recorded when it was bought. */
export interface LineDiscount {
  kind: "early_bird" | "sibling" | "multi_class" | "code" | "aid";
  name: string;
  cents: number;
}

export const orderItems = pgTable(
  "order_items",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    classId: uuid("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    cartItemId: uuid("cart_item_id"),
    /** Whose seat: one of the family's campers (the account holder's own "Myself" by default). */
    camperId: uuid("camper_id").notNull(),
    /** What was paid for this line: its price after every discount; refunds are based on it. */
    priceCents: integer("price_cents").notNull(),
    /** The class's full price when the line was bought (null for lines bought before discounts existed). */
    listPriceCents: integer("list_price_cents"),
    /** Each discount taken off this line, by name, in cents, in the order applied. */
    discounts: jsonb("discounts").$type<LineDiscount[]>().notNull().default([]),
    /**
     * What has been charged for this line so far: its price once paid in full, the deposit's and
     * each paid instalment's share of it on a payment plan; 0 until the order is paid.
     */
    paidCents: integer("paid_cents").notNull().default(0),
    /** What went back to the card for this line: never more than was paid for it. */
    refundedCents: integer("refunded_cents").notNull().default(0),
  },
  (t) => [
    uniqueIndex("order_items_order_class_camper_key").on(t.orderId, t.classId, t.camperId),
    check(
      "order_items_price_check",
      sql`${t.priceCents} >= 0 and (${t.listPriceCents} is null or ${t.priceCents} <= ${t.listPriceCents})`,
    ),
    check(
      "order_items_paid_check",
      sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.paidCents} and ${t.paidCents} <= ${t.priceCents}`,
    ),
    foreignKey({ name: "order_items_camper_fk", columns: [t.camperId], foreignColumns: [campers.id] }).onDelete(
      "cascade",
    ),
  ],
);

/** The spec's payment record (section 3), written once an order is paid. */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Payment records are never deleted with anything else (tax records): deleting their order or
    // their payer fails instead. A family that deletes its account keeps an anonymised record.
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    studentId: uuid("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    transactionId: text("transaction_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    quantity: integer("quantity").notNull(),
    status: text("status").notNull().default("service pending"),
    /** What the payment was for (PAYMENT_KINDS). */
    kind: text("kind", { enum: PAYMENT_KINDS }).notNull().default("checkout"),
    method: text("method", { enum: PAYMENT_METHODS }).notNull().default("card"),
    /** A cheque's number or a bank transfer's reference, as the office typed it. */
    reference: text("reference"),
    /** The day the office received the money (academy calendar); offline payments only. */
    receivedOn: date("received_on", { mode: "string" }),
    /** The admin who recorded an offline payment, or who moved the seat whose credit this is. */
    recordedBy: uuid("recorded_by").references(() => users.id, { onDelete: "set null" }),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One checkout payment per order; each instalment of a plan is a payment of its own.
    uniqueIndex("payments_order_key")
      .on(t.orderId)
      .where(sql`${t.kind} = 'checkout'`),
    check("payments_kind_check", sql`${t.kind} in ('checkout', 'instalment', 'offline', 'balance', 'transfer')`),
    check("payments_method_check", sql`${t.method} in ('card', 'cash', 'cheque', 'bank_transfer', 'credit')`),
    // Money the office received is offline and says when; a moved seat's credit is a transfer; a
    // card payment is neither.
    check(
      "payments_offline_check",
      sql`(${t.kind} = 'offline') = (${t.method} in ('cash', 'cheque', 'bank_transfer')) and (${t.kind} = 'transfer') = (${t.method} = 'credit') and (${t.kind} = 'offline') = (${t.receivedOn} is not null)`,
    ),
    // A cheque has its number and a transfer its reference.
    check(
      "payments_reference_check",
      sql`${t.method} not in ('cheque', 'bank_transfer') or char_length(coalesce(${t.reference}, '')) between 1 and 60`,
    ),
    check("payments_amount_check", sql`${t.amountCents} > 0 or ${t.kind} = 'checkout'`),
    uniqueIndex("payments_transaction_key").on(t.transactionId),
    index("payments_student_idx").on(t.studentId),
    // Payment history, newest first, paged.
    index("payments_student_paid_idx").on(t.studentId, t.paidAt, t.id),
    // An order's payments in the order they came (its refunds are shown under the first).
    index("payments_order_paid_idx").on(t.orderId, t.paidAt, t.id),
  ],
);

export const enrollments = pgTable(
  "enrollments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    studentId: uuid("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    classId: uuid("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** Whose seat: one of the family's campers (the account holder's own "Myself" by default). */
    camperId: uuid("camper_id").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    // A camper holds one seat of a class at most.
    uniqueIndex("enrollments_camper_class_key").on(t.camperId, t.classId),
    foreignKey({
      name: "enrollments_family_camper_fk",
      columns: [t.camperId, t.studentId],
      foreignColumns: [campers.id, campers.familyId],
    }).onDelete("cascade"),
    index("enrollments_student_idx").on(t.studentId, t.createdAt),
    // A class's roster, in enrolment order, paged.
    index("enrollments_class_created_idx").on(t.classId, t.createdAt),
  ],
);
