import { eq } from "drizzle-orm";
import type { Tx } from "../../platform/database/client.js";
import { classes } from "../../platform/database/schema.js";
import { instructors, sessionColumns, type SessionFacts } from "./session.js";

/**
 * A class's review (decision 039): its instructor hears that it was approved or denied, or that the
 * changes they proposed were accepted or rejected, with this review's words from the admin.
 */

export type ReviewOutcome = "approved" | "denied" | "changes_accepted" | "changes_rejected";

export interface ReviewFacts {
  instructorName: string;
  status: ReviewOutcome;
  feedback: string | null;
  session: SessionFacts;
}

/** A class just reviewed (call it in the review's transaction, after the change). */
export async function reviewFacts(
  tx: Tx,
  classId: string,
  review: { outcome: ReviewOutcome; message: string | null },
): Promise<{ to: string; facts: ReviewFacts } | undefined> {
  const [row] = await tx
    .select({ ...sessionColumns, email: instructors.email })
    .from(classes)
    .innerJoin(instructors, eq(instructors.id, classes.instructorId))
    .where(eq(classes.id, classId));
  if (!row) return undefined;
  const { email, ...session } = row;
  return {
    to: email,
    facts: {
      instructorName: session.instructorName,
      status: review.outcome,
      feedback: review.message?.trim() || null,
      session,
    },
  };
}
