// A saved card as Stripe's API returns it, and the shapes it is made of. A module of its own because
// both the other objects (objects.ts) and the error object of a failed payment (errors.ts) hold one.
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

export type CardDetails = {
  brand: string;
  checks: { address_line1_check: null; address_postal_code_check: null; cvc_check: "pass" | null };
  country: string;
  exp_month: number;
  exp_year: number;
  funding: Funding;
  last4: string;
};

export type PaymentMethod = {
  id: string;
  object: "payment_method";
  allow_redisplay: "unspecified";
  billing_details: { address: Address; email: string | null; name: string | null; phone: string | null };
  card: CardDetails;
  created: number;
  customer: null;
  livemode: false;
  metadata: Metadata;
  type: "card";
};
