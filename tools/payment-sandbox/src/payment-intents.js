// PaymentIntents: create (and confirm at once), retrieve, update, confirm, cancel.
import { findCustomer } from "./attachments.js";
import { checkUsable } from "./card-rules.js";
import { confirmIntent } from "./confirmation.js";
import { invalid, missing, unexpectedState } from "./errors.js";
import { newId, nowSeconds, randomId } from "./ids.js";
import { checkReturnUrl, readMethodTypes, readOffSession, readSetupFutureUsage } from "./intent-params.js";
import { checkClientSecret, findIntent, intentView } from "./intent-views.js";
import { checkAmount } from "./money.js";
import { readBoolean, readCurrency, readEmail, readEnum, readExpand, readInteger, readLimit, readMetadata, readString, } from "./params.js";
import { createPaymentMethodFrom, resolvePaymentMethod } from "./payment-methods.js";
const CANCELLATION_REASONS = ["duplicate", "fraudulent", "requested_by_customer", "abandoned"];
const OPEN_STATUSES = ["requires_payment_method", "requires_confirmation", "requires_action"];
export const createIntent = (core, ctx) => {
    const { params } = ctx;
    const amount = readInteger(params, "amount", { required: true });
    const currency = readCurrency(params);
    checkAmount(amount, currency);
    const metadata = readMetadata(params);
    const description = readString(params, "description", { max: 1000 });
    const receiptEmail = readEmail(params);
    const { types, allowedTypes, automaticPaymentMethods } = readMethodTypes(params);
    const confirm = readBoolean(params, "confirm") ?? false;
    readString(params, "return_url");
    const customerId = readString(params, "customer");
    const customer = customerId === undefined ? undefined : findCustomer(core.state, customerId, "customer");
    const setupFutureUsage = readSetupFutureUsage(params);
    const offSession = readOffSession(params);
    if (offSession && !confirm) {
        throw invalid("The parameter off_session can only be used when confirm is true.", "off_session");
    }
    // A payment method Stripe refuses is refused before any PaymentIntent is made (a decline comes after).
    const given = params.payment_method !== undefined && params.payment_method_data === undefined
        ? resolvePaymentMethod(core.state, readString(params, "payment_method") ?? "")
        : undefined;
    if (given)
        checkUsable(core.state, given, customer?.id ?? null);
    if (offSession)
        checkReturnUrl(ctx, automaticPaymentMethods, params, "Payment Intent");
    const captureMethod = readString(params, "capture_method");
    if (captureMethod !== undefined && captureMethod !== "automatic" && captureMethod !== "automatic_async") {
        throw invalid("The local sandbox captures automatically: capture_method manual is not supported.", "capture_method");
    }
    const id = newId("pi");
    const pi = {
        id,
        object: "payment_intent",
        allowed_payment_method_types: allowedTypes,
        amount,
        amount_capturable: 0,
        amount_received: 0,
        application: null,
        application_fee_amount: null,
        automatic_payment_methods: automaticPaymentMethods,
        canceled_at: null,
        cancellation_reason: null,
        capture_method: "automatic",
        client_secret: `${id}_secret_${randomId(25)}`,
        confirmation_method: "automatic",
        created: nowSeconds(),
        currency,
        customer: customer?.id ?? null,
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
        setup_future_usage: setupFutureUsage ?? null,
        shipping: null,
        source: null,
        statement_descriptor: readString(params, "statement_descriptor", { max: 22 }) ?? null,
        statement_descriptor_suffix: null,
        status: "requires_payment_method",
        transfer_group: null,
    };
    if (!confirm && given) {
        pi.payment_method = given.id;
        pi.status = "requires_confirmation";
    }
    else if (!confirm && params.payment_method_data !== undefined) {
        pi.payment_method = createPaymentMethodFrom(core.state, params.payment_method_data, "payment_method_data").id;
        pi.status = "requires_confirmation";
    }
    core.state.paymentIntents[id] = pi;
    core.emit(ctx, "payment_intent.created", pi);
    if (confirm)
        confirmIntent(core, ctx, pi, params, given);
    return intentView(core.state, pi, { expand: readExpand(params) });
};
export const retrieveIntent = ({ state }, ctx, id) => {
    const pi = findIntent(state, id);
    if (ctx.publishable)
        checkClientSecret(ctx, pi);
    return intentView(state, pi, { publishable: ctx.publishable, expand: ctx.publishable ? [] : readExpand(ctx.params) });
};
/** GET /v1/payment_intents: newest first, as Stripe lists them, optionally one customer's. */
export const listIntents = ({ state }, ctx) => {
    const { params } = ctx;
    const limit = readLimit(params);
    const customer = readString(params, "customer");
    const after = readString(params, "starting_after");
    let found = Object.values(state.paymentIntents)
        .filter((pi) => customer === undefined || pi.customer === customer)
        .reverse();
    if (after) {
        const at = found.findIndex((pi) => pi.id === after);
        if (at < 0)
            throw missing("payment_intent", after, "starting_after");
        found = found.slice(at + 1);
    }
    const data = found.slice(0, limit).map((pi) => intentView(state, pi));
    return { object: "list", data, has_more: found.length > limit, url: "/v1/payment_intents" };
};
export const updateIntent = ({ state }, ctx, id) => {
    const { params } = ctx;
    const pi = findIntent(state, id);
    const open = OPEN_STATUSES.includes(pi.status);
    const changesPayment = ["amount", "currency", "payment_method"].some((name) => params[name] !== undefined);
    if (!open && changesPayment) {
        throw unexpectedState(`This PaymentIntent's amount, currency or payment_method could not be updated because it has a status of ${pi.status}. You may only update them on a PaymentIntent with one of the following statuses: requires_payment_method, requires_confirmation, requires_action.`);
    }
    const currency = readCurrency(params, { required: false }) ?? pi.currency;
    const amount = readInteger(params, "amount") ?? pi.amount;
    checkAmount(amount, currency);
    const metadata = readMetadata(params, pi.metadata);
    const description = readString(params, "description", { max: 1000 });
    const receiptEmail = readEmail(params);
    const customerId = readString(params, "customer");
    if (customerId !== undefined)
        pi.customer = findCustomer(state, customerId, "customer").id;
    const setupFutureUsage = readSetupFutureUsage(params);
    if (setupFutureUsage !== undefined)
        pi.setup_future_usage = setupFutureUsage;
    if (params.payment_method !== undefined) {
        const pm = resolvePaymentMethod(state, readString(params, "payment_method") ?? "");
        checkUsable(state, pm, pi.customer);
        pi.payment_method = pm.id;
        pi.status = "requires_confirmation";
    }
    pi.amount = amount;
    pi.currency = currency;
    pi.metadata = metadata;
    if (description !== undefined)
        pi.description = description === "" ? null : description;
    if (receiptEmail !== undefined)
        pi.receipt_email = receiptEmail;
    return intentView(state, pi, { expand: readExpand(params) });
};
export const confirmRoute = (core, ctx, id) => {
    const pi = findIntent(core.state, id);
    if (ctx.publishable)
        checkClientSecret(ctx, pi);
    confirmIntent(core, ctx, pi, ctx.params);
    return intentView(core.state, pi, {
        publishable: ctx.publishable,
        expand: ctx.publishable ? [] : readExpand(ctx.params),
    });
};
export const cancelIntent = (core, ctx, id) => {
    const pi = findIntent(core.state, id);
    const reason = readEnum(ctx.params, "cancellation_reason", CANCELLATION_REASONS);
    if (pi.status === "succeeded" || pi.status === "canceled") {
        throw unexpectedState(`You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`);
    }
    pi.status = "canceled";
    pi.canceled_at = nowSeconds();
    pi.cancellation_reason = reason ?? null;
    core.emit(ctx, "payment_intent.canceled", pi);
    return intentView(core.state, pi, { expand: readExpand(ctx.params) });
};
//# sourceMappingURL=payment-intents.js.map