import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/platform/database/client.js";
import {
  ADMIN,
  classId,
  createTestDatabaseUrl,
  driverName,
  JONAS,
  MAYA,
  startTestApi,
  type TestApi,
} from "./harness.js";
import { freePort, waitFor } from "./api-processes.js";

/**
 * API instances on one PostgreSQL, as in production behind a load balancer: each keeps the public
 * lists in memory, and a write through one is visible on the very next read through another.
 * Two instances run in this process and a third as a real server process of its own.
 * (PGlite is one process per data folder, so this runs on PostgreSQL only.)
 */
describe.runIf(driverName === "postgres")("API processes sharing one PostgreSQL", () => {
  let a: TestApi & { close(): Promise<void> };
  let b: TestApi & { close(): Promise<void> };
  let child: ChildProcess | undefined;
  let childUrl = "";
  let databaseUrl = "";
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const db = (await createTestDatabaseUrl())!;
    drop = db.drop;
    databaseUrl = db.url;
    a = await startTestApi(db.url);
    b = await startTestApi(db.url);
    const port = await freePort();
    childUrl = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
      cwd: path.resolve(import.meta.dirname, ".."),
      env: {
        ...process.env,
        ACADEMY_DEV_DEFAULTS: "1",
        DATABASE_URL: db.url,
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "error",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const orphan = child;
    process.once("exit", () => orphan.kill());
    await waitFor(async () => (await fetch(`${childUrl}/health`).catch(() => null))?.ok === true, 30_000);
  }, 60_000);

  afterAll(async () => {
    child?.kill("SIGTERM");
    if (child && child.exitCode === null) await new Promise((r) => child!.once("exit", r));
    await a?.close();
    await b?.close();
    await drop?.();
  });

  /** One way to talk to an instance, whether it runs here or in its own process. */
  interface Instance {
    name: string;
    get(url: string, headers?: Record<string, string>): Promise<{ status: number; etag: string; body: unknown }>;
    patch(url: string, as: { id: string; email: string }, body: unknown): Promise<number>;
    health(): Promise<{ listCache: string }>;
  }
  const local = (name: string, api: () => TestApi): Instance => ({
    name,
    get: async (url, headers) => {
      const res = await api().call({ method: "GET", url, ...(headers && { headers }) });
      return {
        status: res.statusCode,
        etag: String(res.headers.etag),
        body: res.statusCode === 200 ? res.json() : null,
      };
    },
    patch: async (url, as, payload) =>
      (await api().call({ method: "PATCH", url, as, payload: payload as object })).statusCode,
    health: async () => (await api().call({ method: "GET", url: "/health" })).json(),
  });
  const remote: Instance = {
    name: "separate process",
    get: async (url, headers) => {
      const res = await fetch(childUrl + url, { headers });
      return {
        status: res.status,
        etag: String(res.headers.get("etag")),
        body: res.status === 200 ? await res.json() : null,
      };
    },
    patch: async (url, as, payload) =>
      (
        await fetch(childUrl + url, {
          method: "PATCH",
          headers: { "content-type": "application/json", authorization: `Bearer ${a.token(as)}` },
          body: JSON.stringify(payload),
        })
      ).status,
    health: async () => (await fetch(`${childUrl}/health`)).json() as Promise<{ listCache: string }>,
  };
  const instances = () => [local("first", () => a), local("second", () => b), remote];

  const className = async (on: Instance, id = classId(1)) =>
    ((await on.get("/classes")).body as { _id: string; class_name: string }[]).find((c) => c._id === id)?.class_name;
  const instructorName = async (on: Instance, id = MAYA.id) =>
    ((await on.get("/instructors")).body as { _id: string; name: string }[]).find((i) => i._id === id)?.name;

  it("a write through one is visible on the next read through the other", async () => {
    const [first, second] = instances() as [Instance, Instance, Instance];
    expect(await className(second)).toBe("Junior Soccer Skills"); // cached there now
    const { etag } = await second.get("/classes");
    expect(await first.patch(`/classes/${classId(1)}`, ADMIN, { class_name: "Junior Soccer Camp" })).toBe(200);
    expect(await className(second)).toBe("Junior Soccer Camp");
    expect((await second.get("/classes", { "if-none-match": etag })).status).toBe(200);
  });

  it("every instance serves the lists from memory while its listener is up", async () => {
    for (const on of instances()) expect((await on.health()).listCache).toBe("notified");
  });

  /** Rounds of: every instance caches the lists, one writes, every other reads at once. */
  async function rounds(count: number, label: string) {
    const all = instances();
    for (let i = 0; i < count; i++) {
      const writer = all[i % all.length]!;
      for (const on of all) {
        await on.get("/classes");
        await on.get("/instructors");
      }
      const name = `${label} class ${i}`;
      expect(await writer.patch(`/classes/${classId(2)}`, ADMIN, { class_name: name })).toBe(200);
      for (const reader of all)
        expect(await className(reader, classId(2)), `${writer.name} -> ${reader.name}`).toBe(name);
      // A change of an instructor's name reaches both lists.
      const person = `${label} Jonas ${i}`;
      expect(await writer.patch("/users/me", JONAS, { name: person })).toBe(200);
      for (const reader of all) {
        expect(await instructorName(reader, JONAS.id), `${writer.name} -> ${reader.name}`).toBe(person);
        const jonasClass = ((await reader.get("/classes")).body as { _id: string; instructor: string }[]).find(
          (c) => c._id === classId(2),
        );
        expect(jonasClass?.instructor).toBe(person);
      }
    }
  }

  it("many rounds of write in one, read in the others, in every direction", async () => {
    await rounds(30, "notified");
  }, 60_000);

  it("reads racing with writes never keep a stale list", async () => {
    const [first, second] = instances() as [Instance, Instance, Instance];
    let stop = false;
    // Readers keep the second instance reloading the list while the first writes.
    const readers = Array.from({ length: 4 }, async () => {
      while (!stop) {
        await second.get("/classes");
        // A cached answer involves no I/O: let the writer's database replies in.
        await new Promise((r) => setImmediate(r));
      }
    });
    try {
      for (let i = 0; i < 40; i++) {
        const name = `Raced ${i}`;
        expect(await first.patch(`/classes/${classId(3)}`, ADMIN, { class_name: name })).toBe(200);
        expect(await className(second, classId(3))).toBe(name);
        expect(await className(remote, classId(3))).toBe(name);
      }
    } finally {
      stop = true;
      await Promise.all(readers);
    }
    // Once the dust settles, the cache holds the last write, not a load that started before it.
    expect(await className(second, classId(3))).toBe("Raced 39");
  }, 60_000);

  it("when the listening connections drop, reads check the version rows until they are back", async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const killed = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = $1",
        ["academy-api list listener"],
      );
      expect(killed.rowCount).toBe(3);
    } finally {
      await admin.end();
    }
    // Whether an instance is still reconnecting or already back, every read must be right.
    await rounds(3, "fallback");
    await waitFor(async () => {
      for (const on of instances()) if ((await on.health()).listCache !== "notified") return false;
      return true;
    }, 15_000);
    await rounds(6, "reconnected");
  }, 60_000);

  it("each page and filter of the lists shows a write on the very next read, in every instance", async () => {
    const pages = ["/classes?sport=basketball&sort=name", "/classes?size=6", "/classes?search=fundamentals&page=1"];
    const names = async (on: Instance, url: string) =>
      ((await on.get(url)).body as { items: { _id: string; class_name: string }[] }).items
        .filter((c) => c._id === classId(2))
        .map((c) => c.class_name);
    const all = instances();
    for (let i = 0; i < 12; i++) {
      const writer = all[i % all.length]!;
      for (const on of all) for (const url of [...pages, "/instructors?search=berg"]) await on.get(url);
      const name = `Basketball Fundamentals ${i}`;
      expect(await writer.patch(`/classes/${classId(2)}`, ADMIN, { class_name: name })).toBe(200);
      for (const reader of all) {
        for (const url of pages)
          expect(await names(reader, url), `${writer.name} -> ${reader.name} ${url}`).toEqual([name]);
      }
      const person = `Jonas Berg ${i}`;
      expect(await writer.patch("/users/me", JONAS, { name: person })).toBe(200);
      for (const reader of all) {
        const found = (await reader.get("/instructors?search=berg")).body as { items: { name: string }[] };
        expect(
          found.items.map((x) => x.name),
          `${writer.name} -> ${reader.name}`,
        ).toEqual([person]);
      }
    }
    // A class leaving the filter leaves the cached page of that filter at once.
    expect(await all[0]!.patch(`/classes/${classId(2)}`, ADMIN, { sport: "volleyball" })).toBe(200);
    for (const reader of all) expect(await names(reader, pages[0]!)).toEqual([]);
  }, 60_000);

  it("a conditional request gets 304 from every instance for the same list", async () => {
    const { etag } = await instances()[0]!.get("/classes");
    for (const on of instances()) expect((await on.get("/classes", { "if-none-match": etag })).status).toBe(304);
    expect(await instances()[0]!.patch(`/classes/${classId(4)}`, ADMIN, { details: "New details." })).toBe(200);
    for (const on of instances()) expect((await on.get("/classes", { "if-none-match": etag })).status).toBe(200);
  });
});

describe.runIf(driverName === "postgres")("API processes starting at once on a new PostgreSQL database", () => {
  it("migrate it one after the other, and both start", async () => {
    const db = (await createTestDatabaseUrl())!;
    try {
      const opened = await Promise.all(
        Array.from({ length: 3 }, () => openDatabase({ databaseUrl: db.url, dataDir: "unused" })),
      );
      for (const database of opened) {
        expect(
          (
            (await database.db.execute("select count(*)::int as n from cache_versions")) as unknown as {
              rows: { n: number }[];
            }
          ).rows[0]!.n,
        ).toBe(2);
        await database.close();
      }
    } finally {
      await db.drop();
    }
  });
});
