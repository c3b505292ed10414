import { and, count, desc, eq, gte, inArray, isNull } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { enqueueClassMessage } from "../notifications/index.js";
import { academyDayNow, academyToday } from "../platform/academy-day.js";
import { now as clockNow } from "../platform/clock.js";
import { requirePermission, type Actor } from "../platform/access/permissions.js";
import { refusals } from "../platform/contract.js";
import type { Db, Tx } from "../platform/database/client.js";
import { lockAccount } from "../platform/database/locks.js";
import { classes, classMessages as messagesTable, enrollments, guardians, users } from "../platform/database/schema.js";
import { ApiError, notFound } from "../platform/errors.js";
import { transaction } from "../platform/transaction.js";
import { idParam } from "../platform/wire.js";
import { meetingOn } from "./today-routes.js";
import { classMessage, classMessageBody, classMessages, sentToClasses } from "./wire.js";

/** Messages one class may be sent in an academy day: enough for the weather and a change of plan. */
export const MOST_MESSAGES_A_DAY = 5;

type Row = typeof messagesTable.$inferSelect;
const toWire = (r: Row) => ({
  _id: r.id,
  class_id: r.classId,
  sender_name: r.senderName,
  subject: r.subject,
  body: r.body,
  recipients: r.recipients,
  sent_at: r.sentAt.toISOString(),
});

/** Every guardian's address of the families holding a seat in the class: the account's and a second guardian's. */
async function guardianAddresses(tx: Tx, classId: string): Promise<string[]> {
  const families = tx.select({ id: enrollments.studentId }).from(enrollments).where(eq(enrollments.classId, classId));
  const [holders, seconds] = await Promise.all([
    tx
      .select({ email: users.email })
      .from(users)
      .where(and(inArray(users.id, families), isNull(users.deletedAt))),
    tx
      .select({ email: guardians.email })
      .from(guardians)
      .where(and(inArray(guardians.familyId, families), eq(guardians.position, 2))),
  ]);
  return [...new Set([...holders.map((h) => h.email), ...seconds.map((s) => s.email!).filter(Boolean)])];
}

/** Keeps one message of a class and writes its e-mails, in one transaction (the sender's lock held). */
async function send(
  tx: Tx,
  actor: Pick<Actor, "id" | "name">,
  cls: { id: string; name: string },
  message: { subject: string; body: string },
): Promise<Row> {
  const { fromMs } = academyDayNow();
  const [{ n } = { n: 0 }] = await tx
    .select({ n: count() })
    .from(messagesTable)
    .where(and(eq(messagesTable.classId, cls.id), gte(messagesTable.sentAt, new Date(fromMs))));
  if (n >= MOST_MESSAGES_A_DAY)
    throw new ApiError(
      429,
      `${cls.name} was sent ${MOST_MESSAGES_A_DAY} messages today already: call the office for more.`,
    );
  const to = await guardianAddresses(tx, cls.id);
  const [row] = await tx
    .insert(messagesTable)
    .values({
      classId: cls.id,
      senderId: actor.id,
      senderName: actor.name,
      subject: message.subject,
      body: message.body,
      recipients: to.length,
      // The API's clock: the day's count reads the same clock.
      sentAt: clockNow(),
    })
    .returning();
  for (const address of to)
    await enqueueClassMessage(
      tx,
      address,
      { className: cls.name, senderName: actor.name, subject: message.subject, body: message.body },
      row!.id,
    );
  return row!;
}

/**
 * Messages to a class's families: its instructor (own classes) or an admin writes; every
 * guardian of the class's campers gets it by e-mail through the outbox, and a copy is kept on the
 * class. `POST /today/messages` sends one to each class that meets today (the caller's, or all for
 * an admin).
 */
export const classMessageRoutes =
  ({ db }: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/classes/:id/messages",
      {
        config: { access: { action: "create", entity: "class-message" } },
        schema: {
          operationId: "messageClassFamilies",
          tags: ["camp days"],
          summary: "E-mail a message (text) to every guardian of the class's campers; a copy is kept on the class",
          params: idParam,
          body: classMessageBody.meta({
            example: { subject: "Rain today", body: "We play in the gym: bring indoor shoes." },
          }),
          response: {
            201: classMessage.describe("The message as kept, with how many addresses it went to"),
            ...refusals({ 404: "No such class", 429: "The class was sent the most messages a day already" }),
          },
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        const [cls] = await db
          .select({ id: classes.id, name: classes.name, instructorId: classes.instructorId })
          .from(classes)
          .where(eq(classes.id, request.params.id));
        if (!cls) throw notFound("There is no such class.");
        requirePermission(actor, "create", "class-message", cls.instructorId);
        const row = await transaction(db, async (tx) => {
          // One sender's sends one at a time: a double tap is counted before the second is kept.
          await lockAccount(tx, actor.id);
          return send(tx, actor, cls, request.body);
        });
        return reply.code(201).send(toWire(row));
      },
    );

    app.get(
      "/classes/:id/messages",
      {
        config: { access: { action: "read", entity: "class-message" } },
        schema: {
          operationId: "listClassMessages",
          tags: ["camp days"],
          summary: "The messages sent to a class's families, newest first (its instructor or an admin)",
          params: idParam,
          response: {
            200: classMessages.describe("The class's messages, the latest 50"),
            ...refusals({ 404: "No such class" }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        const [cls] = await db
          .select({ id: classes.id, instructorId: classes.instructorId })
          .from(classes)
          .where(eq(classes.id, request.params.id));
        if (!cls) throw notFound("There is no such class.");
        requirePermission(actor, "read", "class-message", cls.instructorId);
        const rows = await db
          .select()
          .from(messagesTable)
          .where(eq(messagesTable.classId, cls.id))
          .orderBy(desc(messagesTable.sentAt), desc(messagesTable.id))
          .limit(50);
        return { messages: rows.map(toWire) };
      },
    );

    app.post(
      "/today/messages",
      {
        config: { access: { action: "create", entity: "class-message" } },
        schema: {
          operationId: "messageTodaysClasses",
          tags: ["camp days"],
          summary:
            "The same message to the families of every class that meets today: the caller's own, every class for an admin",
          body: classMessageBody,
          response: {
            201: sentToClasses.describe("How many classes and addresses it went to, and each class's copy"),
            ...refusals({ 429: "A class was sent the most messages a day already: nothing was sent" }),
          },
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        requirePermission(actor, "create", "class-message");
        const day = academyToday();
        const found = await db
          .select({ id: classes.id, name: classes.name })
          .from(classes)
          .where(meetingOn(day, actor.role === "admin" ? null : actor.id));
        const rows = await transaction(db, async (tx) => {
          await lockAccount(tx, actor.id);
          const kept: Row[] = [];
          for (const cls of found) kept.push(await send(tx, actor, cls, request.body));
          return kept;
        });
        return reply.code(201).send({
          classes: rows.length,
          recipients: rows.reduce((n, r) => n + r.recipients, 0),
          messages: rows.map(toWire),
        });
      },
    );
  };
