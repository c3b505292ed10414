#!/usr/bin/env node
// `npm run dev`: every app with hot reload on its usual port, and the API in watch mode.
import { spawn } from "node:child_process";
import { ensureInstalled, ensurePnpm, log, ROOT } from "./workspace.mjs";

const pnpm = ensurePnpm();
await ensureInstalled(pnpm);
const [cmd, ...pre] = pnpm;
const apps = ["api", "mfe-public", "mfe-student", "mfe-instructor", "mfe-admin", "shell"];
const children = apps.map((app) =>
  spawn(cmd, [...pre, "--filter", app, "run", "dev"], { cwd: ROOT, stdio: "inherit" }),
);
log("dev servers starting; open http://localhost:3000 (Ctrl-C stops them)");
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const child of children) child.kill("SIGTERM");
    process.exit(0);
  });
}
