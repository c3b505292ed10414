import { eq } from "drizzle-orm";
import { z } from "zod";
import { requirePermission } from "../platform/access/permissions.js";
import type { Db } from "../platform/database/client.js";
import { classes } from "../platform/database/schema.js";
import { badRequest, conflict } from "../platform/errors.js";
import type { FastifyZodInstance } from "../platform/fastify.js";
import { text } from "../platform/text.js";
import { idParam } from "../platform/wire.js";
import { refusals } from "../platform/contract.js";
import { transaction } from "../platform/transaction.js";
import { enqueueClassReviewed } from "../notifications/index.js";
import type { LineOptions } from "../waitlist/index.js";
import { findClass } from "./classes.js";
import type { PublicCache } from "./public-cache.js";
import { modified } from "./answers.js";
import { classEdit } from "./class-fields.js";
import { changeList } from "./class-changes.js";
import { applyEdit, heldProposal, liveFields, lockClassForEdit } from "./class-edit.js";
import { addReview, listReviews, reviewThread } from "./class-review-thread.js";

const feedbackText = text({ max: 2000, multiLine: true });
const REASON_NEEDED = "Say why: the instructor reads it in the e-mail and in the class's review thread.";

/** An admin's review of a class (PATCH /classes/:id/status). */
const review = z
  .object({
    status: z.enum(["approved", "denied"], { error: "Status must be approved or denied." }),
    feedback: feedbackText.optional().meta({ description: "Required to deny: the reason, sent to the instructor" }),
  })
  .meta({ example: { status: "denied", feedback: "Please add the daily schedule to the details." } });

/** An admin's answer to the changes an instructor proposed (PATCH /classes/:id/proposal). */
const decision = z
  .object({
    decision: z.enum(["accept", "reject"], { error: "Decision must be accept or reject." }),
    feedback: feedbackText.optional().meta({ description: "Required to reject: the reason, sent to the instructor" }),
  })
  .meta({ example: { decision: "reject", feedback: "Keep the price: families were told $139." } });

const wordsOrNull = (words: string | undefined) => words?.trim() || null;

/**
 * An admin's review of a class (decision 039): approved or denied (a denial says why), changes its
 * instructor proposed accepted or rejected (a rejection says why), feedback; each written to the
 * class's thread and told to its instructor by e-mail. Registered by classRoutes between a class's
 * edit and its deletion.
 */
export function classReviewRoutes(app: FastifyZodInstance, db: Db, cache: PublicCache, line: LineOptions): void {
  app.patch(
    "/classes/:id/status",
    {
      config: { access: { action: "review", entity: "class", any: true } },
      schema: {
        tags: ["classes"],
        operationId: "reviewClass",
        summary: "An admin approves or denies one class (a denial with its reason)",
        params: idParam,
        body: review,
        response: {
          200: modified
            .extend({ status: z.enum(["approved", "denied"]).meta({ description: "The class's new status" }) })
            .describe("The class is reviewed; its instructor is told by e-mail"),
          ...refusals({ 404: "No such class" }),
        },
      },
    },
    async (request) => {
      const actor = await request.requireActor();
      requirePermission(actor, "review", "class");
      const { status } = request.body;
      const message = wordsOrNull(request.body.feedback);
      if (status === "denied" && !message) throw badRequest(REASON_NEEDED, { feedback: REASON_NEEDED });
      const row = await findClass(db, request.params.id);
      await cache.write(["classes", "instructors"], async (tx) => {
        await tx
          .update(classes)
          .set({
            status,
            ...(message && { feedback: message }),
            // A class taken off the site has no live version for changes to be proposed against.
            ...(status === "denied" && { proposedChanges: null, proposedAt: null }),
            updatedAt: new Date(),
          })
          .where(eq(classes.id, row.id));
        await addReview(tx, { classId: row.id, authorId: actor.id, kind: status, message });
        // The instructor hears of the review, with this review's words, from its own transaction.
        await enqueueClassReviewed(tx, row.id, { outcome: status, message });
      });
      return { modifiedCount: 1, status };
    },
  );

  app.patch(
    "/classes/:id/proposal",
    {
      config: { access: { action: "review", entity: "class", any: true } },
      schema: {
        tags: ["classes"],
        operationId: "decideClassChanges",
        summary: "An admin accepts or rejects the changes an instructor proposed to an approved class",
        params: idParam,
        body: decision,
        response: {
          200: modified
            .extend({ decision: z.enum(["accept", "reject"]) })
            .describe(
              "The changes are on the class (accepted) or dropped (rejected); its instructor is told by e-mail",
            ),
          ...refusals({
            404: "No such class",
            409: "The class has no changes waiting (another admin answered them, or its instructor withdrew them)",
          }),
        },
      },
    },
    async (request) => {
      const actor = await request.requireActor();
      requirePermission(actor, "review", "class");
      const message = wordsOrNull(request.body.feedback);
      const accept = request.body.decision === "accept";
      if (!accept && !message) throw badRequest(REASON_NEEDED, { feedback: REASON_NEEDED });
      const found = await findClass(db, request.params.id);
      await cache.write(["classes", "instructors"], async (tx) => {
        const row = await lockClassForEdit(tx, found.id);
        const proposal = heldProposal(row);
        if (!proposal) throw conflict("This class has no changes waiting for review.");
        const live = liveFields(row);
        if (accept) {
          // Read back through the edit's own rules: what is written is what an edit could write.
          const parsed = classEdit.safeParse(proposal);
          if (!parsed.success) throw conflict("These changes no longer fit the class: reject them with a reason.");
          await applyEdit(tx, row, parsed.data, line);
        }
        await tx
          .update(classes)
          .set({
            proposedChanges: null,
            proposedAt: null,
            ...(message && { feedback: message }),
            updatedAt: new Date(),
          })
          .where(eq(classes.id, row.id));
        const kind = accept ? "changes_accepted" : "changes_rejected";
        await addReview(tx, {
          classId: row.id,
          authorId: actor.id,
          kind,
          message,
          changes: changeList(proposal, live),
        });
        await enqueueClassReviewed(tx, row.id, { outcome: kind, message });
      });
      return { modifiedCount: 1, decision: request.body.decision };
    },
  );

  app.patch(
    "/classes/:id/feedback",
    {
      config: { access: { action: "review", entity: "class", any: true } },
      schema: {
        tags: ["classes"],
        operationId: "sendClassFeedback",
        summary: "An admin sends feedback on a class to its instructor",
        params: idParam,
        body: z
          .object({ feedback: text({ required: "Feedback is required.", max: 2000, multiLine: true }) })
          .meta({ example: { feedback: "Great class: maybe add what campers should bring." } }),
        response: { 200: modified.describe("The feedback is saved"), ...refusals({ 404: "No such class" }) },
      },
    },
    async (request) => {
      const actor = await request.requireActor();
      requirePermission(actor, "review", "class");
      const row = await findClass(db, request.params.id);
      const message = request.body.feedback.trim();
      await transaction(db, async (tx) => {
        await tx.update(classes).set({ feedback: message }).where(eq(classes.id, row.id));
        await addReview(tx, { classId: row.id, authorId: actor.id, kind: "feedback", message });
      });
      return { modifiedCount: 1 };
    },
  );

  app.get(
    "/classes/:id/reviews",
    {
      config: { access: { action: "read", entity: "class" } },
      schema: {
        tags: ["classes"],
        operationId: "listClassReviews",
        summary: "A class's review thread: its instructor or an admin",
        params: idParam,
        response: { 200: reviewThread.describe("The thread, oldest first"), ...refusals({ 404: "No such class" }) },
      },
    },
    async (request) => {
      const actor = await request.requireActor();
      const row = await findClass(db, request.params.id);
      requirePermission(actor, "read", "class", row.instructorId);
      return listReviews(db, row.id);
    },
  );
}
