#!/usr/bin/env node
// `npm run build`: production builds of every app (what each team deploys).
import { buildAll, ensureInstalled, ensurePnpm } from "./workspace.mjs";

const pnpm = ensurePnpm();
await ensureInstalled(pnpm);
await buildAll(pnpm, process.argv.slice(2).length ? process.argv.slice(2) : undefined);
