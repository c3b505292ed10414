// Builds the payment sandbox's dist/ from its TypeScript sources when dist is missing or older than
// them, so `node tools/payment-sandbox.mjs`, the API tests and the e2e run work on a clean clone
// without a build step of their own. Plain JavaScript: it runs before anything is compiled.
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const PACKAGE_DIR = import.meta.dirname;
export const DIST_DIR = path.join(PACKAGE_DIR, "dist");
/** Written after a successful build: its time says how fresh dist is (tsc keeps unchanged files). */
const STAMP = path.join(DIST_DIR, ".built");
/** Several processes may start at once (vitest workers, Playwright workers): one builds, the rest wait. */
const LOCK = path.join(PACKAGE_DIR, ".build.lock");
/** A lock older than this was left by a build that died; the next process takes it over. */
const STALE_LOCK_MS = 120_000;
const INPUTS = ["src", "tsconfig.json", "tsconfig.build.json", "package.json"];

function newestInputMs() {
  let newest = 0;
  const visit = (file) => {
    const stat = statSync(file);
    if (stat.isDirectory()) for (const entry of readdirSync(file)) visit(path.join(file, entry));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const input of INPUTS) visit(path.join(PACKAGE_DIR, input));
  return newest;
}

function upToDate() {
  try {
    return statSync(STAMP).mtimeMs >= newestInputMs();
  } catch {
    return false;
  }
}

function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function acquireLock() {
  for (;;) {
    try {
      mkdirSync(LOCK);
      return;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
    }
    try {
      if (Date.now() - statSync(LOCK).mtimeMs > STALE_LOCK_MS) rmSync(LOCK, { recursive: true, force: true });
    } catch {
      // Released between the two calls: try again.
    }
    sleep(100);
  }
}

function build() {
  // The workspace's own TypeScript (a devDependency of this package), run with this Node.
  const tsc = createRequire(path.join(PACKAGE_DIR, "package.json")).resolve("typescript/bin/tsc");
  rmSync(DIST_DIR, { recursive: true, force: true });
  const result = spawnSync(process.execPath, [tsc, "-p", path.join(PACKAGE_DIR, "tsconfig.build.json")], {
    cwd: PACKAGE_DIR,
    encoding: "utf8",
  });
  if (result.status !== 0) {
    throw new Error(`building the payment sandbox failed:\n${result.stdout}${result.stderr}${result.error ?? ""}`);
  }
  writeFileSync(STAMP, `${new Date().toISOString()}\n`);
}

/** Makes dist/ current; returns whether it had to build. */
export function ensureBuilt() {
  if (upToDate()) return false;
  acquireLock();
  try {
    if (upToDate()) return false;
    build();
    return true;
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

// `node ensure-built.mjs` (the package's `prepare`, run by `pnpm install`): build when stale.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (ensureBuilt()) console.log("payment sandbox built");
}
