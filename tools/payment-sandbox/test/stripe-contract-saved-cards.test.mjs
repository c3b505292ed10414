// The sandbox's customers, saved cards, SetupIntents and off-session payments held to the `stripe`
// package's declarations at run time, as stripe-contract.test.mjs holds its payments: driven through
// the real SDK (and the card field's path), every answer checked against the installed SDK's .d.ts.
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { authenticateCard, confirmCard } from "../../card-payment.mjs";
import {
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

useContractSandbox();

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
      [await savedCard("pm_card_authenticationRequired"), "authentication_required", "authentication_required", "3184"],
      // 4000 0000 0000 0341 is saved without complaint; every charge of it is declined.
      [await savedCard("pm_card_chargeCustomerFail"), "card_declined", "generic_decline", "0341"],
      // 4000 0082 6000 3178 is set up after authentication, then declined for insufficient funds.
      [
        await savedCard("pm_card_authenticationRequiredChargeDeclinedInsufficientFunds"),
        "card_declined",
        "insufficient_funds",
        "3178",
      ],
    ];
    for (const [pm, code, declineCode, last4] of declines) {
      const error = await rejection(chargeOffSession(pm));
      expect(error, code).toBeInstanceOf(Stripe.errors.StripeCardError);
      expect(error).toMatchObject({ statusCode: 402, code, decline_code: declineCode });
      // What the worker reads to tell the family: the PaymentIntent, its last error and the card.
      expect(error.raw.payment_intent).toMatchObject({
        object: "payment_intent",
        status: "requires_payment_method",
        customer: customer.id,
        // The card refused, whole: the family's e-mail names it by its last four digits.
        last_payment_error: { code, decline_code: declineCode, payment_method: { id: pm, card: { last4 } } },
      });
      expect(error.payment_method).toMatchObject({ id: pm, card: { last4 } });
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
