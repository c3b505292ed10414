// Stripe's error answers: an HTTP status and an `error` object the SDK turns into its error classes.
import type { StripeError } from "./objects.js";

export type { StripeError, StripeErrorType } from "./objects.js";

/** An error answer's body, as Stripe sends it. */
export type ErrorBody = { error: StripeError };

/** An API error: `status` and Stripe's error object. `saved: false` keeps it out of idempotent replays. */
export class ApiError extends Error {
  readonly status: number;
  readonly error: StripeError;
  readonly saved: boolean;

  constructor(status: number, error: StripeError, { saved = true }: { saved?: boolean } = {}) {
    super(error.message);
    this.status = status;
    this.error = error;
    this.saved = saved;
  }
}

/** A 400 for parameters that fail validation: Stripe saves no idempotent result for these. */
export function invalid(message: string, param?: string, code?: string): ApiError {
  return new ApiError(
    400,
    { type: "invalid_request_error", message, ...(param ? { param } : {}), ...(code ? { code } : {}) },
    { saved: false },
  );
}

export function missing(type: string, id: string | undefined, param = "id"): ApiError {
  return new ApiError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    message: `No such ${type}: '${id}'`,
    param,
    doc_url: "https://stripe.com/docs/error-codes/resource-missing",
  });
}

export function unexpectedState(message: string, code = "payment_intent_unexpected_state"): ApiError {
  return new ApiError(400, {
    type: "invalid_request_error",
    code,
    message,
    doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}`,
  });
}
