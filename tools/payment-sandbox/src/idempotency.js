// Idempotency-Key (POST only): the first answer for a key is saved and replayed for the same call;
// the key used for another endpoint or other parameters is an idempotency_error, as on Stripe.
import { ApiError, invalid } from "./errors.js";
import { lookup } from "./state.js";
/** The parameters in one canonical text (sorted keys): the same call gives the same fingerprint. */
export function canonical(value) {
    if (typeof value === "string")
        return JSON.stringify(value);
    if (Array.isArray(value))
        return `[${value.map(canonical).join(",")}]`;
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(",")}}`;
}
export function checkKey(key) {
    if (key.length === 0 || key.length > 255) {
        throw invalid("Idempotency-Key must be between 1 and 255 characters long.", undefined, "idempotency_key_invalid");
    }
}
/** The saved answer for `key`, if any; refuses the key when it was used for another call. */
export function savedResult(state, key, call) {
    const saved = lookup(state.idempotency, key);
    if (!saved)
        return undefined;
    if (saved.path !== call.path || saved.method !== call.method) {
        throw new ApiError(400, {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${saved.method} ${saved.path}' vs '${call.method} ${call.path}'). Try using a key other than '${key}' if you meant to execute a different request.`,
        });
    }
    if (saved.fingerprint !== call.fingerprint) {
        throw new ApiError(400, {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
    }
    return saved;
}
//# sourceMappingURL=idempotency.js.map