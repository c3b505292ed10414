#!/usr/bin/env node
// `npm start`: install what is missing, build every app, start the whole site on embedded defaults.
// Only modules made of Node's own builtins are imported before the install: the rest of the
// tools load installed or compiled code, so they are imported once it is there.
import path from "node:path";
import { buildAll, ensureInstalled, ensurePnpm, log, ROOT } from "./workspace.mjs";

const pnpm = ensurePnpm();
await ensureInstalled(pnpm);
if (!process.argv.includes("--no-build")) await buildAll(pnpm);
const { describe, startSystem } = await import("./system.mjs");
// Sign-ups, payments and e-mails made in the local run survive a restart (the emulator exports its accounts
// on a clean stop; the payment sandbox writes its state after each change).
const system = await startSystem({
  auth: { dataDir: path.join(ROOT, ".data", "auth") },
  payments: { dataFile: path.join(ROOT, ".data", "payments", "state.json") },
  // The mail catcher's inbox survives a restart too.
  mail: { mailDir: path.join(ROOT, ".data", "mail") },
});
describe(system);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    log("stopping");
    await system.stop();
    process.exit(0);
  });
}
