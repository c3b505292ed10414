// A requests-per-second limit the sandbox can be told to enforce (off by default), answered as
// Stripe answers its own: 429 with code rate_limit (the SDK's StripeRateLimitError), nothing done, so
// the call is safe to retry. Stripe limits every account (25 requests a second in test mode): this
// lets a local run show that the API's charging backs off instead of failing, without a real burst.
import { ApiError } from "./errors.js";
const WINDOW_MS = 1000;
export function rateLimitError() {
    return new ApiError(429, {
        type: "invalid_request_error",
        code: "rate_limit",
        message: "Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.",
        doc_url: "https://stripe.com/docs/error-codes/rate-limit",
    }, 
    // A refused request was never run: nothing to replay under its Idempotency-Key.
    { saved: false });
}
export function checkRequestsPerSecond(limit) {
    if (limit === undefined)
        return undefined;
    if (!Number.isInteger(limit) || limit < 1) {
        throw new Error(`requestsPerSecond: ${String(limit)} is not a whole number of requests (1 or more)`);
    }
    return limit;
}
/** A sliding one-second window: at most `limit` requests answered in any second; refused ones do not count. */
export function createRateLimiter(initial) {
    let limit = checkRequestsPerSecond(initial);
    const answered = [];
    return {
        take(now = Date.now()) {
            if (limit === undefined)
                return;
            while (answered.length > 0 && (answered[0] ?? 0) <= now - WINDOW_MS)
                answered.shift();
            if (answered.length >= limit)
                throw rateLimitError();
            answered.push(now);
        },
        set(next) {
            limit = checkRequestsPerSecond(next);
            answered.length = 0;
        },
    };
}
//# sourceMappingURL=rate-limit.js.map