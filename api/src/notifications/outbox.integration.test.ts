import net from "node:net";
import { eq, inArray } from "drizzle-orm";
import ical, { type CalendarComponent, type VEvent } from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailCatcher, type MailCatcher } from "../../../tools/mail-catcher.mjs";
import { family, holdSeat, joinLine, lineClass } from "../../test/families.js";
import { ADMIN, classId, confirmCard, MAYA, SAM, useTestApi } from "../../test/harness.js";
import * as clock from "../platform/clock.js";
import { readConfig } from "../platform/config.js";
import { classes, notificationOutbox } from "../platform/database/schema.js";
import { transaction } from "../platform/transaction.js";
import { ACADEMY, academyInstant, ACADEMY_TIME_ZONE, formatClock } from "./format.js";
import { sessionDays } from "./calendar.js";
import { createMailer } from "./mailer.js";
import { claimNext, deliver, deliverDue, enqueue, outboxState, type OutboxDeps } from "./outbox.js";

/**
 * The outbox against a real SMTP server (a MailDev catcher of this file's own, on free ports): the
 * server down for ten minutes, a worker that dies while sending, and a paid checkout's receipt
 * with its .ics read back. Every count is taken in the catcher.
 */

const quiet = { warn() {}, info() {}, error() {} } as unknown as OutboxDeps["log"];
// The app's own worker sleeps: this file drives every pass itself.
const api = useTestApi({ MAIL_WORKER_INTERVAL_MS: "3600000" });
let catcher: MailCatcher;
let deps: OutboxDeps;

beforeAll(async () => {
  catcher = await startMailCatcher({ ports: { smtp: 0, web: 0 } });
  const config = readConfig({
    ACADEMY_DEV_DEFAULTS: "1",
    SMTP_URL: catcher.smtpUrl,
    MAIL_RETRY_SECONDS: "15",
    MAIL_LEASE_SECONDS: "60",
    SITE_URL: "http://localhost:3000",
  }).mail;
  deps = { db: api.database.db, mailer: createMailer(config), config, log: quiet };
});
afterAll(async () => {
  deps?.mailer.close();
  await catcher?.stop();
});

/** Moves the API's clock on by `ms` (retries and leases are judged by it). */
function advance(ms: number) {
  clock.setClock(new Date(clock.nowMs() + ms));
}

async function queue(n: number, tag: string): Promise<string[]> {
  const keys = Array.from({ length: n }, (_, i) => `${tag}:${i}`);
  await transaction(api.database.db, async (tx) => {
    for (const key of keys) {
      await enqueue(tx, {
        kind: "class-reviewed",
        to: `family-${key.replace(/\W/g, "-")}@example.com`,
        dedupeKey: key,
        facts: {
          instructorName: "Maya Torres",
          status: "denied",
          feedback: `Feedback ${key}`,
          session: {
            classId: classId(1),
            className: `Class ${key}`,
            instructorName: "Maya Torres",
            location: null,
            startDate: null,
            endDate: null,
            weekdays: [],
            startTime: null,
            endTime: null,
          },
        },
      });
    }
  });
  const rows = await api.database.db
    .select({ messageId: notificationOutbox.messageId })
    .from(notificationOutbox)
    .where(inArray(notificationOutbox.dedupeKey, keys));
  return rows.map((r) => r.messageId);
}

/** How often each of these Message-IDs arrived in the catcher. */
async function arrivals(messageIds: string[]): Promise<number[]> {
  const caught = await catcher.messages();
  return messageIds.map((id) => caught.filter((m) => m.headers["message-id"] === id).length);
}

async function rowsOf(messageIds: string[]) {
  return api.database.db.select().from(notificationOutbox).where(inArray(notificationOutbox.messageId, messageIds));
}

describe("the outbox", () => {
  it("loses nothing while the mail server is down for ten minutes, and sends each message once when it is back", async () => {
    await catcher.pauseSmtp();
    const ids = await queue(3, "down");
    const started = clock.nowMs();
    const previous = clock.setClock(new Date(started));
    try {
      // A worker pass every 30 s for ten minutes: every attempt fails, nothing is lost or given up.
      for (let t = 0; t < 20; t++) {
        expect(await deliverDue(deps)).toBe(0);
        advance(30_000);
      }
      const waiting = await rowsOf(ids);
      expect(waiting.map((r) => r.state)).toEqual(["queued", "queued", "queued"]);
      // What Admin Home will show: three waiting, the oldest since the outage began.
      const state = await outboxState(api.database.db);
      expect(state.queued).toBeGreaterThanOrEqual(3);
      expect(state.oldestQueuedAt!.getTime()).toBeLessThanOrEqual(
        Math.min(...waiting.map((r) => r.createdAt.getTime())),
      );
      // Admin Home reads the same through the API.
      const shown = await api.call({ method: "GET", url: "/admin/outbox", as: ADMIN });
      expect(shown.statusCode).toBe(200);
      expect(shown.json()).toEqual({
        queued: state.queued,
        failed: state.failed,
        oldestQueuedAt: state.oldestQueuedAt!.toISOString(),
      });
      // Backed off: far fewer attempts than passes (15 s, 30 s, 60 s, ... between them).
      for (const row of waiting) {
        expect(row.attempts).toBeGreaterThanOrEqual(4);
        expect(row.attempts).toBeLessThan(8);
        expect(row.lastError).toBeTruthy();
        expect(row.lockedUntil).toBeNull();
      }
      await catcher.resumeSmtp();
      // Back: the messages go out at their next attempt, each once, and later passes send nothing more.
      for (let t = 0; t < 12; t++) {
        await deliverDue(deps);
        advance(60_000);
      }
      expect(await arrivals(ids)).toEqual([1, 1, 1]);
      expect((await rowsOf(ids)).map((r) => r.state)).toEqual(["sent", "sent", "sent"]);
    } finally {
      await catcher.resumeSmtp();
      clock.restoreClock(previous);
    }
  });

  it("a worker killed while sending loses nothing: its lease runs out and the message goes out once, with its Message-ID", async () => {
    // A mail server that accepts the connection and never answers: the worker hangs mid-send.
    const hung = new Set<net.Socket>();
    let connected!: () => void;
    const firstConnection = new Promise<void>((resolve) => (connected = resolve));
    const blackHole = net.createServer((socket) => {
      hung.add(socket);
      socket.on("error", () => {});
      connected();
    });
    await new Promise<void>((resolve) => blackHole.listen(0, "127.0.0.1", resolve));
    const port = (blackHole.address() as net.AddressInfo).port;
    const stuckConfig = { ...deps.config, smtpUrl: `smtp://127.0.0.1:${port}` };
    const stuck: OutboxDeps = { ...deps, config: stuckConfig, mailer: createMailer(stuckConfig) };
    const previous = clock.setClock(new Date(clock.nowMs()));
    try {
      const [messageId] = await queue(1, "killed");
      const claimed = await claimNext(stuck);
      expect(claimed?.messageId).toBe(messageId);
      const dying = deliver(stuck, claimed!);
      // The worker is mid-send once the mail server has its connection.
      await firstConnection;
      expect(hung.size).toBe(1);

      // While the lease runs, no other worker takes the message.
      expect(await deliverDue(deps)).toBe(0);
      expect(await arrivals([messageId!])).toEqual([0]);
      // The dying worker never comes back; once its lease has run out another worker sends it.
      advance(61_000);
      expect(await deliverDue(deps)).toBe(1);
      expect(await arrivals([messageId!])).toEqual([1]);

      // The dead worker's connection ends: what it records changes nothing (the row is another's now).
      for (const socket of hung) socket.destroy();
      expect(await dying).toBe("queued");
      const [row] = await rowsOf([messageId!]);
      expect(row).toMatchObject({ state: "sent", attempts: 2, lockedUntil: null });
      expect(await deliverDue(deps)).toBe(0);
      expect(await arrivals([messageId!])).toEqual([1]);
    } finally {
      clock.restoreClock(previous);
      stuck.mailer.close();
      await new Promise((resolve) => blackHole.close(resolve));
    }
  });

  it("waits while the process is busy with families (admission control), then sends", async () => {
    const ids = await queue(2, "busy");
    let busy = true;
    const waiting: OutboxDeps = { ...deps, busy: () => busy };
    expect(await deliverDue(waiting)).toBe(0);
    expect((await rowsOf(ids)).map((r) => [r.state, r.attempts])).toEqual([
      ["queued", 0],
      ["queued", 0],
    ]);
    busy = false;
    await deliverDue(waiting);
    expect((await rowsOf(ids)).map((r) => r.state)).toEqual(["sent", "sent"]);
    expect(await arrivals(ids)).toEqual([1, 1]);
  });

  it("a mail server's permanent refusal (5xx) ends the message as failed, not retried forever", async () => {
    const [messageId] = await queue(1, "refused");
    const refusing = net.createServer((socket) => {
      socket.write("554 5.7.1 No thanks\r\n");
      socket.on("data", () => socket.write("554 5.7.1 No thanks\r\n"));
      socket.on("error", () => {});
    });
    await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", resolve));
    const config = { ...deps.config, smtpUrl: `smtp://127.0.0.1:${(refusing.address() as net.AddressInfo).port}` };
    const refused: OutboxDeps = { ...deps, config, mailer: createMailer(config) };
    try {
      await deliverDue(refused);
      const [row] = await rowsOf([messageId!]);
      expect(row?.state).toBe("failed");
      expect(row?.lastError).toBeTruthy();
      expect((await outboxState(api.database.db)).failed).toBeGreaterThanOrEqual(1);
    } finally {
      refused.mailer.close();
      await new Promise((resolve) => refusing.close(resolve));
    }
  });
});

describe("the messages' causes write them in their own transaction", () => {
  it("a paid checkout: the receipt with the class, its camper, the amount, the forms still owed and an .ics of its sessions", async () => {
    // A form every family with a class owes: the receipt says it is still needed.
    const form = await api.call({
      method: "POST",
      url: "/admin/forms",
      as: ADMIN,
      payload: {
        title: "Family contacts card",
        audience: "family",
        applies_to: { all: true },
        due_days_before: 3,
        fields: [{ key: "doctor", kind: "short-text", label: "Family doctor", required: true }],
      },
    });
    expect(form.statusCode, form.body).toBe(201);
    const cart = await api.call({ method: "POST", url: "/carts", as: SAM, payload: { classItemId: classId(4) } });
    expect(cart.statusCode, cart.body).toBe(201);
    const opened = await api.call({ method: "POST", url: "/create-payment-intent", as: SAM, payload: {} });
    expect(opened.statusCode, opened.body).toBe(201);
    const co = opened.json();
    expect(await confirmCard(co.clientSecret)).toBe(200);
    const paid = await api.call({
      method: "POST",
      url: "/payments",
      as: SAM,
      payload: { transactionId: co.paymentIntentId },
    });
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    // Reported twice (the browser and the webhook): one receipt.
    await api.call({ method: "POST", url: "/payments", as: SAM, payload: { transactionId: co.paymentIntentId } });
    const rows = await api.database.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.kind, "payment-receipt"));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.recipient).toBe(SAM.email);

    await deliverDue(deps);
    const caught = (await catcher.messages()).filter((m) => m.headers["message-id"] === rows[0]!.messageId);
    expect(caught).toHaveLength(1);
    const mail = caught[0]!;
    const [cls] = await api.database.db
      .select()
      .from(classes)
      .where(eq(classes.id, classId(4)));
    const amount = `$${(cls!.priceCents / 100).toFixed(2)}`;
    expect(mail.to[0]!.address).toBe(SAM.email);
    expect(mail.subject).toContain(cls!.name);
    expect(mail.text).toContain(amount);
    expect(mail.text).toContain(co.paymentIntentId);
    // The card as the provider charged it (the test card 4242 4242 4242 4242).
    expect(mail.text).toContain("Paid with the card ending in 4242.");
    expect(mail.text).toContain("Sam Student");
    expect(mail.html).toContain(cls!.name.replace(/&/g, "&amp;"));
    // What the parent needs on the day, as the class says it (its seeded drop-off, pick-up and list).
    expect(mail.text).toContain(
      `Drop off from ${formatClock(academyInstant(cls!.startDate!, cls!.dropOff!), { withZone: false })}, pick up by ${formatClock(academyInstant(cls!.startDate!, cls!.pickUp!))} at ${cls!.location}, ${ACADEMY.address}`,
    );
    expect(mail.text).toContain(`Bring: ${cls!.whatToBring!.split("\n").join("; ")}`);
    expect(mail.text).toContain("Still needed before the first day");
    expect(mail.text).toMatch(/• Family contacts card for your family: due \w{3} \d{1,2} \w+ \d{4}/);
    await api.call({ method: "DELETE", url: `/admin/forms/${form.json().id}`, as: ADMIN });

    // The .ics, parsed back by a library: one weekly series whose occurrences are the class's sessions.
    const ics = await catcher.attachment(mail.id, "sessions.ics");
    const parsed = ical.sync.parseICS(ics);
    const events = Object.values(parsed).filter(
      (c): c is VEvent => (c as CalendarComponent | undefined)?.type === "VEVENT",
    );
    expect(events).toHaveLength(1);
    const event = events[0]!;
    expect(event.summary).toContain(cls!.name);
    // The place at its venue: the seeded tennis class names none, so the academy's own address.
    expect(event.location).toBe(`${cls!.location}, ${ACADEMY.address}`);
    expect((event.start as Date & { tz?: string }).tz).toBe(ACADEMY_TIME_ZONE);
    const expected = sessionDays(cls!).map((day) => academyInstant(day, cls!.startTime!).toISOString());
    expect(expected.length).toBeGreaterThan(0);
    const occurrences = event
      .rrule!.between(new Date("2000-01-01"), new Date("2100-01-01"), true)
      .map((d) => d.toISOString());
    expect(occurrences).toEqual(expected);
    const minutes = (event.end!.getTime() - event.start.getTime()) / 60_000;
    const [sh, sm] = cls!.startTime!.split(":").map(Number);
    const [eh, em] = cls!.endTime!.split(":").map(Number);
    expect(minutes).toBe(eh! * 60 + em! - (sh! * 60 + sm!));
  });

  it("a class denied by an admin: the instructor's message with the feedback", async () => {
    const feedback = "Please say what to bring. <b>Thanks</b>";
    const res = await api.call({
      method: "PATCH",
      url: `/classes/${classId(7)}/status`,
      as: ADMIN,
      payload: { status: "denied", feedback },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await api.database.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.kind, "class-reviewed"))
      .orderBy(notificationOutbox.createdAt)
      .then((rows) => rows.filter((r) => r.recipient === MAYA.email));
    expect(row).toBeDefined();
    await deliverDue(deps);
    const [mail] = (await catcher.messages()).filter((m) => m.headers["message-id"] === row!.messageId);
    expect(mail?.subject).toMatch(/^Not approved: /);
    expect(mail?.text).toContain(feedback);
    expect(mail?.html).toContain("&lt;b&gt;Thanks&lt;/b&gt;");
  });

  it("a seat offered to the waitlist: the family hears which class, for whom, until when", async () => {
    const line = await lineClass(api, 1);
    const holder = await family(api);
    await holdSeat(api, holder, line);
    const waiting = await family(api, ["Kim"]);
    const joined = await joinLine(api, waiting, line, waiting.kids);
    expect(joined.statusCode, joined.body).toBe(201);
    // More seats: the one freed goes to the line, and the offer's message is written with it.
    const raised = await api.call({
      method: "PATCH",
      url: `/classes/${line}`,
      as: ADMIN,
      payload: { available_seats: 2 },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    const rows = await api.database.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.kind, "waitlist-offer"));
    const mine = rows.filter((r) => r.recipient === waiting.email);
    expect(mine).toHaveLength(1);
    await deliverDue(deps);
    const [mail] = (await catcher.messages()).filter((m) => m.headers["message-id"] === mine[0]!.messageId);
    const [cls] = await api.database.db.select().from(classes).where(eq(classes.id, line));
    expect(mail?.subject).toBe(`A seat is free for Kim: ${cls!.name}`);
    expect(mail?.text).toContain("Book by ");
    expect(mail?.html).toContain('href="http://localhost:3000/dashboard/waitlists"');
  });
});
