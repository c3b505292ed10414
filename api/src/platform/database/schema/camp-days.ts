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
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { campers } from "./families.js";
import { timestamps } from "./values.js";
import { classes, users } from "./users-and-classes.js";

/**
 * The people a family allows to collect a camper at check-out, each with a 6-digit PIN (kept as a
 * salted scrypt hash only). A row names one camper, or is a guardian's own PIN (`guardian_position`)
 * that collects any of the family's campers. A person collects only in a season the family has
 * confirmed them for (`confirmed_season`, the academy's year).
 */
export const pickupPeople = pgTable(
  "pickup_people",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    camperId: uuid("camper_id"),
    guardianPosition: smallint("guardian_position"),
    name: text("name").notNull(),
    relation: text("relation").notNull(),
    phone: text("phone").notNull(),
    email: text("email"),
    pinHash: text("pin_hash").notNull(),
    confirmedSeason: integer("confirmed_season").notNull(),
    removedAt: timestamp("removed_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // A person collects one of the family's own campers, never another family's.
    foreignKey({ columns: [t.camperId, t.familyId], foreignColumns: [campers.id, campers.familyId] }).onDelete(
      "cascade",
    ),
    index("pickup_people_camper_idx").on(t.camperId),
    index("pickup_people_family_idx").on(t.familyId),
    uniqueIndex("pickup_people_guardian_key")
      .on(t.familyId, t.guardianPosition)
      .where(sql`${t.guardianPosition} is not null and ${t.removedAt} is null`),
    check("pickup_people_whose_check", sql`(${t.camperId} is null) = (${t.guardianPosition} is not null)`),
    check("pickup_people_guardian_check", sql`${t.guardianPosition} in (1, 2)`),
    check("pickup_people_name_length", sql`char_length(${t.name}) between 1 and 80`),
    check("pickup_people_relation_length", sql`char_length(${t.relation}) between 1 and 40`),
    check("pickup_people_phone_length", sql`char_length(${t.phone}) between 6 and 20`),
    check("pickup_people_email_length", sql`char_length(${t.email}) between 3 and 254`),
    check("pickup_people_season_check", sql`${t.confirmedSeason} between 2000 and 2200`),
  ],
);

/** What a family says about a camper's going home: alone, without anyone collecting them. */
export const camperDepartures = pgTable("camper_departures", {
  camperId: uuid("camper_id")
    .primaryKey()
    .references(() => campers.id, { onDelete: "cascade" }),
  mayLeaveAlone: boolean("may_leave_alone").notNull().default(false),
  ...timestamps,
});

export const ATTENDANCE_STATES = ["in", "absent", "out"] as const;
export type AttendanceState = (typeof ATTENDANCE_STATES)[number];
/** How a camper left: with a pick-up person's PIN, a guardian's, alone (allowed by the family), or an admin's word. */
export const DEPARTURES = ["pickup", "guardian", "alone", "override"] as const;
export type Departure = (typeof DEPARTURES)[number];

/**
 * A camper's day in a class: checked in, marked absent, or checked out (and by whom, collected by
 * whom). One row per class, camper and academy day, changed only under its row lock; every change
 * is an `attendance_actions` row as well.
 */
export const attendance = pgTable(
  "attendance",
  {
    classId: uuid("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    camperId: uuid("camper_id")
      .notNull()
      .references(() => campers.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    state: text("state", { enum: ATTENDANCE_STATES }),
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }),
    checkedInBy: uuid("checked_in_by").references(() => users.id, { onDelete: "set null" }),
    absentAt: timestamp("absent_at", { withTimezone: true }),
    checkedOutAt: timestamp("checked_out_at", { withTimezone: true }),
    checkedOutBy: uuid("checked_out_by").references(() => users.id, { onDelete: "set null" }),
    departure: text("departure", { enum: DEPARTURES }),
    /** The name of who collected the camper, as it was at check-out. */
    collectedBy: text("collected_by"),
    pickupPersonId: uuid("pickup_person_id").references(() => pickupPeople.id, { onDelete: "set null" }),
    overrideNote: text("override_note"),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.classId, t.camperId, t.day] }),
    index("attendance_day_idx").on(t.day, t.classId),
    check("attendance_state_check", sql`${t.state} in ('in', 'absent', 'out')`),
    check("attendance_departure_check", sql`${t.departure} in ('pickup', 'guardian', 'alone', 'override')`),
    // Each state has exactly the facts it needs.
    check(
      "attendance_facts_check",
      sql`(${t.state} is null and ${t.checkedInAt} is null and ${t.checkedOutAt} is null and ${t.absentAt} is null)
        or (${t.state} = 'absent' and ${t.absentAt} is not null and ${t.checkedInAt} is null and ${t.checkedOutAt} is null)
        or (${t.state} = 'in' and ${t.checkedInAt} is not null and ${t.checkedOutAt} is null)
        or (${t.state} = 'out' and ${t.checkedInAt} is not null and ${t.checkedOutAt} is not null and ${t.departure} is not null)`,
    ),
    check(
      "attendance_departure_facts_check",
      sql`(${t.departure} is null) = (${t.checkedOutAt} is null)
        and (${t.departure} = 'override') = (${t.overrideNote} is not null)
        and (${t.departure} in ('pickup', 'guardian')) = (${t.collectedBy} is not null)`,
    ),
    check("attendance_note_length", sql`char_length(${t.overrideNote}) between 3 and 500`),
  ],
);

export const ATTENDANCE_ACTIONS = ["check_in", "absent", "check_out", "undo", "wrong_pin"] as const;
export type AttendanceAction = (typeof ATTENDANCE_ACTIONS)[number];

/**
 * Every action on a camper's day, in order: what was done, by whom, and the day's facts before it
 * (what an undo puts back). A phone sends each action with an id of its own (`client_id`): sent
 * twice (a retry after a lost answer, a queue sent again), it is done once.
 */
export const attendanceActions = pgTable(
  "attendance_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    classId: uuid("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    camperId: uuid("camper_id")
      .notNull()
      .references(() => campers.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    action: text("action", { enum: ATTENDANCE_ACTIONS }).notNull(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    clientId: text("client_id").notNull(),
    /** The day's facts before the action (an undo puts them back); null for a refused PIN. */
    before: jsonb("before"),
    /** An undo names the action it took back; an action taken back says so. */
    undoes: uuid("undoes"),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("attendance_actions_client_key").on(t.actorId, t.clientId),
    index("attendance_actions_day_idx").on(t.classId, t.camperId, t.day, t.at),
    check(
      "attendance_actions_action_check",
      sql`${t.action} in ('check_in', 'absent', 'check_out', 'undo', 'wrong_pin')`,
    ),
    check("attendance_actions_client_length", sql`char_length(${t.clientId}) between 8 and 64`),
  ],
);

/**
 * A family telling the academy ahead that a camper will miss a day of a class: the coach sees it,
 * and marking the camper absent that day sends no "not at camp" e-mail.
 */
export const absenceReports = pgTable(
  "absence_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    classId: uuid("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    camperId: uuid("camper_id")
      .notNull()
      .references(() => campers.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    note: text("note"),
    reportedBy: uuid("reported_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("absence_reports_day_key").on(t.classId, t.camperId, t.day),
    check("absence_reports_note_length", sql`char_length(${t.note}) between 1 and 300`),
  ],
);

/**
 * A message from a coach or an admin to the families of a class ("rain: we play in the gym"):
 * kept as sent, and e-mailed to each guardian through the outbox in the same transaction.
 */
export const classMessages = pgTable(
  "class_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    classId: uuid("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    senderId: uuid("sender_id").references(() => users.id, { onDelete: "set null" }),
    /** The sender's name as it was when sent (kept when the account goes). */
    senderName: text("sender_name").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    /** How many addresses it was written to. */
    recipients: integer("recipients").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("class_messages_class_idx").on(t.classId, t.sentAt),
    check("class_messages_subject_length", sql`char_length(${t.subject}) between 1 and 120`),
    check("class_messages_body_length", sql`char_length(${t.body}) between 1 and 4000`),
    check("class_messages_recipients_check", sql`${t.recipients} >= 0`),
  ],
);
