import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { anchoredClock } from "../../api/src/platform/clock";
import { apiNowMs } from "./api-clock";
import { FIREBASE_PROJECT_ID } from "../../tools/auth-emulator.mjs";
import { localShellOrigins, sandboxPaymentEnv } from "../../tools/system.mjs";
import { API_URL, AUTH_EMULATOR_HOST, E2E_PORTS, PAYMENT_SANDBOX_PORT } from "./ports";

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

type ApiProcess = { url: string; child: ReturnType<typeof spawn>; dataDir: string; logLines: string[] };

/** Starts the built API on a free port with this data directory; resolves once it answers /health. */
async function spawnApi(dataDir: string, env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, ["dist/server.js"], {
    cwd: path.resolve(import.meta.dirname, "../../api"),
    stdio: ["ignore", "pipe", "inherit"],
    env: {
      ...process.env,
      ACADEMY_DEV_DEFAULTS: "1",
      PORT: String(port),
      DATA_DIR: dataDir,
      CORS_ORIGINS: localShellOrigins(E2E_PORTS).join(","),
      LOG_LEVEL: "warn",
      FIREBASE_PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: AUTH_EMULATOR_HOST,
      RATE_LIMIT_SENSITIVE: "1000",
      ...sandboxPaymentEnv(`http://127.0.0.1:${PAYMENT_SANDBOX_PORT}`),
      STRIPE_WEBHOOK_SECRET: "",
      // As the test system's API: requests in flight limited only (the lag is the test machine's).
      ADMISSION_MAX_LOOP_DELAY_MS: "0",
      ADMISSION_MAX_IN_FLIGHT: "200",
      ...env,
    },
  });
  // Its log is passed on as it comes, and kept for the test to read (a new installation's setup token).
  const logLines: string[] = [];
  child.stdout?.on("data", (chunk: Buffer) => {
    process.stdout.write(chunk);
    logLines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
  });
  const deadline = Date.now() + 90_000;
  while (
    !(await fetch(`${url}/health`)
      .then((r) => r.ok)
      .catch(() => false))
  ) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error("the test's own API did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, child, dataDir, logLines };
}

async function stopApi(api: ApiProcess) {
  if (api.child.exitCode === null) {
    const exited = new Promise((r) => api.child.once("exit", r));
    api.child.kill("SIGTERM");
    // A browser's connection left open can hold a graceful close past the hook's time: after
    // 10 s the test's own API is stopped outright (its database is a copy thrown away anyway).
    const patience = setTimeout(() => api.child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(patience);
  }
}

/**
 * A database migrated and seeded once for the whole run (in this worker), by an API that then
 * stopped: each test's own API starts on a copy of it (3 s on this machine) instead of migrating
 * and seeding an empty one (8 s). The seed's calendar is the run's (decision 027), so every copy
 * is what a fresh start would have made.
 */
let template: Promise<string> | undefined;
function seededTemplate(): Promise<string> {
  template ??= (async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "academy-own-api-template-"));
    await stopApi(await spawnApi(dir, {}));
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    return dir;
  })();
  return template;
}

/**
 * An API process of a test's own (its own database, seeded unless `empty`; the same accounts and payment sandbox)
 * started with `env` (seat holds of seconds, short offers): the built API, as the e2e system runs
 * it. `routeTo` sends a page's calls to the API there. The sandbox's webhooks go to the e2e
 * system's API; this one relies on the browser's reports.
 *
 * Its clock is the run's until the test moves it forward (`moveClockTo`, through the file the API
 * follows, decision 027): a hold or an offer runs out at once instead of being waited out.
 */
export async function startOwnApi(env: Record<string, string>, { empty = false } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "academy-own-api-"));
  // Empty: a new installation, as production starts (no seed, no admin: its first visit is the setup).
  if (empty) env = { ...env, ACADEMY_SEED: "none" };
  else cpSync(await seededTemplate(), dataDir, { recursive: true });
  const clockFile = path.join(dataDir, "clock");
  const api = await spawnApi(dataDir, { API_CLOCK_FILE: clockFile, ...env });
  let offsetMs = apiNowMs() - Date.now();
  return {
    url: api.url,
    /** What the API has logged so far (warnings and errors: its LOG_LEVEL is warn), a line each. */
    logLines: api.logLines,
    routeTo: (page: Page) =>
      page.route(`${API_URL}/**`, (route) => route.continue({ url: route.request().url().replace(API_URL, api.url) })),
    /** This API's clock now, in ms since 1970. */
    nowMs: () => Date.now() + offsetMs,
    /** Moves this API's clock forward to `atMs` and waits until its answers say so. */
    moveClockTo: async (atMs: number) => {
      if (atMs <= Date.now() + offsetMs) return;
      offsetMs = atMs - Date.now();
      writeFileSync(clockFile, anchoredClock(offsetMs).API_CLOCK);
      for (;;) {
        const said = await fetch(`${api.url}/health`).then((r) => Date.parse(r.headers.get("date") ?? ""));
        if (said >= Math.floor(atMs / 1000) * 1000) return;
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    stop: async () => {
      await stopApi(api);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
