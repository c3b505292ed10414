// The sandbox's answers held to the `stripe` package's own declarations at run time:
// the sandbox is driven through the real SDK as the API drives it (and its card path as a browser's
// card field does), and every object it returns (PaymentIntent, PaymentMethod, Charge, Refund, Event,
// error) is checked against the installed SDK's .d.ts, read with the TypeScript compiler: no field the
// SDK declares always present is missing, nothing is null that is not declared nullable, no `object`,
// `type` or other value is outside its declared type, and no field is undeclared.
// test/stripe-contract.test-d.ts holds the builders' types to the same SDK at compile time.
// Uses the sandbox's dist/ as the other suites do: `npm test` builds it, or `pnpm run build` here.
// Saving cards for later payments: stripe-contract-saved-cards.test.mjs; the check itself:
// stripe-contract-check.test.mjs; what they share: stripe-contract-setup.mjs.
import { readFileSync } from "node:fs";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { confirmCard } from "../../card-payment.mjs";
import { LOCAL_PUBLISHABLE_KEY } from "../../payment-sandbox.mjs";
import {
  ALLOWED_MISSING,
  allowedSeen,
  declarations,
  describeProblem,
  errorObject,
  expectConforms,
  newIntent,
  received,
  rejection,
  sandbox,
  stripe,
  useContractSandbox,
  WEBHOOK_SECRET,
} from "./stripe-contract-setup.mjs";

/** The event types the sandbox sends (objects.ts EventObjects); each is checked at least once. */
const EVENT_TYPES = [
  "payment_intent.created",
  "payment_intent.succeeded",
  "payment_intent.payment_failed",
  "payment_intent.canceled",
  "charge.succeeded",
  "charge.failed",
  "charge.refunded",
  "refund.created",
  "refund.updated",
  "refund.failed",
];

useContractSandbox();

describe("the payment sandbox against the stripe SDK's declarations", () => {
  let paid;

  it("reads the declarations of the SDK version the API uses", () => {
    const api = JSON.parse(readFileSync(new URL("../../../api/package.json", import.meta.url), "utf8"));
    expect(declarations.version).toBe(api.dependencies.stripe);
    const required = declarations.fields("PaymentIntent").filter((field) => !field.optional);
    expect(required.map((field) => field.name)).toEqual(expect.arrayContaining(["client_secret", "latest_charge"]));
  });

  it("a PaymentIntent: created, paid with a card through the card path, retrieved, updated", async () => {
    const created = await newIntent();
    expectConforms(created, "PaymentIntent");
    // The browser's card field: the publishable key, the client secret and the card (tools/card-payment.mjs).
    expect(await confirmCard(sandbox.url, created.client_secret)).toBe(200);

    paid = await stripe.paymentIntents.retrieve(created.id);
    expect(paid.status).toBe("succeeded");
    expectConforms(paid, "PaymentIntent");
    // Expanded: the charge and the payment method are checked as Charge and PaymentMethod.
    const expanded = await stripe.paymentIntents.retrieve(created.id, { expand: ["latest_charge", "payment_method"] });
    expect(expanded.latest_charge).toMatchObject({ object: "charge" });
    expect(expanded.payment_method).toMatchObject({ object: "payment_method" });
    expectConforms(expanded, "PaymentIntent");
    expectConforms(await stripe.paymentIntents.update(created.id, { metadata: { note: "x" } }), "PaymentIntent");
  });

  it("a PaymentIntent as Stripe.js reads it: only declared fields, each of its declared type", async () => {
    const browser = new Stripe(LOCAL_PUBLISHABLE_KEY, {
      host: "127.0.0.1",
      port: sandbox.port,
      protocol: "http",
      maxNetworkRetries: 0,
      telemetry: false,
    });
    const view = await browser.paymentIntents.retrieve(paid.id, { client_secret: paid.client_secret });
    expect(view).toMatchObject({ id: paid.id, object: "payment_intent", status: "succeeded" });
    expect(view.metadata).toBeUndefined();
    // A publishable key gets Stripe's client-side subset: its own fields left out are expected, nothing else.
    const leftOut = (problem) => problem.kind === "missing" && /^\$\.\w+$/.test(problem.path);
    const problems = declarations.check(view, "PaymentIntent", "$").filter((problem) => !leftOut(problem));
    expect(problems.map(describeProblem)).toEqual([]);
  });

  it("a PaymentMethod and a Charge, retrieved", async () => {
    expectConforms(await stripe.paymentMethods.retrieve(paid.payment_method), "PaymentMethod");
    expectConforms(await stripe.charges.retrieve(paid.latest_charge), "Charge");
  });

  it("a Refund, created and retrieved", async () => {
    const refund = await stripe.refunds.create({
      payment_intent: paid.id,
      reason: "requested_by_customer",
      metadata: { orderId: "ord_contract" },
    });
    expectConforms(refund, "Refund");
    expectConforms(await stripe.refunds.retrieve(refund.id), "Refund");
  });

  it("refunds that change after they are made (the refund test cards), several per charge, listed", async () => {
    const charged = (payment_method) => newIntent({ confirm: true, payment_method });
    const slow = await charged("pm_card_pendingRefund");
    const pending = await stripe.refunds.create({ payment_intent: slow.id, amount: 2_500 });
    const rest = await stripe.refunds.create({ payment_intent: slow.id, amount: 10_000 });
    expect([pending.status, rest.status]).toEqual(["pending", "pending"]);
    // Over the rest of the charge: refused, a pending refund counts. (A refund that fails gives its
    // amount back a moment later, so a charge whose refunds fail could not show this without a race.)
    const over = await rejection(stripe.refunds.create({ payment_intent: slow.id, amount: 1 }));
    expect(over).toMatchObject({ statusCode: 400, code: "charge_already_refunded" });
    const failing = await charged("pm_card_refundFail");
    const first = await stripe.refunds.create({ payment_intent: failing.id, amount: 5_000 });
    const second = await stripe.refunds.create({ payment_intent: failing.id, amount: 7_500 });
    expect([first.status, second.status]).toEqual(["succeeded", "succeeded"]);

    await sandbox.waitForDelivery((delivery) => delivery.type === "refund.failed" && delivery.ok);
    await expect.poll(async () => (await stripe.refunds.retrieve(second.id)).status).toBe("failed");
    expect(await stripe.refunds.retrieve(pending.id)).toMatchObject({ status: "succeeded" });
    const failed = await stripe.refunds.retrieve(first.id);
    expect(failed).toMatchObject({ status: "failed", failure_reason: "expired_or_canceled_card" });
    expectConforms(failed, "Refund");
    // A failed refund gives its amount back to the charge.
    expect((await stripe.charges.retrieve(failing.latest_charge)).amount_refunded).toBe(0);

    const listed = await stripe.refunds.list({ payment_intent: failing.id });
    expectConforms(listed, "RefundList");
    expect(listed.data.map((r) => r.id)).toEqual([second.id, first.id]);
    const paged = await stripe.refunds.list({ payment_intent: failing.id, limit: 1, starting_after: second.id });
    expect(paged.data.map((r) => r.id)).toEqual([first.id]);
    const since = await stripe.refunds.list({ created: { gte: pending.created }, limit: 100 });
    expect(since.data.map((r) => r.id)).toEqual(expect.arrayContaining([pending.id, first.id, second.id]));
    expect((await stripe.refunds.list({ created: { gt: second.created + 60 } })).data).toEqual([]);
  });

  it("a canceled PaymentIntent", async () => {
    const intent = await newIntent();
    expectConforms(
      await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: "abandoned" }),
      "PaymentIntent",
    );
  });

  it("a card error (402): the error object, its payment method and its PaymentIntent", async () => {
    const error = await rejection(newIntent({ confirm: true, payment_method: "pm_card_chargeDeclined" }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ statusCode: 402, code: "card_declined", decline_code: "generic_decline" });
    expect(error.payment_intent).toMatchObject({ object: "payment_intent", status: "requires_payment_method" });
    expectConforms(errorObject(error), "ApiError");
  });

  it("invalid-request errors (400, 404, an unexpected state): the error objects", async () => {
    const invalid = await rejection(newIntent({ amount: -1 }));
    expect(invalid).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(invalid).toMatchObject({ statusCode: 400, param: "amount" });
    expectConforms(errorObject(invalid), "ApiError");

    const missing = await rejection(stripe.paymentIntents.retrieve("pi_not_there"));
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 404, code: "resource_missing" });
    expectConforms(errorObject(missing), "ApiError");

    // What the API's cancel relies on (provider.ts): payment_intent_unexpected_state.
    const state = await rejection(stripe.paymentIntents.cancel(paid.id));
    expect(state).toMatchObject({ statusCode: 400, code: "payment_intent_unexpected_state" });
    expectConforms(errorObject(state), "ApiError");

    const currency = await rejection(newIntent({ currency: "zzz" }));
    expect(currency).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(currency).toMatchObject({ statusCode: 400, param: "currency" });
    expectConforms(errorObject(currency), "ApiError");
  });

  it("an authentication error (401, a secret key that is not the account's): the error object", async () => {
    const stranger = new Stripe(`sk_test_${"x".repeat(24)}`, {
      host: "127.0.0.1",
      port: sandbox.port,
      protocol: "http",
      maxNetworkRetries: 0,
      telemetry: false,
    });
    const error = await rejection(stranger.paymentIntents.retrieve(paid.id));
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error).toMatchObject({ statusCode: 401, rawType: "invalid_request_error" });
    expectConforms(errorObject(error), "ApiError");
  });

  it("events: listed, retrieved, and delivered to a webhook (verified by the SDK)", async () => {
    const list = await stripe.events.list({ limit: 100 });
    expectConforms(list, "EventList");
    expect(new Set(list.data.map((event) => event.type))).toEqual(new Set(EVENT_TYPES));
    expectConforms(await stripe.events.retrieve(list.data[0].id), "Event");

    await sandbox.waitForDelivery((delivery) => delivery.type === "refund.created" && delivery.ok);
    const deliveredTypes = new Set();
    for (const { body, signature } of received) {
      const event = stripe.webhooks.constructEvent(body, signature, WEBHOOK_SECRET);
      deliveredTypes.add(event.type);
      expectConforms(JSON.parse(body.toString("utf8")), "Event");
    }
    expect(deliveredTypes).toContain("payment_intent.succeeded");
  });

  it("allows only omissions some answer still makes", () => {
    expect([...ALLOWED_MISSING.keys()].filter((field) => !allowedSeen.has(field))).toEqual([]);
  });
});
