import { desc, eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { enqueueContactMessage } from "../notifications/index.js";
import { requirePermission } from "../platform/access/permissions.js";
import type { Db } from "../platform/database/client.js";
import { contactMessages } from "../platform/database/schema.js";
import { notFound } from "../platform/errors.js";
import { transaction } from "../platform/transaction.js";
import { idParam } from "../platform/wire.js";
import { text } from "../platform/text.js";
import { refusals } from "../platform/contract.js";
import { contactMarkedAnswer, contactMessageAnswer, contactSentAnswer } from "./answers.js";

const message = z
  .object({
    name: text({ required: "Name is required", max: 120 }),
    email: z.email({ error: "Email is required" }).max(254),
    message: text({ required: "Message is required", max: 5000, multiLine: true }),
  })
  .meta({ example: { name: "Ana Souza", email: "ana@example.com", message: "Is there a beginners' tennis camp?" } });

export const contactRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/contact",
      {
        schema: {
          operationId: "sendContactMessage",
          tags: ["contact"],
          summary: "A visitor writes to the academy",
          body: message,
          response: { 201: contactSentAnswer.meta({ description: "The message was saved" }) },
        },
        config: { rateLimit: app.rateLimits.forms },
      },
      async (request, reply) => {
        const values = { ...request.body, email: request.body.email.toLowerCase() };
        // The acknowledgement and the admins' notices exist exactly when the message does.
        const id = await transaction(db, async (tx) => {
          const [saved] = await tx.insert(contactMessages).values(values).returning({ id: contactMessages.id });
          await enqueueContactMessage(tx, { ...values, id: saved!.id });
          return saved!.id;
        });
        return reply.status(201).send({ insertedId: id });
      },
    );

    app.get(
      "/contact",
      {
        config: { access: { action: "read", entity: "contact", any: true } },
        schema: {
          operationId: "listContactMessages",
          tags: ["contact"],
          summary: "Messages to the academy (admins)",
          response: { 200: z.array(contactMessageAnswer).meta({ description: "Every message, newest first" }) },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "contact");
        const rows = await db
          .select()
          .from(contactMessages)
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
        return rows.map((m) => ({
          _id: m.id,
          name: m.name,
          email: m.email,
          message: m.message,
          read: m.readAt !== null,
          createdAt: m.createdAt.toISOString(),
        }));
      },
    );

    app.patch(
      "/contact/:id",
      {
        config: { access: { action: "update", entity: "contact", any: true } },
        schema: {
          operationId: "markContactMessage",
          tags: ["contact"],
          summary: "Mark a message read or unread (admins)",
          params: idParam,
          body: z
            .object({ read: z.boolean({ error: "Read must be true or false." }) })
            .strict()
            .meta({ example: { read: true } }),
          response: {
            200: contactMarkedAnswer.describe("The message is marked as asked"),
            ...refusals({ 404: "There is no such message" }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "update", "contact");
        const changed = await db
          .update(contactMessages)
          .set({ readAt: request.body.read ? sql`coalesce(${contactMessages.readAt}, now())` : null })
          .where(eq(contactMessages.id, request.params.id))
          .returning({ id: contactMessages.id });
        if (changed.length === 0) throw notFound("There is no such message.");
        return { modifiedCount: 1 as const, read: request.body.read };
      },
    );
  };
