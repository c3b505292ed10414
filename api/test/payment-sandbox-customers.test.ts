import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticateCard, confirmCard } from "../../tools/card-payment.mjs";
import { LOCAL_PUBLISHABLE_KEY, type PaymentSandbox, startPaymentSandbox } from "../../tools/payment-sandbox.mjs";
import { intentOf, rejection, stripeFor } from "./payment-sandbox-sdk.js";

/**
 * The payment sandbox's customers, saved cards and off-session payments through the real SDK, as a
 * payment plan uses them: a deposit at checkout that saves the card, the rest charged later by a
 * worker without the family there (their events and a restart: payment-sandbox-saved-card-events.test.ts;
 * the rate limit: payment-sandbox-rate-limit.test.ts; the rest of the sandbox: payment-sandbox.test.ts).
 */

describe("payment sandbox: customers and saved cards", () => {
  let sandbox: PaymentSandbox;
  let stripe: Stripe;

  beforeAll(async () => {
    sandbox = await startPaymentSandbox({ port: 0 });
    stripe = stripeFor(sandbox);
  });
  afterAll(() => sandbox.stop());

  const newCustomer = () => stripe.customers.create({ email: "pat@example.com", name: "Pat Parent" });

  /** A card saved to `customer` with a SetupIntent, authenticated when the card asks for it. */
  async function saveCard(customer: Stripe.Customer, paymentMethod: string) {
    const si = await stripe.setupIntents.create({
      customer: customer.id,
      payment_method: paymentMethod,
      confirm: true,
      automatic_payment_methods: { enabled: true, allow_redirects: "never" },
    });
    if (si.status === "requires_action") expect(await authenticateCard(sandbox.url, si.client_secret!)).toBe(200);
    const done = await stripe.setupIntents.retrieve(si.id);
    expect(done.status).toBe("succeeded");
    return done.payment_method as string;
  }

  /** An instalment the worker charges: the saved card, without the customer. */
  const chargeLater = (
    customer: Stripe.Customer,
    paymentMethod: string,
    options?: Stripe.RequestOptions,
  ): Promise<Stripe.PaymentIntent> =>
    stripe.paymentIntents.create(
      {
        amount: 6_000,
        currency: "usd",
        customer: customer.id,
        payment_method: paymentMethod,
        off_session: true,
        confirm: true,
        allowed_payment_method_types: ["card"],
        metadata: { orderId: "77", instalment: "2" },
      },
      options,
    );

  it("creates, reads and updates a customer, refusing a default card that is not theirs", async () => {
    const customer = await stripe.customers.create({
      email: "pat@example.com",
      name: "Pat Parent",
      metadata: { familyId: "fam_1" },
    });
    expect(customer).toMatchObject({
      object: "customer",
      email: "pat@example.com",
      name: "Pat Parent",
      metadata: { familyId: "fam_1" },
      invoice_settings: { default_payment_method: null },
    });
    expect(customer.id).toMatch(/^cus_\w+$/);
    expect((await stripe.customers.retrieve(customer.id)).id).toBe(customer.id);
    const missing = await rejection(stripe.customers.retrieve("cus_missing"));
    expect(missing).toMatchObject({ statusCode: 404, code: "resource_missing" });
    expect(missing.message).toBe("No such customer: 'cus_missing'");

    const updated = await stripe.customers.update(customer.id, { email: "pat.parent@example.com" });
    expect(updated.email).toBe("pat.parent@example.com");
    const event = sandbox.events.findLast((e) => e.type === "customer.updated")!;
    expect(event.data.previous_attributes).toEqual({ email: "pat@example.com" });
    expect(await rejection(stripe.customers.update(customer.id, { email: "not an address" }))).toMatchObject({
      statusCode: 400,
      param: "email",
      code: "email_invalid",
    });

    const elsewhere = await saveCard(await newCustomer(), "pm_card_visa");
    const notTheirs = await rejection(
      stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: elsewhere } }),
    );
    expect(notTheirs).toMatchObject({ statusCode: 400, param: "invoice_settings[default_payment_method]" });
    expect(notTheirs.message).toMatch(/^The customer does not have a payment method with the ID pm_/);
  });

  it("saves a card with a SetupIntent and charges it later without the customer", async () => {
    const customer = await newCustomer();
    const si = await stripe.setupIntents.create({
      customer: customer.id,
      payment_method: "pm_card_visa",
      confirm: true,
      automatic_payment_methods: { enabled: true, allow_redirects: "never" },
      metadata: { orderId: "77" },
    });
    expect(si).toMatchObject({
      object: "setup_intent",
      status: "succeeded",
      usage: "off_session",
      customer: customer.id,
    });
    expect(si.id).toMatch(/^seti_\w+$/);
    expect(si.client_secret).toMatch(new RegExp(`^${si.id}_secret_\\w+$`));
    const pm = si.payment_method as string;
    expect((await stripe.paymentMethods.retrieve(pm)).customer).toBe(customer.id);
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm } });
    expect((await stripe.customers.listPaymentMethods(customer.id)).data.map((card) => card.id)).toEqual([pm]);
    const types = sandbox.events.filter((e) => [si.id, pm, customer.id].includes(e.data.object.id)).map((e) => e.type);
    expect(types).toEqual([
      "customer.created",
      "setup_intent.created",
      "payment_method.attached",
      "setup_intent.succeeded",
      "customer.updated",
    ]);

    const paid = await chargeLater(customer, pm);
    expect(paid).toMatchObject({
      status: "succeeded",
      amount_received: 6_000,
      customer: customer.id,
      payment_method: pm,
    });
    expect((await stripe.charges.retrieve(paid.latest_charge as string)).customer).toBe(customer.id);
    expect(sandbox.events.filter((e) => e.data.object.id === paid.id).map((e) => e.type)).toEqual([
      "payment_intent.created",
      "payment_intent.succeeded",
    ]);
  });

  it("lists a customer's PaymentIntents, newest first and paged, as Stripe does", async () => {
    const customer = await newCustomer();
    const pm = (await stripe.paymentMethods.attach("pm_card_visa", { customer: customer.id })).id;
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await chargeLater(customer, pm)).id);
    const firstPage = await stripe.paymentIntents.list({ customer: customer.id, limit: 2 });
    expect(firstPage.data.map((pi) => pi.id)).toEqual([made[2], made[1]]);
    expect(firstPage.has_more).toBe(true);
    const all = [];
    for await (const pi of stripe.paymentIntents.list({ customer: customer.id, limit: 2 })) all.push(pi.id);
    expect(all).toEqual([...made].reverse());
    expect((await stripe.paymentIntents.list({ customer: (await newCustomer()).id })).data).toEqual([]);
  });

  it("asks for a return_url, as Stripe does, when the intent may redirect and none is given", async () => {
    const customer = await newCustomer();
    const error = await rejection(
      stripe.setupIntents.create({ customer: customer.id, payment_method: "pm_card_visa", confirm: true }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error.message).toMatch(/^A `return_url` must be specified because this Setup Intent is configured/);
    const withUrl = await stripe.setupIntents.create({
      customer: customer.id,
      payment_method: "pm_card_visa",
      confirm: true,
      return_url: "http://localhost:3000/dashboard/payment",
    });
    expect(withUrl.status).toBe("succeeded");
    const offSession = await rejection(
      stripe.paymentIntents.create({
        amount: 5_000,
        currency: "usd",
        customer: customer.id,
        payment_method: withUrl.payment_method as string,
        off_session: true,
        confirm: true,
      }),
    );
    expect(offSession.message).toMatch(/^A `return_url` must be specified because this Payment Intent/);
  });

  it("4000 0025 0000 3155: authenticated once when saved, then charged without the customer", async () => {
    const customer = await newCustomer();
    // Saved without authentication (attached directly): a charge without the customer is declined.
    const attached = await stripe.paymentMethods.attach("pm_card_authenticationRequiredOnSetup", {
      customer: customer.id,
    });
    const unauthenticated = await rejection(chargeLater(customer, attached.id));
    expect(unauthenticated).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(unauthenticated).toMatchObject({
      statusCode: 402,
      code: "authentication_required",
      decline_code: "authentication_required",
      message: "Your card was declined. This transaction requires authentication.",
    });

    const si = await stripe.setupIntents.create({
      customer: customer.id,
      payment_method: "pm_card_authenticationRequiredOnSetup",
      confirm: true,
      automatic_payment_methods: { enabled: true, allow_redirects: "never" },
    });
    expect(si).toMatchObject({ status: "requires_action", next_action: { type: "use_stripe_sdk" } });
    // Nothing is saved until the customer has authenticated.
    expect((await stripe.paymentMethods.retrieve(si.payment_method as string)).customer).toBeNull();
    expect(await authenticateCard(sandbox.url, si.client_secret!)).toBe(200);
    const pm = (await stripe.setupIntents.retrieve(si.id)).payment_method as string;
    expect((await stripe.paymentMethods.retrieve(pm)).customer).toBe(customer.id);
    expect((await chargeLater(customer, pm)).status).toBe("succeeded");
    // With the customer there, this card always asks again.
    const onSession = await stripe.paymentIntents.create({
      amount: 5_000,
      currency: "usd",
      customer: customer.id,
      payment_method: pm,
      confirm: true,
      allowed_payment_method_types: ["card"],
    });
    expect(onSession).toMatchObject({
      status: "requires_action",
      allowed_payment_method_types: ["card"],
      payment_method_types: ["card"],
      automatic_payment_methods: null,
    });
    expect(sandbox.events.filter((e) => e.data.object.id === onSession.id).map((e) => e.type)).toEqual([
      "payment_intent.created",
      "payment_intent.requires_action",
    ]);
  });

  it("a deposit that saves its card (setup_future_usage), paid through the card field and the bank's check", async () => {
    const customer = await newCustomer();
    const deposit = await stripe.paymentIntents.create({
      amount: 4_000,
      currency: "usd",
      customer: customer.id,
      setup_future_usage: "off_session",
      automatic_payment_methods: { enabled: true, allow_redirects: "never" },
    });
    expect(await confirmCard(sandbox.url, deposit.client_secret!, "4000002500003155")).toBe(200);
    expect((await stripe.paymentIntents.retrieve(deposit.id)).status).toBe("requires_action");
    expect(await authenticateCard(sandbox.url, deposit.client_secret!)).toBe(200);
    const paid = await stripe.paymentIntents.retrieve(deposit.id);
    expect(paid).toMatchObject({ status: "succeeded", setup_future_usage: "off_session" });
    const pm = paid.payment_method as string;
    expect((await stripe.paymentMethods.retrieve(pm)).customer).toBe(customer.id);
    expect((await chargeLater(customer, pm)).status).toBe("succeeded");
  });

  it("4000 0027 6000 3184: declined without the customer, then paid when they authenticate the same PaymentIntent", async () => {
    const customer = await newCustomer();
    const pm = await saveCard(customer, "pm_card_authenticationRequired");
    const error = await rejection(chargeLater(customer, pm));
    expect(error).toMatchObject({ statusCode: 402, code: "authentication_required" });
    const failed = intentOf(error);
    expect(failed).toMatchObject({
      status: "requires_payment_method",
      payment_method: null,
      last_payment_error: { code: "authentication_required", payment_method: { id: pm } },
    });
    expect(sandbox.events.filter((e) => e.data.object.id === failed.id).map((e) => e.type)).toEqual([
      "payment_intent.created",
      "payment_intent.payment_failed",
    ]);
    // The family comes back: the page confirms the same intent with its saved card (Stripe.js's
    // confirmCardPayment with last_payment_error.payment_method), and they authenticate.
    const confirm = await fetch(`${sandbox.url}/v1/payment_intents/${failed.id}/confirm`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        key: LOCAL_PUBLISHABLE_KEY,
        client_secret: failed.client_secret!,
        payment_method: pm,
      }),
    });
    expect(confirm.status).toBe(200);
    expect(((await confirm.json()) as { status: string }).status).toBe("requires_action");
    expect(await authenticateCard(sandbox.url, failed.client_secret!)).toBe(200);
    expect(await stripe.paymentIntents.retrieve(failed.id)).toMatchObject({
      status: "succeeded",
      amount_received: 6_000,
    });
  });

  it("a failed authentication leaves the intent to pay again, recorded as Stripe records it", async () => {
    const customer = await newCustomer();
    const si = await stripe.setupIntents.create({
      customer: customer.id,
      payment_method: "pm_card_authenticationRequired",
      confirm: true,
      automatic_payment_methods: { enabled: true, allow_redirects: "never" },
    });
    expect(await authenticateCard(sandbox.url, si.client_secret!, "fail")).toBe(200);
    expect(await stripe.setupIntents.retrieve(si.id)).toMatchObject({
      status: "requires_payment_method",
      payment_method: null,
      last_setup_error: {
        code: "setup_intent_authentication_failure",
        message: "The latest attempt to set up the payment method has failed because authentication failed.",
      },
    });
    expect(sandbox.events.findLast((e) => e.data.object.id === si.id)?.type).toBe("setup_intent.setup_failed");
    // Nothing left to authenticate.
    expect(await authenticateCard(sandbox.url, si.client_secret!)).toBe(400);
    expect(await authenticateCard(sandbox.url, `${si.id}_secret_wrong`)).toBe(400);
  });

  it("4000 0000 0000 0341 and 4000 0082 6000 3178: saved, then declined; an Idempotency-Key replays the decline", async () => {
    const customer = await newCustomer();
    const failing = await saveCard(customer, "pm_card_chargeCustomerFail");
    const key = `instalment-${Date.now()}`;
    const first = await rejection(chargeLater(customer, failing, { idempotencyKey: key }));
    expect(first).toMatchObject({ statusCode: 402, code: "card_declined", decline_code: "generic_decline" });
    const again = await rejection(chargeLater(customer, failing, { idempotencyKey: key }));
    expect(intentOf(again).id).toBe(intentOf(first).id);
    expect(again.headers?.["idempotent-replayed"]).toBe("true");
    expect(sandbox.events.filter((e) => e.data.object.id === intentOf(first).id).map((e) => e.type)).toEqual([
      "payment_intent.created",
      "payment_intent.payment_failed",
    ]);

    const poor = await saveCard(customer, "pm_card_authenticationRequiredChargeDeclinedInsufficientFunds");
    const declined = await rejection(chargeLater(customer, poor));
    expect(declined).toMatchObject({ code: "card_declined", decline_code: "insufficient_funds" });
    const charge = await stripe.charges.retrieve(intentOf(declined).latest_charge as string);
    expect(charge).toMatchObject({ status: "failed", failure_code: "card_declined", customer: customer.id });
  });

  it("refuses what Stripe refuses: a declining card saved, a spent or detached card reused, another family's card", async () => {
    const customer = await newCustomer();
    const declining = await rejection(
      stripe.paymentMethods.attach("pm_card_chargeDeclined", { customer: customer.id }),
    );
    expect(declining).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(declining).toMatchObject({ code: "card_declined", decline_code: "generic_decline" });
    const failedSetup = await rejection(
      stripe.setupIntents.create({
        customer: customer.id,
        payment_method: "pm_card_chargeDeclined",
        confirm: true,
        automatic_payment_methods: { enabled: true, allow_redirects: "never" },
      }),
    );
    expect(failedSetup).toMatchObject({ statusCode: 402, code: "card_declined" });
    expect((failedSetup.raw as { setup_intent: Stripe.SetupIntent }).setup_intent.status).toBe(
      "requires_payment_method",
    );

    // Paid once without being saved: Stripe never takes that card again.
    const once = await stripe.paymentIntents.create({
      amount: 5_000,
      currency: "usd",
      payment_method: "pm_card_visa",
      confirm: true,
      allowed_payment_method_types: ["card"],
    });
    const spent = once.payment_method as string;
    const attach = await rejection(stripe.paymentMethods.attach(spent, { customer: customer.id }));
    expect(attach).toMatchObject({ statusCode: 400 });
    expect(attach.message).toMatch(/^This PaymentMethod was previously used without being attached to a Customer/);
    const reuse = await rejection(chargeLater(customer, spent));
    expect(reuse).toMatchObject({ statusCode: 400, param: "payment_method" });
    expect(reuse.message).toMatch(
      /^The provided PaymentMethod was previously used with a PaymentIntent without Customer/,
    );

    const pm = await saveCard(customer, "pm_card_visa");
    const other = await newCustomer();
    expect(await rejection(chargeLater(other, pm))).toMatchObject({ statusCode: 400, param: "payment_method" });
    expect(await rejection(stripe.paymentMethods.attach(pm, { customer: other.id }))).toMatchObject({
      statusCode: 400,
      message: "The payment method you provided has already been attached to a customer.",
    });
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm } });
    expect((await stripe.paymentMethods.detach(pm)).customer).toBeNull();
    const after = (await stripe.customers.retrieve(customer.id)) as Stripe.Customer;
    expect(after.invoice_settings.default_payment_method).toBeNull();
    expect(await rejection(stripe.paymentMethods.detach(pm))).toMatchObject({ statusCode: 400 });
    expect(await rejection(chargeLater(customer, pm))).toMatchObject({ statusCode: 400 });

    const noConfirm = await rejection(
      stripe.paymentIntents.create({ amount: 5_000, currency: "usd", customer: customer.id, off_session: true }),
    );
    expect(noConfirm).toMatchObject({ statusCode: 400, param: "off_session" });
    expect(await rejection(stripe.setupIntents.create({ customer: "cus_missing" }))).toMatchObject({
      statusCode: 404,
      param: "customer",
    });
  });

  it("cancels an open SetupIntent, not a saved one", async () => {
    const customer = await newCustomer();
    const open = await stripe.setupIntents.create({ customer: customer.id });
    expect(open.status).toBe("requires_payment_method");
    expect(await stripe.setupIntents.cancel(open.id, { cancellation_reason: "abandoned" })).toMatchObject({
      status: "canceled",
      cancellation_reason: "abandoned",
    });
    const confirm = await rejection(stripe.setupIntents.confirm(open.id, { payment_method: "pm_card_visa" }));
    expect(confirm).toMatchObject({ statusCode: 400, code: "setup_intent_unexpected_state" });
    const saved = await stripe.setupIntents.create({
      customer: customer.id,
      payment_method: "pm_card_visa",
      confirm: true,
      automatic_payment_methods: { enabled: true, allow_redirects: "never" },
    });
    expect(await rejection(stripe.setupIntents.cancel(saved.id))).toMatchObject({
      code: "setup_intent_unexpected_state",
    });
  });

  it("lets Stripe.js read a SetupIntent with its client secret, and only its client-side fields", async () => {
    const customer = await newCustomer();
    const si = await stripe.setupIntents.create({ customer: customer.id, metadata: { orderId: "77" } });
    const read = await fetch(
      `${sandbox.url}/v1/setup_intents/${si.id}?key=${LOCAL_PUBLISHABLE_KEY}&client_secret=${encodeURIComponent(si.client_secret!)}`,
    );
    expect(read.status).toBe(200);
    const body = (await read.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ id: si.id, object: "setup_intent", status: "requires_payment_method" });
    expect(body.metadata).toBeUndefined();
    expect(body.customer).toBeUndefined();
    const other = await fetch(`${sandbox.url}/v1/setup_intents?key=${LOCAL_PUBLISHABLE_KEY}`, { method: "POST" });
    expect(other.status).toBe(401);
  });
});
