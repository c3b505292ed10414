import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { buildApp } from "../src/app.js";
import { readConfig, type ApiConfig } from "../src/platform/config.js";
import type { PaymentProvider } from "../src/payments/index.js";
import { openDatabase, type Database } from "../src/platform/database/client.js";
import { restoreClock, setClock, now as clockNow } from "../src/platform/clock.js";
import { academyToday } from "../src/platform/academy-day.js";
import { seed, SEED_USERS } from "../src/seed/index.js";
import { createSealer } from "../src/platform/sealing.js";
import { selfCamper } from "../src/campers/index.js";
import { enrollments } from "../src/platform/database/schema.js";
import { inSeedSummer } from "../src/seed/index.js";
import { confirmCard as confirmCardOn } from "../../tools/card-payment.mjs";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { API_SUITE_SECRET_KEY } from "./stripe-keys.js";

/**
 * The suite runs on PGlite (in memory) by default, and on a real PostgreSQL when TEST_DATABASE
 * is "postgres": then each test file gets a database of its own on the server at
 * TEST_PG_URL (default: postgres://postgres@127.0.0.1:5432/test), dropped afterwards.
 */
const usePostgres = process.env.TEST_DATABASE === "postgres";
const adminUrl = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export const driverName = usePostgres ? "postgres" : "pglite";

export async function createTestDatabaseUrl(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  if (!usePostgres) return undefined;
  const name = `academy_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export const user = (email: string) => {
  const u = SEED_USERS.find((s) => s.email === email);
  if (!u) throw new Error(`no seed user ${email}`);
  return u;
};
export const ADMIN = user("admin@summitsports.academy");
export const MAYA = user("maya@summitsports.academy"); // instructor of classes 1 and 7
export const JONAS = user("jonas@summitsports.academy"); // instructor of classes 2 and 8
export const SAM = user("sam@example.com");
export const LEE = user("lee@example.com");
export const classId = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, "0")}`;

/**
 * A day of the summer the seed's sessions are written in (2027, api/src/seed/seed.ts) as the seed books
 * it on the API's clock now: tests name seeded dates this way, so they hold on any day.
 */
export const seedDay = (templateDay: string) => inSeedSummer(templateDay, clockNow());

/**
 * A day `offsetDays` from the academy's today (Portland) on the API's clock: the day every rule
 * reads. UTC's date is already tomorrow from 16:00 or 17:00 Pacific, where "yesterday" would be today.
 */
export function clockDay(offsetDays: number): string {
  const day = new Date(`${academyToday(clockNow())}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + offsetDays);
  return day.toISOString().slice(0, 10);
}

/**
 * Moves the API's clock (platform/clock.ts) to `at` for the tests that follow in this file or describe
 * block, from before their API is seeded (call it before useTestApi), and puts it back after.
 */
export function useClock(at: string): void {
  let previous = 0;
  beforeAll(() => {
    previous = setClock(at);
  });
  afterAll(() => restoreClock(previous));
}

export interface TestApi {
  app: FastifyInstance;
  database: Database;
  token(u: { id: string; email: string }): string;
  /** Injects a request, as the given user when one is named. */
  call(opts: InjectOptions & { as?: { id: string; email: string } }): Promise<LightMyRequestResponse>;
}

/** What tests that only make requests and read the database need of an API, in this process or its own. */
export type ApiClient = Omit<TestApi, "app">;

/** An API on a seeded database; env adds environment variables to its configuration (e.g. RATE_LIMIT_FORMS). */
export async function startTestApi(
  databaseUrl?: string,
  env: Record<string, string> = {},
  options: {
    paymentProvider?: (config: ApiConfig) => PaymentProvider;
    /** Where the API's log lines go (none by default). */
    logStream?: { write(line: string): unknown };
    /** False: an empty installation, as production starts (no seeded accounts, no admin). */
    seed?: boolean;
  } = {},
): Promise<TestApi & { close(): Promise<void> }> {
  const config = {
    ...readConfig({
      ACADEMY_DEV_DEFAULTS: "1",
      STRIPE_SECRET_KEY: API_SUITE_SECRET_KEY,
      STRIPE_API_URL: inject("paymentSandboxUrl"),
      STRIPE_WEBHOOK_SECRET: "whsec_api_suite",
      SMTP_URL: inject("mailSmtpUrl"),
      // The suite's processes share the machine with other suites: its lag, not the API's, would
      // refuse the tests' own requests. The limit of requests in flight stays on (decision 035),
      // sized for tests that fire dozens of requests at once, not for one small production process.
      ADMISSION_MAX_LOOP_DELAY_MS: "0",
      ADMISSION_MAX_IN_FLIGHT: "200",
      // Every injected request comes from one address.
      ADMISSION_MAX_PER_ADDRESS: "1000",
      ...env,
      NODE_ENV: "test",
      FIREBASE_AUTH_EMULATOR_HOST: inject("authEmulatorHost"),
    }),
    databaseUrl,
  };
  const database = await openDatabase({ databaseUrl, dataDir: "memory://", timeouts: config.timeouts });
  if (options.seed !== false) {
    await seed(database.db, { sealer: createSealer(config.camperDataKey, config.camperDataOldKeys) });
  }
  const app = await buildApp({
    config,
    database,
    logger: options.logStream !== undefined,
    logStream: options.logStream,
    paymentProvider: options.paymentProvider?.(config),
  });
  await app.ready();
  const token = (u: { id: string; email: string }) => app.jwt.sign({ sub: u.id, email: u.email });
  return {
    app,
    database,
    token,
    call: ({ as, headers, ...opts }) =>
      app.inject({ ...opts, headers: { ...headers, ...(as && { authorization: `Bearer ${token(as)}` }) } }),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** One seeded API per test file. */
export function useTestApi(env: Record<string, string> = {}): TestApi {
  const holder = {} as TestApi & { close(): Promise<void> };
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const db = await createTestDatabaseUrl();
    drop = db?.drop;
    Object.assign(holder, await startTestApi(db?.url, env));
  }, 60_000);
  afterAll(async () => {
    await holder.close?.();
    await drop?.();
  });
  return holder;
}

/** What a browser's card form does: confirms an intent with its client secret and a card (one that pays by default). */
export const confirmCard = (clientSecret: string, number?: string): Promise<number> =>
  confirmCardOn(inject("paymentSandboxUrl"), clientSecret, number);

/**
 * Enrols a user's own "Myself" camper in a class straight in the database (the set-up of tests
 * about what follows an enrolment, not about paying for it): no seat count changes.
 */
export async function enrolDirectly(database: Database, studentId: string, classId: string, createdAt?: Date) {
  const camper = await selfCamper(database.db, studentId);
  await database.db
    .insert(enrollments)
    .values({ studentId, classId, camperId: camper.id, ...(createdAt && { createdAt }) });
}

/**
 * Two API instances on one PostgreSQL database, a pool each (two API processes' worth of
 * connections and transactions): the race tests' set-up. Only on PostgreSQL (PGlite runs one
 * transaction at a time and hides races).
 */
export function useTwoTestApis(env: Record<string, string> = {}): { a: TestApi; b: TestApi } {
  const a = {} as TestApi & { close(): Promise<void> };
  const b = {} as TestApi & { close(): Promise<void> };
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (driverName !== "postgres") return;
    const db = (await createTestDatabaseUrl())!;
    drop = db.drop;
    Object.assign(a, await startTestApi(db.url, env));
    Object.assign(b, await startTestApi(db.url, env));
  }, 60_000);
  afterAll(async () => {
    await a.close?.();
    await b.close?.();
    await drop?.();
  });
  return { a, b };
}

/** Resolves after `ms` milliseconds of real time. */
export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Where a race test's two requests start in round `round`: one of them a little later, which one
 * and by how much changing from round to round (0, 5, 15, 40 and 100 ms, first one side then the
 * other), so that over its rounds each side comes first, with and without overlap. Race tests then
 * assert that both outcomes happened at least once: a run whose requests never raced fails. A side
 * whose work takes longer (several requests) is given longer `steps`.
 */
export function staggered(round: number, steps = [0, 5, 15, 40, 100]): { first: number; second: number } {
  const ms = steps[Math.floor(round / 2) % steps.length]!;
  return round % 2 === 0 ? { first: 0, second: ms } : { first: ms, second: 0 };
}
