// Customers and SetupIntents as the API returns them, and the authentication step both intents share
// (objects.ts re-exports them; test/stripe-contract.test-d.ts holds them to the SDK's types).
// Saving a card for later charges (a payment plan's instalments) needs all three: a Customer to save
// it to, a SetupIntent (or a PaymentIntent with setup_future_usage) to authenticate it once, and
// `next_action` while the customer authenticates.
import type { LastPaymentError } from "./error-object.js";
import type { Metadata, PaymentMethod } from "./payment-method-object.js";

/**
 * What the customer has to do before an intent can go on: authenticate with their bank (3-D Secure).
 * Stripe.js reads `use_stripe_sdk` and opens the bank's challenge; the sandbox's Stripe.js opens the
 * sandbox's own test challenge at `stripe_js` (a path on the sandbox, decision 010). `source` is the
 * intent being authenticated (Stripe names a Source object there; the sandbox has none).
 */
export type NextAction = {
  type: "use_stripe_sdk";
  use_stripe_sdk: { type: "three_d_secure_redirect"; stripe_js: string; source: string };
};

export type Customer = {
  id: string;
  object: "customer";
  address: null;
  balance: number;
  created: number;
  currency: null;
  customer_account: null;
  default_source: null;
  delinquent: boolean;
  description: string | null;
  discount: null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: {
    custom_fields: null;
    /** The saved card to charge by default (the product's instalments); must be attached to this customer. */
    default_payment_method: string | null;
    footer: null;
    rendering_options: null;
  };
  livemode: false;
  metadata: Metadata;
  name: string | null;
  next_invoice_sequence: number;
  phone: string | null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: "none";
  test_clock: null;
};

export type SetupIntentStatus =
  "requires_payment_method" | "requires_confirmation" | "requires_action" | "succeeded" | "canceled";

export type SetupIntent = {
  id: string;
  object: "setup_intent";
  /** The types given in `allowed_payment_method_types` (cards only), else null. */
  allowed_payment_method_types: string[] | null;
  application: null;
  automatic_payment_methods: { enabled: true; allow_redirects?: "always" | "never" } | null;
  cancellation_reason: "abandoned" | "duplicate" | "requested_by_customer" | null;
  client_secret: string;
  created: number;
  /** On success the payment method is attached to this Customer. */
  customer: string | null;
  customer_account: null;
  description: string | null;
  excluded_payment_method_types: null;
  flow_directions: null;
  last_setup_error: LastPaymentError | null;
  /** The sandbox keeps no SetupAttempt objects. */
  latest_attempt: null;
  livemode: false;
  mandate: null;
  metadata: Metadata;
  next_action: NextAction | null;
  on_behalf_of: null;
  payment_method: string | null;
  payment_method_configuration_details: null;
  payment_method_options: null;
  payment_method_types: string[];
  single_use_mandate: null;
  status: SetupIntentStatus;
  /** off_session (Stripe's default): later payments may be made without the customer. */
  usage: "off_session" | "on_session";
};

/** A SetupIntent as a secret key reads it: `payment_method` may be expanded. */
export type SetupIntentView = Omit<SetupIntent, "payment_method"> & { payment_method: string | PaymentMethod | null };

/** The SetupIntent fields Stripe returns to a publishable key (Stripe.js). */
export type PublishableSetupIntentField =
  | "id"
  | "object"
  | "cancellation_reason"
  | "client_secret"
  | "created"
  | "description"
  | "last_setup_error"
  | "livemode"
  | "next_action"
  | "payment_method"
  | "payment_method_types"
  | "status"
  | "usage";

export type PublishableSetupIntentView = Pick<SetupIntent, PublishableSetupIntentField>;
