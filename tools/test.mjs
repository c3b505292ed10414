#!/usr/bin/env node
// `npm test`: every check the project has, in order of cost: lint, typecheck, unit, API,
// production builds, end-to-end in Chromium. Stops at the first failure.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { CHROMIUM_PATH } from "./chromium.mjs";
import { buildAll, ensureInstalled, ensurePnpm, log, run } from "./workspace.mjs";

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

const steps = [
  ["install", () => ensureInstalled(pnpm)],
  ["lint", () => pn("exec", "eslint", ".")],
  ["format", () => pn("exec", "prettier", "--check", ".")],
  ["typecheck", () => pn("-r", "--filter", "./*", "run", "typecheck")],
  ["unit tests", () => pn("exec", "vitest", "run")],
  ["api tests", () => pn("--filter", "api", "run", "test")],
  // The same suite on a real PostgreSQL (concurrency bugs pass on PGlite). Needs a server at
  // TEST_PG_URL (default postgres://postgres@127.0.0.1:5432/test); SKIP_POSTGRES_TESTS=1 skips it.
  [
    "api tests on postgres",
    async () => {
      if (process.env.SKIP_POSTGRES_TESTS === "1") return log("skipped: SKIP_POSTGRES_TESTS=1");
      await pn("--filter", "api", "run", "test:postgres");
    },
  ],
  ["build", () => buildAll(pnpm)],
  ["chromium", async () => ensureChromium()],
  ["e2e tests", () => pn("--filter", "e2e", "run", "test")],
];

const only = process.argv.slice(2);
for (const [name, step] of steps) {
  if (only.length && !only.includes(name) && name !== "install") continue;
  const started = performance.now();
  log(`── ${name}`);
  await step();
  log(`── ${name} passed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
log("all checks passed");
