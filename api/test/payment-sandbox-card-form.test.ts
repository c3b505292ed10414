import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_PUBLISHABLE_KEY, type PaymentSandbox, startPaymentSandbox } from "../../tools/payment-sandbox.mjs";
import { browserConfirm, type IntentBody, json, nextYear, stripeFor } from "./payment-sandbox-sdk.js";

/**
 * The payment sandbox paid from a browser's card form, as Stripe.js and the card field's frame pay:
 * the publishable key and the intent's client secret, CORS, and the scripts and frame it serves. The
 * calls of the API's routes: payment-sandbox.test.ts.
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
});
