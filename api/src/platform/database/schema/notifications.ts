import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./users-and-classes.js";
import { timestamps } from "./values.js";

/**
 * queued: waiting to be sent (or being sent, while its lease runs); sent: the mail server accepted
 * it; failed: given up (a permanent refusal, or too many attempts).
 */
export const OUTBOX_STATES = ["queued", "sent", "failed"] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/**
 * The notifications outbox (decision 032): one row per e-mail, written in the same
 * transaction as the change it reports and sent afterwards by a worker every API process runs.
 * A worker claims a row by taking a lease (`locked_until`): a process killed while sending leaves a
 * lease that runs out, never a state that sticks, and the row is sent again with the same Message-ID.
 */
export const notificationOutbox = pgTable(
  "notification_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Which template renders it (notifications/templates). */
    kind: text("kind").notNull(),
    /** The recipient's address. */
    recipient: text("recipient").notNull(),
    /** The facts the template shows, gathered in the cause's transaction. */
    payload: jsonb("payload").notNull(),
    /** The same for every attempt: a message sent twice is recognisably one message. */
    messageId: text("message_id").notNull(),
    /** One message per cause (e.g. `receipt:<order id>`): a cause replayed enqueues nothing more. */
    dedupeKey: text("dedupe_key"),
    state: text("state", { enum: OUTBOX_STATES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    /** Not sent before this moment (back-off after a failed attempt). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A worker is sending it until then; after that another may claim it. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("notification_outbox_message_id_key").on(t.messageId),
    uniqueIndex("notification_outbox_dedupe_key").on(t.dedupeKey),
    // The worker's claim: queued rows in the order they are due.
    index("notification_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'queued'`),
    index("notification_outbox_state_idx").on(t.state, t.createdAt),
    check("notification_outbox_state_check", sql`${t.state} in ('queued', 'sent', 'failed')`),
    check("notification_outbox_attempts_check", sql`${t.attempts} >= 0`),
  ],
);

/**
 * A user's e-mail and calendar choices; no row means the defaults. `optional_emails`
 * false: no reminders nor other messages that are not about something the user did (turned off in
 * Settings or by a one-click unsubscribe link). `calendar_token`: the secret of the family's private
 * calendar feed URL (null: no feed; a new one revokes the old URL).
 */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    optionalEmails: boolean("optional_emails").notNull().default(true),
    calendarToken: text("calendar_token"),
    ...timestamps,
  },
  (t) => [uniqueIndex("notification_preferences_calendar_token_key").on(t.calendarToken)],
);
