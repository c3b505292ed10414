import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PaymentSandbox, startPaymentSandbox } from "../../tools/payment-sandbox.mjs";
import { rejection, sleep, stripeFor } from "./payment-sandbox-sdk.js";

/** The payment sandbox's rate limit, when asked for: Stripe's 429, which the SDK does not retry by itself. */

describe("payment sandbox rate limit", () => {
  let sandbox: PaymentSandbox;

  beforeAll(async () => {
    sandbox = await startPaymentSandbox({ port: 0, requestsPerSecond: 2 });
  });
  afterAll(() => sandbox.stop());

  it("answers Stripe's 429 over the limit, which the SDK does not retry and a client that waits gets past", async () => {
    // The SDK's own retries (409, 5xx, Stripe-Should-Retry) do not cover a rate limit.
    const stripe = stripeFor(sandbox, { maxNetworkRetries: 2 });
    const customer = await stripe.customers.create({ email: "pat@example.com" });
    await stripe.customers.retrieve(customer.id);
    const limited = await rejection(stripe.customers.retrieve(customer.id));
    expect(limited).toBeInstanceOf(Stripe.errors.StripeRateLimitError);
    expect(limited).toMatchObject({ statusCode: 429, code: "rate_limit", rawType: "invalid_request_error" });
    expect(limited.message).toBe(
      "Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.",
    );

    // A refused request did nothing: the same Idempotency-Key, sent again after a wait, creates once.
    const key = `rate-${Date.now()}`;
    const create = () => stripe.customers.create({ email: "sam@example.com" }, { idempotencyKey: key });
    let made: Stripe.Customer | undefined;
    let refusals = 0;
    for (let attempt = 0; attempt < 6 && !made; attempt++) {
      try {
        made = await create();
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeRateLimitError)) throw error;
        refusals++;
        await sleep(250 * 2 ** attempt);
      }
    }
    expect(made?.email).toBe("sam@example.com");
    expect(refusals).toBeGreaterThan(0);
    expect(sandbox.events.filter((e) => e.type === "customer.created")).toHaveLength(2);

    sandbox.setRequestsPerSecond(undefined);
    const all = await Promise.all(Array.from({ length: 8 }, () => stripe.customers.retrieve(customer.id)));
    expect(all.map((c) => c.id)).toEqual(Array.from({ length: 8 }, () => customer.id));
  });
});
