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
import { refusals } from "../platform/contract.js";
import {
  brokenLinkPage,
  calendarFile,
  htmlPage,
  notificationSettingsAnswer,
  oneClickBody,
  outboxStateAnswer,
  prefersHtml,
} from "./answers.js";
import { sessionsCalendar } from "./calendar.js";
import { ACADEMY } from "./format.js";
import { enrolmentEvents } from "./facts.js";
import { outboxState } from "./outbox.js";
import { readPreferences, setCalendarToken, setOptionalEmails, userOfUnsubscribeToken } from "./preferences.js";

export interface NotificationRouteDeps {
  db: Db;
  config: MailConfig;
}

const tokenParam = z.object({
  token: z.string().max(200).meta({ description: "The unsubscribe link's token: the user's id and its signature" }),
});

const NO_SUCH_LINK = "The unsubscribe link is not valid (or its user no longer exists)";

/** The family's calendar feed as a `webcal://` address (calendar apps subscribe to it). */
const feedUrl = (config: MailConfig, token: string | null) =>
  token ? `${config.apiUrl.replace(/^https?:\/\//, "webcal://")}/calendar/${token}.ics` : null;

/** The small page the unsubscribe link opens (no script, no style: the API's pages are bare). */
/** The academy's name (an admin's text) as the letters it is inside this page's markup. */
const academyNameAsText = () => ACADEMY.name.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}

/** The notifications' routes: the outbox's state, a user's e-mail choices, unsubscribing. */
export const notificationRoutes =
  ({ db, config }: NotificationRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/admin/outbox",
      {
        config: { access: { action: "read", entity: "outbox", any: true } },
        schema: {
          operationId: "getOutboxState",
          tags: ["notifications"],
          summary:
            "How the e-mail outbox stands: messages waiting, messages given up, since when the oldest waits (admins)",
          response: { 200: outboxStateAnswer.describe("The outbox's counts") },
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
          operationId: "getNotificationSettings",
          tags: ["notifications"],
          summary: "The caller's e-mail choices (reminders on or off) and their calendar feed's address, if any",
          response: {
            200: notificationSettingsAnswer.describe("The caller's e-mail choices and calendar feed, as they are now"),
          },
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
          operationId: "updateNotificationSettings",
          tags: ["notifications"],
          summary: "Turn the caller's optional e-mails (reminders) on or off",
          body: z
            .object({ optionalEmails: z.boolean({ error: "Optional e-mails must be true or false." }) })
            .strict()
            .meta({ example: { optionalEmails: false } }),
          response: {
            200: notificationSettingsAnswer.describe("The caller's e-mail choices and calendar feed, as they are now"),
          },
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
          operationId: "renewCalendarFeed",
          tags: ["notifications"],
          summary: "A new private calendar feed address for the caller's family (the previous one stops working)",
          response: {
            200: notificationSettingsAnswer.describe("The caller's e-mail choices and calendar feed, as they are now"),
          },
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
        schema: {
          operationId: "revokeCalendarFeed",
          tags: ["notifications"],
          summary: "Revoke the caller's calendar feed address",
          response: {
            200: notificationSettingsAnswer.describe("The caller's e-mail choices and calendar feed, as they are now"),
          },
        },
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
          operationId: "getEnrollmentCalendar",
          tags: ["notifications"],
          summary: "Add to calendar: one of the caller's enrolments as an iCalendar file (its weekly sessions)",
          params: idParam,
          response: {
            200: calendarFile("The enrolment's weekly sessions (attachment camp-sessions.ics)"),
            ...refusals({ 404: "No such enrolment of the caller's" }),
          },
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "enrollment", actor.id);
        const events = await enrolmentEvents(db, config.siteUrl, actor.id, request.params.id);
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
          operationId: "getCalendarFeed",
          tags: ["notifications"],
          summary:
            "A family's private calendar feed (`webcal://…/calendar/<secret>.ics`): every session of every enrolment",
          description:
            "No sign-in: the secret in the address is the key (Settings gives it, and can replace or revoke it).",
          params: z.object({
            file: z.string().max(200).meta({ description: "`<secret>.ics`, as in the feed's address" }),
          }),
          response: {
            200: calendarFile("Every session of every enrolment of the family"),
            ...refusals({ 404: "No such calendar: its address may have been replaced or revoked in Settings" }),
          },
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
        const events = await enrolmentEvents(db, config.siteUrl, owner.id);
        return reply
          .type("text/calendar; charset=utf-8")
          .header("cache-control", "private, no-store")
          .send(sessionsCalendar(events, clock.now(), { name: `${ACADEMY.name}: camp sessions` }));
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
            operationId: "showUnsubscribePage",
            tags: ["notifications"],
            summary: "The unsubscribe link's page: a button that turns reminders off (a GET changes nothing)",
            description:
              "An HTML page whose form posts `List-Unsubscribe=One-Click` to the same address. An invalid link " +
              "gets 404: a page saying so, with a link to the site's settings, when the request prefers " +
              "text/html (a browser); the API's JSON error otherwise.",
            params: tokenParam,
            response: {
              200: htmlPage("The page with the button that turns reminders off"),
              404: brokenLinkPage(`${NO_SUCH_LINK}: a page for a browser, the JSON error for an API client`),
            },
          },
        },
        async (request, reply) => {
          if (userOfUnsubscribeToken(config.linkSecret, request.params.token) === undefined) {
            if (!prefersHtml(request.headers.accept)) {
              throw notFound("This unsubscribe link is not valid: turn reminders off in Settings instead.");
            }
            // Someone who clicked the link: words, not JSON.
            return reply
              .code(404)
              .header("cache-control", "no-store")
              .type("text/html; charset=utf-8")
              .send(
                page(
                  "This link does not work any more",
                  `<p>This unsubscribe link does not work any more: it may be incomplete, or its account may have been closed. Nothing was changed.</p><p>You can turn reminder e-mails on or off in your <a href="${config.siteUrl}/settings">notification settings</a> after signing in.</p>`,
                ),
              );
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
            `<p>${academyNameAsText()} sends a reminder a few days before each camper's first session. Receipts and messages about your bookings still come.</p><form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Turn reminders off</button></form><p>You can turn them back on in <a href="${config.siteUrl}/settings">Settings</a>.</p>`,
          );
        },
      );

      scope.post(
        "/unsubscribe/:token",
        {
          config: { rateLimit: app.rateLimits.forms },
          schema: {
            operationId: "unsubscribe",
            tags: ["notifications"],
            summary: "One-click unsubscribe (RFC 8058): turns the token's user's optional e-mails off, without sign-in",
            description:
              "Mail clients post `List-Unsubscribe=One-Click` as a form, as does the link's page. The body's content " +
              "is not read. Answers a page saying reminders are off; an invalid link gets the API's JSON error (404).",
            params: tokenParam,
            // RFC 8058's form, described but not read (the parser above drops it): any form, or
            // none, unsubscribes.
            documentedBody: {
              schema: oneClickBody,
              mediaTypes: ["application/x-www-form-urlencoded", "multipart/form-data"],
            },
            response: {
              200: htmlPage("Reminders are off: a page saying so"),
              ...refusals({ 404: NO_SUCH_LINK }),
            },
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
