import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../platform/database/client.js";
import { CLASS_REVIEW_KINDS, classReviews, users, type ClassReviewKind } from "../platform/database/schema.js";
import type { ChangeList } from "./class-changes.js";

/** A class's review thread (decision 039): written beside each change of its review, read by its staff. */

export async function addReview(
  tx: Tx,
  entry: { classId: string; authorId: string; kind: ClassReviewKind; message?: string | null; changes?: ChangeList },
) {
  await tx.insert(classReviews).values({
    classId: entry.classId,
    authorId: entry.authorId,
    kind: entry.kind,
    message: entry.message?.trim() || null,
    changes: entry.changes ?? null,
  });
}

export async function listReviews(db: Db, classId: string) {
  const rows = await db
    .select({
      id: classReviews.id,
      kind: classReviews.kind,
      message: classReviews.message,
      changes: classReviews.changes,
      author: users.name,
      createdAt: classReviews.createdAt,
    })
    .from(classReviews)
    .leftJoin(users, eq(users.id, classReviews.authorId))
    .where(eq(classReviews.classId, classId))
    .orderBy(asc(classReviews.createdAt), asc(classReviews.id));
  return rows.map((r) => ({
    _id: r.id,
    kind: r.kind,
    message: r.message,
    changes: (r.changes as ChangeList | null) ?? null,
    author: r.author,
    createdAt: r.createdAt.toISOString(),
  }));
}

const change = z.object({ from: z.unknown(), to: z.unknown() });

export const reviewThread = z
  .array(
    z.object({
      _id: z.uuid(),
      kind: z.enum(CLASS_REVIEW_KINDS).meta({
        description:
          "resubmitted: its instructor sent a denied class again; changes_proposed: its instructor proposed changes to the approved class (none: withdrew them); approved, denied: an admin's review; changes_accepted, changes_rejected: an admin's answer to proposed changes; feedback: an admin's words",
      }),
      message: z.string().nullable().meta({ description: "The admin's words (a denial's reason), or null" }),
      changes: z
        .record(z.string(), change)
        .nullable()
        .meta({ description: "The fields changed (wire names), each with its value before and after; or null" }),
      author: z.string().nullable().meta({ description: "Who wrote it (null: a deleted user)" }),
      createdAt: z.iso.datetime(),
    }),
  )
  .meta({ id: "ClassReviewThread", description: "A class's review thread, oldest first" });
