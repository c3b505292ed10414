import { sql } from "drizzle-orm";
import { check, pgTable, smallint, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./values.js";
import { users } from "./users-and-classes.js";

/**
 * The parents or guardians of a family: the account holder first (position 1, reached at the
 * account's own e-mail, so none is kept here), and at most one more (position 2, with an e-mail of
 * their own). Rosters, the admin's family view and the office's exports show their names and
 * phones; a family books its first seat only once the first is complete.
 */
export const guardians = pgTable(
  "guardians",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    name: text("name").notNull(),
    relation: text("relation").notNull(),
    phone: text("phone").notNull(),
    /** The second guardian's address; the first is reached at the account's. */
    email: text("email"),
    addressLine1: text("address_line1").notNull(),
    addressLine2: text("address_line2").notNull().default(""),
    city: text("city").notNull(),
    region: text("region").notNull().default(""),
    postalCode: text("postal_code").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("guardians_family_position_key").on(t.familyId, t.position),
    check("guardians_position_check", sql`${t.position} in (1, 2)`),
    check("guardians_email_check", sql`(${t.position} = 1) = (${t.email} is null)`),
    check("guardians_name_length", sql`char_length(${t.name}) between 1 and 80`),
    check("guardians_relation_length", sql`char_length(${t.relation}) between 1 and 40`),
    check("guardians_phone_length", sql`char_length(${t.phone}) between 6 and 20`),
    check("guardians_email_length", sql`char_length(${t.email}) between 3 and 254`),
    check(
      "guardians_address_length",
      sql`char_length(${t.addressLine1}) between 1 and 120 and char_length(${t.addressLine2}) <= 120
        and char_length(${t.city}) between 1 and 80 and char_length(${t.region}) <= 80
        and char_length(${t.postalCode}) between 1 and 20`,
    ),
  ],
);
