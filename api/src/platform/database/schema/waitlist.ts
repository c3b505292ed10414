import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { timestamps } from "./values.js";
import { campers } from "./families.js";
import { orders } from "./bookings.js";
import { classes, users } from "./users-and-classes.js";

/**
 * waiting: in line; offered: seats kept for it until `offer_expires_at`; accepted: its checkout
 * opened with those seats; declined, expired, left: ended by the family or the clock; removed: by
 * staff (with a reason) or because none of its campers could take a seat any more.
 */
export const WAITLIST_STATES = ["waiting", "offered", "accepted", "declined", "expired", "left", "removed"] as const;
export type WaitlistState = (typeof WAITLIST_STATES)[number];

/** One family's place in one class's line, for one or more of its campers (siblings together). */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    classId: uuid("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    familyId: uuid("family_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The line's order: lower first. New entries go last; staff may move one (renumbering). */
    rank: bigint("rank", { mode: "number" }).notNull(),
    state: text("state", { enum: WAITLIST_STATES }).notNull().default("waiting"),
    /** Seats it needs: one per camper still on the entry. */
    size: integer("size").notNull(),
    offeredAt: timestamp("offered_at", { withTimezone: true }),
    offerExpiresAt: timestamp("offer_expires_at", { withTimezone: true }),
    /** The checkout its accepted offer opened. */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** Why it ended, in plain words (staff's reason, or the eligibility a camper lost). */
    endReason: text("end_reason"),
    ...timestamps,
  },
  (t) => [
    // One entry in line per family and class: a second child joins by leaving and joining together.
    uniqueIndex("waitlist_one_active_per_family")
      .on(t.classId, t.familyId)
      .where(sql`${t.state} in ('waiting', 'offered')`),
    uniqueIndex("waitlist_rank_key").on(t.classId, t.rank),
    index("waitlist_family_idx").on(t.familyId, t.createdAt),
    index("waitlist_offer_expiry_idx")
      .on(t.offerExpiresAt)
      .where(sql`${t.state} = 'offered'`),
    check("waitlist_size_check", sql`${t.size} between 0 and 20`),
    check(
      "waitlist_state_check",
      sql`${t.state} in ('waiting', 'offered', 'accepted', 'declined', 'expired', 'left', 'removed')`,
    ),
    check("waitlist_offer_check", sql`${t.state} <> 'offered' or (${t.offerExpiresAt} is not null and ${t.size} > 0)`),
    check("waitlist_waiting_size_check", sql`${t.state} <> 'waiting' or ${t.size} > 0`),
  ],
);

/** The campers of an entry: each one of the entry's family. */
export const waitlistCampers = pgTable(
  "waitlist_campers",
  {
    entryId: uuid("entry_id")
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: "cascade" }),
    camperId: uuid("camper_id").notNull(),
    familyId: uuid("family_id").notNull(),
    /** Taken off the entry (no longer eligible when offered), with the entry kept for the others. */
    droppedReason: text("dropped_reason"),
  },
  (t) => [
    uniqueIndex("waitlist_campers_key").on(t.entryId, t.camperId),
    index("waitlist_campers_camper_idx").on(t.camperId),
    foreignKey({
      name: "waitlist_campers_family_camper_fk",
      columns: [t.camperId, t.familyId],
      foreignColumns: [campers.id, campers.familyId],
    }).onDelete("cascade"),
  ],
);

export const WAITLIST_ACTIONS = [
  "joined",
  "offered",
  "accepted",
  "declined",
  "expired",
  "left",
  "removed",
  "moved",
  "dropped",
  // The office booked a family ahead of this entry, with its reason (decision 047).
  "passed",
] as const;

/** What happened to entries, by whom and why: staff's moves and removals keep their reason here. */
export const waitlistEvents = pgTable(
  "waitlist_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    entryId: uuid("entry_id")
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: "cascade" }),
    actorId: uuid("actor_id"),
    action: text("action", { enum: WAITLIST_ACTIONS }).notNull(),
    reason: text("reason"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("waitlist_events_entry_idx").on(t.entryId, t.at)],
);
