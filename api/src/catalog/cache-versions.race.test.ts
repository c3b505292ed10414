import { inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "../platform/database/client.js";
import { cacheVersions } from "../platform/database/schema.js";
import { driverName, useTwoTestApis } from "../../test/harness.js";
import { bumpCacheVersions } from "./public-cache.js";

/**
 * Every payment and every change to a class bumps the version rows of the lists it changes
 * ("classes" and "instructors" together, in the same transaction). On PostgreSQL, two processes
 * bumping both rows at once must not wait for each other: an UPDATE of several rows locks them in
 * the order it finds them, which changes as their versions move in the table, and two such
 * writers deadlocked until PostgreSQL's check broke it (a second each, on opening day with the
 * classes' rows held meanwhile). Counted here as the deadlocks the transactions meet (the API's
 * transactions would retry them, hiding them from any answer); the check is made quick so that a
 * deadlock fails the test at once.
 */
describe.runIf(driverName === "postgres")("the lists' version rows bumped by two API processes at once", () => {
  const { a, b } = useTwoTestApis();
  const LOOPS_PER_PROCESS = 4;
  const ROUNDS = 60;

  it("never deadlock, and every bump counts", async () => {
    const names = ["instructors", "classes"] as const;
    const versions = async () =>
      (
        await a.database.db
          .select()
          .from(cacheVersions)
          .where(inArray(cacheVersions.name, [...names]))
      ).reduce((sum, row) => sum + row.version, 0);
    const before = await versions();
    let deadlocks = 0;
    const loop = async (db: Db, i: number) => {
      for (let round = 0; round < ROUNDS; round++) {
        try {
          await db.transaction(async (tx) => {
            await tx.execute(sql`set local deadlock_timeout = '50ms'`);
            // Both orders of the names, as different callers pass them.
            await bumpCacheVersions(tx, (round + i) % 2 === 0 ? [...names] : [...names].reverse());
          });
        } catch (error) {
          const code =
            (error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code;
          if (code !== "40P01") throw error;
          deadlocks += 1;
        }
      }
    };
    await Promise.all(
      Array.from({ length: LOOPS_PER_PROCESS * 2 }, (_, i) => loop((i % 2 === 0 ? a : b).database.db, i)),
    );
    expect(deadlocks).toBe(0);
    expect(await versions()).toBe(before + 2 * LOOPS_PER_PROCESS * 2 * ROUNDS);
  });
});
