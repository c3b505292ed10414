// The Stripe objects the sandbox keeps, as its API returns them: every field the pinned `stripe` SDK
// declares always present, null for features this product never uses. test/stripe-contract.test-d.ts
// holds them to the SDK's own types, test/stripe-contract.test.mjs the answers to its declarations.
// Type aliases, not interfaces: they are also plain JSON records (events, views).
import type {
  Customer,
  NextAction,
  PublishableSetupIntentView,
  SetupIntent,
  SetupIntentView,
} from "./customer-objects.js";
import type { LastPaymentError } from "./error-object.js";
import type { BillingDetails, CardDetails, Metadata, PaymentMethod } from "./payment-method-object.js";

export type { Address, BillingDetails, CardDetails, Metadata, PaymentMethod } from "./payment-method-object.js";
export type { LastPaymentError, StripeErrorType } from "./error-object.js";
export type {
  Customer,
  NextAction,
  PublishableSetupIntentField,
  PublishableSetupIntentView,
  SetupIntent,
  SetupIntentStatus,
  SetupIntentView,
} from "./customer-objects.js";

/**
 * Stripe's error object: the `error` of an error answer. Here, not in errors.ts, because it and the
 * intents hold each other (a failed payment's answer carries the PaymentIntent, a failed setup's the
 * SetupIntent).
 */
export type StripeError = LastPaymentError & {
  /** On a failed payment: the full PaymentIntent to a secret key, Stripe's publishable subset to Stripe.js. */
  payment_intent?: IntentView | PublishableIntentView;
  /** On a failed setup: the SetupIntent, likewise. */
  setup_intent?: SetupIntentView | PublishableSetupIntentView;
};

export type PaymentIntentStatus =
  "requires_payment_method" | "requires_confirmation" | "requires_action" | "succeeded" | "canceled";

export type PaymentIntent = {
  id: string;
  object: "payment_intent";
  /** The types given in `allowed_payment_method_types` (cards only), else null. */
  allowed_payment_method_types: string[] | null;
  amount: number;
  amount_capturable: number;
  amount_received: number;
  application: null;
  application_fee_amount: null;
  automatic_payment_methods: { enabled: true; allow_redirects?: "always" | "never" } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: "automatic";
  client_secret: string;
  confirmation_method: "automatic";
  created: number;
  currency: string;
  /** The Customer the payment is for; its payment method may be saved to it (setup_future_usage). */
  customer: string | null;
  customer_account: null;
  description: string | null;
  excluded_payment_method_types: null;
  last_payment_error: LastPaymentError | null;
  latest_charge: string | null;
  livemode: false;
  managed_payments: null;
  metadata: Metadata;
  /** While `requires_action`: the authentication the customer has to complete (3-D Secure). */
  next_action: NextAction | null;
  on_behalf_of: null;
  payment_method: string | null;
  payment_method_configuration_details: null;
  payment_method_options: null;
  payment_method_types: string[];
  payment_record: null;
  processing: null;
  receipt_email: string | null;
  review: null;
  setup_future_usage: "off_session" | "on_session" | null;
  shipping: null;
  source: null;
  statement_descriptor: string | null;
  statement_descriptor_suffix: null;
  status: PaymentIntentStatus;
  transfer_group: null;
};

/** A PaymentIntent as a secret key reads it: `latest_charge` and `payment_method` may be expanded. */
export type IntentView = Omit<PaymentIntent, "latest_charge" | "payment_method"> & {
  latest_charge: string | Charge | null;
  payment_method: string | PaymentMethod | null;
};

/** The PaymentIntent fields Stripe returns to a publishable key (the rest, e.g. metadata, stay server-side). */
export type PublishableIntentField =
  | "id"
  | "object"
  | "amount"
  | "automatic_payment_methods"
  | "canceled_at"
  | "cancellation_reason"
  | "capture_method"
  | "client_secret"
  | "confirmation_method"
  | "created"
  | "currency"
  | "description"
  | "last_payment_error"
  | "livemode"
  | "next_action"
  | "payment_method"
  | "payment_method_types"
  | "processing"
  | "receipt_email"
  | "setup_future_usage"
  | "shipping"
  | "status";

export type PublishableIntentView = Pick<PaymentIntent, PublishableIntentField>;

/** The card of a charge (`payment_method_details.card`): what the card network said of this payment. */
export type ChargeCard = Pick<
  CardDetails,
  "brand" | "checks" | "country" | "exp_month" | "exp_year" | "funding" | "last4" | "regulated_status" | "wallet"
> & {
  amount_authorized: number | null;
  authorization_code: null;
  electronic_commerce_indicator: null;
  installments: null;
  mandate: null;
  network: string;
  network_transaction_id: null;
  three_d_secure: null;
  transaction_link_id: null;
};

export type Charge = {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  application: null;
  application_fee: null;
  application_fee_amount: null;
  balance_transaction: string | null;
  billing_details: BillingDetails;
  calculated_statement_descriptor: string | null;
  captured: boolean;
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  disputed: false;
  failure_balance_transaction: null;
  failure_code: string | null;
  failure_message: string | null;
  fraud_details: null;
  livemode: false;
  metadata: Metadata;
  on_behalf_of: null;
  outcome: {
    advice_code: null;
    network_advice_code: null;
    network_decline_code: null;
    network_status: string;
    reason: string | null;
    risk_level: string;
    seller_message: string;
    type: string;
  };
  paid: boolean;
  payment_intent: string;
  payment_method: string;
  payment_method_details: { type: "card"; card: ChargeCard };
  receipt_email: string | null;
  receipt_number: null;
  receipt_url: null;
  refunded: boolean;
  review: null;
  shipping: null;
  source: null;
  source_transfer: null;
  statement_descriptor: string | null;
  statement_descriptor_suffix: null;
  status: "succeeded" | "failed";
  transfer_data: null;
  transfer_group: null;
};

export type Refund = {
  id: string;
  object: "refund";
  amount: number;
  balance_transaction: string;
  charge: string;
  created: number;
  currency: string;
  customer: null;
  customer_account: null;
  destination_details: { type: "card"; card: { type: "refund"; reference_status: "pending" } };
  metadata: Metadata;
  payment_intent: string;
  payment_method: string;
  reason: "duplicate" | "fraudulent" | "requested_by_customer" | null;
  receipt_number: null;
  source_transfer_reversal: null;
  status: "pending" | "succeeded" | "failed";
  /** Set when the refund failed after it was made (Stripe: lost_or_stolen_card, expired_or_canceled_card, unknown). */
  failure_reason?: "expired_or_canceled_card";
  transfer_reversal: null;
};

/** Where events go: an endpoint made through the API, or one given when the sandbox starts. */
export type DeliveryTarget = {
  id: string;
  url: string;
  secret: string;
  enabled_events: string[];
  status: "enabled";
};

export type WebhookEndpoint = DeliveryTarget & {
  object: "webhook_endpoint";
  api_version: string | null;
  application: null;
  created: number;
  description: string | null;
  livemode: false;
  metadata: Metadata;
};

/** The events the sandbox sends, each with the object it carries. */
export type EventObjects = {
  "payment_intent.created": PaymentIntent;
  "payment_intent.succeeded": PaymentIntent;
  "payment_intent.payment_failed": PaymentIntent;
  "payment_intent.canceled": PaymentIntent;
  "payment_intent.requires_action": PaymentIntent;
  "charge.succeeded": Charge;
  "charge.failed": Charge;
  "charge.refunded": Charge;
  "refund.created": Refund;
  "refund.updated": Refund;
  "refund.failed": Refund;
  "customer.created": Customer;
  "customer.updated": Customer;
  "payment_method.attached": PaymentMethod;
  "payment_method.detached": PaymentMethod;
  "setup_intent.created": SetupIntent;
  "setup_intent.requires_action": SetupIntent;
  "setup_intent.succeeded": SetupIntent;
  "setup_intent.setup_failed": SetupIntent;
  "setup_intent.canceled": SetupIntent;
};

export type EventType = keyof EventObjects;

/** The objects events carry. */
export type EventObject = EventObjects[EventType];
