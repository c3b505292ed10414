import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { orders } from "./bookings.js";
import { refunds } from "./refunds.js";
import { classes, users } from "./users-and-classes.js";

/**
 * A camper's seat moved from one class to another (decision 048): the old seat's record stays as a
 * cancellation, the new one is a booking of its own whose first payment is the old seat's credit.
 * The row keeps the figures a receipt and the payment history read as lines: the old class's
 * credit (−), the new class's price (+), the fee kept, and the difference owed or given back.
 */
export const seatTransfers = pgTable(
  "seat_transfers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    camperId: uuid("camper_id").notNull(),
    fromOrderId: uuid("from_order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    fromClassId: uuid("from_class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    /** The enrolment that ended (its calendar events are cancelled by their UIDs). */
    fromEnrollmentId: uuid("from_enrollment_id").notNull(),
    toOrderId: uuid("to_order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    toClassId: uuid("to_class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    toEnrollmentId: uuid("to_enrollment_id").notNull(),
    /** What had been paid for the old seat and not given back, before the fee. */
    heldCents: integer("held_cents").notNull(),
    /** Kept by the academy for the move (stays paid on the old line). */
    feeCents: integer("fee_cents").notNull(),
    /** The new seat's price, with today's discounts. */
    priceCents: integer("price_cents").notNull(),
    /** Carried from the old seat to the new one (a refund of the old line, a payment of the new). */
    creditCents: integer("credit_cents").notNull(),
    /** What the new seat costs beyond the credit: owed on the new booking. */
    owedCents: integer("owed_cents").notNull(),
    /** What the credit was more than the new seat: given back (to the card, or by the office). */
    refundCents: integer("refund_cents").notNull(),
    refundId: uuid("refund_id").references(() => refunds.id, { onDelete: "set null" }),
    reason: text("reason"),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("seat_transfers_family_idx").on(t.familyId, t.createdAt),
    index("seat_transfers_to_order_idx").on(t.toOrderId),
    index("seat_transfers_from_order_idx").on(t.fromOrderId),
    check(
      "seat_transfers_figures_check",
      sql`${t.heldCents} >= 0 and ${t.feeCents} >= 0 and ${t.feeCents} <= ${t.heldCents} and ${t.priceCents} >= 0
        and ${t.creditCents} >= 0 and ${t.owedCents} >= 0 and ${t.refundCents} >= 0`,
    ),
    // Every cent of the old seat is accounted for: the fee, the credit and what went back.
    check("seat_transfers_held_check", sql`${t.heldCents} = ${t.feeCents} + ${t.creditCents} + ${t.refundCents}`),
    // The new seat is paid by the credit and what is owed; only one of "owed" and "given back".
    check(
      "seat_transfers_price_check",
      sql`${t.priceCents} = ${t.creditCents} + ${t.owedCents} and (${t.owedCents} = 0 or ${t.refundCents} = 0)`,
    ),
    check("seat_transfers_other_class_check", sql`${t.fromClassId} <> ${t.toClassId}`),
  ],
);
