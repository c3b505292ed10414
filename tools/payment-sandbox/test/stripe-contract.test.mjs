// The sandbox's answers held to the `stripe` package's own declarations at run time:
// the sandbox is driven through the real SDK as the API drives it (and its card path as a browser's
// card field does), and every object it returns (PaymentIntent, PaymentMethod, Charge, Refund, Event,
// error) is checked against the installed SDK's .d.ts, read with the TypeScript compiler: no field the
// SDK declares always present is missing, nothing is null that is not declared nullable, no `object`,
// `type` or other value is outside its declared type, and no field is undeclared.
// test/stripe-contract.test-d.ts holds the builders' types to the same SDK at compile time.
// Uses the sandbox's dist/ as the other suites do: `npm test` builds it, or `pnpm run build` here.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticateCard, confirmCard } from "../../card-payment.mjs";
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY, startPaymentSandbox } from "../../payment-sandbox.mjs";
import { loadStripeDeclarations } from "./stripe-declarations.mjs";

/**
 * Fields the SDK declares always present that the sandbox leaves out on purpose, as the SDK names them
 * (`PaymentMethod.Card.networks`: the interface, then the field) -> why. Keep it short: a field for a
 * feature the site never uses is cheaper to return as null (see objects.ts) than to list here. Only a
 * missing field can be allowed, never a wrong value; an entry no answer needs any more fails the suite.
 */
const ALLOWED_MISSING = new Map([
  // (none: every declared field is returned)
]);

/** Transport fields the SDK adds to an error's `raw` (Error.js), not part of the answer's error object. */
const SDK_ERROR_FIELDS = ["headers", "statusCode", "requestId"];

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

/** The event types of saving cards for later payments (customers, payment methods, SetupIntents, authentication). */
const SAVING_EVENT_TYPES = [
  "customer.created",
  "customer.updated",
  "payment_method.attached",
  "payment_method.detached",
  "setup_intent.created",
  "setup_intent.requires_action",
  "setup_intent.succeeded",
  "setup_intent.setup_failed",
  "setup_intent.canceled",
  "payment_intent.requires_action",
];

const WEBHOOK_SECRET = "whsec_contract_check";

let declarations;
let sandbox;
let stripe;
let webhookServer;
/** The bodies and signatures the sandbox posted to the webhook endpoint. */
const received = [];
const allowedSeen = new Set();

const describeProblem = (problem) =>
  problem.kind === "missing"
    ? `${problem.path}: missing (stripe ${declarations.version} declares ${problem.field} always present)`
    : `${problem.path}: ${problem.detail}`;

/** What is wrong with `value` as the SDK's `name`, less the allowed omissions (noted as used). */
function problemsOf(value, name, at = "$") {
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

function expectConforms(value, name) {
  expect(problemsOf(value, name), `the sandbox's ${name} against stripe ${declarations.version}`).toEqual([]);
}

/** The error object of an error answer as the SDK read it, without the transport fields it adds. */
function errorObject(error) {
  const raw = { ...error.raw };
  for (const field of SDK_ERROR_FIELDS) delete raw[field];
  return raw;
}

async function rejection(promise) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

/** A PaymentIntent as the API creates one (api/src/payments/provider.ts). */
const newIntent = (extra = {}) =>
  stripe.paymentIntents.create({
    amount: 12_500,
    currency: "usd",
    automatic_payment_methods: { enabled: true, allow_redirects: "never" },
    metadata: { orderId: "ord_contract", studentId: "stu_contract" },
    receipt_email: "sam@example.com",
    description: "Summer camp: contract check",
    ...extra,
  });

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

describe("saving cards for later payments, against the stripe SDK's declarations", () => {
  let customer;

  /** A card saved with a SetupIntent for off-session payments, through its authentication when it asks for one. */
  async function savedCard(payment_method) {
    const si = await stripe.setupIntents.create({ customer: customer.id, allowed_payment_method_types: ["card"] });
    const confirmed = await stripe.setupIntents.confirm(si.id, { payment_method });
    if (confirmed.status === "requires_action") expect(await authenticateCard(sandbox.url, si.client_secret)).toBe(200);
    const done = await stripe.setupIntents.retrieve(si.id);
    expect(done.status).toBe("succeeded");
    return done.payment_method;
  }

  /** What the payment plan's worker does: charge a saved card without the customer. */
  const chargeOffSession = (payment_method, options) =>
    stripe.paymentIntents.create(
      {
        amount: 4_000,
        currency: "usd",
        customer: customer.id,
        payment_method,
        off_session: true,
        confirm: true,
        allowed_payment_method_types: ["card"],
        metadata: { orderId: "ord_contract", instalment: "2" },
      },
      options,
    );

  it("a Customer: created, retrieved, updated", async () => {
    customer = await stripe.customers.create({
      email: "pat@example.com",
      name: "Pat Parent",
      metadata: { familyId: "fam_contract" },
    });
    expectConforms(customer, "Customer");
    expect(customer).toMatchObject({
      object: "customer",
      email: "pat@example.com",
      name: "Pat Parent",
      invoice_settings: { default_payment_method: null },
    });
    expectConforms(await stripe.customers.retrieve(customer.id), "Customer");
    const updated = await stripe.customers.update(customer.id, { phone: "+15555550100", metadata: { plan: "2" } });
    expect(updated).toMatchObject({ phone: "+15555550100", metadata: { familyId: "fam_contract", plan: "2" } });
    expectConforms(updated, "Customer");
  });

  it("a SetupIntent with a card that asks for authentication: requires_action, then succeeded and attached", async () => {
    const si = await stripe.setupIntents.create({ customer: customer.id, allowed_payment_method_types: ["card"] });
    expect(si).toMatchObject({ object: "setup_intent", status: "requires_payment_method", usage: "off_session" });
    expectConforms(si, "SetupIntent");
    const confirmed = await stripe.setupIntents.confirm(si.id, {
      payment_method: "pm_card_authenticationRequiredOnSetup",
    });
    expect(confirmed).toMatchObject({ status: "requires_action", next_action: { type: "use_stripe_sdk" } });
    expectConforms(confirmed, "SetupIntent");
    expect(await authenticateCard(sandbox.url, si.client_secret)).toBe(200);
    const done = await stripe.setupIntents.retrieve(si.id, { expand: ["payment_method"] });
    expect(done).toMatchObject({ status: "succeeded", next_action: null, payment_method: { customer: customer.id } });
    expectConforms(done, "SetupIntent");

    const withDefault = await stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: done.payment_method.id },
    });
    expect(withDefault.invoice_settings.default_payment_method).toBe(done.payment_method.id);
    const saved = await stripe.customers.listPaymentMethods(customer.id);
    expectConforms(saved, "PaymentMethodList");
    expect(saved.data.map((pm) => pm.id)).toEqual([done.payment_method.id]);
  });

  it("a SetupIntent that fails (a declined card, a failed authentication) and one canceled", async () => {
    const declined = await rejection(
      stripe.setupIntents.create({
        customer: customer.id,
        allowed_payment_method_types: ["card"],
        payment_method: "pm_card_chargeDeclined",
        confirm: true,
      }),
    );
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(declined).toMatchObject({ statusCode: 402, code: "card_declined", decline_code: "generic_decline" });
    expect(declined.raw.setup_intent).toMatchObject({ object: "setup_intent", status: "requires_payment_method" });
    expectConforms(errorObject(declined), "ApiError");

    const si = await stripe.setupIntents.create({ customer: customer.id, allowed_payment_method_types: ["card"] });
    await stripe.setupIntents.confirm(si.id, { payment_method: "pm_card_authenticationRequired" });
    expect(await authenticateCard(sandbox.url, si.client_secret, "fail")).toBe(200);
    const failed = await stripe.setupIntents.retrieve(si.id);
    expect(failed).toMatchObject({
      status: "requires_payment_method",
      last_setup_error: { code: "setup_intent_authentication_failure" },
    });
    expectConforms(failed, "SetupIntent");
    const canceled = await stripe.setupIntents.cancel(si.id, { cancellation_reason: "abandoned" });
    expect(canceled.status).toBe("canceled");
    expectConforms(canceled, "SetupIntent");
  });

  it("off-session payments with Stripe's cards for saved cards: succeeded, or a 402 with the PaymentIntent", async () => {
    // 4000 0025 0000 3155, set up (above): charged without the customer.
    const setUp = (await stripe.customers.retrieve(customer.id)).invoice_settings.default_payment_method;
    const paid = await chargeOffSession(setUp);
    expect(paid).toMatchObject({ status: "succeeded", customer: customer.id, payment_method: setUp });
    expectConforms(paid, "PaymentIntent");
    expectConforms(await stripe.charges.retrieve(paid.latest_charge), "Charge");

    const declines = [
      // 4000 0027 6000 3184 asks for authentication on every payment, set up or not.
      [await savedCard("pm_card_authenticationRequired"), "authentication_required", "authentication_required"],
      // 4000 0000 0000 0341 is saved without complaint; every charge of it is declined.
      [await savedCard("pm_card_chargeCustomerFail"), "card_declined", "generic_decline"],
      // 4000 0082 6000 3178 is set up after authentication, then declined for insufficient funds.
      [
        await savedCard("pm_card_authenticationRequiredChargeDeclinedInsufficientFunds"),
        "card_declined",
        "insufficient_funds",
      ],
    ];
    for (const [pm, code, declineCode] of declines) {
      const error = await rejection(chargeOffSession(pm));
      expect(error, code).toBeInstanceOf(Stripe.errors.StripeCardError);
      expect(error).toMatchObject({ statusCode: 402, code, decline_code: declineCode });
      // What the worker reads to tell the family: the PaymentIntent, its last error and the card.
      expect(error.raw.payment_intent).toMatchObject({
        object: "payment_intent",
        status: "requires_payment_method",
        customer: customer.id,
        last_payment_error: { code, decline_code: declineCode, payment_method: { id: pm } },
      });
      expectConforms(errorObject(error), "ApiError");
    }
  });

  it("a payment that saves its card (setup_future_usage) through the card field and the bank's authentication", async () => {
    const intent = await newIntent({ customer: customer.id, setup_future_usage: "off_session" });
    expect(intent).toMatchObject({ customer: customer.id, setup_future_usage: "off_session" });
    expectConforms(intent, "PaymentIntent");
    expect(await confirmCard(sandbox.url, intent.client_secret, "4000002500003155")).toBe(200);
    const waiting = await stripe.paymentIntents.retrieve(intent.id);
    expect(waiting).toMatchObject({ status: "requires_action", next_action: { type: "use_stripe_sdk" } });
    expectConforms(waiting, "PaymentIntent");
    expect(await authenticateCard(sandbox.url, intent.client_secret)).toBe(200);
    const paid = await stripe.paymentIntents.retrieve(intent.id, { expand: ["payment_method"] });
    expect(paid).toMatchObject({ status: "succeeded", payment_method: { customer: customer.id } });
    expectConforms(paid, "PaymentIntent");
    expect((await chargeOffSession(paid.payment_method.id)).status).toBe("succeeded");
  });

  it("a detached card: the PaymentMethod", async () => {
    const pm = await stripe.paymentMethods.attach("pm_card_visa", { customer: customer.id });
    expect(pm.customer).toBe(customer.id);
    expectConforms(pm, "PaymentMethod");
    const detached = await stripe.paymentMethods.detach(pm.id);
    expect(detached.customer).toBeNull();
    expectConforms(detached, "PaymentMethod");
  });

  it("the rate limit: Stripe's 429, the SDK's StripeRateLimitError", async () => {
    sandbox.setRequestsPerSecond(1);
    try {
      await stripe.customers.retrieve(customer.id);
      const error = await rejection(stripe.customers.retrieve(customer.id));
      expect(error).toBeInstanceOf(Stripe.errors.StripeRateLimitError);
      expect(error).toMatchObject({ statusCode: 429, code: "rate_limit", rawType: "invalid_request_error" });
      expectConforms(errorObject(error), "ApiError");
    } finally {
      sandbox.setRequestsPerSecond(undefined);
    }
  });

  it("events of customers, payment methods, SetupIntents and authentication: declared, delivered, verified", async () => {
    for (const type of SAVING_EVENT_TYPES) {
      const [event] = (await stripe.events.list({ type, limit: 1 })).data;
      expect(event, type).toBeDefined();
      expectConforms(event, "Event");
    }
    await sandbox.waitForDelivery((delivery) => delivery.type === "setup_intent.canceled" && delivery.ok);
    const delivered = new Set();
    for (const { body, signature } of received) {
      const event = stripe.webhooks.constructEvent(body, signature, WEBHOOK_SECRET);
      if (SAVING_EVENT_TYPES.includes(event.type)) delivered.add(event.type);
    }
    expect(delivered).toContain("setup_intent.succeeded");
    expect(delivered).toContain("payment_method.attached");
  });
});

describe("the check itself", () => {
  it("fails a missing field, a null where not nullable, a wrong object value and an undeclared field", async () => {
    const intent = await newIntent();
    expect(problemsOf(intent, "PaymentIntent")).toEqual([]);
    const { client_secret: _dropped, ...withoutSecret } = intent;
    expect(problemsOf(withoutSecret, "PaymentIntent")).toEqual([
      `$.client_secret: missing (stripe ${declarations.version} declares PaymentIntent.client_secret always present)`,
    ]);
    expect(problemsOf({ ...intent, amount: null }, "PaymentIntent")).toEqual([
      "$.amount: null, but the SDK declares number (not nullable)",
    ]);
    expect(problemsOf({ ...intent, object: "charge" }, "PaymentIntent")).toEqual([
      '$.object: "charge" is not a "payment_intent"',
    ]);
    expect(problemsOf({ ...intent, confirmed: true }, "PaymentIntent")).toEqual([
      "$.confirmed: not a field of PaymentIntent",
    ]);
  });

  it("checks an event's object as the one its type carries", async () => {
    const [event] = (await stripe.events.list({ type: "payment_intent.created", limit: 1 })).data;
    expect(problemsOf(event, "Event")).toEqual([]);
    const { latest_charge: _dropped, ...object } = event.data.object;
    expect(problemsOf({ ...event, data: { object } }, "Event")).toEqual([
      `$.data.object.latest_charge: missing (stripe ${declarations.version} declares PaymentIntent.latest_charge always present)`,
    ]);
    // A refund.created event carries a Refund, not a PaymentIntent.
    expect(problemsOf({ ...event, type: "refund.created" }, "Event")).toContain(
      '$.data.object.object: "payment_intent" is not a "refund"',
    );
  });
});
