import { and, asc, eq, gt, lte, notExists, sql } from "drizzle-orm";
import { academyToday } from "../platform/academy-day.js";
import type { Db } from "../platform/database/client.js";
import { instalments, notificationOutbox } from "../platform/database/schema.js";
import { transaction } from "../platform/transaction.js";
import { enqueueInstalmentReminder } from "../notifications/index.js";
import { addDays } from "./schedule.js";

/** How many days before an instalment's day the family is reminded of it. */
export const REMINDER_DAYS = 3;
/** The most reminders one transaction writes: a busy morning is written in several, none of them long. */
const BATCH = 500;

/**
 * Writes the reminders of instalments due within the next `REMINDER_DAYS` days (not today's: they
 * are being charged). Each is written once per instalment and day (the outbox's key), whichever
 * process's pass finds it first. Answers how many were written.
 *
 * A reminder already in the outbox is left out of the query, so the instalments past the first
 * batch are reached instead of the same batch being found again; the pass goes on batch after
 * batch, each after the last one it read, until none is left.
 */
export async function remindUpcoming(db: Db, batch = BATCH): Promise<number> {
  const today = academyToday();
  let after: { dueDay: string; id: string } | null = null;
  let written = 0;
  for (;;) {
    const coming: { id: string; dueDay: string }[] = await db
      .select({ id: instalments.id, dueDay: instalments.dueDay })
      .from(instalments)
      .where(
        and(
          eq(instalments.status, "scheduled"),
          gt(instalments.dueDay, today),
          lte(instalments.dueDay, addDays(today, REMINDER_DAYS)),
          // The reminder's key, as enqueueInstalmentReminder writes it: looked up in the outbox's unique index.
          notExists(
            db
              .select({ one: sql`1` })
              .from(notificationOutbox)
              .where(
                eq(
                  notificationOutbox.dedupeKey,
                  sql`'instalment-reminder:' || ${instalments.id} || ':' || to_char(${instalments.dueDay}, 'YYYY-MM-DD')`,
                ),
              ),
          ),
          // After the last one read: one that could not be written (its family gone) never stops the pass.
          after
            ? sql`(${instalments.dueDay}, ${instalments.id}) > (${after.dueDay}::date, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(instalments.dueDay), asc(instalments.id))
      .limit(batch);
    if (coming.length === 0) return written;
    written += await transaction(db, async (tx) => {
      let count = 0;
      for (const instalment of coming) count += await enqueueInstalmentReminder(tx, instalment);
      return count;
    });
    if (coming.length < batch) return written;
    after = coming.at(-1)!;
  }
}
