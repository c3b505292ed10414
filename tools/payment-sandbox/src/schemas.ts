// The parameters each endpoint takes (Stripe refuses the others on server-side calls).
import type { Schema } from "./params.js";

/** Card parameters of payment_method_data[card] and POST /v1/payment_methods. */
const CARD_SCHEMA: Schema = { number: true, exp_month: true, exp_year: true, cvc: true };
const BILLING_SCHEMA: Schema = {
  name: true,
  email: true,
  phone: true,
  address: { line1: true, line2: true, city: true, state: true, postal_code: true, country: true },
};
export const PAYMENT_METHOD_SCHEMA: Schema = {
  type: true,
  card: CARD_SCHEMA,
  billing_details: BILLING_SCHEMA,
  metadata: "map",
};

export const SCHEMAS = {
  createIntent: {
    amount: true,
    currency: true,
    metadata: "map",
    description: true,
    receipt_email: true,
    automatic_payment_methods: { enabled: true, allow_redirects: true },
    payment_method_types: true,
    payment_method: true,
    payment_method_data: PAYMENT_METHOD_SCHEMA,
    confirm: true,
    return_url: true,
    statement_descriptor: true,
    statement_descriptor_suffix: true,
    capture_method: true,
    expand: true,
  },
  updateIntent: {
    amount: true,
    currency: true,
    metadata: "map",
    description: true,
    receipt_email: true,
    payment_method: true,
    expand: true,
  },
  confirm: {
    payment_method: true,
    payment_method_data: PAYMENT_METHOD_SCHEMA,
    receipt_email: true,
    return_url: true,
    client_secret: true,
    expand: true,
  },
  cancel: { cancellation_reason: true, expand: true },
  retrieve: { client_secret: true, expand: true },
  refund: { payment_intent: true, charge: true, amount: true, reason: true, metadata: "map", expand: true },
  webhookEndpoint: { url: true, enabled_events: true, description: true, metadata: "map", api_version: true },
  listEvents: { limit: true, type: true },
  listRefunds: {
    limit: true,
    payment_intent: true,
    charge: true,
    starting_after: true,
    created: { gt: true, gte: true, lt: true, lte: true },
    expand: true,
  },
  paymentMethod: PAYMENT_METHOD_SCHEMA,
  none: { expand: true },
} satisfies Record<string, Schema>;
