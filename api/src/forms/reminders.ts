import { inArray } from "drizzle-orm";
import { enqueueFormsNeeded } from "../notifications/index.js";
import { academyToday } from "../platform/academy-day.js";
import type { Db } from "../platform/database/client.js";
import { users } from "../platform/database/schema.js";
import { transaction } from "../platform/transaction.js";
import { toDo, type ToDoItem } from "./to-do.js";

/**
 * The reminders of forms still missing before a camper's first day (decision 045): 14, 7 and 2
 * days before it, while anything for that day is missing. A job the outbox's worker runs; each
 * reminder is written under the key `forms-needed:<family>:<first day>:<days>`, so it goes once
 * however often the job runs, restarts or races another process (the outbox's unique key). A run
 * that comes late sends the latest reminder due, not the earlier ones it missed.
 */
export const REMINDER_DAYS = [14, 7, 2] as const;

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Which reminder is due `days` before a first day: the nearest stage at or above it, none on the day. */
export const reminderStage = (days: number) =>
  days < 1 ? null : ([...REMINDER_DAYS].reverse().find((stage) => days <= stage) ?? null);

export interface FormsNeeded {
  familyId: string;
  firstDay: string;
  stage: number;
  items: ToDoItem[];
}

/** Grouped by family and first day: what each reminder due today would say. */
export function remindersDue(items: readonly ToDoItem[], today: string): FormsNeeded[] {
  const groups = new Map<string, FormsNeeded>();
  for (const item of items) {
    if (item.status === "complete") continue;
    const stage = reminderStage(daysBetween(today, item.firstDay));
    if (stage === null) continue;
    const key = `${item.familyId}|${item.firstDay}`;
    const group = groups.get(key) ?? { familyId: item.familyId, firstDay: item.firstDay, stage, items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** Writes the reminders due now (all families, or the ones given). Returns how many it wrote. */
export async function enqueueFormReminders(
  db: Db,
  options: { familyIds?: readonly string[]; keyPrefix?: string } = {},
): Promise<number> {
  const today = academyToday();
  const due = remindersDue(await toDo(db, today, { familyIds: options.familyIds }), today);
  if (due.length === 0) return 0;
  const families = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      inArray(
        users.id,
        due.map((d) => d.familyId),
      ),
    );
  const byId = new Map(families.map((f) => [f.id, f]));
  return transaction(db, async (tx) => {
    let written = 0;
    for (const reminder of due) {
      const family = byId.get(reminder.familyId);
      if (!family) continue;
      written += await enqueueFormsNeeded(
        tx,
        family.email,
        {
          familyName: family.name,
          firstDay: reminder.firstDay,
          daysBefore: daysBetween(today, reminder.firstDay),
          items: reminder.items.map((i) => ({
            title: i.title,
            // By first name, as every e-mail names a child.
            camperName: i.camperName?.split(" ")[0] ?? null,
            dueDate: i.dueDate,
            late: i.status === "late",
          })),
        },
        `${options.keyPrefix ?? "forms-needed"}:${reminder.familyId}:${reminder.firstDay}:${reminder.stage}`,
      );
    }
    return written;
  });
}
