#!/usr/bin/env node
// `npm run dev`: every app with hot reload on its usual port, and the API in watch mode.
import { spawn } from "node:child_process";
import path from "node:path";
import { ensureInstalled, ensurePnpm, log, ROOT } from "./workspace.mjs";

const pnpm = ensurePnpm();
await ensureInstalled(pnpm);
// Imported after the install: they load installed and compiled code (see start.mjs).
const { FIREBASE_PROJECT_ID, seedSignIns, startAuthEmulator } = await import("./auth-emulator.mjs");
const { LOCAL_WEBHOOK_SECRET, startPaymentSandbox } = await import("./payment-sandbox.mjs");
const { readPaymentSandboxPort, readPorts, sandboxPaymentEnv } = await import("./system.mjs");
const { catcherSmtpUrl, startMailCatcher } = await import("./mail-catcher.mjs");
const [cmd, ...pre] = pnpm;
// Accounts: the Auth Emulator on its usual port (shell/public/env.json points the browser at it).
const emulator = await startAuthEmulator({
  dataDir: path.join(ROOT, ".data", "auth"),
  workDir: path.join(ROOT, ".tmp", "dev-auth-emulator"),
});
await seedSignIns(emulator.host);
// Payments: the local Stripe sandbox on its usual port, its webhooks sent to the API in watch mode.
const payments = await startPaymentSandbox({
  port: readPaymentSandboxPort(),
  dataFile: path.join(ROOT, ".data", "payments", "state.json"),
  webhooks: [{ url: `http://127.0.0.1:${readPorts().api}/webhooks/stripe`, secret: LOCAL_WEBHOOK_SECRET }],
});
// Mail: the local catcher on MAIL_SMTP_PORT (1025), its inbox on MAIL_WEB_PORT (1080).
const mail = await startMailCatcher({ mailDir: path.join(ROOT, ".data", "mail") });
const apps = ["api", "mfe-public", "mfe-student", "mfe-instructor", "mfe-admin", "shell"];
const children = apps.map((app) =>
  spawn(cmd, [...pre, "--filter", app, "run", "dev"], {
    cwd: ROOT,
    stdio: "inherit",
    env: {
      ...process.env,
      // A local run: the API's development secrets, seed and Auth Emulator (api config/mode.ts).
      ACADEMY_DEV_DEFAULTS: "1",
      FIREBASE_PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      ...sandboxPaymentEnv(payments.url),
      SMTP_URL: catcherSmtpUrl(mail.smtpPort),
    },
  }),
);
log(`mail inbox at ${mail.webUrl}`);
log("dev servers starting; open http://localhost:3000 (Ctrl-C stops them)");
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    for (const child of children) child.kill("SIGTERM");
    await Promise.all([emulator.stop(), payments.stop(), mail.stop()]);
    process.exit(0);
  });
}
