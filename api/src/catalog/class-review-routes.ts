import { eq } from "drizzle-orm";
import { z } from "zod";
import { requirePermission } from "../platform/access/permissions.js";
import type { Db } from "../platform/database/client.js";
import { classes } from "../platform/database/schema.js";
import type { FastifyZodInstance } from "../platform/fastify.js";
import { text } from "../platform/text.js";
import { idParam } from "../platform/wire.js";
import { enqueueClassReviewed } from "../notifications/index.js";
import { findClass } from "./classes.js";
import type { PublicCache } from "./public-cache.js";
import { refusals } from "../platform/contract.js";
import { modified } from "./answers.js";

/** An admin's review of a class (PATCH /classes/:id/status). */
const review = z
  .object({
    status: z.enum(["approved", "denied"], { error: "Status must be approved or denied." }),
    feedback: text({ max: 2000, multiLine: true }).optional(),
  })
  .meta({ example: { status: "denied", feedback: "Please add the daily schedule to the details." } });

/**
 * An admin's review of a class: approved or denied (its instructor is told by e-mail), and feedback
 * sent to its instructor. Registered by classRoutes between a class's edit and its deletion.
 */
export function classReviewRoutes(app: FastifyZodInstance, db: Db, cache: PublicCache): void {
  app.patch(
    "/classes/:id/status",
    {
      config: { access: { action: "review", entity: "class", any: true } },
      schema: {
        tags: ["classes"],
        operationId: "reviewClass",
        summary: "An admin approves or denies one class, with optional feedback",
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
      const row = await findClass(db, request.params.id);
      await cache.write(["classes", "instructors"], async (tx) => {
        await tx
          .update(classes)
          .set({
            status: request.body.status,
            ...(request.body.feedback !== undefined && { feedback: request.body.feedback }),
            updatedAt: new Date(),
          })
          .where(eq(classes.id, row.id));
        // The instructor hears of the review (and reads the feedback) from its own transaction.
        await enqueueClassReviewed(tx, row.id);
      });
      return { modifiedCount: 1, status: request.body.status };
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
      await db.update(classes).set({ feedback: request.body.feedback }).where(eq(classes.id, row.id));
      return { modifiedCount: 1 };
    },
  );
}
