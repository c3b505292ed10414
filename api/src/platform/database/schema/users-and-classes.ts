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
import { CLASS_STATUSES, LEVELS, MAX_AGE, MIN_AGE, ROLES, SPORTS, WEEKDAYS, sqlList, timestamps } from "./values.js";

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
    /**
     * The Firebase account (its uid) this record belongs to, learnt at POST /jwt. It is what ties
     * the record to a person when the e-mail changes: the address follows the uid, never the
     * reverse (docs/api.md, "Changing the e-mail address"). Null until the first sign-in after it
     * was added.
     */
    firebaseUid: text("firebase_uid"),
    /**
     * The family deleted the account (DELETE /account): the record stays, anonymised, only because
     * payment records point at it. Its sign-in is gone and it never gets a token again.
     */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    uniqueIndex("users_firebase_uid_key").on(t.firebaseUid),
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
    /** Seats kept for waitlist offers: not enrolled, not held, not bookable by anyone else. */
    offeredSeats: integer("offered_seats").notNull().default(0),
    /**
     * Entries waiting in this class's line (not yet offered). While any waits, every free seat is
     * the line's: nobody else can take one (the line's head may be a group waiting for enough).
     */
    waitingEntries: integer("waiting_entries").notNull().default(0),
    /** Before this moment nobody can book the class or join its line (optional). */
    registrationOpensAt: timestamp("registration_opens_at", { withTimezone: true }),
    /** Money is integer cents; the wire speaks dollars. */
    priceCents: integer("price_cents").notNull(),
    /** Early-bird price: this lower price until the end of `early_price_until` (academy calendar). */
    earlyPriceCents: integer("early_price_cents"),
    earlyPriceUntil: date("early_price_until", { mode: "string" }),
    details: text("details"),
    status: text("status", { enum: CLASS_STATUSES }).notNull().default("pending"),
    /** The latest words of an admin to the instructor; every one is kept in class_reviews. */
    feedback: text("feedback"),
    /**
     * Changes its instructor proposed to the approved class (decision 039), as the wire names the
     * fields: the class stays on the site as approved until an admin accepts or rejects them.
     */
    proposedChanges: jsonb("proposed_changes"),
    proposedAt: timestamp("proposed_at", { withTimezone: true }),
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
    // What a parent needs on the day (all optional): the venue's postal address (absent: the
    // academy's own), drop-off and pick-up times (absent: the class's start and end) and what to bring.
    venueAddress: text("venue_address"),
    dropOff: time("drop_off"),
    pickUp: time("pick_up"),
    whatToBring: text("what_to_bring"),
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
    check("classes_venue_address_length", sql`char_length(${t.venueAddress}) between 1 and 300`),
    check("classes_what_to_bring_length", sql`char_length(${t.whatToBring}) between 1 and 1000`),
    // Drop-off at or before the daily start, pick-up at or after the daily end: only with hours.
    check(
      "classes_drop_off_check",
      sql`${t.dropOff} is null or (${t.startTime} is not null and ${t.dropOff} <= ${t.startTime})`,
    ),
    check(
      "classes_pick_up_check",
      sql`${t.pickUp} is null or (${t.endTime} is not null and ${t.pickUp} >= ${t.endTime})`,
    ),
    check(
      "classes_seats_check",
      sql`${t.enrolledSeats} >= 0 and ${t.heldSeats} >= 0 and ${t.offeredSeats} >= 0 and ${t.waitingEntries} >= 0 and ${t.enrolledSeats} + ${t.heldSeats} + ${t.offeredSeats} <= ${t.availableSeats}`,
    ),
    check("classes_price_check", sql`${t.priceCents} >= 0`),
    check(
      "classes_early_price_check",
      sql`(${t.earlyPriceCents} is null and ${t.earlyPriceUntil} is null) or (${t.earlyPriceCents} is not null and ${t.earlyPriceUntil} is not null and ${t.earlyPriceCents} >= 0 and ${t.earlyPriceCents} < ${t.priceCents})`,
    ),
    check(
      "classes_proposal_check",
      sql`(${t.proposedChanges} is null and ${t.proposedAt} is null) or (jsonb_typeof(${t.proposedChanges}) = 'object' and ${t.proposedAt} is not null and ${t.status} = 'approved')`,
    ),
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
