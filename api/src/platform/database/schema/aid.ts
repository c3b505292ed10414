import { sql } from "drizzle-orm";
import {
  boolean,
  check,
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
import { orders } from "./bookings.js";
import { campers } from "./families.js";
import { classes, users } from "./users-and-classes.js";

/**
 * Financial aid (decision 050). A season is a camp year: the academy's budget for it, the most one
 * camper may be awarded, and whether families may apply. `awarded_cents` is the sum of the
 * season's awards, raised by each award in one guarded update, so the budget is never promised
 * twice, whichever admins award at once.
 */
export const aidSeasons = pgTable(
  "aid_seasons",
  {
    season: integer("season").primaryKey(),
    budgetCents: integer("budget_cents").notNull(),
    camperCapCents: integer("camper_cap_cents").notNull(),
    awardedCents: integer("awarded_cents").notNull().default(0),
    open: boolean("open").notNull().default(false),
    /** What the academy tells families above the form (plain text). */
    intro: text("intro"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("aid_seasons_season_check", sql`${t.season} between 2000 and 2100`),
    check("aid_seasons_cap_check", sql`${t.camperCapCents} > 0 and ${t.budgetCents} >= 0`),
    check("aid_seasons_budget_check", sql`${t.awardedCents} >= 0 and ${t.awardedCents} <= ${t.budgetCents}`),
  ],
);

export const AID_STATUSES = ["pending", "awarded", "declined"] as const;
export type AidStatus = (typeof AID_STATUSES)[number];

/**
 * A family's application for one camper and season, and the office's answer. The statement is
 * sealed (platform/sealing.ts): a family's circumstances are read by admins only, each read logged.
 * An award is an amount (`award_cents`, the most it pays in all), optionally taken as a percent of
 * each seat up to that amount; it pays for this camper's seats only.
 */
export const aidApplications = pgTable(
  "aid_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    season: integer("season")
      .notNull()
      .references(() => aidSeasons.season, { onDelete: "restrict" }),
    familyId: uuid("family_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    camperId: uuid("camper_id").notNull(),
    householdSize: integer("household_size").notNull(),
    requestedCents: integer("requested_cents").notNull(),
    sealedStatement: text("sealed_statement").notNull(),
    status: text("status").$type<AidStatus>().notNull().default("pending"),
    awardCents: integer("award_cents"),
    awardPercent: integer("award_percent"),
    decisionNote: text("decision_note"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    // One application per camper and season.
    uniqueIndex("aid_applications_camper_season_key").on(t.camperId, t.season),
    // What aid_uses' camper is checked against: an award pays for its own camper's seats only.
    uniqueIndex("aid_applications_id_camper_key").on(t.id, t.camperId),
    index("aid_applications_season_idx").on(t.season, t.createdAt),
    // Every cart quote and checkout reads its family's awards: found by the family, not by a scan.
    index("aid_applications_family_idx").on(t.familyId, t.status),
    foreignKey({
      name: "aid_applications_family_camper_fk",
      columns: [t.camperId, t.familyId],
      foreignColumns: [campers.id, campers.familyId],
    }).onDelete("cascade"),
    check("aid_applications_status_check", sql`${t.status} in ('pending', 'awarded', 'declined')`),
    check("aid_applications_household_check", sql`${t.householdSize} between 1 and 20`),
    check("aid_applications_requested_check", sql`${t.requestedCents} between 100 and 10000000`),
    check(
      "aid_applications_award_check",
      sql`(${t.status} = 'awarded') = (${t.awardCents} is not null) and (${t.awardCents} is null or ${t.awardCents} >= 0)
        and (${t.awardPercent} is null or (${t.awardCents} is not null and ${t.awardPercent} between 1 and 100))`,
    ),
  ],
);

/**
 * What an award paid of one order line. It counts while its order holds the seat (a checkout in
 * progress) or the seat is enrolled: a checkout that fails or expires, a cancelled or moved seat
 * gives it back to the award by itself (aid/credits.ts reads it so), nothing to undo.
 */
export const aidUses = pgTable(
  "aid_uses",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    classId: uuid("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    camperId: uuid("camper_id").notNull(),
    applicationId: uuid("application_id").notNull(),
    cents: integer("cents").notNull(),
  },
  (t) => [
    primaryKey({ name: "aid_uses_pkey", columns: [t.orderId, t.classId, t.camperId] }),
    index("aid_uses_application_idx").on(t.applicationId),
    foreignKey({
      name: "aid_uses_application_camper_fk",
      columns: [t.applicationId, t.camperId],
      foreignColumns: [aidApplications.id, aidApplications.camperId],
      // With its application (a family's account deleted): a use means nothing without its award.
    }).onDelete("cascade"),
    check("aid_uses_cents_check", sql`${t.cents} > 0`),
  ],
);
