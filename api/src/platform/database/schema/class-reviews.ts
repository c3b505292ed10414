import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { classes, users } from "./users-and-classes.js";

/**
 * What happened in a class's review, oldest first (decision 039): its instructor proposing changes
 * or sending it again after a denial, an admin approving, denying (with the reason), accepting or
 * rejecting proposed changes, or writing feedback. Nothing is overwritten: this is the thread the
 * instructor and the admins read.
 */
export const CLASS_REVIEW_KINDS = [
  "resubmitted",
  "changes_proposed",
  "approved",
  "denied",
  "changes_accepted",
  "changes_rejected",
  "feedback",
] as const;
export type ClassReviewKind = (typeof CLASS_REVIEW_KINDS)[number];

export const classReviews = pgTable(
  "class_reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    classId: uuid("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    /** Who wrote it; null once that user is deleted (the thread stays). */
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: CLASS_REVIEW_KINDS }).notNull(),
    /** The admin's words (feedback, a denial's reason), or null. */
    message: text("message"),
    /** For proposed, accepted and rejected changes: the fields, as the wire names them, and their new values. */
    changes: jsonb("changes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("class_reviews_class_idx").on(t.classId, t.createdAt, t.id),
    check(
      "class_reviews_kind_check",
      sql`${t.kind} in ('resubmitted', 'changes_proposed', 'approved', 'denied', 'changes_accepted', 'changes_rejected', 'feedback')`,
    ),
    check("class_reviews_message_length", sql`char_length(${t.message}) between 1 and 2000`),
    // A denial always says why; feedback is words.
    check(
      "class_reviews_reason_check",
      sql`${t.kind} not in ('denied', 'feedback', 'changes_rejected') or ${t.message} is not null`,
    ),
    check("class_reviews_changes_object", sql`${t.changes} is null or jsonb_typeof(${t.changes}) = 'object'`),
  ],
);
