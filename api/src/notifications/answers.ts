import { z } from "zod";
import { errorBody } from "../platform/contract.js";

/** What the notifications' routes answer (decision 038). */

/** GET /admin/outbox. */
export const outboxStateAnswer = z
  .object({
    queued: z.int().min(0).meta({ description: "Messages waiting to be sent (new, or to be tried again)" }),
    failed: z.int().min(0).meta({ description: "Messages given up on after their last try" }),
    oldestQueuedAt: z
      .string()
      .nullable()
      .meta({ description: "Since when the oldest waiting message waits (ISO 8601, UTC); null when none waits" }),
  })
  .meta({ id: "OutboxState", description: "How the e-mail outbox stands" });

/** The caller's e-mail choices and calendar feed (every /notification-settings route). */
export const notificationSettingsAnswer = z
  .object({
    optionalEmails: z.boolean().meta({ description: "Whether optional e-mails (reminders) are sent" }),
    calendarFeedUrl: z
      .string()
      .nullable()
      .meta({
        description:
          "The family's private calendar feed, `webcal://…/calendar/<secret>.ics`, for calendar apps to subscribe " +
          "to; null when there is none",
      }),
  })
  .meta({ id: "NotificationSettings", description: "A user's e-mail choices and calendar feed" });

/** An iCalendar file (text/calendar). */
export const calendarFile = (description: string) => ({
  description,
  content: { "text/calendar": { schema: z.string().meta({ description: "An iCalendar (RFC 5545) file" }) } },
});

/** A small HTML page (the unsubscribe link's). */
export const htmlPage = (description: string) => ({
  description,
  content: { "text/html": { schema: z.string().meta({ description: "An HTML page with no script" }) } },
});

/**
 * A link that does not work (404): a small HTML page for a browser, the API's JSON error for an
 * API client (by the request's Accept: see `prefersHtml`).
 */
export const brokenLinkPage = (description: string) => ({
  description,
  content: {
    "application/json": { schema: errorBody },
    "text/html": { schema: z.string().meta({ description: "An HTML page with no script, for a browser" }) },
  },
});

/**
 * Whether a request would rather have HTML than JSON, by its Accept header's weights: a browser's
 * `text/html,…,*\/*;q=0.8` would; `application/json`, `*\/*` or no Accept would not.
 */
export function prefersHtml(accept: string | undefined): boolean {
  const weights = (accept ?? "").split(",").map((part) => {
    const [type = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    return { type: type.trim(), q: q === undefined ? 1 : Number(q) };
  });
  // The most specific range that covers a type gives its weight (RFC 9110 12.5.1).
  const weightOf = (type: string) => {
    const [major] = type.split("/");
    const match =
      weights.find((w) => w.type === type) ??
      weights.find((w) => w.type === `${major}/*`) ??
      weights.find((w) => w.type === "*/*");
    return match?.q ?? 0;
  };
  return weightOf("text/html") > weightOf("application/json");
}

/**
 * The one-click unsubscribe's body (RFC 8058): mail clients post `List-Unsubscribe=One-Click` as
 * a form. For the document only: the route reads no body, so it does not check it either.
 */
export const oneClickBody = z
  .object({
    "List-Unsubscribe": z
      .literal("One-Click")
      .meta({ description: "RFC 8058's fixed value; any form (or none) is taken alike" }),
  })
  .meta({ example: { "List-Unsubscribe": "One-Click" } });
