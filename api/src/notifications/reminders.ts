import * as clock from "../platform/clock.js";
import type { Db } from "../platform/database/client.js";
import { transaction } from "../platform/transaction.js";
import { firstSessionDay } from "./calendar.js";
import { REMINDER_KEY_PREFIX, reminderCandidates, reminderFacts } from "./facts.js";
import { academyDay, academyInstant, addDays } from "./format.js";
import { enqueue } from "./outbox.js";

/**
 * The reminder before a camper's first session: a job the outbox's worker runs. An
 * enrolment is due once its class's first session is at most `days` days away and has not begun;
 * its reminder is written to the outbox under the key `reminder:<enrolment>`, so it is written once
 * ever, whichever process's job finds it first and however often the job runs or restarts (the
 * outbox's unique key settles a race between two processes: the second insert adds nothing).
 */

/** The most reminders one run writes (the next run takes the rest). */
const BATCH = 500;

export interface ReminderOptions {
  /** How many days before the first session the reminder goes (REMINDER_DAYS). */
  days: number;
}

/** Writes the reminders now due. Returns how many it wrote. */
export async function enqueueDueReminders(db: Db, options: ReminderOptions): Promise<number> {
  const now = clock.now();
  const today = academyDay(now);
  // A class's first session is on its first day or within the six days after (its first weekday).
  const candidates = await reminderCandidates(db, addDays(today, -6), addDays(today, options.days), BATCH);
  const due = candidates.flatMap((row) => {
    if (!row.startDate || !row.startTime || row.weekdays.length === 0) return [];
    const day = firstSessionDay(row.startDate, row.weekdays);
    if (row.endDate && day > row.endDate) return [];
    const startsAt = academyInstant(day, row.startTime);
    const sendFrom = startsAt.getTime() - options.days * 86_400_000;
    if (now.getTime() < sendFrom || now.getTime() >= startsAt.getTime()) return [];
    return [reminderFacts(row, { day, startsAt })];
  });
  if (due.length === 0) return 0;
  return transaction(db, async (tx) => {
    let written = 0;
    for (const { to, facts } of due) {
      written += await enqueue(tx, {
        kind: "reminder",
        to,
        facts,
        dedupeKey: `${REMINDER_KEY_PREFIX}${facts.enrollmentId}`,
      });
    }
    return written;
  });
}
