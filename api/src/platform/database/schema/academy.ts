import { sql } from "drizzle-orm";
import { check, jsonb, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users-and-classes.js";

/** Links to the academy's pages elsewhere, shown in the site's footer (any of them may be absent). */
export interface SocialLinks {
  facebook?: string;
  instagram?: string;
  youtube?: string;
  x?: string;
  pinterest?: string;
}

/**
 * The academy's own facts (decision 051), one row: what every page, e-mail, calendar, receipt and
 * statement says of the academy. Admins change it on one page; every API process reads it again
 * within half a minute. The migration writes today's values, so nothing a user sees changes.
 */
export const academySettings = pgTable(
  "academy_settings",
  {
    id: smallint("id").primaryKey().default(1),
    name: text("name").notNull(),
    legalName: text("legal_name").notNull(),
    /** The postal address, one line per element (street, then town). */
    addressLines: text("address_lines").array().notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    /** Where answers to the academy's e-mails go (null: its contact e-mail). */
    replyToEmail: text("reply_to_email"),
    /** The name e-mails come from. */
    senderName: text("sender_name").notNull(),
    /** The US employer identification number on year-end statements. */
    taxId: text("tax_id").notNull(),
    /** When camp runs, in words ("June to August"). */
    seasonText: text("season_text").notNull(),
    /** What a camp day looks like, in words. */
    dayText: text("day_text").notNull(),
    /** How soon a message is answered ("within one working day"). */
    replyTime: text("reply_time").notNull(),
    socialLinks: jsonb("social_links").$type<SocialLinks>().notNull().default({}),
    /** The logo, an image uploaded to this API (`/images/<sha256>.webp`); null: the site's own mark. */
    logoUrl: text("logo_url"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    check("academy_settings_one_row", sql`${t.id} = 1`),
    check("academy_settings_address_check", sql`cardinality(${t.addressLines}) between 1 and 3`),
    check("academy_settings_tax_id_check", sql`${t.taxId} ~ '^[0-9]{2}-[0-9]{7}$'`),
  ],
);

/**
 * A new installation's first-run setup, while it has no admin: one row holding the nonce its setup
 * token is made from (an HMAC with the API's data key), so every API process prints the same token
 * and none is stored. The row goes when the first admin is made.
 */
export const firstRunSetup = pgTable(
  "first_run_setup",
  {
    id: smallint("id").primaryKey().default(1),
    nonce: text("nonce").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("first_run_setup_one_row", sql`${t.id} = 1`)],
);
