import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAM, startTestApi, type TestApi } from "./harness.js";

/**
 * Several API processes behind a load balancer, as docs/deploying.md's "Several API processes behind a load balancer"
 * says: with the same REDIS_URL they share one rate-limit budget per caller; without it each
 * process counts on its own. One API runs in this process and one as a server process of its own.
 * Redis runs on the development machines and in CI (127.0.0.1:6379, or TEST_REDIS_URL).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const LIMIT = 6;

async function redisReachable(): Promise<string | null> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2_000, maxRetriesPerRequest: 0 });
  probe.on("error", () => {});
  try {
    await probe.connect();
    await probe.ping();
    return null;
  } catch (error) {
    return String(error);
  } finally {
    probe.disconnect();
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe("rate limits across API processes", () => {
  const prefix = `academy-test-${randomBytes(6).toString("hex")}:`;
  const env = { REDIS_URL, REDIS_PREFIX: prefix, RATE_LIMIT_FORMS: String(LIMIT) };
  let local: TestApi & { close(): Promise<void> };
  let child: ChildProcess | undefined;
  let childUrl = "";

  beforeAll(async () => {
    const problem = await redisReachable();
    if (problem) {
      throw new Error(
        `Redis is not reachable at ${REDIS_URL} (${problem}). These tests need a Redis server: start one ` +
          "(e.g. `redis-server`, or `docker run -p 6379:6379 redis`) or point TEST_REDIS_URL at one.",
      );
    }
    local = await startTestApi(undefined, env);
    const port = await freePort();
    childUrl = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
      cwd: path.resolve(import.meta.dirname, ".."),
      env: {
        ...process.env,
        ...env,
        ACADEMY_DEV_DEFAULTS: "1",
        DATA_DIR: path.join(tmpdir(), `academy-limits-${randomBytes(6).toString("hex")}`),
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "error",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const orphan = child;
    process.once("exit", () => orphan.kill());
    const deadline = Date.now() + 30_000;
    while (!(await fetch(`${childUrl}/health`).catch(() => null))?.ok) {
      if (Date.now() > deadline) throw new Error("the API process did not start");
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 60_000);

  afterAll(async () => {
    child?.kill("SIGTERM");
    if (child && child.exitCode === null) await new Promise((r) => child!.once("exit", r));
    await local?.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  const message = { name: "Visitor", email: "visitor@example.com", message: "Hello" };
  const viaLocal = async () => (await local.call({ method: "POST", url: "/contact", payload: message })).statusCode;
  const viaChild = async () =>
    (
      await fetch(`${childUrl}/contact`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(message),
      })
    ).status;

  it("both processes say their rate limits are shared", async () => {
    expect((await local.call({ method: "GET", url: "/health" })).json()).toMatchObject({ rateLimits: "shared" });
    expect(await (await fetch(`${childUrl}/health`)).json()).toMatchObject({ rateLimits: "shared" });
  });

  it("with the same JWT_SECRET, a token one process signed is accepted by the other", async () => {
    const res = await fetch(`${childUrl}/users/me`, { headers: { authorization: `Bearer ${local.token(SAM)}` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: SAM.email });
  });

  it("one caller gets one budget whichever process answers", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) statuses.push(await (i % 2 ? viaChild() : viaLocal()));
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(201), 429, 429]);
    // Spent on both.
    expect(await viaLocal()).toBe(429);
    expect(await viaChild()).toBe(429);
  });

  it("without REDIS_URL each process counts on its own (what one process alone needs)", async () => {
    const a = await startTestApi(undefined, { RATE_LIMIT_FORMS: String(LIMIT) });
    const b = await startTestApi(undefined, { RATE_LIMIT_FORMS: String(LIMIT) });
    try {
      expect((await a.call({ method: "GET", url: "/health" })).json()).toMatchObject({ rateLimits: "per-process" });
      let accepted = 0;
      for (let i = 0; i < 2 * LIMIT; i++) {
        const on = i % 2 ? a : b;
        if ((await on.call({ method: "POST", url: "/contact", payload: message })).statusCode === 201) accepted++;
      }
      expect(accepted).toBe(2 * LIMIT);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("while Redis cannot be reached, requests are served (uncounted), not failed", async () => {
    const port = await freePort();
    const down = await startTestApi(undefined, { ...env, REDIS_URL: `redis://127.0.0.1:${port}` });
    try {
      for (let i = 0; i < LIMIT + 1; i++) {
        expect((await down.call({ method: "POST", url: "/contact", payload: message })).statusCode).toBe(201);
      }
    } finally {
      await down.close();
    }
  });
});
