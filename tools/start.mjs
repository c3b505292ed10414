#!/usr/bin/env node
// `npm start`: install what is missing, build every app, start the whole site on embedded defaults.
import { describe, startSystem } from "./system.mjs";
import { buildAll, ensureInstalled, ensurePnpm, log } from "./workspace.mjs";

const pnpm = ensurePnpm();
await ensureInstalled(pnpm);
if (!process.argv.includes("--no-build")) await buildAll(pnpm);
const system = await startSystem();
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
