import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startMailCatcher, type MailCatcher } from "../../../tools/mail-catcher.mjs";
import { family, lineClass } from "../../test/families.js";
import { clockDay, useTestApi } from "../../test/harness.js";
import { restoreClock, setClock } from "../platform/clock.js";
import { readConfig } from "../platform/config.js";
import { enrollments, notificationOutbox } from "../platform/database/schema.js";
import { firstSessionDay } from "./calendar.js";
import { academyInstant } from "./format.js";
import { createMailer } from "./mailer.js";
import { deliverDue, type OutboxDeps } from "./outbox.js";
import { enqueueDueReminders } from "./reminders.js";

/**
 * The reminder before a camper's first session: due REMINDER_DAYS days before it, written once per
 * enrolment (its outbox key), whatever the job's runs and restarts; sent with what to bring. The
 * API's clock is moved to the moments that matter.
 */

const quiet = { warn() {}, info() {}, error() {} } as unknown as OutboxDeps["log"];
const api = useTestApi({ MAIL_WORKER_INTERVAL_MS: "3600000" });
let catcher: MailCatcher;
let deps: OutboxDeps;

beforeAll(async () => {
  catcher = await startMailCatcher({ ports: { smtp: 0, web: 0 } });
  const config = readConfig({
    ACADEMY_DEV_DEFAULTS: "1",
    SMTP_URL: catcher.smtpUrl,
    SITE_URL: "http://localhost:3000",
  }).mail;
  deps = { db: api.database.db, mailer: createMailer(config), config, log: quiet };
});
afterAll(async () => {
  deps?.mailer.close();
  await catcher?.stop();
});

let clockOffset: number | undefined;
function at(instant: Date) {
  const previous = setClock(instant);
  clockOffset ??= previous;
}
afterEach(() => {
  if (clockOffset !== undefined) restoreClock(clockOffset);
  clockOffset = undefined;
});

const DETAILS = "Bring a water bottle and shin guards.\nWear <b>trainers</b>.";

/** A class starting in `days` days with a family's two children enrolled; its first session's start. */
async function enrolledClass(days: number) {
  const classId = await lineClass(api, 5, {
    startDate: clockDay(days),
    endDate: clockDay(days + 11),
    details: DETAILS,
  });
  const parent = await family(api, ["Kim", "Lou"]);
  const rows = await api.database.db
    .insert(enrollments)
    .values(parent.kids.map((camperId) => ({ studentId: parent.id, classId, camperId })))
    .returning({ id: enrollments.id });
  const startsAt = academyInstant(firstSessionDay(clockDay(days), ["mon", "tue", "wed", "thu", "fri"]), "09:00");
  return { classId, parent, enrolmentIds: rows.map((r) => r.id), startsAt };
}

const remindersOf = (enrolmentIds: string[]) =>
  api.database.db
    .select()
    .from(notificationOutbox)
    .where(
      inArray(
        notificationOutbox.dedupeKey,
        enrolmentIds.map((id) => `reminder:${id}`),
      ),
    );

describe("the reminder before the first session", () => {
  it("is written REMINDER_DAYS days before the first session, once per enrolment however often the job runs", async () => {
    const { parent, enrolmentIds, startsAt } = await enrolledClass(20);
    const days = deps.config.reminderDays;
    expect(days).toBe(3);
    // A minute too early: nothing.
    at(new Date(startsAt.getTime() - days * 86_400_000 - 60_000));
    await enqueueDueReminders(api.database.db, { days });
    expect(await remindersOf(enrolmentIds)).toHaveLength(0);
    // Due: one per camper; the job again (another pass, a restarted process) adds nothing.
    at(new Date(startsAt.getTime() - days * 86_400_000 + 60_000));
    expect(await enqueueDueReminders(api.database.db, { days })).toBeGreaterThanOrEqual(2);
    await enqueueDueReminders(api.database.db, { days });
    at(new Date(startsAt.getTime() - 3_600_000));
    await enqueueDueReminders(api.database.db, { days });
    const rows = await remindersOf(enrolmentIds);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.recipient === parent.email && r.kind === "reminder")).toBe(true);
    // Only what the message needs: the child's first name, the class, when, what to bring.
    expect(rows.map((r) => (r.payload as { camperName: string }).camperName).sort()).toEqual(["Kim", "Lou"]);
    expect(JSON.stringify(rows[0]!.payload)).not.toMatch(/medical|allerg|Family\d+"/i);

    // Sent through the mail server with the class's details as text.
    await deliverDue(deps);
    const caught = (await catcher.messages()).filter((m) => rows.some((r) => r.messageId === m.headers["message-id"]));
    expect(caught).toHaveLength(2);
    for (const mail of caught) {
      expect(mail.to[0]!.address).toBe(parent.email);
      expect(mail.subject).toMatch(/^Line Camp .* starts (Mon|Tue|Wed|Thu|Fri) \d+ \w+ \d{4}$/);
      expect(mail.text).toContain("Bring a water bottle and shin guards.");
      expect(mail.text).toContain("What to bring");
      expect(mail.html).toContain("Wear &lt;b&gt;trainers&lt;/b&gt;.");
    }
  });

  it("the number of days is configurable (REMINDER_DAYS)", async () => {
    expect(readConfig({ ACADEMY_DEV_DEFAULTS: "1", REMINDER_DAYS: "5" }).mail.reminderDays).toBe(5);
    expect(() => readConfig({ ACADEMY_DEV_DEFAULTS: "1", REMINDER_DAYS: "0" })).toThrow(/REMINDER_DAYS/);
    const { enrolmentIds, startsAt } = await enrolledClass(30);
    at(new Date(startsAt.getTime() - 4 * 86_400_000));
    await enqueueDueReminders(api.database.db, { days: 3 });
    expect(await remindersOf(enrolmentIds)).toHaveLength(0);
    await enqueueDueReminders(api.database.db, { days: 5 });
    expect(await remindersOf(enrolmentIds)).toHaveLength(2);
  });

  it("is not written once the first session has begun (an enrolment made too late, a job that was down)", async () => {
    const { enrolmentIds, startsAt } = await enrolledClass(40);
    at(new Date(startsAt.getTime() + 60_000));
    await enqueueDueReminders(api.database.db, { days: 3 });
    expect(await remindersOf(enrolmentIds)).toHaveLength(0);
  });

  it("a cancelled enrolment gets none", async () => {
    const { enrolmentIds, startsAt } = await enrolledClass(50);
    await api.database.db.delete(enrollments).where(eq(enrollments.id, enrolmentIds[0]!));
    at(new Date(startsAt.getTime() - 86_400_000));
    await enqueueDueReminders(api.database.db, { days: 3 });
    expect((await remindersOf(enrolmentIds)).map((r) => r.dedupeKey)).toEqual([`reminder:${enrolmentIds[1]}`]);
  });
});

describe("turning reminders off", () => {
  it("in Settings: no reminder is written for a family that turned them off, and on again they come", async () => {
    const { parent, enrolmentIds, startsAt } = await enrolledClass(60);
    const before = await api.call({ method: "GET", url: "/notification-settings", as: parent });
    expect(before.json()).toEqual({ optionalEmails: true, calendarFeedUrl: null });
    const off = await api.call({
      method: "PATCH",
      url: "/notification-settings",
      as: parent,
      payload: { optionalEmails: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().optionalEmails).toBe(false);
    at(new Date(startsAt.getTime() - 86_400_000));
    await enqueueDueReminders(api.database.db, { days: 3 });
    expect(await remindersOf(enrolmentIds)).toHaveLength(0);
    await api.call({ method: "PATCH", url: "/notification-settings", as: parent, payload: { optionalEmails: true } });
    await enqueueDueReminders(api.database.db, { days: 3 });
    expect(await remindersOf(enrolmentIds)).toHaveLength(2);
  });

  it("by the one-click link of RFC 8058: the headers name it, a POST without sign-in turns reminders off", async () => {
    const { parent, enrolmentIds, startsAt } = await enrolledClass(70);
    at(new Date(startsAt.getTime() - 86_400_000));
    await enqueueDueReminders(api.database.db, { days: 3 });
    const rows = await remindersOf(enrolmentIds);
    await deliverDue(deps);
    const [mail] = (await catcher.messages()).filter((m) => m.headers["message-id"] === rows[0]!.messageId);
    expect(mail).toBeDefined();
    // The message as the mail server received it: the two headers of RFC 8058.
    // (Long headers are folded onto the next line: unfolded to read them.)
    const source = (await catcher.source(mail!.id)).replace(/\r?\n[ \t]+/g, " ");
    expect(source).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const link = /^List-Unsubscribe: <(https?:\/\/[^>]+)>\r?$/m.exec(source)?.[1];
    expect(link).toMatch(/^http:\/\/localhost:\d+\/unsubscribe\/[0-9a-f-]{36}\.[\w-]{32}$/);
    expect(mail!.text).toContain(link!);
    const path = new URL(link!).pathname;

    // Opening the link (or a scanner fetching it) changes nothing; its page has the button.
    const page = await api.call({ method: "GET", url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain('<form method="post">');
    expect((await api.call({ method: "GET", url: "/notification-settings", as: parent })).json().optionalEmails).toBe(
      true,
    );
    // The mail client's one-click POST, as RFC 8058 writes it.
    const posted = await api.call({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.body).toContain("Reminders are off");
    expect((await api.call({ method: "GET", url: "/notification-settings", as: parent })).json().optionalEmails).toBe(
      false,
    );
    // A token changed by one character is nobody's.
    const forged = path.slice(0, -1) + (path.endsWith("A") ? "B" : "A");
    const refused = await api.call({
      method: "POST",
      url: forged,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(refused.statusCode).toBe(404);
  });
});
