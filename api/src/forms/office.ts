import { inArray } from "drizzle-orm";
import { enqueueFormsNeeded } from "../notifications/index.js";
import type { Db } from "../platform/database/client.js";
import { classes, users } from "../platform/database/schema.js";
import { csvRows } from "../platform/csv.js";
import { transaction } from "../platform/transaction.js";
import { toDo, type ToDoItem } from "./to-do.js";

/**
 * The office's view of the forms (decision 045): every camper's forms, complete, missing or late,
 * by class; filtered to the classes starting within N days; exported; and a reminder sent now to
 * the families that still owe something.
 */

export interface OfficeItem extends ToDoItem {
  familyName: string;
  familyEmail: string;
  classes: { id: string; name: string; startDate: string }[];
}

export interface ClassCompletion {
  classId: string;
  className: string;
  startDate: string;
  complete: number;
  missing: number;
  late: number;
}

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/**
 * Every family's forms, with the family and the classes that need each; `withinDays`: only those
 * whose camper's first day is within that many days; `incomplete`: only missing and late ones.
 */
export async function officeCompletion(
  db: Db,
  today: string,
  filter: { withinDays?: number; incomplete?: boolean },
): Promise<{ items: OfficeItem[]; byClass: ClassCompletion[] }> {
  const last = filter.withinDays === undefined ? null : addDays(today, filter.withinDays);
  const all = (await toDo(db, today)).filter(
    (i) => (last === null || i.firstDay <= last) && (!filter.incomplete || i.status !== "complete"),
  );
  const familyIds = [...new Set(all.map((i) => i.familyId))];
  const classIds = [...new Set(all.flatMap((i) => i.classIds))];
  const [families, classRows] = await Promise.all([
    familyIds.length
      ? db
          .select({ id: users.id, name: users.name, email: users.email })
          .from(users)
          .where(inArray(users.id, familyIds))
      : [],
    classIds.length
      ? db
          .select({ id: classes.id, name: classes.name, startDate: classes.startDate })
          .from(classes)
          .where(inArray(classes.id, classIds))
      : [],
  ]);
  const family = new Map(families.map((f) => [f.id, f]));
  const klass = new Map(classRows.map((c) => [c.id, { id: c.id, name: c.name, startDate: c.startDate ?? "" }]));
  const items = all.map((item) => ({
    ...item,
    familyName: family.get(item.familyId)?.name ?? "",
    familyEmail: family.get(item.familyId)?.email ?? "",
    classes: item.classIds.flatMap((id) => (klass.has(id) ? [klass.get(id)!] : [])),
  }));
  const byClass = new Map<string, ClassCompletion>();
  for (const item of items) {
    for (const c of item.classes) {
      const row = byClass.get(c.id) ?? {
        classId: c.id,
        className: c.name,
        startDate: c.startDate,
        complete: 0,
        missing: 0,
        late: 0,
      };
      row[item.status] += 1;
      byClass.set(c.id, row);
    }
  }
  return {
    items,
    byClass: [...byClass.values()].sort(
      (a, b) => a.startDate.localeCompare(b.startDate) || a.className.localeCompare(b.className),
    ),
  };
}

const STATUS_WORDS = { complete: "complete", missing: "missing", late: "late" } as const;

/** The office's export: one row a camper and form, every cell quoted and formula-safe. */
export function completionCsv(items: readonly OfficeItem[]): string {
  return csvRows([
    ["status", "form", "camper", "family", "email", "classes", "first_day", "due"],
    ...items.map((i) => [
      STATUS_WORDS[i.status],
      i.title,
      i.camperName ?? "(the family)",
      i.familyName,
      i.familyEmail,
      i.classes.map((c) => c.name).join("; "),
      i.firstDay,
      i.dueDate,
    ]),
  ]);
}

/**
 * A reminder now to each family that still owes a form for a first day within `withinDays`: one
 * a family a day, however often the office asks (the outbox's key). Returns the families written to.
 */
export async function remindNow(db: Db, today: string, withinDays: number): Promise<number> {
  const { items } = await officeCompletion(db, today, { withinDays, incomplete: true });
  const byFamily = new Map<string, OfficeItem[]>();
  for (const item of items) byFamily.set(item.familyId, [...(byFamily.get(item.familyId) ?? []), item]);
  return transaction(db, async (tx) => {
    let written = 0;
    for (const [familyId, owed] of byFamily) {
      const firstDay = owed.map((i) => i.firstDay).sort()[0]!;
      written += await enqueueFormsNeeded(
        tx,
        owed[0]!.familyEmail,
        {
          familyName: owed[0]!.familyName,
          firstDay,
          daysBefore: Math.round((Date.parse(firstDay) - Date.parse(today)) / 86_400_000),
          items: owed.map((i) => ({
            title: i.title,
            camperName: i.camperName?.split(" ")[0] ?? null,
            dueDate: i.dueDate,
            late: i.status === "late",
          })),
        },
        `forms-needed-now:${familyId}:${today}`,
      );
    }
    return written;
  });
}
