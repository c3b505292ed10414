import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requirePermission } from "../platform/access/permissions.js";
import * as clock from "../platform/clock.js";
import type { Db } from "../platform/database/client.js";
import { classes } from "../platform/database/schema.js";
import { forbidden, notFound } from "../platform/errors.js";
import { waitlistJoinRateLimits } from "../platform/rate-limits.js";
import type { Sealer } from "../platform/sealing.js";
import { text } from "../platform/text.js";
import { transaction } from "../platform/transaction.js";
import { idParam } from "../platform/wire.js";
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

/** A class's line (issue 30): families join, leave and decline; staff read it; admins move or remove. */
export const waitlistRoutes =
  ({ db, sealer, line }: WaitlistDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const joinLimits = waitlistJoinRateLimits(app);
    app.get(
      "/classes/:id/availability",
      {
        schema: {
          tags: ["waitlist"],
          summary:
            "A class's live booking state: seats anyone may book now (none while its line waits), the line's length and when registration opens",
          params: idParam,
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
        config: { ...joinLimits.config, access: { action: "create", entity: "waitlist" } },
        schema: {
          tags: ["waitlist"],
          summary:
            "Join a full class's waitlist for some of the caller's campers together (the account holder's own seat when none is named)",
          params: idParam,
          body: z
            .object({
              camperIds: z
                .array(z.uuid({ error: "Not a valid camper id." }))
                .max(MAX_GROUP, { error: `At most ${MAX_GROUP} campers wait together.` })
                .optional(),
            })
            .optional(),
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
        return reply.status(201).send(entry);
      },
    );

    app.get(
      "/waitlist",
      {
        config: { access: { action: "read", entity: "waitlist" } },
        schema: {
          tags: ["waitlist"],
          summary: "The caller's waitlist entries, newest first: place in line, offers with their deadline, ended ones",
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
          params: idParam,
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
          params: idParam,
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
          params: idParam,
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
        return classLine(db, request.params.id);
      },
    );

    app.get(
      "/waitlist/:id/history",
      {
        config: { access: { action: "read", entity: "line" } },
        schema: { tags: ["waitlist"], summary: "What happened to one entry, with staff's reasons", params: idParam },
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
          body: z.object({
            position: z.number().int({ error: "A whole number." }).min(1, { error: "1 or more." }).max(100_000),
            reason,
          }),
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "update", "line");
        const { classId } = await entryClass(db, request.params.id);
        await transaction(db, (tx) =>
          moveEntry(tx, actor.id, request.params.id, request.body.position, request.body.reason, line),
        );
        return classLine(db, classId);
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
          body: z.object({ reason }),
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "update", "line");
        const { classId } = await entryClass(db, request.params.id);
        await transaction(db, (tx) => removeEntry(tx, actor.id, request.params.id, request.body.reason, line));
        return classLine(db, classId);
      },
    );

    app.get(
      "/admin/waitlist-offers",
      {
        config: { access: { action: "update", entity: "line", any: true } },
        schema: { tags: ["waitlist"], summary: "Offers open now across classes, soonest deadline first (Admin Home)" },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "update", "line");
        await expireOffers(db, line);
        return openOffers(db);
      },
    );
  };
