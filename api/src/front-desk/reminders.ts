import { and, asc, eq, gt, inArray, lte, or } from "drizzle-orm";
import { enqueueBalanceReminder } from "../notifications/index.js";
import { academyToday } from "../platform/academy-day.js";
import type { Db } from "../platform/database/client.js";
import { orders } from "../platform/database/schema.js";
import { transaction } from "../platform/transaction.js";

/** How many days before a front-desk balance's day the family is reminded of it. */
export const BALANCE_REMINDER_DAYS = 3;
/** The most reminders one pass writes (the next pass takes the rest). */
const BATCH = 500;

const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Writes the reminders of front-desk balances (decision 047), as instalments have theirs: one in
 * the `BALANCE_REMINDER_DAYS` days before the due day, and one the day after it passed unpaid.
 * Each is written once per order, due day and kind (the outbox's key), whichever process's pass
 * finds it first; a balance paid meanwhile is not reminded (the facts are read in the same
 * transaction). Answers how many were written.
 */
export async function remindBalancesDue(db: Db): Promise<number> {
  const today = academyToday();
  const due = await db
    .select({ id: orders.id, dueDay: orders.balanceDueDay })
    .from(orders)
    .where(
      and(
        eq(orders.channel, "office"),
        eq(orders.status, "paid"),
        or(
          and(gt(orders.balanceDueDay, today), lte(orders.balanceDueDay, shiftDay(today, BALANCE_REMINDER_DAYS))),
          eq(orders.balanceDueDay, shiftDay(today, -1)),
        ),
      ),
    )
    .orderBy(asc(orders.balanceDueDay), asc(orders.id))
    .limit(BATCH);
  if (due.length === 0) return 0;
  return transaction(db, async (tx) => {
    // Each order's row is read again under its lock: a payment recorded meanwhile clears its day.
    const current = await tx
      .select({ id: orders.id, dueDay: orders.balanceDueDay })
      .from(orders)
      .where(
        inArray(
          orders.id,
          due.map((o) => o.id),
        ),
      )
      .for("update");
    let written = 0;
    for (const order of current) {
      if (!order.dueDay) continue;
      written += await enqueueBalanceReminder(tx, order.id, order.dueDay < today ? "overdue" : "soon");
    }
    return written;
  });
}
