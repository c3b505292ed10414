import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, refunds } from "../platform/database/schema.js";
import { family, lineClass, paySeats } from "../../test/families.js";
import { ADMIN, clockDay, createTestDatabaseUrl, driverName, startTestApi, type TestApi } from "../../test/harness.js";

/**
 * Two seats of one discounted order cancelled at once on two API processes (decision 033): each
 * cancellation reads which of the order's other seats are kept, so were both to read before the
 * other wrote, each would count the other's seat as kept and the family would get back more than
 * the seat kept allows. The order's row is held here until both requests wait for a lock, so
 * both are in flight at once; then the total refunded must be right.
 */
const LIMITS = { RATE_LIMIT_SENSITIVE: "100000", RATE_LIMIT_FORMS: "100000", RATE_LIMIT_CHECKOUTS: "100000" };

describe.runIf(driverName === "postgres")("a discounted order's seats cancelled on two processes at once", () => {
  const ROUNDS = 4;
  let a: TestApi & { close(): Promise<void> };
  let b: TestApi & { close(): Promise<void> };
  let admin: pg.Client;
  let dbName: string;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const db = (await createTestDatabaseUrl())!;
    drop = db.drop;
    dbName = new URL(db.url).pathname.slice(1);
    a = await startTestApi(db.url, LIMITS);
    b = await startTestApi(db.url, LIMITS);
    admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
  }, 60_000);
  afterAll(async () => {
    await admin?.end();
    await a?.close();
    await b?.close();
    await drop?.();
  });

  /** Backends of this database waiting for a lock (not this client's). */
  const waiting = async () =>
    Number(
      (
        await admin.query(
          "select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and pid <> pg_backend_pid()",
          [dbName],
        )
      ).rows[0].n,
    );

  it("30% off three $100 classes, two cancelled at once: $110 back in all, whichever goes first", async () => {
    const made = await a.call({
      method: "POST",
      url: "/discounts",
      as: ADMIN,
      payload: { kind: "multi_class", name: "Three weeks", percentOff: 30, minSeats: 3 },
    });
    expect(made.statusCode, made.body).toBe(201);
    for (let round = 0; round < ROUNDS; round++) {
      const weeks = [];
      for (const n of [0, 1, 2]) {
        weeks.push(
          await lineClass(a, 5, { startDate: clockDay(30 + 7 * n), endDate: clockDay(34 + 7 * n), priceCents: 10_000 }),
        );
      }
      const parent = await family(a);
      const orderId = await paySeats(a, parent, weeks);
      const seats = (await a.call({ method: "GET", url: "/enrollments", as: parent })).json();
      expect(seats).toHaveLength(3);

      await admin.query("begin");
      await admin.query("select id from orders where id = $1 for update", [orderId]);
      const answers = Promise.all([
        a.call({ method: "POST", url: `/enrollments/${seats[0]._id}/cancel`, as: parent }),
        b.call({ method: "POST", url: `/enrollments/${seats[1]._id}/cancel`, as: parent }),
      ]);
      let both = false;
      for (let i = 0; i < 200 && !both; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        both = (await waiting()) >= 2;
      }
      await admin.query("commit");
      // Both cancellations were in flight at once, both waiting (for the order's row, or the family's).
      expect(both).toBe(true);
      const [first, second] = await answers;
      expect(first!.statusCode, first!.body).toBe(200);
      expect(second!.statusCode, second!.body).toBe(200);
      // Whichever went first: $10 (two seats kept lose the 30%), then $100 (one seat kept, $100 alone).
      expect([first!.json().refundCents, second!.json().refundCents].sort((x, y) => x - y)).toEqual([1_000, 10_000]);
      const rows = await a.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
      expect(rows.reduce((sum, r) => sum + r.amountCents, 0)).toBe(11_000);
      const lines = await a.database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
      expect(lines.reduce((sum, l) => sum + l.refundedCents, 0)).toBe(11_000);
      expect(lines.every((l) => l.refundedCents <= l.priceCents)).toBe(true);
    }
  });
});
