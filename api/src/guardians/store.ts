import { and, asc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../platform/database/client.js";
import { guardians, users } from "../platform/database/schema.js";
import type { guardian, guardianContact } from "./answers.js";
import type { GuardianInput, GuardiansEdit } from "./fields.js";

export type Guardian = z.infer<typeof guardian>;
export type GuardianContact = z.infer<typeof guardianContact>;
type GuardianRow = typeof guardians.$inferSelect;

const toWire = (row: GuardianRow, accountEmail: string): Guardian => ({
  position: row.position === 1 ? 1 : 2,
  name: row.name,
  relation: row.relation,
  phone: row.phone,
  email: row.email ?? accountEmail,
  address_line1: row.addressLine1,
  address_line2: row.addressLine2,
  city: row.city,
  region: row.region,
  postal_code: row.postalCode,
});

/** A family's guardians, the account holder first, each with the address to write to. */
export async function familyGuardians(db: Db | Tx, familyId: string): Promise<Guardian[]> {
  const rows = await db
    .select({ guardian: guardians, accountEmail: users.email })
    .from(guardians)
    .innerJoin(users, eq(users.id, guardians.familyId))
    .where(eq(guardians.familyId, familyId))
    .orderBy(asc(guardians.position));
  return rows.map((r) => toWire(r.guardian, r.accountEmail));
}

/** The answer of GET and PUT /guardians. */
export const guardiansAnswer = (list: Guardian[]) => ({
  guardians: list,
  complete: list.some((g) => g.position === 1),
});

const columns = (input: GuardianInput) => ({
  name: input.name,
  relation: input.relation,
  phone: input.phone,
  email: input.email?.toLowerCase() ?? null,
  addressLine1: input.address_line1,
  addressLine2: input.address_line2,
  city: input.city,
  region: input.region,
  postalCode: input.postal_code,
});

/** Keeps the family's guardians as given (the caller holds the family's row lock). */
export async function saveGuardians(tx: Tx, familyId: string, edit: GuardiansEdit): Promise<void> {
  const given: [1 | 2, GuardianInput][] = [[1, edit.first]];
  if (edit.second) given.push([2, edit.second]);
  for (const [position, input] of given) {
    await tx
      .insert(guardians)
      .values({ familyId, position, ...columns(input) })
      .onConflictDoUpdate({
        target: [guardians.familyId, guardians.position],
        set: { ...columns(input), updatedAt: new Date() },
      });
  }
  if (!edit.second) await tx.delete(guardians).where(and(eq(guardians.familyId, familyId), eq(guardians.position, 2)));
}

/** Why nobody of the family may book yet: the account holder's own phone and address are missing. */
export const GUARDIAN_NEEDED =
  "Give your own mobile phone and postal address under My Campers (Parents and guardians) before booking.";

/** Whether the account holder's own details are on file: a family books only once they are. */
export async function hasFirstGuardian(db: Db | Tx, familyId: string): Promise<boolean> {
  const rows = await db
    .select({ id: guardians.id })
    .from(guardians)
    .where(eq(guardians.familyId, familyId))
    .orderBy(asc(guardians.position))
    .limit(1);
  return rows.length > 0;
}

/** Who to call for each family (rosters, exports): names, relations and phones, the account holder first. */
export async function guardianContacts(db: Db | Tx, familyIds: string[]): Promise<Map<string, GuardianContact[]>> {
  const found = new Map<string, GuardianContact[]>(familyIds.map((id) => [id, []]));
  if (familyIds.length === 0) return found;
  const rows = await db
    .select({
      familyId: guardians.familyId,
      name: guardians.name,
      relation: guardians.relation,
      phone: guardians.phone,
    })
    .from(guardians)
    .where(inArray(guardians.familyId, [...new Set(familyIds)]))
    .orderBy(asc(guardians.familyId), asc(guardians.position));
  for (const { familyId, ...contact } of rows) found.get(familyId)?.push(contact);
  return found;
}

/** A deleted account's guardians: nothing the law keeps points at them. */
export async function forgetGuardians(tx: Tx, familyId: string): Promise<void> {
  await tx.delete(guardians).where(eq(guardians.familyId, familyId));
}
