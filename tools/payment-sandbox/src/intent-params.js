import { invalid } from "./errors.js";
import { isParams } from "./form-body.js";
import { readBoolean, readEnum, readString, readStringArray } from "./params.js";
/** Listed payment method types: cards only (the sandbox has no other method). */
function readCardTypes(types, name) {
    for (const [index, type] of (types ?? []).entries()) {
        if (type !== "card") {
            throw invalid(`The payment method type "${type}" is not supported by the local sandbox: use card.`, `${name}[${index}]`);
        }
    }
}
/**
 * The payment method types of an intent, as it keeps them: listed in `allowed_payment_method_types`
 * (the parameter of the API version the pinned SDK sends, whose types have no other) or in the older
 * `payment_method_types` (still taken, as the sandbox's earlier callers send it), cards only; else
 * `automatic_payment_methods`, on by default since API version 2023-08-16.
 */
export function readMethodTypes(params) {
    const allowed = readStringArray(params, "allowed_payment_method_types");
    const listed = readStringArray(params, "payment_method_types");
    if (allowed && listed) {
        throw invalid("You may only specify one of these parameters: allowed_payment_method_types, payment_method_types.", "allowed_payment_method_types");
    }
    const name = allowed ? "allowed_payment_method_types" : "payment_method_types";
    const types = allowed ?? listed;
    const automatic = params.automatic_payment_methods;
    if (automatic !== undefined && !isParams(automatic))
        throw invalid("Invalid object", "automatic_payment_methods");
    const automaticEnabled = automatic ? readBoolean(automatic, "enabled") : undefined;
    const allowRedirects = automatic ? readEnum(automatic, "allow_redirects", ["always", "never"]) : undefined;
    if (automaticEnabled && types) {
        throw invalid(`You may only specify one of these parameters: automatic_payment_methods, ${name}.`, "automatic_payment_methods");
    }
    readCardTypes(types, name);
    const automaticPaymentMethods = types
        ? null
        : { enabled: true, ...(allowRedirects ? { allow_redirects: allowRedirects } : {}) };
    return { types, allowedTypes: allowed ? [...new Set(allowed)] : null, automaticPaymentMethods };
}
const SETUP_FUTURE_USAGES = ["off_session", "on_session"];
/** What a card payment's or setup's next_action is while the customer authenticates (customer-objects.ts). */
export function authenticationAction(intentId) {
    return {
        type: "use_stripe_sdk",
        use_stripe_sdk: { type: "three_d_secure_redirect", stripe_js: "/v3/authenticate", source: intentId },
    };
}
/** `off_session`: true, or Stripe's "one_off"/"recurring" (both mean the customer is not there). */
export function readOffSession(params) {
    const value = readString(params, "off_session");
    if (value === undefined || value === "false")
        return false;
    if (value === "true" || value === "one_off" || value === "recurring")
        return true;
    throw invalid(`Invalid off_session: must be a boolean, one_off or recurring`, "off_session");
}
/**
 * Stripe refuses a server-side confirmation of an intent that accepts redirect-based payment methods
 * (automatic_payment_methods without allow_redirects=never) when no return_url comes with it, even
 * for a card. Held here for SetupIntents and off-session payments, the calls a payment plan's worker
 * makes; on-session payments confirmed with a secret key are not held to it yet (the sandbox's
 * earlier suites confirm that way).
 */
export function checkReturnUrl(ctx, automatic, params, kind) {
    if (ctx.publishable || !automatic || automatic.allow_redirects === "never")
        return;
    if (readString(params, "return_url"))
        return;
    throw invalid(`A \`return_url\` must be specified because this ${kind} is configured to automatically accept the payment methods enabled in the Dashboard, some of which may require a full page redirect to succeed. If you do not want to accept redirect-based payment methods, set \`automatic_payment_methods[enabled]\` to \`true\` and \`automatic_payment_methods[allow_redirects]\` to \`never\` when creating Setup Intents and Payment Intents.`);
}
/** `setup_future_usage`: null when sent empty (unset), undefined when left out. */
export function readSetupFutureUsage(params) {
    return readEnum(params, "setup_future_usage", SETUP_FUTURE_USAGES);
}
//# sourceMappingURL=intent-params.js.map