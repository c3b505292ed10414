import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requirePermission } from "../platform/access/permissions.js";
import type { MailConfig } from "../platform/config.js";
import type { Db } from "../platform/database/client.js";
import { eq } from "drizzle-orm";
import * as clock from "../platform/clock.js";
import { notificationPreferences, users } from "../platform/database/schema.js";
import { notFound } from "../platform/errors.js";
import { idParam } from "../platform/wire.js";
import { sessionsCalendar } from "./calendar.js";
import { enrolmentEvents } from "./facts.js";
import { outboxState } from "./outbox.js";
import { readPreferences, setCalendarToken, setOptionalEmails, userOfUnsubscribeToken } from "./preferences.js";

export interface NotificationRouteDeps {
  db: Db;
  config: MailConfig;
}

const tokenParam = z.object({ token: z.string().max(200) });

/** The family's calendar feed as a `webcal://` address (calendar apps subscribe to it). */
const feedUrl = (config: MailConfig, token: string | null) =>
  token ? `${config.apiUrl.replace(/^https?:\/\//, "webcal://")}/calendar/${token}.ics` : null;

/** The small page the unsubscribe link opens (no script, no style: the API's pages are bare). */
function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}

/** The notifications' routes (issue 32): the outbox's state, a user's e-mail choices, unsubscribing. */
export const notificationRoutes =
  ({ db, config }: NotificationRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/admin/outbox",
      {
        config: { access: { action: "read", entity: "outbox", any: true } },
        schema: {
          tags: ["notifications"],
          summary:
            "How the e-mail outbox stands: messages waiting, messages given up, since when the oldest waits (admins)",
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "outbox");
        const state = await outboxState(db);
        return {
          queued: state.queued,
          failed: state.failed,
          oldestQueuedAt: state.oldestQueuedAt ? state.oldestQueuedAt.toISOString() : null,
        };
      },
    );

    const settings = async (userId: string) => {
      const preferences = await readPreferences(db, userId);
      return {
        optionalEmails: preferences.optionalEmails,
        calendarFeedUrl: feedUrl(config, preferences.calendarToken),
      };
    };

    app.get(
      "/notification-settings",
      {
        config: { access: { action: "read", entity: "user" } },
        schema: {
          tags: ["notifications"],
          summary: "The caller's e-mail choices (reminders on or off) and their calendar feed's address, if any",
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "user", actor.id);
        return settings(actor.id);
      },
    );

    app.patch(
      "/notification-settings",
      {
        config: { access: { action: "update", entity: "user" } },
        schema: {
          tags: ["notifications"],
          summary: "Turn the caller's optional e-mails (reminders) on or off",
          body: z.object({ optionalEmails: z.boolean({ error: "Optional e-mails must be true or false." }) }).strict(),
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "update", "user", actor.id);
        await setOptionalEmails(db, actor.id, request.body.optionalEmails);
        return settings(actor.id);
      },
    );

    app.post(
      "/notification-settings/calendar-feed",
      {
        config: { access: { action: "update", entity: "user" } },
        schema: {
          tags: ["notifications"],
          summary: "A new private calendar feed address for the caller's family (the previous one stops working)",
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "update", "user", actor.id);
        await setCalendarToken(db, actor.id, true);
        return settings(actor.id);
      },
    );

    app.delete(
      "/notification-settings/calendar-feed",
      {
        config: { access: { action: "update", entity: "user" } },
        schema: { tags: ["notifications"], summary: "Revoke the caller's calendar feed address" },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "update", "user", actor.id);
        await setCalendarToken(db, actor.id, false);
        return settings(actor.id);
      },
    );

    app.get(
      "/enrollments/:id/calendar.ics",
      {
        config: { access: { action: "read", entity: "enrollment" } },
        schema: {
          tags: ["notifications"],
          summary: "Add to calendar: one of the caller's enrolments as an iCalendar file (its weekly sessions)",
          params: idParam,
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "enrollment", actor.id);
        const events = await enrolmentEvents(db, actor.id, request.params.id);
        if (events.length === 0) throw notFound("No such enrolment of yours.");
        return reply
          .type("text/calendar; charset=utf-8")
          .header("content-disposition", 'attachment; filename="camp-sessions.ics"')
          .header("cache-control", "private, no-store")
          .send(sessionsCalendar(events, clock.now()));
      },
    );

    app.get(
      "/calendar/:file",
      {
        schema: {
          tags: ["notifications"],
          summary:
            "A family's private calendar feed (`webcal://…/calendar/<secret>.ics`): every session of every enrolment",
          params: z.object({ file: z.string().max(200) }),
        },
      },
      async (request, reply) => {
        const token = /^([\w-]{32})\.ics$/.exec(request.params.file)?.[1];
        const [owner] = token
          ? await db
              .select({ id: users.id, name: users.name })
              .from(notificationPreferences)
              .innerJoin(users, eq(users.id, notificationPreferences.userId))
              .where(eq(notificationPreferences.calendarToken, token))
          : [];
        if (!owner) throw notFound("No such calendar: its address may have been replaced in Settings.");
        const events = await enrolmentEvents(db, owner.id);
        return reply
          .type("text/calendar; charset=utf-8")
          .header("cache-control", "private, no-store")
          .send(sessionsCalendar(events, clock.now(), "Summit Sports Academy: camp sessions"));
      },
    );

    // The unsubscribe link of optional e-mails: no sign-in, the token names the user (RFC 8058).
    const unsubscribeRoutes: FastifyPluginAsyncZod = async (scope) => {
      // A mail client's one-click POST is a form (`List-Unsubscribe=One-Click`); its content is not needed.
      scope.addContentTypeParser(
        ["application/x-www-form-urlencoded", "multipart/form-data"],
        { parseAs: "string", bodyLimit: 4096 },
        (_request, _body, done) => done(null, undefined),
      );

      scope.get(
        "/unsubscribe/:token",
        {
          schema: {
            tags: ["notifications"],
            summary: "The unsubscribe link's page: a button that turns reminders off (a GET changes nothing)",
            params: tokenParam,
          },
        },
        async (request, reply) => {
          if (userOfUnsubscribeToken(config.linkSecret, request.params.token) === undefined) {
            throw notFound("This unsubscribe link is not valid: turn reminders off in Settings instead.");
          }
          // The page's own form posts to this address: the API's CSP allows that here and nowhere else.
          reply
            .header(
              "content-security-policy",
              "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
            )
            .header("cache-control", "no-store")
            .type("text/html; charset=utf-8");
          return page(
            "Stop reminder e-mails?",
            `<p>Summit Sports Academy sends a reminder a few days before each camper's first session. Receipts and messages about your bookings still come.</p><form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Turn reminders off</button></form><p>You can turn them back on in <a href="${config.siteUrl}/settings">Settings</a>.</p>`,
          );
        },
      );

      scope.post(
        "/unsubscribe/:token",
        {
          config: { rateLimit: app.rateLimits.forms },
          schema: {
            tags: ["notifications"],
            summary: "One-click unsubscribe (RFC 8058): turns the token's user's optional e-mails off, without sign-in",
            params: tokenParam,
          },
        },
        async (request, reply) => {
          const userId = userOfUnsubscribeToken(config.linkSecret, request.params.token);
          if (!userId || !(await setOptionalEmails(db, userId, false))) {
            throw notFound("This unsubscribe link is not valid: turn reminders off in Settings instead.");
          }
          reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
          return page(
            "Reminders are off",
            `<p>You will get no more reminder e-mails. Receipts and messages about your bookings still come. Turn reminders back on in <a href="${config.siteUrl}/settings">Settings</a>.</p>`,
          );
        },
      );
    };
    await app.register(unsubscribeRoutes);
  };
