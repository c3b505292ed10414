import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_SECRET_KEY, type PaymentSandbox, startPaymentSandbox } from "../../tools/payment-sandbox.mjs";

/**
 * What the payment sandbox refuses as Stripe does (the rest of its contract: payment-sandbox.test.ts):
 * a secret key that is not the account's, and a currency Stripe does not have.
 */

const stripeFor = (sandbox: PaymentSandbox, key: string) =>
  new Stripe(key, { host: "127.0.0.1", port: sandbox.port, protocol: "http", maxNetworkRetries: 0, telemetry: false });

/** A test-mode key no one configured (built here, so it is no secret written in the repository). */
const someKey = () => `sk_test_${randomBytes(12).toString("hex")}`;

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as Stripe.errors.StripeError;
  }
  throw new Error("expected the call to fail");
}

describe("payment sandbox refusals", () => {
  let sandbox: PaymentSandbox;
  const suiteKey = someKey();

  beforeAll(async () => {
    sandbox = await startPaymentSandbox({ port: 0, secretKeys: [LOCAL_SECRET_KEY, suiteKey] });
  });
  afterAll(() => sandbox.stop());

  it("answers the secret keys it was given", async () => {
    for (const key of [LOCAL_SECRET_KEY, suiteKey]) {
      const intent = await stripeFor(sandbox, key).paymentIntents.create({ amount: 5000, currency: "usd" });
      expect(intent.status).toBe("requires_payment_method");
    }
  });

  it("refuses any other test secret key with Stripe's 401, showing only the key's start and end", async () => {
    const wrong = someKey();
    const error = await rejection(stripeFor(sandbox, wrong).paymentIntents.create({ amount: 5000, currency: "usd" }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error).toMatchObject({ statusCode: 401, rawType: "invalid_request_error" });
    expect(error.message).toBe(`Invalid API Key provided: sk_test_${"*".repeat(wrong.length - 12)}${wrong.slice(-4)}`);
    expect(error.message).not.toContain(wrong.slice(8, -4));

    const raw = await fetch(`${sandbox.url}/v1/payment_intents/pi_missing`, {
      headers: { authorization: `Bearer ${wrong}` },
    });
    expect(raw.status).toBe(401);
    expect(await raw.json()).toEqual({
      error: { type: "invalid_request_error", message: error.message },
    });
  });

  it("by default answers the local key only", async () => {
    const local = await startPaymentSandbox({ port: 0 });
    try {
      const made = await stripeFor(local, LOCAL_SECRET_KEY).paymentIntents.create({ amount: 5000, currency: "usd" });
      const error = await rejection(stripeFor(local, suiteKey).paymentIntents.retrieve(made.id));
      expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    } finally {
      await local.stop();
    }
  });

  it("refuses a currency Stripe does not have, naming the ones it does, on create and on update", async () => {
    const stripe = stripeFor(sandbox, LOCAL_SECRET_KEY);
    const error = await rejection(stripe.paymentIntents.create({ amount: 5000, currency: "zzz" }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 400, rawType: "invalid_request_error", param: "currency" });
    expect(error.message).toMatch(/^Invalid currency: zzz\. Stripe currently supports these currencies: usd, aed, /);
    expect(error.message).toContain(" eur, ");

    const intent = await stripe.paymentIntents.create({ amount: 5000, currency: "eur" });
    const update = await rejection(stripe.paymentIntents.update(intent.id, { currency: "xyz" }));
    expect(update).toMatchObject({ statusCode: 400, param: "currency" });
    expect(update.message).toMatch(/^Invalid currency: xyz\. Stripe currently supports/);
    // Stripe reads the code in any case and answers it in lower case.
    expect((await stripe.paymentIntents.create({ amount: 5000, currency: "GBP" })).currency).toBe("gbp");
  });
});
