// What a caller sees of a PaymentIntent: everything with the secret key (with `expand`), Stripe's
// publishable subset to Stripe.js, and only when it holds the intent's client secret.
import { timingSafeEqual } from "node:crypto";
import type { RequestContext } from "./context.js";
import { ApiError, missing } from "./errors.js";
import { clone } from "./ids.js";
import type { PaymentIntent } from "./objects.js";
import { lookup, type State } from "./state.js";

/** PaymentIntent fields Stripe returns to a publishable key (the rest, e.g. metadata, stay server-side). */
const PUBLISHABLE_PI_FIELDS = [
  "id",
  "object",
  "amount",
  "automatic_payment_methods",
  "canceled_at",
  "cancellation_reason",
  "capture_method",
  "client_secret",
  "confirmation_method",
  "created",
  "currency",
  "description",
  "last_payment_error",
  "livemode",
  "next_action",
  "payment_method",
  "payment_method_types",
  "processing",
  "receipt_email",
  "setup_future_usage",
  "shipping",
  "status",
];

export function intentView(
  state: State,
  pi: PaymentIntent,
  { publishable = false, expand = [] }: { publishable?: boolean; expand?: string[] } = {},
): Record<string, unknown> {
  const view: Record<string, unknown> = clone(pi);
  if (expand.includes("latest_charge") && pi.latest_charge) {
    view.latest_charge = clone(lookup(state.charges, pi.latest_charge));
  }
  if (expand.includes("payment_method") && pi.payment_method) {
    view.payment_method = clone(lookup(state.paymentMethods, pi.payment_method));
  }
  if (!publishable) return view;
  return Object.fromEntries(PUBLISHABLE_PI_FIELDS.map((field) => [field, view[field] ?? null]));
}

export function findIntent(state: State, id: string | undefined, param = "id"): PaymentIntent {
  const pi = lookup(state.paymentIntents, id);
  if (!pi) throw missing("payment_intent", id, param);
  return pi;
}

/** A publishable key reaches an intent only with its client secret (compared in constant time). */
export function checkClientSecret(ctx: RequestContext, pi: PaymentIntent): void {
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
  const b = Buffer.from(pi.client_secret);
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    throw new ApiError(400, {
      type: "invalid_request_error",
      code: "payment_intent_invalid_parameter",
      message: "The client_secret provided does not match the client_secret associated with the PaymentIntent.",
      param: "client_secret",
    });
  }
}
