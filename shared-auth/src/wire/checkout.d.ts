/*
 * The checkout's and the payments' answers (POST /create-payment-intent, POST
 * /checkouts/:orderId/extend, POST /payments, GET /payments), written once for the API that sends
 * them and the student remote that reads them. Types only, in a
 * declaration file: the API compiles against it without building or bundling anything of
 * shared-auth.
 */

/** One discount on a line (issue 33), by name, in cents. */
export interface LineDiscount {
  kind: "early_bird" | "sibling" | "multi_class" | "code";
  name: string;
  cents: number;
}

/** A promo code as the server judged it: what it does, or why it cannot apply. */
export interface CodeVerdict {
  code: string;
  name: string;
  /** "10% off", "$20.00 off". */
  summary: string;
  applied: boolean;
  /** Why it cannot apply ("This code expired on 1 June."), when not applied. */
  reason: string | null;
  /** What it takes off the order, in cents. */
  cents: number;
}

/** One class of a checkout, at the price the server charges for it. */
export interface CheckoutItem {
  cartItemId: string;
  classItemId: string;
  class_name: string;
  /** Dollars: what is paid for this seat, after its discounts. */
  price: number;
  /** The class's full price, in cents, and each discount taken off it (issue 33). */
  listPriceCents?: number;
  priceCents?: number;
  discounts?: LineDiscount[];
  /** Whose seat: the camper's first and last name (the account holder's name for their own "Myself" seat). */
  camper_name: string;
}

/** POST /create-payment-intent: the seats are held until `expiresAt`; the amount is the server's. */
export interface Checkout {
  clientSecret: string;
  paymentIntentId: string;
  orderId: string;
  /** Dollars, computed by the server from the database. */
  amount: number;
  currency: string;
  expiresAt: string;
  /** The latest the hold can be extended to (POST /checkouts/:orderId/extend). */
  maxExpiresAt: string;
  items: CheckoutItem[];
  /** Cents (issue 33): the full prices' sum, every discount's, and the total charged (= amount). */
  subtotalCents?: number;
  discountCents?: number;
  totalCents?: number;
  /** The promo code this checkout uses, if any. */
  promoCode?: string | null;
  /** How discounts combine, in plain words. */
  rule?: string;
}

/** POST /carts/quote: the cart priced by the server, with a code when one is typed (nothing is held). */
export interface CartQuote {
  items: {
    cartItemId: string;
    classItemId: string;
    class_name: string;
    camper_name: string;
    listPriceCents: number;
    priceCents: number;
    discounts: LineDiscount[];
  }[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  code: CodeVerdict | null;
  /** How discounts combine, in plain words. */
  rule: string;
}

/** POST /checkouts/:orderId/extend: the seats stay held until `expiresAt`, never past `maxExpiresAt`. */
export interface HoldExtension {
  orderId: string;
  expiresAt: string;
  maxExpiresAt: string;
}

/** One payment as GET /payments returns it: the spec's payment record (section 3) with the API's id. */
export interface PaymentRecord {
  _id: string;
  email: string;
  transactionId: string;
  /** Dollars. */
  price: number;
  /** ISO date. */
  date: string;
  quantity: number;
  cartItems: string[];
  classItems: string[];
  status: string;
  classNames: string[];
  /** Whose seat each class is, in the order of classItems (the account holder's name for "Myself"). */
  camperNames: string[];
  image: string;
  /** Money sent back (issue 31): each refund, and the total sent or on its way (dollars). */
  refunds?: { amount: number; status: "pending" | "succeeded" | "failed"; date: string }[];
  refunded?: number;
  /** Issue 33: each class's full price, what was paid for it and its discounts (cents), in classItems' order. */
  lines?: { listPriceCents: number | null; priceCents: number; discounts: LineDiscount[] }[];
  /** Every discount of the payment, in cents. */
  discountCents?: number;
}

/** POST /payments and POST /payments/:cartItemId: the paid checkout as recorded. */
export interface RecordedPayment {
  result: { insertedId: string; deletedCount: number };
  payment: PaymentRecord;
}
