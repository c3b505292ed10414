// Confirming a PaymentIntent: the payment method is charged with its test card's outcome; a decline
// or bad card data fails the attempt (the intent may be confirmed again), a success settles it.
import type { RequestContext, SandboxCore } from "./context.js";
import { ApiError, unexpectedState } from "./errors.js";
import type { Params } from "./form-body.js";
import { clone, newId, nowSeconds } from "./ids.js";
import { intentView } from "./intent-views.js";
import type { Charge, LastPaymentError, PaymentIntent, PaymentMethod } from "./objects.js";
import { readEmail, readString } from "./params.js";
import { createPaymentMethodFrom, resolvePaymentMethod } from "./payment-methods.js";
import { lookup } from "./state.js";
import { DECLINES, type CardOutcome } from "./test-cards.js";

function newCharge({ state }: SandboxCore, pi: PaymentIntent, pm: PaymentMethod, outcome: CardOutcome): Charge {
  const decline = outcome === "success" ? undefined : DECLINES[outcome];
  const { card } = pm;
  const charge: Charge = {
    id: newId("ch"),
    object: "charge",
    amount: pi.amount,
    amount_captured: decline ? 0 : pi.amount,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: decline ? null : newId("txn"),
    billing_details: clone(pm.billing_details),
    calculated_statement_descriptor: pi.statement_descriptor,
    captured: !decline,
    created: nowSeconds(),
    currency: pi.currency,
    customer: null,
    description: pi.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: decline ? decline.code : null,
    failure_message: decline ? decline.message : null,
    fraud_details: null,
    livemode: false,
    metadata: clone(pi.metadata),
    on_behalf_of: null,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      ...(decline
        ? {
            network_status: "declined_by_network",
            reason: decline.decline_code,
            risk_level: "normal",
            seller_message: "The bank did not return any further details with this decline.",
            type: "issuer_declined",
          }
        : {
            network_status: "approved_by_network",
            reason: null,
            risk_level: "normal",
            seller_message: "Payment complete.",
            type: "authorized",
          }),
    },
    paid: !decline,
    payment_intent: pi.id,
    payment_method: pm.id,
    payment_method_details: {
      type: "card",
      card: {
        amount_authorized: decline ? null : pi.amount,
        authorization_code: null,
        brand: card.brand,
        checks: clone(card.checks),
        country: card.country,
        electronic_commerce_indicator: null,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        funding: card.funding,
        installments: null,
        last4: card.last4,
        mandate: null,
        network: card.brand,
        network_transaction_id: null,
        regulated_status: card.regulated_status,
        three_d_secure: null,
        transaction_link_id: null,
        wallet: null,
      },
    },
    receipt_email: pi.receipt_email,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: pi.statement_descriptor,
    statement_descriptor_suffix: null,
    status: decline ? "failed" : "succeeded",
    transfer_data: null,
    transfer_group: null,
  };
  state.charges[charge.id] = charge;
  return charge;
}

/** A failed attempt: the PaymentIntent goes back to requires_payment_method and may be confirmed again. */
function failPayment(
  core: SandboxCore,
  ctx: RequestContext,
  pi: PaymentIntent,
  error: LastPaymentError,
  pm?: PaymentMethod,
  charge?: Charge,
): ApiError {
  const lastError: LastPaymentError = {
    ...error,
    ...(charge ? { charge: charge.id } : {}),
    ...(pm ? { payment_method: clone(pm) } : {}),
  };
  pi.status = "requires_payment_method";
  pi.last_payment_error = lastError;
  pi.payment_method = null;
  if (charge) pi.latest_charge = charge.id;
  if (charge) core.emit(ctx, "charge.failed", charge);
  core.emit(ctx, "payment_intent.payment_failed", pi);
  return new ApiError(402, {
    ...lastError,
    payment_intent: intentView(core.state, pi, { publishable: ctx.publishable }),
  });
}

/** The payment method of this confirmation: new card data, a given id, or the one already attached. */
function paymentMethodFor(core: SandboxCore, ctx: RequestContext, pi: PaymentIntent, params: Params) {
  if (params.payment_method_data !== undefined) {
    try {
      return createPaymentMethodFrom(core.state, params.payment_method_data, "payment_method_data");
    } catch (error) {
      // Bad card data fails the attempt like a decline does (the PaymentIntent records it).
      if (error instanceof ApiError && error.status === 402) throw failPayment(core, ctx, pi, error.error);
      throw error;
    }
  }
  if (params.payment_method !== undefined) {
    return resolvePaymentMethod(core.state, readString(params, "payment_method") ?? "");
  }
  return lookup(core.state.paymentMethods, pi.payment_method);
}

export function confirmIntent(core: SandboxCore, ctx: RequestContext, pi: PaymentIntent, params: Params): void {
  if (pi.status === "succeeded") {
    throw unexpectedState(
      "You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.",
    );
  }
  if (pi.status === "canceled") {
    throw unexpectedState(
      "You cannot confirm this PaymentIntent because it has a status of canceled. Only a PaymentIntent with one of the following statuses may be confirmed: requires_payment_method, requires_confirmation, requires_action.",
    );
  }
  const receiptEmail = readEmail(params);
  if (receiptEmail !== undefined) pi.receipt_email = receiptEmail;
  const pm = paymentMethodFor(core, ctx, pi, params);
  if (!pm) {
    throw unexpectedState(
      "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
    );
  }
  const outcome = lookup(core.state.cardOutcomes, pm.id) ?? "success";
  const charge = newCharge(core, pi, pm, outcome);
  if (outcome !== "success") {
    const decline = DECLINES[outcome];
    const error: LastPaymentError = {
      type: "card_error",
      code: decline.code,
      decline_code: decline.decline_code,
      message: decline.message,
      doc_url: `https://stripe.com/docs/error-codes/${decline.code.replace(/_/g, "-")}`,
    };
    throw failPayment(core, ctx, pi, error, pm, charge);
  }
  pi.status = "succeeded";
  pi.amount_received = pi.amount;
  pi.latest_charge = charge.id;
  pi.payment_method = pm.id;
  pi.last_payment_error = null;
  core.emit(ctx, "charge.succeeded", charge);
  core.emit(ctx, "payment_intent.succeeded", pi);
}
