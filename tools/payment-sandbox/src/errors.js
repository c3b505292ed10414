/** An API error: `status` and Stripe's error object. `saved: false` keeps it out of idempotent replays. */
export class ApiError extends Error {
    status;
    error;
    saved;
    constructor(status, error, { saved = true } = {}) {
        super(error.message);
        this.status = status;
        this.error = error;
        this.saved = saved;
    }
}
/** A 400 for parameters that fail validation: Stripe saves no idempotent result for these. */
export function invalid(message, param, code) {
    return new ApiError(400, { type: "invalid_request_error", message, ...(param ? { param } : {}), ...(code ? { code } : {}) }, { saved: false });
}
export function missing(type, id, param = "id") {
    return new ApiError(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such ${type}: '${id}'`,
        param,
        doc_url: "https://stripe.com/docs/error-codes/resource-missing",
    });
}
export function unexpectedState(message, code = "payment_intent_unexpected_state") {
    return new ApiError(400, {
        type: "invalid_request_error",
        code,
        message,
        doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}`,
    });
}
//# sourceMappingURL=errors.js.map