import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redactSecrets } from "../src/platform/log-redaction.js";
import { SAM, startTestApi } from "./harness.js";

/**
 * The addresses that carry a secret (a calendar feed's, an unsubscribe link's) work without a
 * sign-in, so the request log must not keep them: the route's path is logged, its secret is not
 * (platform/log-redaction.ts). The API's log lines are read as production writes them, at info.
 */
describe("secrets in logged URLs", () => {
  const lines: string[] = [];
  let api: Awaited<ReturnType<typeof startTestApi>>;
  beforeAll(async () => {
    api = await startTestApi(undefined, { LOG_LEVEL: "info" }, { logStream: { write: (line) => lines.push(line) } });
  }, 60_000);
  afterAll(() => api?.close());

  it("logs the calendar feed's and the unsubscribe link's requests without their secrets", async () => {
    const made = await api.call({ method: "POST", url: "/notification-settings/calendar-feed", as: SAM });
    expect(made.statusCode, made.body).toBe(200);
    const feed = new URL(made.json<{ calendarFeedUrl: string }>().calendarFeedUrl.replace(/^webcal:/, "http:"));
    const secret = /\/calendar\/([\w-]{32})\.ics$/.exec(feed.pathname)![1]!;
    // Shaped as the e-mails' links are: the user's id, a dot, a signature.
    const unsubscribeToken = `${SAM.id}.${"s1gnature-".repeat(3)}ab`;
    const wrongSecret = "x".repeat(32);
    lines.length = 0;

    expect((await api.call({ method: "GET", url: feed.pathname })).statusCode).toBe(200);
    expect(
      (await api.call({ method: "GET", url: `/calendar/${wrongSecret}.ics?token=${wrongSecret}` })).statusCode,
    ).toBe(404);
    expect((await api.call({ method: "GET", url: `/unsubscribe/${unsubscribeToken}` })).statusCode).toBe(404);
    expect((await api.call({ method: "POST", url: `/unsubscribe/${unsubscribeToken}` })).statusCode).toBe(404);
    // A URL in a message or an error (as Fastify's own warnings write them).
    api.app.log.warn({ err: new Error(`failed on ${feed.pathname}`) }, `looking at /unsubscribe/${unsubscribeToken}`);

    const log = lines.join("");
    const urls = lines.map((line) => JSON.parse(line) as { req?: { url?: string } }).flatMap((l) => l.req?.url ?? []);
    expect(urls).toEqual([
      "/calendar/[redacted].ics",
      "/calendar/[redacted].ics?token=[redacted]",
      "/unsubscribe/[redacted]",
      "/unsubscribe/[redacted]",
    ]);
    expect(log).toContain("looking at /unsubscribe/[redacted]");
    expect(log).toContain("failed on /calendar/[redacted].ics");
    for (const leaked of [secret, wrongSecret, unsubscribeToken, "s1gnature-"]) expect(log).not.toContain(leaked);
    // The rest of each line is as before: the method, the answer, what failed.
    expect(log).toContain('"method":"GET"');
    expect(log).toContain('"statusCode":404');
  });

  it("leaves every other address as it is", () => {
    for (const url of ["/classes?page=2&sort=title", "/users/me", "/calendar", "/enrollments/1/calendar.ics"]) {
      expect(redactSecrets(url)).toBe(url);
    }
  });
});
