import { eq } from "drizzle-orm";
import type { Tx } from "../../platform/database/client.js";
import { classes } from "../../platform/database/schema.js";
import { instructors, sessionColumns, type SessionFacts } from "./session.js";

/** A class's review: its instructor hears that it was approved or denied, with the admin's feedback. */

export interface ReviewFacts {
  instructorName: string;
  status: "approved" | "denied";
  feedback: string | null;
  session: SessionFacts;
}

/** A class just approved or denied (call it in the review's transaction, after the change). */
export async function reviewFacts(tx: Tx, classId: string): Promise<{ to: string; facts: ReviewFacts } | undefined> {
  const [row] = await tx
    .select({ ...sessionColumns, status: classes.status, feedback: classes.feedback, email: instructors.email })
    .from(classes)
    .innerJoin(instructors, eq(instructors.id, classes.instructorId))
    .where(eq(classes.id, classId));
  if (!row || row.status === "pending") return undefined;
  const { status, feedback, email, ...session } = row;
  return {
    to: email,
    facts: { instructorName: session.instructorName, status, feedback: feedback?.trim() || null, session },
  };
}
