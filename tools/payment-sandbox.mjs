#!/usr/bin/env node
// The payment sandbox (the workspace package tools/payment-sandbox/, in TypeScript) for the scripts,
// tests and setups that import it from here, and `node tools/payment-sandbox.mjs` to run it alone.
// Importing this file only loads the sandbox's built code: it builds nothing. The root commands
// (`npm start`, `npm test`, `npm run dev`) build dist/ right after installing (workspace.mjs), and
// `pnpm install` does too (the package's `prepare`).
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { DIST_DIR } from "./payment-sandbox/ensure-built.mjs";

const entry = path.join(DIST_DIR, "index.js");
if (!existsSync(entry)) {
  throw new Error(
    "The payment sandbox is not built yet (tools/payment-sandbox/dist is missing): run `npm start`, `npm test` or `pnpm install` first.",
  );
}
const sandbox = await import(pathToFileURL(entry).href);

export const {
  API_VERSION,
  CARD_FRAME_CSP,
  DEFAULT_PORT,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  LOCAL_WEBHOOK_SECRET,
  parseForm,
  startPaymentSandbox,
} = sandbox;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { runFromCommandLine } = await import("./payment-sandbox/dist/cli.js");
  await runFromCommandLine();
}
