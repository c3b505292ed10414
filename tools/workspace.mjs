// Helpers for the root commands: find or install pnpm, install dependencies, run a command.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { ensureBuilt as ensurePaymentSandboxBuilt } from "./payment-sandbox/ensure-built.mjs";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const PNPM_VERSION = "10.34.9";

export function log(message) {
  console.log(`\x1b[1;35m[academy]\x1b[0m ${message}`);
}

/** Runs a command with inherited output; rejects on a non-zero exit. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: "inherit", ...options });
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} failed (${signal ?? code})`)),
    );
  });
}

function works(command, args) {
  return spawnSync(command, args, { stdio: "ignore" }).status === 0;
}

/** The pnpm to use: the installed one, else install it globally, else run it through npx. */
export function ensurePnpm() {
  if (works("pnpm", ["--version"])) return ["pnpm"];
  log(`pnpm is missing: installing pnpm@${PNPM_VERSION}`);
  if (works("npm", ["install", "--global", `pnpm@${PNPM_VERSION}`]) && works("pnpm", ["--version"])) return ["pnpm"];
  return ["npx", "--yes", `pnpm@${PNPM_VERSION}`];
}

/**
 * Installs the workspace's dependencies when they are missing or older than the lockfile, then
 * builds what the tools load as compiled code (the payment sandbox) when it is missing or stale.
 * The entry scripts call this before they import anything that needs either.
 */
export async function ensureInstalled(pnpm) {
  const marker = path.join(ROOT, "node_modules", ".modules.yaml");
  const lock = path.join(ROOT, "pnpm-lock.yaml");
  if (!existsSync(marker) || statSync(marker).mtimeMs < statSync(lock).mtimeMs) {
    log("installing dependencies");
    const [cmd, ...pre] = pnpm;
    await run(cmd, [...pre, "install", "--frozen-lockfile"]);
  }
  if (ensurePaymentSandboxBuilt()) log("built the payment sandbox");
}

export const APPS = ["shell", "mfe-public", "mfe-student", "mfe-instructor", "mfe-admin", "api"];

/** Production builds of every app, one after the other (2 cores), timing each. */
export async function buildAll(pnpm, apps = APPS) {
  const [cmd, ...pre] = pnpm;
  const times = {};
  for (const app of apps) {
    const started = performance.now();
    await run(cmd, [...pre, "--filter", app, "run", "build"], { stdio: ["ignore", "ignore", "inherit"] });
    times[app] = Math.round(performance.now() - started);
    log(`built ${app} in ${(times[app] / 1000).toFixed(1)} s`);
  }
  return times;
}
