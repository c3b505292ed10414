// The set-up the contract suites share (stripe-contract*.test.mjs): one sandbox per file, its
// webhooks received on a server of the file's own, and the check of an answer against the declarations
// of the installed `stripe` package (stripe-declarations.mjs). The state is exported as live bindings:
// a suite reads `sandbox`, `stripe` and `declarations` once `useContractSandbox()`'s set-up has run.
import { createServer } from "node:http";
import Stripe from "stripe";
import { afterAll, beforeAll, expect } from "vitest";
import { LOCAL_SECRET_KEY, startPaymentSandbox } from "../../payment-sandbox.mjs";
import { loadStripeDeclarations } from "./stripe-declarations.mjs";

/**
 * Fields the SDK declares always present that the sandbox leaves out on purpose, as the SDK names them
 * (`PaymentMethod.Card.networks`: the interface, then the field) -> why. Keep it short: a field for a
 * feature the site never uses is cheaper to return as null (see objects.ts) than to list here. Only a
 * missing field can be allowed, never a wrong value; an entry no answer needs any more fails the suite.
 */
export const ALLOWED_MISSING = new Map([
  // (none: every declared field is returned)
]);

/** Transport fields the SDK adds to an error's `raw` (Error.js), not part of the answer's error object. */
export const SDK_ERROR_FIELDS = ["headers", "statusCode", "requestId"];

export const WEBHOOK_SECRET = "whsec_contract_check";

export let declarations;
export let sandbox;
export let stripe;
let webhookServer;
/** The bodies and signatures the sandbox posted to the webhook endpoint. */
export const received = [];
export const allowedSeen = new Set();

export const describeProblem = (problem) =>
  problem.kind === "missing"
    ? `${problem.path}: missing (stripe ${declarations.version} declares ${problem.field} always present)`
    : `${problem.path}: ${problem.detail}`;

/** What is wrong with `value` as the SDK's `name`, less the allowed omissions (noted as used). */
export function problemsOf(value, name, at = "$") {
  return declarations
    .check(value, name, at)
    .filter((problem) => {
      if (problem.kind === "missing" && ALLOWED_MISSING.has(problem.field)) {
        allowedSeen.add(problem.field);
        return false;
      }
      return true;
    })
    .map(describeProblem);
}

export function expectConforms(value, name) {
  expect(problemsOf(value, name), `the sandbox's ${name} against stripe ${declarations.version}`).toEqual([]);
}

/** The error object of an error answer as the SDK read it, without the transport fields it adds. */
export function errorObject(error) {
  const raw = { ...error.raw };
  for (const field of SDK_ERROR_FIELDS) delete raw[field];
  return raw;
}

export async function rejection(promise) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

/** A PaymentIntent as the API creates one (api/src/payments/provider.ts). */
export const newIntent = (extra = {}) =>
  stripe.paymentIntents.create({
    amount: 12_500,
    currency: "usd",
    automatic_payment_methods: { enabled: true, allow_redirects: "never" },
    metadata: { orderId: "ord_contract", studentId: "stu_contract" },
    receipt_email: "sam@example.com",
    description: "Summer camp: contract check",
    ...extra,
  });
/** Starts this file's sandbox and webhook server before its tests, and stops them after. */
export function useContractSandbox() {
  beforeAll(async () => {
    declarations = loadStripeDeclarations();
    webhookServer = createServer((req, res) => {
      const chunks = [];
      req.on("data", (chunk) => chunks.push(chunk));
      req.on("end", () => {
        received.push({ body: Buffer.concat(chunks), signature: req.headers["stripe-signature"] });
        res.end("{}");
      });
    });
    await new Promise((resolve) => webhookServer.listen(0, "127.0.0.1", resolve));
    sandbox = await startPaymentSandbox({
      port: 0,
      log: () => {},
      refundSettleMs: 50,
      webhooks: [{ url: `http://127.0.0.1:${webhookServer.address().port}/webhooks/stripe`, secret: WEBHOOK_SECRET }],
    });
    stripe = new Stripe(LOCAL_SECRET_KEY, {
      host: "127.0.0.1",
      port: sandbox.port,
      protocol: "http",
      maxNetworkRetries: 0,
      telemetry: false,
    });
  }, 120_000);

  afterAll(async () => {
    await sandbox?.stop();
    await new Promise((resolve) => (webhookServer ? webhookServer.close(resolve) : resolve()));
  });
}
