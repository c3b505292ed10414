import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  type PaymentSandbox,
  startPaymentSandbox,
} from "../../tools/payment-sandbox.mjs";

/** The payment sandbox (tools/payment-sandbox.mjs) through the real SDK, as the API's routes use it. */

const stripeFor = (sandbox: PaymentSandbox, key = LOCAL_SECRET_KEY) =>
  new Stripe(key, { host: "127.0.0.1", port: sandbox.port, protocol: "http", maxNetworkRetries: 0, telemetry: false });

const nextYear = String(new Date().getUTCFullYear() + 1);

/** What a browser card form sends: the publishable key, the client secret and the raw card. */
function browserConfirm(
  sandbox: PaymentSandbox,
  intent: { id: string; client_secret: string | null },
  card: { number: string; exp_month?: string; exp_year?: string; cvc?: string },
  clientSecret = intent.client_secret ?? "",
) {
  const body = new URLSearchParams({
    key: LOCAL_PUBLISHABLE_KEY,
    client_secret: clientSecret,
    "payment_method_data[type]": "card",
    "payment_method_data[card][number]": card.number,
    "payment_method_data[card][exp_month]": card.exp_month ?? "12",
    "payment_method_data[card][exp_year]": card.exp_year ?? nextYear,
    "payment_method_data[card][cvc]": card.cvc ?? "123",
    "payment_method_data[billing_details][name]": "Sam Student",
    "payment_method_data[billing_details][email]": "sam@example.com",
  });
  return fetch(`${sandbox.url}/v1/payment_intents/${intent.id}/confirm`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000" },
    body,
  });
}

/** The answers read by fetch, typed as loosely as the assertions need. */
interface IntentBody {
  id: string;
  status: string;
  metadata?: Record<string, string>;
}
interface ErrorBody {
  error: {
    type: string;
    code?: string;
    decline_code?: string;
    message: string;
    param?: string;
    payment_intent: IntentBody & { last_payment_error: { message: string } };
  };
}
const json = async <T = ErrorBody>(res: Response) => (await res.json()) as T;

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as Stripe.errors.StripeError;
  }
  throw new Error("expected the call to fail");
}

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

  describe("a browser card form (publishable key and client secret)", () => {
    it("pays with 4242 4242 4242 4242", async () => {
      const intent = await newIntent();
      const res = await browserConfirm(sandbox, intent, { number: "4242 4242 4242 4242" });
      expect(res.status).toBe(200);
      expect(res.headers.get("access-control-allow-origin")).toBe("http://localhost:3000");
      expect(res.headers.get("request-id")).toMatch(/^req_/);
      const body = await json<IntentBody>(res);
      expect(body).toMatchObject({ id: intent.id, status: "succeeded" });
      // A publishable key sees only Stripe's client-side fields.
      expect(body.metadata).toBeUndefined();
      const server = await stripe.paymentIntents.retrieve(intent.id, { expand: ["latest_charge"] });
      expect(server.status).toBe("succeeded");
      expect(server.latest_charge).toMatchObject({
        object: "charge",
        paid: true,
        payment_method_details: { card: { brand: "visa", last4: "4242" } },
        billing_details: { name: "Sam Student", email: "sam@example.com" },
      });
    });

    it("declines 4000 0000 0000 0002 with 402, and the same intent can then be paid", async () => {
      const intent = await newIntent();
      const res = await browserConfirm(sandbox, intent, { number: "4000 0000 0000 0002" });
      expect(res.status).toBe(402);
      const { error } = await json(res);
      expect(error).toMatchObject({
        type: "card_error",
        code: "card_declined",
        decline_code: "generic_decline",
        message: "Your card was declined.",
        payment_intent: { id: intent.id, status: "requires_payment_method" },
      });
      expect(error.payment_intent.last_payment_error.message).toBe("Your card was declined.");
      expect((await browserConfirm(sandbox, intent, { number: "5555555555554444" })).status).toBe(200);
    });

    it("refuses a wrong or missing client secret, and calls a publishable key may not make", async () => {
      const intent = await newIntent();
      const wrong = await browserConfirm(sandbox, intent, { number: "4242424242424242" }, `${intent.id}_secret_nope`);
      expect(wrong.status).toBe(400);
      expect((await json(wrong)).error).toMatchObject({ param: "client_secret" });
      expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe("requires_payment_method");

      const auth = { authorization: `Bearer ${LOCAL_PUBLISHABLE_KEY}` };
      const noSecret = await fetch(`${sandbox.url}/v1/payment_intents/${intent.id}`, { headers: auth });
      expect(noSecret.status).toBe(400);
      const read = await fetch(
        `${sandbox.url}/v1/payment_intents/${intent.id}?client_secret=${encodeURIComponent(intent.client_secret!)}`,
        { headers: auth },
      );
      expect(read.status).toBe(200);
      expect(await json<IntentBody>(read)).toMatchObject({ id: intent.id, status: "requires_payment_method" });

      const create = await fetch(`${sandbox.url}/v1/payment_intents`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/x-www-form-urlencoded" },
        body: "amount=5000&currency=usd",
      });
      expect(create.status).toBe(401);
    });

    it.each([
      [{ number: "4000000000009995" }, "card_declined", "Your card has insufficient funds."],
      [{ number: "4000000000000069" }, "expired_card", "Your card has expired."],
      [{ number: "4000000000000127" }, "incorrect_cvc", "Your card's security code is incorrect."],
      [{ number: "4242424242424241" }, "incorrect_number", "Your card number is incorrect."],
      [
        { number: "4242424242424242", exp_year: "2020" },
        "invalid_expiry_year",
        "Your card's expiration year is invalid.",
      ],
      [
        { number: "4242424242424242", exp_month: "13" },
        "invalid_expiry_month",
        "Your card's expiration month is invalid.",
      ],
      [{ number: "4242424242424242", cvc: "12a" }, "invalid_cvc", "Your card's security code is invalid."],
      [{ number: "4111111111111111" }, "card_declined", "Your card was declined. Your request was in test mode"],
    ])("answers %o with %s", async (card, code, message) => {
      const intent = await newIntent();
      const res = await browserConfirm(sandbox, intent, card);
      expect(res.status).toBe(402);
      const { error } = await json(res);
      expect(error.code).toBe(code);
      expect(error.message).toContain(message);
      expect(error.payment_intent.status).toBe("requires_payment_method");
    });

    it("answers CORS preflights", async () => {
      const res = await fetch(`${sandbox.url}/v1/payment_intents/pi_x/confirm`, {
        method: "OPTIONS",
        headers: {
          origin: "http://localhost:3000",
          "access-control-request-method": "POST",
          "access-control-request-headers": "authorization, content-type, stripe-version, idempotency-key",
        },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get("access-control-allow-origin")).toBe("http://localhost:3000");
      expect(res.headers.get("access-control-allow-headers")).toMatch(/idempotency-key/i);
    });

    it("lets the card field's frame create a card payment method with the publishable key, then confirm with its id", async () => {
      const form = {
        key: LOCAL_PUBLISHABLE_KEY,
        type: "card",
        "card[number]": "4242424242424242",
        "card[exp_month]": "12",
        "card[exp_year]": nextYear,
        "card[cvc]": "123",
        "billing_details[name]": "Sam Student",
        "billing_details[email]": "sam@example.com",
        "billing_details[address][postal_code]": "12345",
      };
      const created = await fetch(`${sandbox.url}/v1/payment_methods`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: sandbox.url },
        body: new URLSearchParams(form),
      });
      expect(created.status).toBe(200);
      const pm = await json<{ id: string; card: { last4: string; brand: string }; billing_details: object }>(created);
      expect(pm).toMatchObject({
        card: { last4: "4242", brand: "visa" },
        billing_details: { name: "Sam Student", email: "sam@example.com", address: { postal_code: "12345" } },
      });
      // The payment method cannot be read back with the publishable key (a secret-key call).
      const readPm = await fetch(`${sandbox.url}/v1/payment_methods/${pm.id}?key=${LOCAL_PUBLISHABLE_KEY}`);
      expect(readPm.status).toBe(401);
      expect((await json(readPm)).error.message).toMatch(/cannot be made with a publishable API key/);

      const declined = await fetch(`${sandbox.url}/v1/payment_methods`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ ...form, "card[number]": "4000000000000002" }),
      });
      const declinedPm = await json<{ id: string }>(declined);

      const intent = await newIntent();
      const confirm = (paymentMethod: string) =>
        fetch(`${sandbox.url}/v1/payment_intents/${intent.id}/confirm`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000" },
          body: new URLSearchParams({
            key: LOCAL_PUBLISHABLE_KEY,
            client_secret: intent.client_secret!,
            payment_method: paymentMethod,
          }),
        });
      const decline = await confirm(declinedPm.id);
      expect(decline.status).toBe(402);
      expect((await json(decline)).error).toMatchObject({
        type: "card_error",
        code: "card_declined",
        decline_code: "generic_decline",
        message: "Your card was declined.",
        payment_intent: { id: intent.id, status: "requires_payment_method" },
      });
      const paid = await confirm(pm.id);
      expect(paid.status).toBe(200);
      expect(await json<IntentBody>(paid)).toMatchObject({ id: intent.id, status: "succeeded", payment_method: pm.id });
      const server = await stripe.paymentIntents.retrieve(intent.id);
      expect(server).toMatchObject({ status: "succeeded", payment_method: pm.id, amount_received: intent.amount });
    });

    it("serves Stripe.js at /v3/ and the card field's frame with its own strict CSP", async () => {
      for (const url of [`${sandbox.url}/v3/`, `${sandbox.url}/v3`]) {
        const script = await fetch(url);
        expect(script.status).toBe(200);
        expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
        expect(script.headers.get("x-content-type-options")).toBe("nosniff");
        const text = await script.text();
        expect(text).toContain("window.Stripe = Stripe");
        for (const method of ["createPaymentMethod", "confirmCardPayment", "retrievePaymentIntent", "_registerWrapper"])
          expect(text).toContain(`prototype.${method}`);
      }
      const frame = await fetch(`${sandbox.url}/v3/elements/card`);
      expect(frame.status).toBe(200);
      expect(frame.headers.get("content-type")).toBe("text/html; charset=utf-8");
      const csp = frame.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toMatch(/frame-ancestors http:\/\/localhost:\* http:\/\/127\.0\.0\.1:\*/);
      expect(csp).not.toContain("unsafe-inline");
      const html = await frame.text();
      expect(html).toContain('aria-label="Credit or debit card number"');
      expect(html).toContain('<script src="/v3/elements/card.js"></script>');
      const frameScript = await fetch(`${sandbox.url}/v3/elements/card.js`);
      expect(frameScript.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
      const frameStyle = await fetch(`${sandbox.url}/v3/elements/card.css`);
      expect(frameStyle.headers.get("content-type")).toBe("text/css; charset=utf-8");
      const other = await fetch(`${sandbox.url}/v3/elements/other`);
      expect(other.status).toBe(404);
    });
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
