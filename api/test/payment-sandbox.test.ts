import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_SECRET_KEY, type PaymentSandbox, startPaymentSandbox } from "../../tools/payment-sandbox.mjs";
import { json, rejection, stripeFor } from "./payment-sandbox-sdk.js";

/**
 * The payment sandbox (tools/payment-sandbox.mjs) through the real SDK, as the API's routes use it:
 * intents created, paid, declined, replayed, cancelled and refunded, and keys and requests refused. A
 * browser's card form paying: payment-sandbox-card-form.test.ts.
 */

describe("payment sandbox", () => {
  let sandbox: PaymentSandbox;
  let stripe: Stripe;

  beforeAll(async () => {
    sandbox = await startPaymentSandbox({ port: 0 });
    stripe = stripeFor(sandbox);
  });
  afterAll(() => sandbox.stop());

  const newIntent = (params: Partial<Stripe.PaymentIntentCreateParams> = {}) =>
    stripe.paymentIntents.create({ amount: 12_500, currency: "usd", metadata: { orderId: "42" }, ...params });

  it("creates and retrieves a PaymentIntent with Stripe's fields", async () => {
    const created = await newIntent({ description: "Swim camp", receipt_email: "sam@example.com" });
    expect(created).toMatchObject({
      object: "payment_intent",
      amount: 12_500,
      amount_received: 0,
      currency: "usd",
      status: "requires_payment_method",
      metadata: { orderId: "42" },
      livemode: false,
      last_payment_error: null,
      latest_charge: null,
      payment_method: null,
      canceled_at: null,
      cancellation_reason: null,
      description: "Swim camp",
      receipt_email: "sam@example.com",
      automatic_payment_methods: { enabled: true },
    });
    expect(created.id).toMatch(/^pi_\w+$/);
    expect(created.client_secret).toMatch(new RegExp(`^${created.id}_secret_\\w+$`));
    expect(Math.abs(created.created - Date.now() / 1000)).toBeLessThan(5);
    expect(created.lastResponse.requestId).toMatch(/^req_/);

    const retrieved = await stripe.paymentIntents.retrieve(created.id);
    expect(retrieved.id).toBe(created.id);
    expect(retrieved.metadata).toEqual({ orderId: "42" });
  });

  it("refuses amounts below the minimum and unknown parameters", async () => {
    const small = await rejection(newIntent({ amount: 49 }));
    expect(small).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(small).toMatchObject({ code: "amount_too_small", param: "amount", statusCode: 400 });
    const unknown = await rejection(newIntent({ amount_total: 5 } as Partial<Stripe.PaymentIntentCreateParams>));
    expect(unknown).toMatchObject({ code: "parameter_unknown", param: "amount_total" });
  });

  it("confirms with pm_card_visa", async () => {
    const intent = await newIntent();
    const paid = await stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
    expect(paid.status).toBe("succeeded");
    expect(paid.amount_received).toBe(12_500);
    expect(paid.latest_charge).toMatch(/^ch_/);
    expect(paid.payment_method).toMatch(/^pm_/);
    expect(paid.payment_method).not.toBe("pm_card_visa");

    const again = await rejection(stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" }));
    expect(again).toMatchObject({ code: "payment_intent_unexpected_state", statusCode: 400 });
  });

  it("throws StripeCardError through the SDK for declining test payment methods", async () => {
    const intent = await newIntent();
    const declined = await rejection(
      stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_chargeDeclined" }),
    );
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(declined).toMatchObject({ code: "card_declined", decline_code: "generic_decline", statusCode: 402 });
    expect(declined.message).toBe("Your card was declined.");
    expect(declined.payment_intent).toMatchObject({ id: intent.id, status: "requires_payment_method" });

    const poor = await rejection(
      stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_chargeDeclinedInsufficientFunds" }),
    );
    expect(poor).toMatchObject({ code: "card_declined", decline_code: "insufficient_funds" });

    const after = await stripe.paymentIntents.retrieve(intent.id);
    expect(after.status).toBe("requires_payment_method");
    expect(after.last_payment_error).toMatchObject({ code: "card_declined", decline_code: "insufficient_funds" });
    expect((await stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_mastercard" })).status).toBe(
      "succeeded",
    );
    const types = sandbox.events.filter((e) => e.data.object.id === intent.id).map((e) => e.type);
    expect(types).toEqual([
      "payment_intent.created",
      "payment_intent.payment_failed",
      "payment_intent.payment_failed",
      "payment_intent.succeeded",
    ]);
  });

  it("replays a request with the same Idempotency-Key and refuses other parameters under it", async () => {
    const key = `order-${Date.now()}`;
    const first = await newIntent({ amount: 7000 });
    const a = await stripe.paymentIntents.create({ amount: 7000, currency: "usd" }, { idempotencyKey: key });
    const b = await stripe.paymentIntents.create({ amount: 7000, currency: "usd" }, { idempotencyKey: key });
    expect(b.id).toBe(a.id);
    expect(b.id).not.toBe(first.id);
    expect(b.lastResponse.headers["idempotent-replayed"]).toBe("true");
    const conflict = await rejection(
      stripe.paymentIntents.create({ amount: 8000, currency: "usd" }, { idempotencyKey: key }),
    );
    expect(conflict).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(conflict.statusCode).toBe(400);
    expect(sandbox.events.filter((e) => e.type === "payment_intent.created" && e.data.object.id === a.id)).toHaveLength(
      1,
    );
  });

  it("cancels an open PaymentIntent, not a paid one", async () => {
    const intent = await newIntent();
    const canceled = await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: "abandoned" });
    expect(canceled).toMatchObject({ status: "canceled", cancellation_reason: "abandoned" });
    expect(canceled.canceled_at).toBeGreaterThan(0);
    const confirm = await rejection(stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" }));
    expect(confirm).toMatchObject({ code: "payment_intent_unexpected_state" });
    expect(sandbox.events.some((e) => e.type === "payment_intent.canceled" && e.data.object.id === intent.id)).toBe(
      true,
    );

    const paid = await stripe.paymentIntents.confirm((await newIntent()).id, { payment_method: "pm_card_visa" });
    const cancelPaid = await rejection(stripe.paymentIntents.cancel(paid.id));
    expect(cancelPaid).toMatchObject({ code: "payment_intent_unexpected_state", statusCode: 400 });
  });

  it("refunds a paid PaymentIntent in parts, never more than was paid", async () => {
    const unpaid = await newIntent();
    expect(await rejection(stripe.refunds.create({ payment_intent: unpaid.id }))).toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
    const paid = await stripe.paymentIntents.confirm((await newIntent()).id, { payment_method: "pm_card_visa" });
    const part = await stripe.refunds.create({
      payment_intent: paid.id,
      amount: 2500,
      reason: "requested_by_customer",
    });
    expect(part).toMatchObject({
      object: "refund",
      amount: 2500,
      currency: "usd",
      payment_intent: paid.id,
      charge: paid.latest_charge,
      status: "succeeded",
    });
    expect(part.id).toMatch(/^re_/);
    const tooMuch = await rejection(stripe.refunds.create({ payment_intent: paid.id, amount: 10_001 }));
    expect(tooMuch).toMatchObject({ param: "amount", statusCode: 400 });
    const rest = await stripe.refunds.create({ payment_intent: paid.id });
    expect(rest.amount).toBe(10_000);
    const refunded = sandbox.events.filter(
      (e) => e.type === "charge.refunded" && e.data.object.payment_intent === paid.id,
    );
    expect(refunded.map((e) => [e.data.object.amount_refunded, e.data.object.refunded])).toEqual([
      [2500, false],
      [12_500, true],
    ]);
    expect(await rejection(stripe.refunds.create({ payment_intent: paid.id }))).toMatchObject({
      code: "charge_already_refunded",
    });
  });

  it("refuses keys that are not test secret keys with StripeAuthenticationError", async () => {
    const error = await rejection(
      stripeFor(sandbox, "sk_live_nope").paymentIntents.create({ amount: 5000, currency: "usd" }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error.message).toMatch(/^Invalid API Key provided/);
    const none = await fetch(`${sandbox.url}/v1/payment_intents/pi_x`);
    expect(none.status).toBe(401);
  });

  it("answers unknown routes and malformed input with Stripe-shaped errors, and keeps running", async () => {
    const auth = { authorization: `Bearer ${LOCAL_SECRET_KEY}`, "content-type": "application/x-www-form-urlencoded" };
    const unknown = await fetch(`${sandbox.url}/v1/x`, { method: "POST", headers: auth });
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).error.message).toMatch(/^Unrecognized request URL \(POST: \/v1\/x\)/);
    const missing = await rejection(stripe.paymentIntents.retrieve("pi_missing"));
    expect(missing).toMatchObject({ code: "resource_missing", statusCode: 404 });
    for (const body of [
      "%zz",
      "amount=1&amount[x]=2",
      "a[[b]=1",
      "__proto__[x]=1",
      "amount=abc&currency=usd",
      "x".repeat(300_000),
    ]) {
      const res = await fetch(`${sandbox.url}/v1/payment_intents`, { method: "POST", headers: auth, body });
      expect(res.status, body.slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect((await json(res)).error.type).toBe("invalid_request_error");
    }
    expect((await newIntent()).status).toBe("requires_payment_method");
  });
});
