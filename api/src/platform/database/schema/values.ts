import { sql } from "drizzle-orm";
import { timestamp } from "drizzle-orm/pg-core";

/** The value lists the tables check, and the columns most tables share. */

export const timestamps = {
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

export const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));
