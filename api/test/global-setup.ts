import path from "node:path";
import type { TestProject } from "vitest/node";
import { apiTestEmulatorPorts, startAuthEmulator } from "../../tools/auth-emulator.mjs";
import { startMailCatcher } from "../../tools/mail-catcher.mjs";
import { startPaymentSandbox } from "../../tools/payment-sandbox.mjs";
import { clockEnv } from "../src/platform/clock.js";
import { TEST_SECRET_KEYS } from "./stripe-keys.js";

declare module "vitest" {
  export interface ProvidedContext {
    authEmulatorHost: string;
    paymentSandboxUrl: string;
    mailSmtpUrl: string;
  }
}

/**
 * The real Firebase Auth Emulator for POST /jwt: reused when the test command already runs one
 * (FIREBASE_AUTH_EMULATOR_HOST), else started on ports of its own for this run.
 */
export default async function setup(project: TestProject) {
  // API_CLOCK=2031-03-01 runs the suite as on that day. Anchored to the real instant the run
  // started, every test file and every API process a test spawns reads one and the same clock
  // (two processes must agree on when a seat hold runs out).
  Object.assign(process.env, clockEnv());
  // The payment sandbox every test API talks to (the checkout tests of src/payments also start their own, with webhooks).
  const sandbox = await startPaymentSandbox({ port: 0, secretKeys: TEST_SECRET_KEYS });
  project.provide("paymentSandboxUrl", sandbox.url);
  // The mail catcher every test API sends to, on free ports (the notifications tests start their own).
  const mail = await startMailCatcher({ ports: { smtp: 0, web: 0 } });
  project.provide("mailSmtpUrl", mail.smtpUrl);
  const given = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (given) {
    project.provide("authEmulatorHost", given);
    return async () => {
      await sandbox.stop();
      await mail.stop();
    };
  }
  const emulator = await startAuthEmulator({
    ports: apiTestEmulatorPorts(),
    workDir: path.resolve(import.meta.dirname, "../../.tmp/api-test-auth-emulator"),
  });
  project.provide("authEmulatorHost", emulator.host);
  return async () => {
    await emulator.stop();
    await sandbox.stop();
    await mail.stop();
  };
}
