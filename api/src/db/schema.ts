import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const ROLES = ["admin", "instructor", "student"] as const;
export type Role = (typeof ROLES)[number];
export const CLASS_STATUSES = ["pending", "approved", "denied"] as const;
export type ClassStatus = (typeof CLASS_STATUSES)[number];
/** A camp session's sport, level and weekdays (Monday first): the wire's ids. */
export const SPORTS = [
  "soccer",
  "basketball",
  "tennis",
  "swimming",
  "athletics",
  "volleyball",
  "martial-arts",
  "climbing",
  "cycling",
  "baseball",
  "gymnastics",
  "table-tennis",
  "golf",
] as const;
export type Sport = (typeof SPORTS)[number];
export const LEVELS = ["beginner", "intermediate", "advanced", "all"] as const;
export type Level = (typeof LEVELS)[number];
export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const MIN_AGE = 5;
export const MAX_AGE = 18;

const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored lower-case: one account per address. */
    email: text("email").notNull(),
    name: text("name").notNull(),
    photo: text("photo"),
    role: text("role", { enum: ROLES }).notNull().default("student"),
    /**
     * Firebase's `email_verified` claim of the last ID token exchanged at POST /jwt: a student pays
     * only with a confirmed address (decision 028). False until a sign-in says otherwise.
     */
    emailVerified: boolean("email_verified").notNull().default(false),
    /**
     * Every access token carries the generation it was signed under; an admin ending all of the
     * user's sessions adds one, and the tokens of earlier generations stop working (decision 028).
     */
    sessionGeneration: integer("session_generation").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    // The admin's user table: sorted by name (within a role) or by joining date, paged.
    index("users_name_idx").on(t.name, t.id),
    index("users_role_name_idx").on(t.role, t.name, t.id),
    index("users_created_idx").on(t.createdAt, t.id),
    check("users_role_check", sql`${t.role} in ('admin', 'instructor', 'student')`),
    check("users_email_lower", sql`${t.email} = lower(${t.email})`),
  ],
);

export const classes = pgTable(
  "classes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    image: text("image").notNull(),
    instructorId: uuid("instructor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    availableSeats: integer("available_seats").notNull(),
    enrolledSeats: integer("enrolled_seats").notNull().default(0),
    /** Seats held by checkouts in progress (orders still pending): not enrolled, not bookable. */
    heldSeats: integer("held_seats").notNull().default(0),
    /** Money is integer cents; the wire speaks dollars. */
    priceCents: integer("price_cents").notNull(),
    details: text("details"),
    status: text("status", { enum: CLASS_STATUSES }).notNull().default("pending"),
    feedback: text("feedback"),
    // The camp session (all optional for the spec's old clients): its sport, the days and daily
    // hours it runs, for whom and where. The schedule is all set or all unset, as is the age range.
    sport: text("sport", { enum: SPORTS }),
    startDate: date("start_date", { mode: "string" }),
    endDate: date("end_date", { mode: "string" }),
    weekdays: text("weekdays", { enum: WEEKDAYS })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    startTime: time("start_time"),
    endTime: time("end_time"),
    ageMin: integer("age_min"),
    ageMax: integer("age_max"),
    level: text("level", { enum: LEVELS }),
    location: text("location"),
    ...timestamps,
  },
  (t) => [
    check("classes_sport_check", sql`${t.sport} in (${sqlList(SPORTS)})`),
    check("classes_level_check", sql`${t.level} in (${sqlList(LEVELS)})`),
    check("classes_weekdays_check", sql`${t.weekdays} <@ array[${sqlList(WEEKDAYS)}]::text[]`),
    check(
      "classes_schedule_check",
      sql`(${t.startDate} is null and ${t.endDate} is null and ${t.startTime} is null and ${t.endTime} is null and cardinality(${t.weekdays}) = 0) or (${t.startDate} is not null and ${t.endDate} is not null and ${t.endDate} >= ${t.startDate} and ${t.startTime} is not null and ${t.endTime} is not null and ${t.endTime} > ${t.startTime} and cardinality(${t.weekdays}) between 1 and 7)`,
    ),
    check(
      "classes_ages_check",
      sql`(${t.ageMin} is null and ${t.ageMax} is null) or (${t.ageMin} is not null and ${t.ageMax} is not null and ${t.ageMin} between ${sql.raw(String(MIN_AGE))} and ${sql.raw(String(MAX_AGE))} and ${t.ageMax} between ${t.ageMin} and ${sql.raw(String(MAX_AGE))})`,
    ),
    check("classes_location_length", sql`char_length(${t.location}) between 1 and 120`),
    check(
      "classes_seats_check",
      sql`${t.enrolledSeats} >= 0 and ${t.heldSeats} >= 0 and ${t.enrolledSeats} + ${t.heldSeats} <= ${t.availableSeats}`,
    ),
    check("classes_price_check", sql`${t.priceCents} >= 0`),
    check("classes_status_check", sql`${t.status} in ('pending', 'approved', 'denied')`),
    check("classes_name_length", sql`char_length(${t.name}) between 1 and 120`),
    index("classes_instructor_idx").on(t.instructorId),
    index("classes_status_idx").on(t.status),
    // The admin's class table: pending first, newest first within a status; the public "newest".
    index("classes_status_created_idx").on(t.status, t.createdAt, t.id),
    // The public class pages (ADR 013): one index per sort, read in order (either direction)
    // until a page is full, and one per filter for the narrow ones.
    index("classes_status_popular_idx").on(t.status, t.enrolledSeats, t.createdAt, t.id),
    index("classes_status_price_idx").on(t.status, t.priceCents, t.id),
    index("classes_status_start_idx").on(t.status, t.startDate.asc().nullsLast(), t.id),
    index("classes_status_start_desc_idx").on(t.status, t.startDate.desc().nullsLast(), t.id.desc().nullsFirst()),
    index("classes_status_name_idx").on(t.status, t.name, t.id),
    index("classes_sport_idx").on(t.sport, t.status),
    index("classes_level_idx").on(t.level, t.status),
    index("classes_ages_idx").on(t.ageMin, t.ageMax),
    index("classes_dates_idx").on(t.startDate, t.endDate),
    // The instructors' count of approved classes, one index-only lookup per instructor.
    index("classes_instructor_status_idx").on(t.instructorId, t.status),
    // My Classes, newest first, paged.
    index("classes_instructor_created_idx").on(t.instructorId, t.createdAt, t.id),
  ],
);

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
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex("cart_items_student_class_key").on(t.studentId, t.classId)],
);

/**
 * pending: seats held, payment open; paid: enrolled; failed: abandoned or superseded by a newer
 * checkout (seats released); expired: the hold ran out (seats released); refunded: paid after its
 * seats were gone, so the money went back.
 */
export const ORDER_STATUSES = ["pending", "paid", "failed", "expired", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

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
  ],
);

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
    priceCents: integer("price_cents").notNull(),
  },
  (t) => [uniqueIndex("order_items_order_class_key").on(t.orderId, t.classId)],
);

/** The spec's payment record (section 3), written once an order is paid. */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    studentId: uuid("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    transactionId: text("transaction_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    quantity: integer("quantity").notNull(),
    status: text("status").notNull().default("service pending"),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payments_order_key").on(t.orderId),
    uniqueIndex("payments_transaction_key").on(t.transactionId),
    index("payments_student_idx").on(t.studentId),
    // Payment history, newest first, paged.
    index("payments_student_paid_idx").on(t.studentId, t.paidAt, t.id),
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
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex("enrollments_student_class_key").on(t.studentId, t.classId),
    // A class's roster, in enrolment order, paged.
    index("enrollments_class_created_idx").on(t.classId, t.createdAt),
  ],
);

/** Uploaded images, content-addressed: any API instance can serve them from the database. */
export const images = pgTable("images", {
  sha256: text("sha256").primaryKey(),
  contentType: text("content_type").notNull(),
  bytes: text("bytes_base64").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamps.createdAt,
});

/** Payment-provider webhook events already handled: a replay changes nothing. */
export const processedWebhookEvents = pgTable("processed_webhook_events", {
  eventId: text("event_id").primaryKey(),
  type: text("type").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    /** When an admin marked it read; null: unread. */
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt, t.id)],
);

/** The home page's "Subscribe For Offer!" box: one row per address, kept once. */
export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored lower-case: one subscription per address. */
    email: text("email").notNull(),
    /** When the subscriber ticked the terms box (the subscription is refused without it). */
    acceptedTermsAt: timestamp("accepted_terms_at", { withTimezone: true }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex("newsletter_subscriptions_email_key").on(t.email),
    check("newsletter_subscriptions_email_lower", sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * A version per cached public list, bumped in the same transaction as any write that changes it.
 * Every API process compares versions before serving its cached copy, so a write is visible on
 * the very next read, whichever process serves it.
 */
export const cacheVersions = pgTable("cache_versions", {
  name: text("name").primaryKey(),
  version: integer("version").notNull().default(0),
});

/**
 * Access tokens ended by signing out (their `jti`), kept until they would have expired anyway:
 * the auth plugin refuses them in the same query that reads the caller's role (decision 028).
 */
export const revokedAccessTokens = pgTable(
  "revoked_access_tokens",
  {
    jti: uuid("jti").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The token's own expiry: after it the row says nothing the signature check does not. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("revoked_access_tokens_expires_idx").on(t.expiresAt),
    index("revoked_access_tokens_user_idx").on(t.userId),
  ],
);
