import { sql } from "drizzle-orm";
import {
  check,
  doublePrecision,
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./users-and-classes.js";

/**
 * The waiting room of one registration opening (decision 043): the places given so far, how many
 * of them are let in, and how fast more are let in now. One row per opening, shared by every API
 * process; joining and pacing lock it, so places are given strictly in arrival order.
 */
export const waitingRooms = pgTable(
  "waiting_rooms",
  {
    /** The opening this room is for: the moment its classes' registration opens. */
    opensAt: timestamp("opens_at", { withTimezone: true }).primaryKey(),
    /** The last place given (places are numbered 1, 2, 3... in arrival order). */
    lastPlace: integer("last_place").notNull().default(0),
    /**
     * Places let in so far: every place up to its whole part. The fraction is the part of the next
     * family earned since the last pass, carried so a slow rate still lets families in.
     */
    admitted: doublePrecision("admitted").notNull().default(0),
    /** Families let in per second now, adapted to how loaded the API processes say they are. */
    ratePerSecond: doublePrecision("rate_per_second").notNull(),
    /** When the rate was last cut for a loaded process: the next cut waits for this one to show. */
    cutAt: timestamp("cut_at", { withTimezone: true }),
    /** When `admitted` was last moved on. */
    pacedAt: timestamp("paced_at", { withTimezone: true }).notNull(),
    /** When the line was last joined: a room ends once nobody has waited in it for a while. */
    lastJoinAt: timestamp("last_join_at", { withTimezone: true }),
    /** Set when the room ended: the line was empty long enough after the opening, or it ran its longest. */
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    check("waiting_rooms_admitted_within_places", sql`${t.admitted} >= 0 and ${t.admitted} <= ${t.lastPlace}`),
    check("waiting_rooms_rate_positive", sql`${t.ratePerSecond} > 0`),
  ],
);

/** One family's place in a room: one per account and one per browser. */
export const waitingRoomPlaces = pgTable(
  "waiting_room_places",
  {
    opensAt: timestamp("opens_at", { withTimezone: true }).notNull(),
    place: integer("place").notNull(),
    /** The account that holds it, once it is known (a family may wait before signing in). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The browser's own random id, so its tabs share one place. */
    browserId: text("browser_id"),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the family was first told it is in: its window to book runs from here. */
    admittedAt: timestamp("admitted_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.opensAt, t.place] }),
    foreignKey({ columns: [t.opensAt], foreignColumns: [waitingRooms.opensAt] }).onDelete("cascade"),
    uniqueIndex("waiting_room_places_one_per_account").on(t.opensAt, t.userId),
    uniqueIndex("waiting_room_places_one_per_browser").on(t.opensAt, t.browserId),
    check("waiting_room_places_place_positive", sql`${t.place} > 0`),
  ],
);

/** Each API process's last word on its load, which the pacing reads (a second or two old at most). */
export const waitingRoomLoad = pgTable(
  "waiting_room_load",
  {
    process: text("process").primaryKey(),
    /** The larger of its event loop's use over the last second and its share of requests in flight (0-1+). */
    pressure: doublePrecision("pressure").notNull(),
    /** Requests it refused as very busy since its previous word. */
    refused: integer("refused").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [check("waiting_room_load_refused_counted", sql`${t.refused} >= 0`)],
);
