import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transaction } from "../src/platform/transaction.js";
import { ADMIN, createTestDatabaseUrl, driverName, startTestApi, type TestApi } from "./harness.js";
import { readThenWriteSteps } from "./read-then-write-steps.js";

/**
 * Every rule the API checks by reading and then writing ("the last admin", "never a student with a
 * class") must hold when requests race: two API instances on one PostgreSQL, the racing requests sent
 * to both at once, many rounds; and a transaction PostgreSQL aborts as a deadlock runs again. The
 * rules of seats and checkouts ("nobody enrolled", "nobody paying", one checkout per student, the
 * seat cap): checkout-seats.race.test.ts. PGlite runs one transaction at a time, so these run on
 * PostgreSQL only.
 */
describe.runIf(driverName === "postgres")("read-then-write rules under concurrent requests", () => {
  let a: TestApi & { close(): Promise<void> };
  let b: TestApi & { close(): Promise<void> };
  let drop: (() => Promise<void>) | undefined;
  const ROUNDS = 25;
  // The same API as checkout-seats.race.test.ts's, whose race of the seat cap (decision 011) needs three seats per account.
  const env = { RATE_LIMIT_SENSITIVE: "100000", PAYMENT_HOLD_SEATS_PER_ACCOUNT: "3" };

  beforeAll(async () => {
    const db = (await createTestDatabaseUrl())!;
    drop = db.drop;
    a = await startTestApi(db.url, env);
    b = await startTestApi(db.url, env);
  }, 60_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  const { db, rows, admins, newUser } = readThenWriteSteps(() => a);

  it("a transaction PostgreSQL aborts as a deadlock runs again and succeeds", async () => {
    const [x, y] = [await newUser("student"), await newUser("student")];
    let attempts = 0;
    // Both lock one row, wait until the other did, then want the other's row: a deadlock.
    let arrived = 0;
    const bothLocked = async () => {
      arrived++;
      while (arrived < 2) await new Promise((r) => setTimeout(r, 5));
    };
    const crosswise = (first: string, second: string, on: TestApi) =>
      transaction(on.database.db, async (tx) => {
        attempts++;
        await tx.execute(sql`select id from users where id = ${first} for update`);
        await bothLocked();
        await tx.execute(sql`select id from users where id = ${second} for update`);
        await tx.execute(sql`update users set name = ${`Renamed by ${first}`} where id = ${second}`);
        return "done";
      });
    expect(await Promise.all([crosswise(x.id, y.id, a), crosswise(y.id, x.id, b)])).toEqual(["done", "done"]);
    expect(attempts).toBe(3);
  });

  it("two admins demoting each other at once leave one admin", async () => {
    // Only these two are admins during the race.
    await db().execute(sql`update users set role = 'instructor' where id = ${ADMIN.id}`);
    try {
      for (let i = 0; i < ROUNDS; i++) {
        const [x, y] = [await newUser("admin"), await newUser("admin")];
        const statuses = (
          await Promise.all([
            a.call({ method: "PATCH", url: `/users/instructor/${y.id}`, as: x }),
            b.call({ method: "PATCH", url: `/users/instructor/${x.id}`, as: y }),
          ])
        ).map((r) => r.statusCode);
        expect(await admins(), `round ${i}: ${statuses.join(", ")}`).toHaveLength(1);
        expect(
          statuses.filter((s) => s === 200),
          `round ${i}`,
        ).toHaveLength(1);
        await db().execute(sql`delete from users where id in (${x.id}, ${y.id})`);
      }
    } finally {
      await db().execute(sql`update users set role = 'admin' where id = ${ADMIN.id}`);
    }
  }, 60_000);

  it("two admins deleting each other at once leave one admin", async () => {
    await db().execute(sql`update users set role = 'instructor' where id = ${ADMIN.id}`);
    try {
      for (let i = 0; i < ROUNDS; i++) {
        const [x, y] = [await newUser("admin"), await newUser("admin")];
        const statuses = (
          await Promise.all([
            a.call({ method: "DELETE", url: `/users/${y.id}`, as: x }),
            b.call({ method: "DELETE", url: `/users/${x.id}`, as: y }),
          ])
        ).map((r) => r.statusCode);
        expect(await admins(), `round ${i}: ${statuses.join(", ")}`).toHaveLength(1);
        expect(
          statuses.filter((s) => s === 200),
          `round ${i}`,
        ).toHaveLength(1);
        await db().execute(sql`delete from users where id in (${x.id}, ${y.id})`);
      }
    } finally {
      await db().execute(sql`update users set role = 'admin' where id = ${ADMIN.id}`);
    }
  }, 60_000);

  it("two admins making each other students at once leave one admin", async () => {
    await db().execute(sql`update users set role = 'instructor' where id = ${ADMIN.id}`);
    try {
      for (let i = 0; i < ROUNDS; i++) {
        const [x, y] = [await newUser("admin"), await newUser("admin")];
        const statuses = (
          await Promise.all([
            a.call({ method: "PATCH", url: `/users/student/${y.id}`, as: x }),
            b.call({ method: "PATCH", url: `/users/student/${x.id}`, as: y }),
          ])
        ).map((r) => r.statusCode);
        expect(await admins(), `round ${i}: ${statuses.join(", ")}`).toHaveLength(1);
        expect(
          statuses.filter((s) => s === 200),
          `round ${i}`,
        ).toHaveLength(1);
        expect(Math.max(...statuses), `round ${i}`).toBeLessThan(500);
        await db().execute(sql`delete from users where id in (${x.id}, ${y.id})`);
      }
    } finally {
      await db().execute(sql`update users set role = 'admin' where id = ${ADMIN.id}`);
    }
  }, 60_000);

  it("an instructor adding a class while being made a student: never a student with a class", async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const instructor = await newUser("instructor");
      const [demoted, added] = await Promise.all([
        a.call({ method: "PATCH", url: `/users/student/${instructor.id}`, as: ADMIN }),
        b.call({
          method: "POST",
          url: "/classes",
          as: instructor,
          payload: { class_name: "Race Camp", image: "https://example.com/race.png", available_seats: 5, price: 25 },
        }),
      ]);
      const both = `round ${i}: demote ${demoted.statusCode} ${demoted.body}, add ${added.statusCode} ${added.body}`;
      // One of them wins: the class is added and the demotion refused, or the demotion comes first.
      expect([demoted.statusCode, added.statusCode], both).toSatisfy(
        ([d, c]: number[]) => (d === 409 && c === 201) || (d === 200 && c === 403),
      );
      const { rows: teaching } = await rows<{ id: string }>(
        sql`select c.id from classes c join users u on u.id = c.instructor_id where u.role = 'student'`,
      );
      expect(teaching, both).toEqual([]);
    }
  }, 60_000);
});
