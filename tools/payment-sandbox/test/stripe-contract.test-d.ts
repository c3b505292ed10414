// The sandbox's objects held to the `stripe` package's own types: the version the
// API uses (a devDependency pinned to api/package.json's). Checked by `tsc` (`pnpm run typecheck`,
// part of the root `npm run typecheck`), never run or built: a field the SDK declares always present
// that a builder's type drops, or a field whose type no longer fits the SDK's, fails the typecheck.
// test/stripe-contract.test.mjs checks the answers themselves against the same declarations.
import type Stripe from "stripe";
import type { StripeError } from "../src/errors.js";
import type {
  Charge,
  Customer,
  EventType,
  IntentView,
  LastPaymentError,
  NextAction,
  PaymentIntent,
  PaymentMethod,
  PublishableIntentView,
  PublishableSetupIntentView,
  Refund,
  SetupIntent,
  SetupIntentView,
} from "../src/objects.js";
import type { TypedEvent } from "../src/webhooks.js";

/** Compiles only when `Actual` is assignable to `Expected`: every field Expected requires, each of a type it allows. */
export type Conforms<Actual extends Expected, Expected> = Actual;

/** Compiles only when `T` is never: `None<Undeclared<A, B>>` when A has no field B does not declare (a misspelt or invented one). */
export type None<T extends never> = T;
export type Undeclared<Actual, Expected> = Exclude<keyof Actual, keyof Expected>;

export type PaymentIntentContract = [
  Conforms<PaymentIntent, Stripe.PaymentIntent>,
  None<Undeclared<PaymentIntent, Stripe.PaymentIntent>>,
  // What a secret key reads, with `expand` (latest_charge, payment_method as objects).
  Conforms<IntentView, Stripe.PaymentIntent>,
  // Stripe.js's subset: declared fields only, each of the SDK's type.
  Conforms<PublishableIntentView, Partial<Stripe.PaymentIntent>>,
];

export type PaymentMethodContract = [
  Conforms<PaymentMethod, Stripe.PaymentMethod>,
  None<Undeclared<PaymentMethod, Stripe.PaymentMethod>>,
  None<Undeclared<PaymentMethod["card"], Stripe.PaymentMethod.Card>>,
  None<Undeclared<PaymentMethod["billing_details"], Stripe.PaymentMethod.BillingDetails>>,
];

export type ChargeContract = [
  Conforms<Charge, Stripe.Charge>,
  None<Undeclared<Charge, Stripe.Charge>>,
  None<Undeclared<Charge["payment_method_details"]["card"], Stripe.Charge.PaymentMethodDetails.Card>>,
  None<Undeclared<Charge["outcome"], Stripe.Charge.Outcome>>,
];

export type RefundContract = [Conforms<Refund, Stripe.Refund>, None<Undeclared<Refund, Stripe.Refund>>];

export type CustomerContract = [
  Conforms<Customer, Stripe.Customer>,
  None<Undeclared<Customer, Stripe.Customer>>,
  None<Undeclared<Customer["invoice_settings"], Stripe.Customer.InvoiceSettings>>,
];

export type SetupIntentContract = [
  Conforms<SetupIntent, Stripe.SetupIntent>,
  None<Undeclared<SetupIntent, Stripe.SetupIntent>>,
  // With `expand: ["payment_method"]`.
  Conforms<SetupIntentView, Stripe.SetupIntent>,
  // Stripe.js's subset.
  Conforms<PublishableSetupIntentView, Partial<Stripe.SetupIntent>>,
  // What a SetupIntent keeps of its last failed attempt.
  Conforms<LastPaymentError, Stripe.SetupIntent.LastSetupError>,
];

/** The authentication both intents wait for, as each intent's SDK type declares next_action. */
export type NextActionContract = [
  Conforms<NextAction, Stripe.PaymentIntent.NextAction>,
  None<Undeclared<NextAction, Stripe.PaymentIntent.NextAction>>,
  Conforms<NextAction, Stripe.SetupIntent.NextAction>,
];

/** The event types whose sandbox event is not the SDK's event of that type (envelope, and the object it carries). */
type EventMismatch<T extends EventType> = TypedEvent<T> extends Extract<Stripe.Event, { type: T }> ? never : T;

/** Each event the sandbox sends is the SDK's event of that type (`payment_intent.succeeded` carries a PaymentIntent...). */
export type EventContract = None<{ [T in EventType]: EventMismatch<T> }[EventType]>;

/**
 * Errors: the `error` of an error answer is the API's error object (Stripe.PaymentIntent.LastPaymentError
 * is its OpenAPI shape, with `type` required), its `type` one the SDK maps to an error class, and the
 * whole object one the SDK's StripeRawError takes (what `new Stripe.errors.StripeError(raw)` reads).
 */
export type ErrorContract = [
  Conforms<SecretKeyError, Stripe.PaymentIntent.LastPaymentError>,
  None<Undeclared<StripeError, Stripe.PaymentIntent.LastPaymentError>>,
  Conforms<StripeError["type"], Stripe.RawErrorType>,
  Conforms<SecretKeyError, Stripe.StripeRawError>,
  // What a PaymentIntent keeps of its last failed attempt.
  Conforms<LastPaymentError, Stripe.PaymentIntent.LastPaymentError>,
];

/** An error answer to a secret key (the SDK's calls): a failed payment's PaymentIntent (a failed setup's SetupIntent) is the full one. */
type SecretKeyError = Omit<StripeError, "payment_intent" | "setup_intent"> & {
  payment_intent?: IntentView;
  setup_intent?: SetupIntentView;
};
