import { spawn, type ChildProcess } from "node:child_process";
import { createHmac, randomBytes } from "node:crypto";
import { createServer } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { openDatabase, type Database } from "../src/platform/database/client.js";
import { createTestDatabaseUrl, driverName, type ApiClient } from "./harness.js";
import { API_SUITE_SECRET_KEY } from "./stripe-keys.js";

/**
 * API servers in processes of their own, as production runs them (`src/server.ts`), on one
 * PostgreSQL database: the race tests' proof that a rule holds across processes that share
 * nothing but the database (no module state, no clock, no environment). The tests talk to them
 * over HTTP with the same `call` as the in-process instances, and reach the database through a
 * connection of their own for set-up and checks.
 */

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`not within ${timeoutMs} ms`);
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/** An access token as the API signs one (HS256 over `{ sub, email, iat }`, as `app.jwt.sign` makes it). */
function signToken(secret: string, u: { id: string; email: string }): string {
  const head = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const body = base64url(JSON.stringify({ sub: u.id, email: u.email, iat: Math.floor(Date.now() / 1000) }));
  const signature = createHmac("sha256", secret).update(`${head}.${body}`).digest("base64url");
  return `${head}.${body}.${signature}`;
}

/** When a request left and when its answer came back (ms on this process's clock). */
export interface Timed {
  sentAt: number;
  answeredAt: number;
}

/** Whether two requests were in flight at the same moment: each left before the other's answer came. */
export const overlapped = (x: Timed, y: Timed) => x.sentAt < y.answeredAt && y.sentAt < x.answeredAt;

export type ProcessApi = Omit<ApiClient, "call"> & {
  url: string;
  call(opts: InjectOptions & { as?: { id: string; email: string } }): Promise<LightMyRequestResponse & Timed>;
  /** Stops the process (SIGTERM, as a deployment does) and starts a new one in its place. */
  restart(): Promise<void>;
};

interface Started {
  url: string;
  child: ChildProcess;
}

async function startServer(databaseUrl: string, env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
    cwd: path.resolve(import.meta.dirname, ".."),
    env: { ...process.env, ...env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  process.once("exit", () => child.kill());
  const url = `http://127.0.0.1:${port}`;
  let exited = false;
  child.once("exit", () => (exited = true));
  await waitFor(async () => {
    if (exited) throw new Error("an API process exited while starting (its error is above)");
    return (await fetch(`${url}/health`).catch(() => null))?.ok === true;
  }, 45_000);
  return { url, child };
}

async function stopServer({ child }: Started): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

function client(url: string, secret: string, database: Database, restart: () => Promise<string>): ProcessApi {
  const token = (u: { id: string; email: string }) => signToken(secret, u);
  const api: ProcessApi = {
    url,
    database,
    token,
    restart: async () => {
      api.url = await restart();
    },
    call: async ({ as, headers, method = "GET", url: target = "/", payload, query }) => {
      const address = new URL(String(target), api.url);
      for (const [key, value] of Object.entries((query ?? {}) as Record<string, string>)) {
        address.searchParams.set(key, value);
      }
      const json = payload !== undefined && typeof payload === "object" && !Buffer.isBuffer(payload);
      const sentAt = performance.now();
      const res = await fetch(address, {
        method: String(method),
        headers: {
          ...(json && { "content-type": "application/json" }),
          ...(headers as Record<string, string>),
          ...(as && { authorization: `Bearer ${token(as)}` }),
        },
        body: payload === undefined ? undefined : json ? JSON.stringify(payload) : (payload as string),
      });
      const body = await res.text();
      const answeredAt = performance.now();
      return {
        statusCode: res.status,
        statusMessage: res.statusText,
        headers: Object.fromEntries(res.headers),
        body,
        payload: body,
        rawPayload: Buffer.from(body),
        json: () => JSON.parse(body),
        sentAt,
        answeredAt,
      } as unknown as LightMyRequestResponse & Timed;
    },
  };
  return api;
}

/**
 * Two API server processes on one new PostgreSQL database (started one after the other: the first
 * migrates and seeds it), for the file's tests; only on PostgreSQL. `env` adds to their settings.
 */
export function useTwoApiProcesses(env: Record<string, string> = {}): { a: ProcessApi; b: ProcessApi } {
  const a = {} as ProcessApi;
  const b = {} as ProcessApi;
  const servers: Started[] = [];
  let database: Database | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (driverName !== "postgres") return;
    const db = (await createTestDatabaseUrl())!;
    drop = db.drop;
    // A secret of this run's own: the processes sign with it, the tests make tokens with it.
    const secret = randomBytes(32).toString("hex");
    const settings = {
      NODE_ENV: "test",
      LOG_LEVEL: "error",
      JWT_SECRET: secret,
      STRIPE_SECRET_KEY: API_SUITE_SECRET_KEY,
      STRIPE_API_URL: inject("paymentSandboxUrl"),
      STRIPE_WEBHOOK_SECRET: "whsec_api_suite",
      SMTP_URL: inject("mailSmtpUrl"),
      FIREBASE_AUTH_EMULATOR_HOST: inject("authEmulatorHost"),
      // As in the in-process instances: the suite's load, not the API's, must not refuse requests.
      ADMISSION_MAX_LOOP_DELAY_MS: "0",
      ADMISSION_MAX_IN_FLIGHT: "200",
      ...env,
    };
    servers.push(await startServer(db.url, settings));
    servers.push(await startServer(db.url, settings));
    database = await openDatabase({ databaseUrl: db.url, dataDir: "memory://" });
    const restart = (i: number, holder: ProcessApi) => async () => {
      await stopServer(servers[i]!);
      servers[i] = await startServer(db.url, settings);
      holder.url = servers[i]!.url;
      return holder.url;
    };
    Object.assign(a, client(servers[0]!.url, secret, database, restart(0, a)));
    Object.assign(b, client(servers[1]!.url, secret, database, restart(1, b)));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map(stopServer));
    await database?.close();
    await drop?.();
  });
  return { a, b };
}
