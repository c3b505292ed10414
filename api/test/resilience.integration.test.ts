import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classId, createTestDatabaseUrl, driverName, LEE, SAM, startTestApi, type TestApi } from "./harness.js";

/**
 * The database misbehaving as an operator meets it: connections dropped (a restart, a fail-over,
 * a proxy's idle timeout), a row locked for long, a full pool. A request meeting it gets a 503 with
 * Retry-After, never a 500 or a crashed process, and the health checks answer at once.
 * PostgreSQL only: PGlite runs inside the process and has no connections, locks or timeouts.
 */
describe.runIf(driverName === "postgres")("the API when PostgreSQL misbehaves", () => {
  let api: TestApi & { close(): Promise<void> };
  let admin: pg.Client;
  let dbName: string;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const db = (await createTestDatabaseUrl())!;
    drop = db.drop;
    dbName = new URL(db.url).pathname.slice(1);
    api = await startTestApi(db.url, {
      DB_LOCK_TIMEOUT_MS: "800",
      DB_CONNECT_TIMEOUT_MS: "800",
      // Longer than any test here keeps the pool busy (they end their own queries).
      DB_STATEMENT_TIMEOUT_MS: "30000",
      DB_POOL_MAX: "4",
    });
    admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
  }, 60_000);
  afterAll(async () => {
    await admin?.end();
    await api?.close();
    await drop?.();
  });

  /** Ends every connection of the API's database but the admin's own. */
  const terminateAll = () =>
    admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [dbName],
    );

  const addToCart = async (who: { id: string; email: string }, n: number) => {
    const res = await api.call({ method: "POST", url: "/carts", as: who, payload: { classItemId: classId(n) } });
    expect([201, 409], res.body).toContain(res.statusCode);
  };

  it("connections terminated in the middle of requests fail those requests with a 503 that may be retried", async () => {
    const statuses: number[] = [];
    let stop = false;
    const load = (async () => {
      while (!stop) {
        const batch = await Promise.all(
          Array.from({ length: 8 }, () => api.call({ method: "GET", url: `/carts?email=${SAM.email}`, as: SAM })),
        );
        for (const res of batch) {
          statuses.push(res.statusCode);
          if (res.statusCode === 503) {
            expect(res.headers["retry-after"]).toBe("2");
            expect(res.json()).toMatchObject({ error: "Service Unavailable", message: expect.any(String) });
          }
        }
      }
    })();
    for (let i = 0; i < 6; i++) {
      await new Promise((resolve) => setTimeout(resolve, 60));
      await terminateAll();
    }
    stop = true;
    await load;
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    // The process is still here, and the pool opens new connections: requests succeed again within
    // a moment. (The server ends a terminated backend's socket a little after pg_terminate_backend
    // returns: a request made at that instant may still meet one of those idle connections and get a
    // 503 of its own, which the Retry-After covers.)
    let after = await api.call({ method: "GET", url: `/carts?email=${SAM.email}`, as: SAM });
    for (const started = Date.now(); after.statusCode === 503 && Date.now() - started < 5_000;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await api.call({ method: "GET", url: `/carts?email=${SAM.email}`, as: SAM });
    }
    expect(after.statusCode, after.body).toBe(200);
  }, 30_000);

  it("a checkout transaction whose connection drops answers 503; the retried checkout holds the seats once", async () => {
    await addToCart(LEE, 3);
    // The checkout waits for the student's row, locked here, so its transaction is open when it is cut.
    await admin.query("begin");
    await admin.query("select id from users where id = $1 for update", [LEE.id]);
    const pending = api.call({ method: "POST", url: "/create-payment-intent", as: LEE, payload: {} });
    let waiting: number | undefined;
    for (let i = 0; i < 50 && !waiting; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const r = await admin.query(
        "select pid from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and pid <> pg_backend_pid()",
        [dbName],
      );
      waiting = r.rows[0]?.pid as number | undefined;
    }
    expect(waiting).toBeDefined();
    await admin.query("select pg_terminate_backend($1)", [waiting]);
    const cut = await pending;
    await admin.query("rollback");
    expect(cut.statusCode, cut.body).toBe(503);
    expect(cut.headers["retry-after"]).toBe("2");
    const held = async () =>
      Number((await admin.query("select held_seats::int as n from classes where id = $1", [classId(3)])).rows[0].n);
    const before = await held();
    const retried = await api.call({ method: "POST", url: "/create-payment-intent", as: LEE, payload: {} });
    expect(retried.statusCode, retried.body).toBe(201);
    expect(await held()).toBe(before + 1);
  }, 30_000);

  it("a row locked for long: the checkout answers 503 within the lock timeout, /health at once", async () => {
    await addToCart(SAM, 4);
    await admin.query("begin");
    await admin.query("select id from classes where id = $1 for update", [classId(4)]);
    await admin.query("select id from users where id = $1 for update", [SAM.id]);
    try {
      // Both answer while the rows are still locked (they are released only below): the checkout
      // gave up on its lock timeout rather than waiting for the lock.
      const [res, health] = await Promise.all([
        api.call({ method: "POST", url: "/create-payment-intent", as: SAM, payload: {} }),
        api.call({ method: "GET", url: "/health" }),
      ]);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers["retry-after"]).toBe("2");
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({ status: "ok", databaseState: "ok" });
    } finally {
      await admin.query("rollback");
    }
  }, 30_000);

  it("a full pool: requests answer 503 within the acquire timeout; /health answers within a second and says slow", async () => {
    // Every connection of the pool busy until the test ends them (a drizzle query runs once awaited: then starts it).
    let poolFreed = false;
    const busy = Array.from({ length: 4 }, () =>
      api.database.db.execute("select pg_sleep(25)").then(
        () => {},
        () => {},
      ),
    );
    void Promise.allSettled(busy).then(() => (poolFreed = true));
    // Until every connection is taken, a request could still find one free.
    await expect
      .poll(async () => (await api.call({ method: "GET", url: "/health" })).json().databaseState)
      .toBe("slow");
    const [res, health, ready] = await Promise.all([
      api.call({ method: "GET", url: `/carts?email=${SAM.email}`, as: SAM }),
      api.call({ method: "GET", url: "/health" }),
      api.call({ method: "GET", url: "/health/ready" }),
    ]);
    // Answered while the pool was still busy: the request gave up on its acquire timeout.
    expect(poolFreed).toBe(false);
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers["retry-after"]).toBe("2");
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: "ok", databaseState: "slow" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ error: "Service Unavailable", databaseState: "slow" });
    await admin.query(
      "select pg_cancel_backend(pid) from pg_stat_activity where query = 'select pg_sleep(25)' and pid <> pg_backend_pid()",
    );
    await Promise.allSettled(busy);
    expect((await api.call({ method: "GET", url: "/health/ready" })).statusCode).toBe(200);
  }, 30_000);
});
