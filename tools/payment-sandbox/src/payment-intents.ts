// PaymentIntents: create (and confirm at once), retrieve, update, confirm, cancel.
import { confirmIntent } from "./confirmation.js";
import type { RouteHandler } from "./context.js";
import { invalid, unexpectedState } from "./errors.js";
import { isParams } from "./form-body.js";
import { newId, nowSeconds, randomId } from "./ids.js";
import { checkClientSecret, findIntent, intentView } from "./intent-views.js";
import { checkAmount } from "./money.js";
import type { PaymentIntent } from "./objects.js";
import {
  readBoolean,
  readCurrency,
  readEmail,
  readEnum,
  readExpand,
  readInteger,
  readMetadata,
  readString,
  readStringArray,
} from "./params.js";
import { createPaymentMethodFrom, resolvePaymentMethod } from "./payment-methods.js";

const CANCELLATION_REASONS = ["duplicate", "fraudulent", "requested_by_customer", "abandoned"] as const;
const OPEN_STATUSES = ["requires_payment_method", "requires_confirmation", "requires_action"];

/** payment_method_types: cards only (the sandbox has no other method). */
function readCardTypes(types: string[] | undefined): void {
  for (const [index, type] of (types ?? []).entries()) {
    if (type !== "card") {
      throw invalid(
        `The payment method type "${type}" is not supported by the local sandbox: use card.`,
        `payment_method_types[${index}]`,
      );
    }
  }
}

export const createIntent: RouteHandler = (core, ctx) => {
  const { params } = ctx;
  const amount = readInteger(params, "amount", { required: true });
  const currency = readCurrency(params);
  checkAmount(amount, currency);
  const metadata = readMetadata(params);
  const description = readString(params, "description", { max: 1000 });
  const receiptEmail = readEmail(params);
  const types = readStringArray(params, "payment_method_types");
  const automatic = params.automatic_payment_methods;
  if (automatic !== undefined && !isParams(automatic)) throw invalid("Invalid object", "automatic_payment_methods");
  const automaticEnabled = automatic ? readBoolean(automatic, "enabled") : undefined;
  const allowRedirects = automatic ? readEnum(automatic, "allow_redirects", ["always", "never"]) : undefined;
  if (automaticEnabled && types) {
    throw invalid(
      "You may only specify one of these parameters: automatic_payment_methods, payment_method_types.",
      "automatic_payment_methods",
    );
  }
  readCardTypes(types);
  const confirm = readBoolean(params, "confirm") ?? false;
  readString(params, "return_url");
  const captureMethod = readString(params, "capture_method");
  if (captureMethod !== undefined && captureMethod !== "automatic" && captureMethod !== "automatic_async") {
    throw invalid(
      "The local sandbox captures automatically: capture_method manual is not supported.",
      "capture_method",
    );
  }
  const id = newId("pi");
  const pi: PaymentIntent = {
    id,
    object: "payment_intent",
    allowed_payment_method_types: null,
    amount,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    // Since API version 2023-08-16 automatic payment methods are on unless types are listed.
    automatic_payment_methods: types
      ? null
      : { enabled: true, ...(allowRedirects ? { allow_redirects: allowRedirects } : {}) },
    canceled_at: null,
    cancellation_reason: null,
    capture_method: "automatic",
    client_secret: `${id}_secret_${randomId(25)}`,
    confirmation_method: "automatic",
    created: nowSeconds(),
    currency,
    customer: null,
    customer_account: null,
    description: description ?? null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: types ? [...new Set(types)] : ["card"],
    payment_record: null,
    processing: null,
    receipt_email: receiptEmail ?? null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: readString(params, "statement_descriptor", { max: 22 }) ?? null,
    statement_descriptor_suffix: null,
    status: "requires_payment_method",
    transfer_group: null,
  };
  if (!confirm && params.payment_method !== undefined) {
    pi.payment_method = resolvePaymentMethod(core.state, readString(params, "payment_method") ?? "").id;
    pi.status = "requires_confirmation";
  } else if (!confirm && params.payment_method_data !== undefined) {
    pi.payment_method = createPaymentMethodFrom(core.state, params.payment_method_data, "payment_method_data").id;
    pi.status = "requires_confirmation";
  }
  core.state.paymentIntents[id] = pi;
  core.emit(ctx, "payment_intent.created", pi);
  if (confirm) confirmIntent(core, ctx, pi, params);
  return intentView(core.state, pi, { expand: readExpand(params) });
};

export const retrieveIntent: RouteHandler = ({ state }, ctx, id) => {
  const pi = findIntent(state, id);
  if (ctx.publishable) checkClientSecret(ctx, pi);
  return intentView(state, pi, { publishable: ctx.publishable, expand: ctx.publishable ? [] : readExpand(ctx.params) });
};

export const updateIntent: RouteHandler = ({ state }, ctx, id) => {
  const { params } = ctx;
  const pi = findIntent(state, id);
  const open = OPEN_STATUSES.includes(pi.status);
  const changesPayment = ["amount", "currency", "payment_method"].some((name) => params[name] !== undefined);
  if (!open && changesPayment) {
    throw unexpectedState(
      `This PaymentIntent's amount, currency or payment_method could not be updated because it has a status of ${pi.status}. You may only update them on a PaymentIntent with one of the following statuses: requires_payment_method, requires_confirmation, requires_action.`,
    );
  }
  const currency = readCurrency(params, { required: false }) ?? pi.currency;
  const amount = readInteger(params, "amount") ?? pi.amount;
  checkAmount(amount, currency);
  const metadata = readMetadata(params, pi.metadata);
  const description = readString(params, "description", { max: 1000 });
  const receiptEmail = readEmail(params);
  if (params.payment_method !== undefined) {
    pi.payment_method = resolvePaymentMethod(state, readString(params, "payment_method") ?? "").id;
    pi.status = "requires_confirmation";
  }
  pi.amount = amount;
  pi.currency = currency;
  pi.metadata = metadata;
  if (description !== undefined) pi.description = description === "" ? null : description;
  if (receiptEmail !== undefined) pi.receipt_email = receiptEmail;
  return intentView(state, pi, { expand: readExpand(params) });
};

export const confirmRoute: RouteHandler = (core, ctx, id) => {
  const pi = findIntent(core.state, id);
  if (ctx.publishable) checkClientSecret(ctx, pi);
  confirmIntent(core, ctx, pi, ctx.params);
  return intentView(core.state, pi, {
    publishable: ctx.publishable,
    expand: ctx.publishable ? [] : readExpand(ctx.params),
  });
};

export const cancelIntent: RouteHandler = (core, ctx, id) => {
  const pi = findIntent(core.state, id);
  const reason = readEnum(ctx.params, "cancellation_reason", CANCELLATION_REASONS);
  if (pi.status === "succeeded" || pi.status === "canceled") {
    throw unexpectedState(
      `You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
    );
  }
  pi.status = "canceled";
  pi.canceled_at = nowSeconds();
  pi.cancellation_reason = reason ?? null;
  core.emit(ctx, "payment_intent.canceled", pi);
  return intentView(core.state, pi, { expand: readExpand(ctx.params) });
};
