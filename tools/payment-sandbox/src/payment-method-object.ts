// A saved card as Stripe's API returns it, and the shapes it is made of (objects.ts re-exports them;
// the charges and the error object of a failed payment there hold one).
import type { Funding } from "./test-cards.js";

export type Metadata = Record<string, string>;

export type Address = {
  city: string | null;
  country: string | null;
  line1: string | null;
  line2: string | null;
  postal_code: string | null;
  state: string | null;
};

export type BillingDetails = {
  address: Address;
  email: string | null;
  name: string | null;
  phone: string | null;
  tax_id: null;
};

/** A card payment method's `card` (the card of a charge has a shape of its own: ChargeCard in objects.ts). */
export type CardDetails = {
  brand: string;
  checks: { address_line1_check: null; address_postal_code_check: null; cvc_check: "pass" | null };
  country: string;
  /** The brand as shown to people: `american_express` for `amex`, `other` for `unknown`. */
  display_brand: string;
  exp_month: number;
  exp_year: number;
  funding: Funding;
  generated_from: null;
  last4: string;
  networks: { available: string[]; preferred: null };
  regulated_status: null;
  three_d_secure_usage: { supported: true };
  wallet: null;
};

export type PaymentMethod = {
  id: string;
  object: "payment_method";
  allow_redisplay: "unspecified";
  billing_details: BillingDetails;
  card: CardDetails;
  created: number;
  /** The Customer it is saved to (attached); null until then, and again once detached. */
  customer: string | null;
  customer_account: null;
  livemode: false;
  metadata: Metadata;
  type: "card";
};
