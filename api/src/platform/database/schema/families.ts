import { sql } from "drizzle-orm";
import { boolean, check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./values.js";
import { classes, users } from "./users-and-classes.js";

/**
 * A child (or the account holder: `is_self`, the "Myself" camper) a family books seats for. The
 * medical and contact details are one sealed value (AES-256-GCM, platform/sealing.ts): the
 * database never holds them as text. A removed camper keeps its name for the family's history and
 * loses everything else (`removed_at`).
 */
export const campers = pgTable(
  "campers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    isSelf: boolean("is_self").notNull().default(false),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    photoConsent: boolean("photo_consent").notNull().default(false),
    /** Allergies, medical notes, medications, emergency contacts and pick-up people, sealed. */
    sealedDetails: text("sealed_details"),
    removedAt: timestamp("removed_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // One "Myself" per account.
    uniqueIndex("campers_one_self_per_family")
      .on(t.familyId)
      .where(sql`${t.isSelf}`),
    index("campers_family_idx").on(t.familyId, t.createdAt),
    // What the bookings' (camper, family) foreign keys point at: a seat is only ever for one's own camper.
    uniqueIndex("campers_id_family_key").on(t.id, t.familyId),
    // A child has a date of birth (the age rules read it); the account holder need not give one.
    check("campers_birth_check", sql`${t.isSelf} or ${t.removedAt} is not null or ${t.dateOfBirth} is not null`),
    check("campers_first_name_length", sql`char_length(${t.firstName}) between 1 and 60`),
    check("campers_last_name_length", sql`char_length(${t.lastName}) <= 60`),
  ],
);

export const SENSITIVE_READ_REASONS = [
  "roster",
  "detail",
  "family",
  "roster-export",
  "form",
  "today",
  "aid",
  "medical-report",
] as const;
export type SensitiveReadReason = (typeof SENSITIVE_READ_REASONS)[number];

/**
 * Every read of a camper's medical and contact details by staff (an instructor's roster, an
 * admin's view of a family): who, when, which camper, why. Kept when the camper or the reader goes.
 */
export const sensitiveReads = pgTable(
  "sensitive_reads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    readerId: uuid("reader_id").notNull(),
    readerEmail: text("reader_email").notNull(),
    readerRole: text("reader_role").notNull(),
    camperId: uuid("camper_id").notNull(),
    familyId: uuid("family_id").notNull(),
    classId: uuid("class_id").references(() => classes.id, { onDelete: "set null" }),
    reason: text("reason", { enum: SENSITIVE_READ_REASONS }).notNull(),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("sensitive_reads_read_at_idx").on(t.readAt, t.id),
    index("sensitive_reads_camper_idx").on(t.camperId, t.readAt),
    check(
      "sensitive_reads_reason_check",
      sql`${t.reason} in ('roster', 'detail', 'family', 'roster-export', 'form', 'today', 'aid', 'medical-report')`,
    ),
  ],
);
