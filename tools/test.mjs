#!/usr/bin/env node
// `npm test`: every check the project has, in order of cost: lint, import cycles, typecheck, unit, API,
// production builds, end-to-end in Chromium. Stops at the first failure.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { apiTestEmulatorPorts, startAuthEmulator } from "./auth-emulator.mjs";
import { CHROMIUM_PATH } from "./chromium.mjs";
import { buildAll, ensureInstalled, ensurePnpm, log, ROOT, run } from "./workspace.mjs";
import { clockYearsAhead, DATE_SENSITIVE_FILES, EMBEDDED_FILES } from "../api/test/suites.mjs";

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

/**
 * Stages left out on purpose (SKIP_POSTGRES_TESTS=1, for a machine without PostgreSQL): such a run
 * is incomplete, says so in its last line and fails unless ALLOW_INCOMPLETE_TESTS=1 says that is
 * what was wanted. CI sets neither.
 */
const skipped = [];
const skipPostgres = process.env.SKIP_POSTGRES_TESTS === "1";

/** One Auth Emulator for every API stage (each suite would otherwise start its own). */
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

/** Vitest in the api package, with the files (or folders) given; the whole suite when none. */
const apiVitest = (files, extraEnv = {}) =>
  withAuthEmulator((env) =>
    run(cmd, [...pre, "--filter", "api", "exec", "vitest", "run", ...files], { env: { ...env, ...extraEnv } }),
  );

/** A stage that needs the PostgreSQL server at TEST_PG_URL: left out (and named) under SKIP_POSTGRES_TESTS=1. */
const onPostgres = (what, fn) => async () => {
  if (skipPostgres) {
    if (!skipped.includes("PostgreSQL stages")) skipped.push("PostgreSQL stages");
    return log(`skipped: SKIP_POSTGRES_TESTS=1 (${what})`);
  }
  await fn();
};

/**
 * The e2e specs that run a second time with the API on PostgreSQL. The seat-hold countdowns are
 * left out there: they wait out real holds on an API of their own, and what they show is the page's
 * clock, not the database's (the API suite proves the holds' release on PostgreSQL).
 */
const POSTGRES_E2E_SPECS = ["tests/payments.spec.ts", "tests/student-checkout.spec.ts"];
const POSTGRES_E2E_LEFT_OUT = "a seat hold that runs out";

// Each stage's usual duration on the project's 2-core machines is in docs/development.md
// ("The steps of npm test"); the run ends with a table of what each took this time.
const steps = [
  ["install", () => ensureInstalled(pnpm)],
  [
    "lint",
    async () => {
      await pn("exec", "eslint", ".");
      // What ESLint does not read (docs, JSON, test titles) points at no tracker issue either.
      await run(process.execPath, ["tools/check-no-issue-refs.mjs"]);
      // No source file over 400 lines (600 for a test file): each says by its name what it does.
      await run(process.execPath, ["tools/check-file-length.mjs"]);
      // An API test's name says its kind: unit, integration (a database), race (two APIs on PostgreSQL).
      await run(process.execPath, ["tools/check-test-kinds.mjs"]);
    },
  ],
  ["format", () => pn("exec", "prettier", "--check", ".")],
  // No import cycles anywhere: `npm run check:cycles`, the no-circular rule of .dependency-cruiser.mjs.
  ["cycles", () => pn("run", "check:cycles")],
  // The API's OpenAPI document (api/openapi.json) linted by Spectral and Redocly: 0 errors, 0 warnings
  // (a rule that does not fit is switched off, with its reason, in .spectral.yaml or redocly.yaml).
  ["contract", () => pn("run", "lint:contract")],
  ["typecheck", () => pn("-r", "--filter", "./*", "--filter", "./tools/*", "run", "typecheck")],
  ["unit tests", () => pn("exec", "vitest", "run")],
  // The whole API suite on a real PostgreSQL (TEST_PG_URL, default postgres://postgres@127.0.0.1:5432/test):
  // what production runs, and the only driver on which a race can show.
  [
    "api tests on postgres",
    onPostgres("the whole API suite on PostgreSQL", () => apiVitest([], { TEST_DATABASE: "postgres" })),
  ],
  // On PGlite, the embedded default, only what proves it works (api/test/suites.mjs says which and why).
  ["api tests on pglite", () => apiVitest(EMBEDDED_FILES)],
  // The files that depend on the day, with the API's clock three years ahead: a date that will expire fails now.
  [
    "api tests three years ahead",
    onPostgres("the date-sensitive API files three years ahead", () =>
      apiVitest(DATE_SENSITIVE_FILES, { TEST_DATABASE: "postgres", API_CLOCK: clockYearsAhead(3) }),
    ),
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
  // The payment and checkout specs again with the API on PostgreSQL: the site's money paths on the
  // database production runs.
  [
    "e2e payments on postgres",
    onPostgres("the payment specs on PostgreSQL", () => {
      const server = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";
      const specs = [...POSTGRES_E2E_SPECS, "--grep-invert", POSTGRES_E2E_LEFT_OUT];
      return run(cmd, [...pre, "--filter", "e2e", "run", "test", ...specs], {
        env: { ...process.env, E2E_DATABASE_URL: server },
      });
    }),
  ],
];

// A misspelt step would otherwise run nothing and pass: every name asked for must be a step.
const only = process.argv.slice(2);
const known = steps.map(([name]) => name);
const unknown = only.filter((name) => !known.includes(name));
if (unknown.length) {
  console.error(`Unknown step${unknown.length > 1 ? "s" : ""}: ${unknown.map((n) => `"${n}"`).join(", ")}.`);
  console.error(`The steps are: ${known.map((n) => `"${n}"`).join(", ")}.`);
  process.exit(2);
}
if (skipPostgres && process.env.CI === "true") {
  console.error("SKIP_POSTGRES_TESTS=1 is for a developer's machine without PostgreSQL; CI runs every stage.");
  process.exit(2);
}

const times = [];
function printTimes() {
  const width = Math.max(...times.map(([name]) => name.length));
  log("stage times:");
  for (const [name, seconds] of times) log(`  ${name.padEnd(width)}  ${seconds.toFixed(1).padStart(7)} s`);
  const total = times.reduce((sum, [, seconds]) => sum + seconds, 0);
  log(`  ${"total".padEnd(width)}  ${total.toFixed(1).padStart(7)} s`);
}

for (const [name, step] of steps) {
  if (only.length && !only.includes(name) && name !== "install") continue;
  const started = performance.now();
  log(`── ${name}`);
  try {
    await step();
  } catch (error) {
    await emulator?.stop();
    printTimes();
    throw error;
  }
  const seconds = (performance.now() - started) / 1000;
  times.push([name, seconds]);
  log(`── ${name} passed in ${seconds.toFixed(1)} s`);
}
await emulator?.stop();
printTimes();
// The last line says what ran: "all checks passed" only when every stage ran.
if (skipped.length) {
  const allowed = process.env.ALLOW_INCOMPLETE_TESTS === "1";
  log(
    `incomplete: ${skipped.join(" and ")} skipped (SKIP_POSTGRES_TESTS=1)${allowed ? ", allowed by ALLOW_INCOMPLETE_TESTS=1" : ""}`,
  );
  if (!allowed) process.exitCode = 1;
} else if (only.length) log(`passed: ${only.join(", ")} (only these steps were asked for)`);
else log("all checks passed");
