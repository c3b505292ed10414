// What a caller sees of a PaymentIntent or SetupIntent: everything with the secret key (with
// `expand`), Stripe's publishable subset to Stripe.js, and only when it holds the intent's client secret.
import { timingSafeEqual } from "node:crypto";
import { ApiError, missing } from "./errors.js";
import { clone } from "./ids.js";
import { lookup } from "./state.js";
/** PaymentIntent fields Stripe returns to a publishable key (a record, so the type's list and this one match). */
const PUBLISHABLE_PI_FIELDS = Object.keys({
    id: true,
    object: true,
    amount: true,
    automatic_payment_methods: true,
    canceled_at: true,
    cancellation_reason: true,
    capture_method: true,
    client_secret: true,
    confirmation_method: true,
    created: true,
    currency: true,
    description: true,
    last_payment_error: true,
    livemode: true,
    next_action: true,
    payment_method: true,
    payment_method_types: true,
    processing: true,
    receipt_email: true,
    setup_future_usage: true,
    shipping: true,
    status: true,
});
export function intentView(state, pi, { publishable = false, expand = [] } = {}) {
    const view = clone(pi);
    if (expand.includes("latest_charge") && pi.latest_charge) {
        view.latest_charge = clone(lookup(state.charges, pi.latest_charge)) ?? pi.latest_charge;
    }
    if (expand.includes("payment_method") && pi.payment_method) {
        view.payment_method = clone(lookup(state.paymentMethods, pi.payment_method)) ?? pi.payment_method;
    }
    if (!publishable)
        return view;
    // A field the view lacks is null, as on Stripe (the record above makes every one a PaymentIntent field).
    return Object.fromEntries(PUBLISHABLE_PI_FIELDS.map((field) => [field, view[field] ?? null]));
}
/** SetupIntent fields Stripe returns to a publishable key (a record, as above). */
const PUBLISHABLE_SI_FIELDS = Object.keys({
    id: true,
    object: true,
    cancellation_reason: true,
    client_secret: true,
    created: true,
    description: true,
    last_setup_error: true,
    livemode: true,
    next_action: true,
    payment_method: true,
    payment_method_types: true,
    status: true,
    usage: true,
});
export function setupIntentView(state, si, { publishable = false, expand = [] } = {}) {
    const view = clone(si);
    if (expand.includes("payment_method") && si.payment_method) {
        view.payment_method = clone(lookup(state.paymentMethods, si.payment_method)) ?? si.payment_method;
    }
    if (!publishable)
        return view;
    return Object.fromEntries(PUBLISHABLE_SI_FIELDS.map((field) => [field, view[field] ?? null]));
}
export function findSetupIntent(state, id, param = "id") {
    const si = lookup(state.setupIntents, id);
    if (!si)
        throw missing("setup_intent", id, param);
    return si;
}
export function findIntent(state, id, param = "id") {
    const pi = lookup(state.paymentIntents, id);
    if (!pi)
        throw missing("payment_intent", id, param);
    return pi;
}
/** A publishable key reaches an intent only with its client secret (compared in constant time). */
export function checkClientSecret(ctx, intent) {
    const given = ctx.params.client_secret;
    if (typeof given !== "string" || given === "") {
        throw new ApiError(400, {
            type: "invalid_request_error",
            code: "parameter_missing",
            message: "Missing required param: client_secret.",
            param: "client_secret",
        });
    }
    const a = Buffer.from(given);
    const b = Buffer.from(intent.client_secret);
    if (a.length !== b.length || !timingSafeEqual(a, b)) {
        throw new ApiError(400, {
            type: "invalid_request_error",
            code: intent.object === "payment_intent" ? "payment_intent_invalid_parameter" : "setup_intent_invalid_parameter",
            message: `The client_secret provided does not match the client_secret associated with the ${intent.object === "payment_intent" ? "PaymentIntent" : "SetupIntent"}.`,
            param: "client_secret",
        });
    }
}
//# sourceMappingURL=intent-views.js.map