import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { family, lineClass } from "../../test/families.js";
import { startMailCatcher, type MailCatcher } from "../../../tools/mail-catcher.mjs";
import { classId, clockDay, driverName, useTwoTestApis } from "../../test/harness.js";
import { readConfig } from "../platform/config.js";
import { restoreClock, setClock } from "../platform/clock.js";
import { enrollments, notificationOutbox } from "../platform/database/schema.js";
import { transaction } from "../platform/transaction.js";
import { createMailer } from "./mailer.js";
import { firstSessionDay } from "./calendar.js";
import { academyInstant } from "./format.js";
import { deliverDue, enqueue, type OutboxDeps } from "./outbox.js";
import { enqueueDueReminders } from "./reminders.js";

/**
 * Two API processes' workers (one PostgreSQL, a pool each) sending one outbox at the same time:
 * SKIP LOCKED and the lease give every message to one of them, so each arrives once.
 */
describe.runIf(driverName === "postgres")("the outbox when two API processes' workers race", () => {
  const MESSAGES = 40;
  const quiet = { warn() {}, info() {}, error() {} } as unknown as OutboxDeps["log"];
  // Their own workers sleep: the race is run by hand, both at once.
  const { a, b } = useTwoTestApis({ MAIL_WORKER_INTERVAL_MS: "3600000" });
  let catcher: MailCatcher;
  let workers: OutboxDeps[];

  beforeAll(async () => {
    catcher = await startMailCatcher({ ports: { smtp: 0, web: 0 } });
    const config = readConfig({ ACADEMY_DEV_DEFAULTS: "1", SMTP_URL: catcher.smtpUrl }).mail;
    workers = [a, b].map((t) => ({ db: t.database.db, mailer: createMailer(config), config, log: quiet }));
  });
  afterAll(async () => {
    for (const w of workers ?? []) w.mailer.close();
    await catcher?.stop();
  });

  it("sends each message exactly once", async () => {
    const keys = Array.from({ length: MESSAGES }, (_, i) => `race:${i}`);
    await transaction(a.database.db, async (tx) => {
      for (const key of keys) {
        await enqueue(tx, {
          kind: "class-reviewed",
          to: `instructor-${key.replace(/\W/g, "-")}@example.com`,
          dedupeKey: key,
          facts: {
            instructorName: "Maya Torres",
            status: "approved",
            feedback: null,
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
    // Each worker passes several times, both at once, until nothing is left.
    const run = async (w: OutboxDeps) => {
      let sent = 0;
      for (let pass = 0; pass < 6; pass++) sent += await deliverDue(w, 10);
      return sent;
    };
    const [byA, byB] = await Promise.all(workers.map(run));
    expect(byA! + byB!).toBe(MESSAGES);
    // Both took part (neither waited for the other's rows: SKIP LOCKED).
    expect(byA).toBeGreaterThan(0);
    expect(byB).toBeGreaterThan(0);

    const rows = await a.database.db
      .select({
        messageId: notificationOutbox.messageId,
        state: notificationOutbox.state,
        attempts: notificationOutbox.attempts,
      })
      .from(notificationOutbox)
      .where(inArray(notificationOutbox.dedupeKey, keys));
    expect(rows).toHaveLength(MESSAGES);
    expect(rows.every((r) => r.state === "sent" && r.attempts === 1)).toBe(true);
    const caught = await catcher.messages();
    for (const { messageId } of rows) {
      expect(caught.filter((m) => m.headers["message-id"] === messageId)).toHaveLength(1);
    }
    expect(caught).toHaveLength(MESSAGES);
  });

  it("both processes' reminder jobs at once write each enrolment's reminder once", async () => {
    const line = await lineClass(a, 30, { startDate: clockDay(60), endDate: clockDay(64) });
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const parent = await family(a, ["Ada", "Ben"]);
      const rows = await a.database.db
        .insert(enrollments)
        .values(parent.kids.map((camperId) => ({ studentId: parent.id, classId: line, camperId })))
        .returning({ id: enrollments.id });
      ids.push(...rows.map((r) => r.id));
    }
    const startsAt = academyInstant(firstSessionDay(clockDay(60), ["mon", "tue", "wed", "thu", "fri"]), "09:00");
    const previous = setClock(new Date(startsAt.getTime() - 86_400_000));
    try {
      await Promise.all([a, b, a, b].map((t) => enqueueDueReminders(t.database.db, { days: 3 })));
      const rows = await a.database.db
        .select({ dedupeKey: notificationOutbox.dedupeKey })
        .from(notificationOutbox)
        .where(
          inArray(
            notificationOutbox.dedupeKey,
            ids.map((id) => `reminder:${id}`),
          ),
        );
      expect(rows).toHaveLength(ids.length);
    } finally {
      restoreClock(previous);
    }
  });
});
