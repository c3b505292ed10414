import { inArray } from "drizzle-orm";
import type { Db } from "./database/client.js";
import { classes } from "./database/schema.js";

/**
 * Classes an admin chose for something that applies to some classes only (a promo code, a
 * payment plan): their names for the admin's list, and the check of a new choice.
 */

/** The names and states of classes by id (a class deleted since it was chosen has none). */
export async function classNames(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { name: string; status: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: classes.id, name: classes.name, status: classes.status })
    .from(classes)
    .where(inArray(classes.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { name: r.name, status: r.status }]));
}

/**
 * The problem with the classes chosen for `what` ("a code"), checked against the catalogue (a 400
 * naming the field, never a 500 or something silently for no class): each class added must exist
 * and be approved (families can book it). Classes already chosen stay as they are, also one
 * deleted or withdrawn since.
 */
export async function chosenClassesProblem(
  db: Db,
  what: string,
  ids: readonly string[],
  already: readonly string[],
): Promise<string | null> {
  const added = ids.filter((id) => !already.includes(id));
  if (added.length === 0) return null;
  const found = await classNames(db, added);
  const missing = added.find((id) => !found.has(id));
  if (missing) return `There is no class with the id ${missing} (it may have been deleted): choose the classes again.`;
  for (const id of added) {
    const cls = found.get(id)!;
    if (cls.status !== "approved") {
      return `"${cls.name}" is ${cls.status === "pending" ? "waiting for approval" : "not approved"}: ${what} can only be for approved classes.`;
    }
  }
  return null;
}
