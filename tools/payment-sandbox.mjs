#!/usr/bin/env node
// The payment sandbox (the workspace package tools/payment-sandbox/, in TypeScript) for the scripts,
// tests and setups that import it from here, and `node tools/payment-sandbox.mjs` to run it alone.
// Its dist/ is built on demand: on a clean clone the first import compiles it (a few seconds).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureBuilt } from "./payment-sandbox/ensure-built.mjs";

ensureBuilt();
const sandbox = await import("./payment-sandbox/dist/index.js");

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
