import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requirePermission } from "../platform/access/permissions.js";
import * as clock from "../platform/clock.js";
import type { Db } from "../platform/database/client.js";
import { classes } from "../platform/database/schema.js";
import { refusals } from "../platform/contract.js";
import { forbidden, notFound } from "../platform/errors.js";
import { waitlistJoinRateLimits } from "../platform/rate-limits.js";
import type { Sealer } from "../platform/sealing.js";
import { text } from "../platform/text.js";
import { transaction } from "../platform/transaction.js";
import { idParam } from "../platform/wire.js";
import { classAvailability, entryEvent, lineEntries, openOffer, waitlistEntry } from "./answers.js";
import { declineOffer, familyEntries, joinLine, leaveLine, MAX_GROUP } from "./family.js";
import { expireOffers, lineClassColumns, seatsForThePublic, type LineOptions } from "./line.js";
import { opensLater } from "./opening.js";
import { classLine, entryClass, entryHistory, moveEntry, openOffers, removeEntry } from "./staff.js";

export interface WaitlistDeps {
  db: Db;
  sealer: Sealer;
  line: LineOptions;
}

/** Joining asks what paying asks (decision 028): a seat offered from the line must be paid for. */
export const JOIN_EMAIL_NOT_VERIFIED =
  "Confirm your e-mail address before joining a waitlist: a seat offered from it is paid for by card, which needs a confirmed address. Open the link in the e-mail we sent you when you signed up (the payment page can send a new one), then try again.";

const reason = text({ required: "Say why, for the record.", max: 300 });

/** A class's line: families join, leave and decline; staff read it; admins move or remove. */
export const waitlistRoutes =
  ({ db, sealer, line }: WaitlistDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const joinLimits = waitlistJoinRateLimits(app);
    // classLine reads only the entries still in line, so each one's state is waiting or offered.
    const lineOf = async (classId: string) => (await classLine(db, classId)) as z.infer<typeof lineEntries>;
    app.get(
      "/classes/:id/availability",
      {
        schema: {
          tags: ["waitlist"],
          summary:
            "A class's live booking state: seats anyone may book now (none while its line waits), the line's length and when registration opens",
          operationId: "getClassAvailability",
          params: idParam,
          response: {
            200: classAvailability.describe("The class's booking state now"),
            ...refusals({ 404: "There is no such class open for booking" }),
          },
        },
      },
      async (request) => {
        const [row] = await db.select(lineClassColumns).from(classes).where(eq(classes.id, request.params.id));
        if (!row || row.status !== "approved") throw notFound("There is no such class open for booking.");
        const now = clock.now();
        return {
          seats_left: seatsForThePublic(row),
          waiting: row.waitingEntries,
          offered_seats: row.offeredSeats,
          registration_opens_at: row.registrationOpensAt?.toISOString() ?? null,
          registration_open: !opensLater(row.registrationOpensAt),
          /** How long an offer keeps its seats for the family (WAITLIST_OFFER_HOURS). */
          offer_seconds: line.offerSeconds,
          now: now.toISOString(),
        };
      },
    );

    app.post(
      "/classes/:id/waitlist",
      {
        onRequest: joinLimits.onRequest,
        // While a waiting room is in force, only families it let in (decision 043).
        config: { ...joinLimits.config, access: { action: "create", entity: "waitlist" }, waitingRoom: true },
        schema: {
          tags: ["waitlist"],
          summary:
            "Join a full class's waitlist for some of the caller's campers together (the account holder's own seat when none is named)",
          operationId: "joinWaitlist",
          params: idParam,
          body: z
            .object({
              camperIds: z
                .array(z.uuid({ error: "Not a valid camper id." }))
                .max(MAX_GROUP, { error: `At most ${MAX_GROUP} campers wait together.` })
                .optional()
                .meta({ description: "The campers who wait together; none: the account holder's own seat" }),
            })
            .meta({
              example: { camperIds: ["3f0c7a52-8d4e-4b7a-9c1e-2a6b5d8e9f10", "7b1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f"] },
            })
            .optional(),
          response: {
            201: waitlistEntry.describe("The family's new place in the line"),
            ...refusals({
              403: "The caller's role may not join a waitlist, or their e-mail address is not confirmed yet (decision 028)",
              404: "There is no such class open for booking, or a camper named is not in the caller's family",
              409: "Refused: the class has seats left to book, has started or does not open yet, the family already waits for it, or a camper may not take a seat in it (the message says which)",
            }),
          },
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        requirePermission(actor, "create", "waitlist", actor.id);
        // What accepting an offer asks (decision 028): an offer keeps seats from everyone behind.
        if (!actor.emailVerified) throw forbidden(JOIN_EMAIL_NOT_VERIFIED);
        const id = await transaction(db, (tx) =>
          joinLine(tx, actor.id, request.params.id, request.body?.camperIds ?? [], sealer, line),
        );
        const [entry] = await familyEntries(db, actor.id, [id]);
        return reply.status(201).send(entry!);
      },
    );

    app.get(
      "/waitlist",
      {
        config: { access: { action: "read", entity: "waitlist" } },
        schema: {
          tags: ["waitlist"],
          summary: "The caller's waitlist entries, newest first: place in line, offers with their deadline, ended ones",
          operationId: "listWaitlistEntries",
          response: { 200: z.array(waitlistEntry).describe("The family's entries, newest first") },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "waitlist", actor.id);
        await expireOffers(db, line);
        return familyEntries(db, actor.id);
      },
    );

    app.delete(
      "/waitlist/:id",
      {
        config: { access: { action: "delete", entity: "waitlist" } },
        schema: {
          tags: ["waitlist"],
          summary: "Leave a waitlist (an open offer goes to the next family)",
          operationId: "leaveWaitlist",
          params: idParam,
          response: {
            200: waitlistEntry.describe("The entry, now left"),
            ...refusals({
              404: "There is no such waitlist entry of the caller's",
              409: "The entry has already ended (accepted, declined, run out, left or removed)",
            }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "delete", "waitlist", actor.id);
        await transaction(db, (tx) => leaveLine(tx, actor.id, request.params.id, line));
        const [entry] = await familyEntries(db, actor.id, [request.params.id]);
        return entry;
      },
    );

    app.post(
      "/waitlist/:id/decline",
      {
        config: { access: { action: "update", entity: "waitlist" } },
        schema: {
          tags: ["waitlist"],
          summary: "Decline an offer: its seats go to the next family in line",
          operationId: "declineWaitlistOffer",
          params: idParam,
          response: {
            200: waitlistEntry.describe("The entry, now declined"),
            ...refusals({
              404: "There is no such waitlist entry of the caller's",
              409: "Nothing has been offered to the entry yet, or it has already ended",
            }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "update", "waitlist", actor.id);
        await transaction(db, (tx) => declineOffer(tx, actor.id, request.params.id, line));
        const [entry] = await familyEntries(db, actor.id, [request.params.id]);
        return entry;
      },
    );

    app.get(
      "/classes/:id/waitlist",
      {
        config: { access: { action: "read", entity: "line" } },
        schema: {
          tags: ["waitlist"],
          summary: "A class's line for its instructor or an admin: offers, then waiting entries in order",
          operationId: "listClassWaitlist",
          params: idParam,
          response: {
            200: lineEntries.describe("The line: open offers first, then the waiting entries in order"),
            ...refusals({ 404: "There is no such class" }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        const [cls] = await db
          .select({ instructorId: classes.instructorId })
          .from(classes)
          .where(eq(classes.id, request.params.id));
        if (!cls) throw notFound("There is no such class.");
        requirePermission(actor, "read", "line", cls.instructorId);
        await expireOffers(db, line);
        return lineOf(request.params.id);
      },
    );

    app.get(
      "/waitlist/:id/history",
      {
        config: { access: { action: "read", entity: "line" } },
        schema: {
          tags: ["waitlist"],
          summary: "What happened to one entry, with staff's reasons",
          operationId: "listWaitlistEntryHistory",
          params: idParam,
          response: {
            200: z.array(entryEvent).describe("The entry's events, oldest first"),
            ...refusals({ 404: "There is no such waitlist entry" }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        const { instructorId } = await entryClass(db, request.params.id);
        requirePermission(actor, "read", "line", instructorId);
        return (await entryHistory(db, request.params.id)).map((e) => ({ ...e, at: e.at.toISOString() }));
      },
    );

    app.patch(
      "/waitlist/:id",
      {
        config: { access: { action: "update", entity: "line", any: true } },
        schema: {
          tags: ["waitlist"],
          summary: "An admin moves a waiting entry to another place in its line, with a reason that is kept",
          params: idParam,
          operationId: "moveWaitlistEntry",
          body: z
            .object({
              position: z
                .number()
                .int({ error: "A whole number." })
                .min(1, { error: "1 or more." })
                .max(100_000)
                .meta({ description: "The new place among the waiting entries (1 = next); past the end: last" }),
              reason,
            })
            .meta({
              example: { position: 1, reason: "Siblings' entry joined twice by mistake; restored to its first place." },
            }),
          response: {
            200: lineEntries.describe("The class's line after the move"),
            ...refusals({
              404: "There is no such waitlist entry",
              409: "The entry is no longer in line, or has an offer (only a waiting entry moves)",
            }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "update", "line");
        const { classId } = await entryClass(db, request.params.id);
        await transaction(db, (tx) =>
          moveEntry(tx, actor.id, request.params.id, request.body.position, request.body.reason, line),
        );
        return lineOf(classId);
      },
    );

    app.post(
      "/waitlist/:id/remove",
      {
        config: { access: { action: "update", entity: "line", any: true } },
        schema: {
          tags: ["waitlist"],
          summary: "An admin removes an entry from its line, with a reason that is kept",
          params: idParam,
          operationId: "removeWaitlistEntry",
          body: z.object({ reason }).meta({ example: { reason: "The family asked by phone to be taken off." } }),
          response: {
            200: lineEntries.describe("The class's line after the removal"),
            ...refusals({
              404: "There is no such waitlist entry",
              409: "The entry is no longer in line",
            }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "update", "line");
        const { classId } = await entryClass(db, request.params.id);
        await transaction(db, (tx) => removeEntry(tx, actor.id, request.params.id, request.body.reason, line));
        return lineOf(classId);
      },
    );

    app.get(
      "/admin/waitlist-offers",
      {
        config: { access: { action: "update", entity: "line", any: true } },
        schema: {
          tags: ["waitlist"],
          summary: "Offers open now across classes, soonest deadline first (Admin Home)",
          operationId: "listWaitlistOffers",
          response: { 200: z.array(openOffer).describe("Up to 100 open offers, soonest deadline first") },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "update", "line");
        await expireOffers(db, line);
        return openOffers(db);
      },
    );
  };
