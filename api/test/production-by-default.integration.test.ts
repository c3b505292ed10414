import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readConfig } from "../src/platform/config.js";
import { REQUIRED_IN_PRODUCTION } from "../src/platform/config/mode.js";
import { clockOffsetFromEnv } from "../src/platform/clock.js";
import { openDatabase } from "../src/platform/database/client.js";
import { users } from "../src/platform/database/schema.js";

/**
 * The API is production unless a start script asks for the development defaults with
 * ACADEMY_DEV_DEFAULTS=1 (platform/config/mode.ts): a server started by hand, without NODE_ENV,
 * must not sign tokens with the published development secret, seed the published accounts or
 * let its clock be moved.
 */

const random = (bytes = 24) => randomBytes(bytes).toString("hex");
/** Real settings of an operator's own, and no NODE_ENV: production all the same. */
const ownSettings = () => ({
  JWT_SECRET: random(),
  FIREBASE_PROJECT_ID: "academy-prod",
  STRIPE_SECRET_KEY: `sk_live_${random(12)}`,
  STRIPE_WEBHOOK_SECRET: `whsec_${random(12)}`,
  CAMPER_DATA_KEY: random(32),
  SMTP_URL: "smtps://mail.academy.test:465",
});

/** Runs the server (as `node dist/server.js` would, compiled by tsx) with exactly `env` and PATH. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
    cwd: path.resolve(import.meta.dirname, ".."),
    env: { PATH: process.env.PATH, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { child, exited, stderr: () => stderr };
}

describe("the API is production unless a start script asks for the development defaults", () => {
  it("a bare server with only a DATABASE_URL refuses to start and names every missing setting", async () => {
    const server = startServer({ DATABASE_URL: "postgres://127.0.0.1:5432/test", PORT: "0" });
    // A server that starts anyway is stopped after a while (and the test fails); compiling the
    // server with tsx takes much of that on a busy machine.
    const started = setTimeout(() => server.child.kill("SIGKILL"), 45_000);
    const code = await server.exited;
    clearTimeout(started);
    expect(code).not.toBe(0);
    expect(server.stderr()).toMatch(/The API did not start: .*production/);
    for (const name of REQUIRED_IN_PRODUCTION) expect(server.stderr()).toContain(name);
  }, 60_000);

  it("the configuration names every missing setting at once, without NODE_ENV", () => {
    expect(() => readConfig({})).toThrow(
      /missing: JWT_SECRET, CAMPER_DATA_KEY, FIREBASE_PROJECT_ID, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, SMTP_URL/,
    );
    const { JWT_SECRET: _jwt, SMTP_URL: _smtp, ...some } = ownSettings();
    expect(() => readConfig(some)).toThrow(/missing: JWT_SECRET, SMTP_URL\./);
    expect(readConfig(ownSettings()).production).toBe(true);
  });

  it("without the variable: no published secrets, no Auth Emulator, no moved clock", () => {
    expect(() =>
      readConfig({ ...ownSettings(), JWT_SECRET: "local-development-secret-change-me-in-production" }),
    ).toThrow(/JWT_SECRET is a value published/);
    expect(() => readConfig({ ...ownSettings(), FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" })).toThrow(
      /FIREBASE_AUTH_EMULATOR_HOST must not be set in production/,
    );
    expect(() => readConfig({ ...ownSettings(), API_CLOCK: "2031-03-01" })).toThrow(/API_CLOCK must not be set/);
    expect(() => clockOffsetFromEnv({ API_CLOCK: "2031-03-01" })).toThrow(/API_CLOCK must not be set/);
    expect(clockOffsetFromEnv({ ACADEMY_DEV_DEFAULTS: "1", API_CLOCK: "2031-03-01" })).toBeTypeOf("number");
    expect(() => readConfig({ ...ownSettings(), API_CLOCK_FILE: "/tmp/clock" })).toThrow(
      /API_CLOCK_FILE must not be set/,
    );
  });

  it("the development defaults only with ACADEMY_DEV_DEFAULTS=1, never together with NODE_ENV=production", () => {
    const local = readConfig({ ACADEMY_DEV_DEFAULTS: "1" });
    expect(local.production).toBe(false);
    expect(local.jwtSecret).toBe("local-development-secret-change-me-in-production");
    expect(() => readConfig({ ACADEMY_DEV_DEFAULTS: "1", NODE_ENV: "production" })).toThrow(/contradict/);
    expect(() => readConfig({ ACADEMY_DEV_DEFAULTS: "yes" })).toThrow(/ACADEMY_DEV_DEFAULTS must be 1/);
  });

  it("a server with real settings and no NODE_ENV seeds no accounts", async () => {
    const dataDir = path.join(tmpdir(), `academy-no-seed-${random(6)}`);
    const port = await freePort();
    const server = startServer({ ...ownSettings(), DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1" });
    const started = setTimeout(() => server.child.kill("SIGKILL"), 45_000);
    try {
      for (;;) {
        const health = await fetch(`http://127.0.0.1:${port}/health`).catch(() => null);
        if (health?.ok) break;
        if (server.child.exitCode !== null) throw new Error(`the server stopped: ${server.stderr()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
      clearTimeout(started);
    }
    const database = await openDatabase({ dataDir });
    try {
      const [row] = await database.db.select({ n: count() }).from(users);
      expect(row!.n).toBe(0);
    } finally {
      await database.close();
    }
  }, 60_000);
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
