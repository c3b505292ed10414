import { and, eq } from "drizzle-orm";
import ical, { type CalendarComponent, type VEvent } from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailCatcher, type MailCatcher } from "../../../tools/mail-catcher.mjs";
import { signUp, uniqueEmail } from "../../test/emulator-accounts.js";
import { family, holdSeat, joinLine, lineClass, paySeats, waitlistOf } from "../../test/families.js";
import { ADMIN, useTestApi } from "../../test/harness.js";
import * as clock from "../platform/clock.js";
import { readConfig } from "../platform/config.js";
import { enrollments, notificationOutbox } from "../platform/database/schema.js";
import { transaction } from "../platform/transaction.js";
import { createMailer } from "./mailer.js";
import { deliverDue, enqueue, type OutboxDeps } from "./outbox.js";

/**
 * Messages as a family (or an admin) receives them, caused through the API and read back from a
 * real SMTP catcher: the welcome's name, "your seat" for the account holder's own, the calendar
 * file of a receipt and of a cancellation against the feed, a contact notice's Reply-To, and the
 * message of a waitlist entry an admin moved.
 */

const SITE = "https://camp.example.org";
const quiet = { warn() {}, info() {}, error() {} } as unknown as OutboxDeps["log"];
// The app's own worker sleeps: this file sends with deliverDue.
const api = useTestApi({ MAIL_WORKER_INTERVAL_MS: "3600000", SITE_URL: SITE, RATE_LIMIT_FORMS: "1000" });
let catcher: MailCatcher;
let deps: OutboxDeps;

beforeAll(async () => {
  catcher = await startMailCatcher({ ports: { smtp: 0, web: 0 } });
  const config = readConfig({ ACADEMY_DEV_DEFAULTS: "1", SMTP_URL: catcher.smtpUrl, SITE_URL: SITE }).mail;
  deps = { db: api.database.db, mailer: createMailer(config), config, log: quiet };
});
afterAll(async () => {
  deps?.mailer.close();
  await catcher?.stop();
});

type Caught = Awaited<ReturnType<MailCatcher["messages"]>>[number];

/** Sends what is due, then the messages caught for an address. */
async function mailTo(address: string): Promise<Caught[]> {
  await deliverDue(deps, 100);
  return (await catcher.messages()).filter((m: Caught) => m.to.some((t: { address: string }) => t.address === address));
}

const events = (text: string) =>
  Object.values(ical.sync.parseICS(text)).filter(
    (c): c is VEvent => (c as CalendarComponent | undefined)?.type === "VEVENT",
  );

describe("the welcome", () => {
  it("greets by the name typed at sign-up (POST /users), not the address's local part", async () => {
    const email = uniqueEmail("robin");
    const idToken = await signUp(email);
    const signedIn = await api.app.inject({
      method: "POST",
      url: "/jwt",
      headers: { authorization: `Bearer ${idToken}` },
      payload: { email },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    // A worker pass between the sign-in and the saved name sends nothing yet.
    expect(await mailTo(email)).toHaveLength(0);
    const saved = await api.app.inject({
      method: "POST",
      url: "/users",
      headers: { authorization: `Bearer ${signedIn.json().token}` },
      payload: { name: "Robin Rivera", email },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [welcome, ...more] = await mailTo(email);
    expect(more).toHaveLength(0);
    console.log(`--- the welcome as received ---\n${welcome!.text}`);
    expect(welcome!.text).toContain("Hello Robin Rivera, your account is ready.");
    expect(welcome!.text).not.toContain(email.split("@")[0]);
  });

  it("still goes, to the name the account has, when the name is never saved", async () => {
    const email = uniqueEmail("quiet");
    const idToken = await signUp(email);
    const headers = { authorization: `Bearer ${idToken}` };
    expect((await api.app.inject({ method: "POST", url: "/jwt", headers, payload: { email } })).statusCode).toBe(200);
    expect(await mailTo(email)).toHaveLength(0);
    const previous = clock.setClock(new Date(clock.nowMs() + 11 * 60_000));
    try {
      const [welcome] = await mailTo(email);
      expect(welcome?.text).toContain(`Hello ${email.split("@")[0]}, your account is ready.`);
    } finally {
      clock.restoreClock(previous);
    }
  });
});

/** A family pays for a seat of its own ("Myself"), with a calendar feed: the seat, its UID, its receipt. */
async function paidSeat() {
  const parent = await family(api);
  const classId = await lineClass(api, 5);
  await paySeats(api, parent, [classId]);
  const [seat] = await api.database.db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.studentId, parent.id), eq(enrollments.classId, classId)));
  const [receipt] = await mailTo(parent.email);
  const made = await api.call({ method: "POST", url: "/notification-settings/calendar-feed", as: parent });
  const feedPath = new URL(made.json().calendarFeedUrl.replace(/^webcal:/, "http:")).pathname;
  const feed = async () => (await api.call({ method: "GET", url: feedPath })).body;
  const cancel = async () => {
    const cancelled = await api.call({ method: "POST", url: `/enrollments/${seat!.id}/cancel`, as: parent });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    return (await mailTo(parent.email)).find((m: Caught) => m.subject.startsWith("Cancelled"))!;
  };
  return { parent, seatId: seat!.id, receipt: receipt!, feed, cancel };
}

describe("a seat of the account holder's own", () => {
  it("the receipt says 'You are enrolled' and the cancellation 'your seat', not the holder's name", async () => {
    const { receipt, cancel } = await paidSeat();
    expect(receipt.text).toContain("You are enrolled.");
    expect(receipt.text).not.toMatch(/Camper: Family/);
    expect(receipt.text).toMatch(/Mon, Tue, Wed, Thu, Fri, 9:00 a\.m\.–12:00 p\.m\. P[DS]T/);
    const notice = await cancel();
    console.log(`--- the cancellation as received ---\n${notice.text}`);
    expect(notice.text).toMatch(/Hello Family \d+, your seat in Line Camp .* is cancelled\./);
    expect(notice.text).not.toContain("Family's seat");
  });
});

describe("one calendar UID per seat", () => {
  it("the receipt's attached .ics and the feed give the seat the same UID, from its id and the site's host", async () => {
    const { seatId, receipt, feed } = await paidSeat();
    const uid = `enrollment-${seatId}@camp.example.org`;
    expect(events(await catcher.attachment(receipt.id, "sessions.ics")).map((e) => e.uid)).toEqual([uid]);
    expect(events(await feed()).map((e) => e.uid)).toEqual([uid]);
  });

  it("valid iCalendar: the zone in its VTIMEZONE and TZIDs, no made-up TIMEZONE-ID property", async () => {
    const { receipt, feed } = await paidSeat();
    for (const ics of [await catcher.attachment(receipt.id, "sessions.ics"), await feed()]) {
      expect(ics).toContain("BEGIN:VTIMEZONE");
      expect(ics).toMatch(/^DTSTART;TZID=America\/Los_Angeles:/m);
      expect(ics).not.toMatch(/^TIMEZONE-ID/m);
      expect(events(ics)).toHaveLength(1);
    }
  });
});

describe("a cancelled seat leaves the family's calendar", () => {
  it("the cancellation carries METHOD:CANCEL for the seat's UID with a higher SEQUENCE; the feed drops it", async () => {
    const { seatId, receipt, feed, cancel } = await paidSeat();
    const [published] = events(await catcher.attachment(receipt.id, "sessions.ics"));
    expect(events(await feed())).toHaveLength(1);
    const notice = await cancel();
    const ics = await catcher.attachment(notice.id, "cancelled.ics");
    expect(ics).toMatch(/^METHOD:CANCEL\r$/m);
    const [gone, ...others] = events(ics);
    expect(others).toHaveLength(0);
    expect(gone!.uid).toBe(`enrollment-${seatId}@camp.example.org`);
    expect(gone!.uid).toBe(published!.uid);
    expect(gone!.status).toBe("CANCELLED");
    expect(Number(gone!.sequence)).toBeGreaterThan(Number(published!.sequence ?? 0));
    expect(events(await feed())).toHaveLength(0);
  });
});

describe("the contact notice to the admins", () => {
  it("carries the sender's address as Reply-To (that message only)", async () => {
    const from = uniqueEmail("writer");
    const sent = await api.call({
      method: "POST",
      url: "/contact",
      payload: { name: "Pat Parent", email: from, message: "Is there a sibling discount?" },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [notice] = (await mailTo(ADMIN.email)).filter((m: Caught) => m.text?.includes(from));
    const source = await catcher.source(notice!.id);
    expect(source).toMatch(new RegExp(`^Reply-To: Pat Parent <${from.replace(/[.+]/g, "\\$&")}>\\r?$`, "m"));
    const [ack] = await mailTo(from);
    expect(await catcher.source(ack!.id)).not.toMatch(/^Reply-To:/im);
  });

  it("a row whose address is not one plain address gets no Reply-To, and no header from it", async () => {
    const hostile = "pat@example.com\r\nBcc: victim@example.com";
    await transaction(api.database.db, (tx) =>
      enqueue(tx, {
        kind: "contact-notice",
        to: "hostile-notice@example.com",
        facts: {
          adminName: "Ada Admin",
          contactId: "44444444-2222-4333-8444-555555555555",
          fromName: "Pat\r\nX-Injected: yes",
          fromEmail: hostile,
          message: "Hello",
          receivedAt: clock.now().toISOString(),
        },
      }),
    );
    const [notice] = await mailTo("hostile-notice@example.com");
    const source = await catcher.source(notice!.id);
    const headers = source.slice(0, source.search(/\r?\n\r?\n/));
    expect(headers).not.toMatch(/^Reply-To:/im);
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(headers).not.toMatch(/^X-Injected:/im);
  });
});

describe("a waitlist entry an admin moves", () => {
  it("tells the family its new place, in the move's transaction", async () => {
    const line = await lineClass(api, 1);
    await holdSeat(api, await family(api), line);
    const first = await family(api, ["Kim"]);
    const second = await family(api, ["Lou"]);
    expect((await joinLine(api, first, line, first.kids)).statusCode).toBe(201);
    const joined = await joinLine(api, second, line, second.kids);
    expect(joined.statusCode, joined.body).toBe(201);
    const [entry] = await waitlistOf(api, second);
    const moved = await api.call({
      method: "PATCH",
      url: `/waitlist/${entry._id}`,
      as: ADMIN,
      payload: { position: 1, reason: "Joined first by phone" },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const rows = await api.database.db
      .select()
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.kind, "waitlist-moved"), eq(notificationOutbox.recipient, second.email)));
    expect(rows).toHaveLength(1);
    const [mail] = await mailTo(second.email);
    console.log(`--- the move as received ---\n${mail!.subject}\n${mail!.text}`);
    expect(mail!.subject).toMatch(/^Your place on the waitlist is now #1: Line Camp/);
    expect(mail!.text).toContain("moved your waitlist entry for Lou in Line Camp");
    expect(mail!.text).toContain("from #2 to #1 in line");
    expect(mail!.text).not.toContain("Joined first by phone");
    // The family moved down is not told by this message (only the entry moved is).
    expect(await mailTo(first.email)).toHaveLength(0);
  });
});

describe("an unsubscribe link that does not work", () => {
  const bad = "/unsubscribe/00000000-0000-4000-8000-000000000000.not-a-valid-signature-at-all-xx";

  it("a browser gets a small readable page, with the same 404, pointing to the notification settings", async () => {
    const res = await api.call({
      method: "GET",
      url: bad,
      headers: { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    console.log(`--- the broken link's page ---\n${res.body}`);
    expect(res.body).toMatch(/^<!doctype html>/);
    expect(res.body).toContain("This link does not work any more");
    expect(res.body).toContain(`href="${SITE}/settings"`);
    expect(res.body).not.toContain('"error"');
  });

  it("an API client keeps the JSON error", async () => {
    for (const accept of ["application/json", "*/*", undefined]) {
      const res = await api.call({ method: "GET", url: bad, headers: accept ? { accept } : {} });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({ error: "Not Found" });
    }
  });
});
