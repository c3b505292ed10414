import { and, asc, eq, gt, lte } from "drizzle-orm";
import { academyToday } from "../platform/academy-day.js";
import type { Db } from "../platform/database/client.js";
import { instalments } from "../platform/database/schema.js";
import { transaction } from "../platform/transaction.js";
import { enqueueInstalmentReminder } from "../notifications/index.js";
import { addDays } from "./schedule.js";

/** How many days before an instalment's day the family is reminded of it. */
export const REMINDER_DAYS = 3;
/** The most reminders one pass writes (the next pass takes the rest). */
const BATCH = 500;

/**
 * Writes the reminders of instalments due within the next `REMINDER_DAYS` days (not today's: they
 * are being charged). Each is written once per instalment and day (the outbox's key), whichever
 * process's pass finds it first. Answers how many were written.
 */
export async function remindUpcoming(db: Db): Promise<number> {
  const today = academyToday();
  const coming = await db
    .select({ id: instalments.id, dueDay: instalments.dueDay })
    .from(instalments)
    .where(
      and(
        eq(instalments.status, "scheduled"),
        gt(instalments.dueDay, today),
        lte(instalments.dueDay, addDays(today, REMINDER_DAYS)),
      ),
    )
    .orderBy(asc(instalments.dueDay), asc(instalments.id))
    .limit(BATCH);
  if (coming.length === 0) return 0;
  return transaction(db, async (tx) => {
    let written = 0;
    for (const instalment of coming) written += await enqueueInstalmentReminder(tx, instalment);
    return written;
  });
}
