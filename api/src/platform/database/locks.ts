import { eq } from "drizzle-orm";
import type { Tx } from "./db.js";
import { users } from "./schema.js";

/**
 * Locks an account's row: its family's checkouts, payments, bookings and campers change one at a
 * time, across API processes (decision 008). Every such transaction takes it first. Answers the
 * account's role as it is under the lock (a role change waits for the lock, or came first).
 */
export async function lockAccount(tx: Tx, userId: string): Promise<string | undefined> {
  const [row] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).for("no key update");
  return row?.role;
}
