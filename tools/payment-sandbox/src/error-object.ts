// The error object of a failed attempt, as a PaymentIntent (`last_payment_error`) and a SetupIntent
// (`last_setup_error`) keep it: a module of its own, so both intents' types can use it without
// importing each other (objects.ts re-exports it).
import type { PaymentMethod } from "./payment-method-object.js";

/** The error types the sandbox answers with (the SDK picks its error class by `type` and the status). */
export type StripeErrorType = "api_error" | "card_error" | "idempotency_error" | "invalid_request_error";

/** The error an intent keeps of its last failed attempt: no intent in it. */
export type LastPaymentError = {
  type: StripeErrorType;
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  /** On a failed payment: the charge and payment method of the attempt. */
  charge?: string;
  payment_method?: PaymentMethod;
};
