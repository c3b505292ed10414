// SetupIntents: saving a card for later payments without charging it (create, and confirm at once;
// retrieve; confirm; cancel). Confirmation itself is in setup-confirmation.ts.
import { findCustomer } from "./attachments.js";
import { checkUsable } from "./card-rules.js";
import { unexpectedState } from "./errors.js";
import { newId, nowSeconds, randomId } from "./ids.js";
import { checkClientSecret, findSetupIntent, setupIntentView } from "./intent-views.js";
import { readBoolean, readEnum, readExpand, readMetadata, readString } from "./params.js";
import { checkReturnUrl, readMethodTypes } from "./intent-params.js";
import { createPaymentMethodFrom, resolvePaymentMethod } from "./payment-methods.js";
import { confirmSetup } from "./setup-confirmation.js";
const USAGES = ["off_session", "on_session"];
const CANCELLATION_REASONS = ["abandoned", "duplicate", "requested_by_customer"];
export const createSetupIntent = (core, ctx) => {
    const { params } = ctx;
    const customerId = readString(params, "customer");
    const customer = customerId === undefined ? undefined : findCustomer(core.state, customerId, "customer");
    const { types, allowedTypes, automaticPaymentMethods } = readMethodTypes(params);
    const confirm = readBoolean(params, "confirm") ?? false;
    readString(params, "return_url");
    // A payment method Stripe refuses is refused before any SetupIntent is made (a decline comes after).
    const given = params.payment_method !== undefined && params.payment_method_data === undefined
        ? resolvePaymentMethod(core.state, readString(params, "payment_method") ?? "")
        : undefined;
    if (given)
        checkUsable(core.state, given, customer?.id ?? null);
    if (confirm)
        checkReturnUrl(ctx, automaticPaymentMethods, params, "Setup Intent");
    const id = newId("seti");
    const si = {
        id,
        object: "setup_intent",
        allowed_payment_method_types: allowedTypes,
        application: null,
        automatic_payment_methods: automaticPaymentMethods,
        cancellation_reason: null,
        client_secret: `${id}_secret_${randomId(25)}`,
        created: nowSeconds(),
        customer: customer?.id ?? null,
        customer_account: null,
        description: readString(params, "description", { max: 1000 }) ?? null,
        excluded_payment_method_types: null,
        flow_directions: null,
        last_setup_error: null,
        latest_attempt: null,
        livemode: false,
        mandate: null,
        metadata: readMetadata(params),
        next_action: null,
        on_behalf_of: null,
        payment_method: null,
        payment_method_configuration_details: null,
        payment_method_options: null,
        payment_method_types: types ? [...new Set(types)] : ["card"],
        single_use_mandate: null,
        status: "requires_payment_method",
        // Stripe's default: the card may be charged later without the customer.
        usage: readEnum(params, "usage", USAGES) ?? "off_session",
    };
    if (!confirm && given) {
        si.payment_method = given.id;
        si.status = "requires_confirmation";
    }
    else if (!confirm && params.payment_method_data !== undefined) {
        si.payment_method = createPaymentMethodFrom(core.state, params.payment_method_data, "payment_method_data").id;
        si.status = "requires_confirmation";
    }
    core.state.setupIntents[id] = si;
    core.emit(ctx, "setup_intent.created", si);
    if (confirm)
        confirmSetup(core, ctx, si, params, given);
    return setupIntentView(core.state, si, { expand: readExpand(params) });
};
export const retrieveSetupIntent = ({ state }, ctx, id) => {
    const si = findSetupIntent(state, id);
    if (ctx.publishable)
        checkClientSecret(ctx, si);
    return setupIntentView(state, si, {
        publishable: ctx.publishable,
        expand: ctx.publishable ? [] : readExpand(ctx.params),
    });
};
export const confirmSetupRoute = (core, ctx, id) => {
    const si = findSetupIntent(core.state, id);
    if (ctx.publishable)
        checkClientSecret(ctx, si);
    confirmSetup(core, ctx, si, ctx.params);
    return setupIntentView(core.state, si, {
        publishable: ctx.publishable,
        expand: ctx.publishable ? [] : readExpand(ctx.params),
    });
};
export const cancelSetupIntent = (core, ctx, id) => {
    const si = findSetupIntent(core.state, id);
    const reason = readEnum(ctx.params, "cancellation_reason", CANCELLATION_REASONS);
    if (si.status === "succeeded" || si.status === "canceled") {
        throw unexpectedState(`You cannot cancel this SetupIntent because it has a status of ${si.status}. Only a SetupIntent with one of the following statuses may be canceled: requires_payment_method, requires_confirmation, requires_action.`, "setup_intent_unexpected_state");
    }
    si.status = "canceled";
    si.cancellation_reason = reason ?? null;
    si.next_action = null;
    core.emit(ctx, "setup_intent.canceled", si);
    return setupIntentView(core.state, si, { expand: readExpand(ctx.params) });
};
//# sourceMappingURL=setup-intents.js.map