#!/usr/bin/env node
// `npm test`: every check the project has, in order of cost: lint, import cycles, typecheck, unit, API,
// production builds, end-to-end in Chromium. Stops at the first failure.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { apiTestEmulatorPorts, startAuthEmulator } from "./auth-emulator.mjs";
import { CHROMIUM_PATH } from "./chromium.mjs";
import { buildAll, ensureInstalled, ensurePnpm, log, ROOT, run } from "./workspace.mjs";

const pnpm = ensurePnpm();
const [cmd, ...pre] = pnpm;
const pn = (...args) => run(cmd, [...pre, ...args]);

function ensureChromium() {
  const chrome = CHROMIUM_PATH;
  if (existsSync(chrome)) return;
  if (process.getuid?.() === 0 && spawnSync("which", ["apt-get"]).status === 0) {
    log("installing Debian's chromium for the browser tests");
    spawnSync("apt-get", ["update"], { stdio: "inherit" });
    const r = spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (r.status === 0) return;
  }
  throw new Error(`No Chromium at ${chrome}: install Debian's chromium package or set CHROME_PATH.`);
}

/** Steps skipped on purpose (an environment switch): named in the run's last line. */
const skipped = [];

/** One Auth Emulator for both API runs (each suite would otherwise start its own). */
let emulator = null;
async function withAuthEmulator(fn) {
  if (!process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    emulator ??= await startAuthEmulator({
      ports: apiTestEmulatorPorts(),
      workDir: path.join(ROOT, ".tmp", "api-test-auth-emulator"),
    });
  }
  const env = { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? emulator.host };
  return fn(env);
}

/** The e2e specs that run a second time with the API on PostgreSQL. */
const POSTGRES_E2E_SPECS = ["tests/payments.spec.ts", "tests/student-checkout.spec.ts"];

const steps = [
  ["install", () => ensureInstalled(pnpm)],
  ["lint", () => pn("exec", "eslint", ".")],
  ["format", () => pn("exec", "prettier", "--check", ".")],
  // No import cycles anywhere (issue 28): `npm run check:cycles`, the no-circular rule of .dependency-cruiser.mjs.
  ["cycles", () => pn("run", "check:cycles")],
  ["typecheck", () => pn("-r", "--filter", "./*", "--filter", "./tools/*", "run", "typecheck")],
  ["unit tests", () => pn("exec", "vitest", "run")],
  ["api tests", () => withAuthEmulator((env) => run(cmd, [...pre, "--filter", "api", "run", "test"], { env }))],
  // The same suite on a real PostgreSQL (concurrency bugs pass on PGlite). Needs a server at
  // TEST_PG_URL (default postgres://postgres@127.0.0.1:5432/test); SKIP_POSTGRES_TESTS=1 skips it.
  [
    "api tests on postgres",
    async () => {
      if (process.env.SKIP_POSTGRES_TESTS === "1") {
        skipped.push("PostgreSQL stage");
        return log(
          "skipped: SKIP_POSTGRES_TESTS=1 (the race, two-process, resilience and query-plan cases run only here)",
        );
      }
      await withAuthEmulator((env) => run(cmd, [...pre, "--filter", "api", "run", "test:postgres"], { env }));
    },
  ],
  [
    "build",
    async () => {
      await emulator?.stop();
      emulator = null;
      await buildAll(pnpm);
    },
  ],
  ["chromium", async () => ensureChromium()],
  ["e2e tests", () => pn("--filter", "e2e", "run", "test")],
  // The payment and checkout specs again with the API on PostgreSQL (issue 35.3): the site's money
  // paths on the database production runs. Skipped with the API's PostgreSQL stage.
  [
    "e2e payments on postgres",
    async () => {
      if (process.env.SKIP_POSTGRES_TESTS === "1") {
        // One PostgreSQL stage, in the API suite and here: the last line names it once.
        if (!skipped.includes("PostgreSQL stage")) skipped.push("PostgreSQL stage");
        return log("skipped: SKIP_POSTGRES_TESTS=1 (the payment specs on PostgreSQL)");
      }
      const server = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";
      await run(cmd, [...pre, "--filter", "e2e", "run", "test", ...POSTGRES_E2E_SPECS], {
        env: { ...process.env, E2E_DATABASE_URL: server },
      });
    },
  ],
];

const only = process.argv.slice(2);
for (const [name, step] of steps) {
  if (only.length && !only.includes(name) && name !== "install") continue;
  const started = performance.now();
  log(`── ${name}`);
  try {
    await step();
  } catch (error) {
    await emulator?.stop();
    throw error;
  }
  log(`── ${name} passed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
await emulator?.stop();
// A run that left a stage out says so in its last line: "all checks passed" means every stage ran.
if (only.length) log(`passed: ${only.join(", ")} (only these steps were asked for)`);
else if (skipped.length) log(`passed, ${skipped.join(" and ")} skipped`);
else log("all checks passed");
