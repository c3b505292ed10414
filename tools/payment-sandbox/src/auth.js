import { ApiError } from "./errors.js";
function keyOf(req, params) {
    const header = req.headers.authorization;
    if (header) {
        const [scheme = "", value = ""] = header.split(" ");
        if (/^bearer$/i.test(scheme))
            return value.trim();
        if (/^basic$/i.test(scheme))
            return Buffer.from(value, "base64").toString().split(":")[0] ?? "";
        return "";
    }
    return typeof params.key === "string" ? params.key : undefined;
}
export function authenticate(req, params, secretKeys) {
    const key = keyOf(req, params);
    if (key === undefined) {
        throw new ApiError(401, {
            type: "invalid_request_error",
            message: "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
        });
    }
    if (secretKeys.has(key))
        return "secret";
    if (/^pk_test_\w+$/.test(key))
        return "publishable";
    // Stripe shows the key's kind and its last four characters only.
    const shown = key.length > 12 ? `${key.slice(0, 8)}${"*".repeat(Math.min(key.length - 12, 24))}${key.slice(-4)}` : key;
    throw new ApiError(401, {
        type: "invalid_request_error",
        message: `Invalid API Key provided: ${shown.replace(/[^\x20-\x7e]/g, "?")}`,
    });
}
export function refusePublishableKey() {
    return new ApiError(401, {
        type: "invalid_request_error",
        message: "This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.",
    });
}
/** Stripe's API answers any origin (Stripe.js calls it from the site's pages). */
export function corsHeaders(req) {
    return {
        "access-control-allow-origin": req.headers.origin ?? "*",
        "access-control-allow-credentials": "false",
        "access-control-expose-headers": "Request-Id, Stripe-Version, Idempotency-Key, Idempotent-Replayed",
        vary: "Origin",
    };
}
/** The secret keys a sandbox answers: test-mode secret keys only, as a sandbox holds no live money. */
export function secretKeySet(keys) {
    for (const key of keys) {
        if (!/^sk_test_\w+$/.test(key))
            throw new Error(`secretKeys: ${JSON.stringify(key)} is not a test secret key (sk_test_...)`);
    }
    if (keys.length === 0)
        throw new Error("secretKeys: give at least one key");
    return new Set(keys);
}
//# sourceMappingURL=auth.js.map