import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../platform/database/client.js";
import { firstRunSetup, users } from "../platform/database/schema.js";

/**
 * The first-run setup's token: made from the row's nonce with the API's data key, so every process
 * of the installation prints the same one and the database holds none (a copy of it cannot set the
 * site up). It works while no admin exists; making the first admin deletes the row.
 */

const tokenOf = (key: Buffer, nonce: string) =>
  createHmac("sha256", key).update(`first-run-setup|${nonce}`).digest("base64url").slice(0, 24);

export async function hasAdmin(db: Db | Tx): Promise<boolean> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  return admin !== undefined;
}

/** With no admin yet: the setup's token (made now, or the one another process made); null otherwise. */
export async function setupToken(db: Db, key: Buffer): Promise<string | null> {
  if (await hasAdmin(db)) return null;
  await db
    .insert(firstRunSetup)
    .values({ id: 1, nonce: randomBytes(18).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select({ nonce: firstRunSetup.nonce }).from(firstRunSetup);
  return row ? tokenOf(key, row.nonce) : null;
}

/** Whether `given` is the setup's token now (compared in constant time). */
export async function tokenMatches(tx: Tx, key: Buffer, given: string): Promise<boolean> {
  const [row] = await tx.select({ nonce: firstRunSetup.nonce }).from(firstRunSetup).for("update");
  if (!row) return false;
  const expected = Buffer.from(tokenOf(key, row.nonce));
  const offered = Buffer.from(given);
  return offered.length === expected.length && timingSafeEqual(offered, expected);
}

/**
 * Whether the site still waits for its first admin: asked of the database only until the answer is
 * no, which it then stays (an admin is never the last one removed: the accounts' rules).
 */
export function setupWatch(db: Db) {
  let done = false;
  return {
    needed: async () => {
      if (done) return false;
      done = await hasAdmin(db);
      return !done;
    },
  };
}
