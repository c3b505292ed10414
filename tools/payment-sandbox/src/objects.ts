// The Stripe objects the sandbox keeps, as its API returns them (the fields this product's SDK
// version reads). Type aliases, not interfaces: they are also plain JSON records (events, views).
import type { StripeError } from "./errors.js";
import type { CardDetails, Metadata, PaymentMethod } from "./payment-method-object.js";

export type { Address, CardDetails, Metadata, PaymentMethod } from "./payment-method-object.js";

export type PaymentIntentStatus =
  "requires_payment_method" | "requires_confirmation" | "requires_action" | "succeeded" | "canceled";

export type PaymentIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_capturable: number;
  amount_received: number;
  automatic_payment_methods: { enabled: true; allow_redirects?: string } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: "automatic";
  client_secret: string;
  confirmation_method: "automatic";
  created: number;
  currency: string;
  customer: null;
  description: string | null;
  last_payment_error: StripeError | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Metadata;
  next_action: null;
  payment_method: string | null;
  payment_method_types: string[];
  processing: null;
  receipt_email: string | null;
  setup_future_usage: null;
  shipping: null;
  statement_descriptor: string | null;
  status: PaymentIntentStatus;
};

export type Charge = {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  balance_transaction: string | null;
  billing_details: PaymentMethod["billing_details"];
  captured: boolean;
  created: number;
  currency: string;
  customer: null;
  description: string | null;
  disputed: false;
  failure_code: string | null;
  failure_message: string | null;
  livemode: false;
  metadata: Metadata;
  outcome: {
    network_status: string;
    reason: string | null;
    risk_level: string;
    seller_message: string;
    type: string;
  };
  paid: boolean;
  payment_intent: string;
  payment_method: string;
  payment_method_details: { type: "card"; card: CardDetails };
  receipt_email: string | null;
  refunded: boolean;
  status: "succeeded" | "failed";
};

export type Refund = {
  id: string;
  object: "refund";
  amount: number;
  balance_transaction: string;
  charge: string;
  created: number;
  currency: string;
  destination_details: { type: "card"; card: { type: "refund"; reference_status: "pending" } };
  metadata: Metadata;
  payment_intent: string;
  reason: string | null;
  receipt_number: null;
  source_transfer_reversal: null;
  status: "succeeded";
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

/** The objects events carry. */
export type EventObject = PaymentIntent | Charge | Refund;
