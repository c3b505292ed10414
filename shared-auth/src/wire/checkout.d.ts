/*
 * The checkout's and the payments' answers (POST /create-payment-intent, POST
 * /checkouts/:orderId/extend, POST /payments, GET /payments), written once for the API that sends
 * them and the student remote that reads them. Types only, in a
 * declaration file: the API compiles against it without building or bundling anything of
 * shared-auth.
 */

/** One class of a checkout, at the price the server charges for it. */
export interface CheckoutItem {
  cartItemId: string;
  classItemId: string;
  class_name: string;
  /** Dollars. */
  price: number;
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
}

/** POST /payments and POST /payments/:cartItemId: the paid checkout as recorded. */
export interface RecordedPayment {
  result: { insertedId: string; deletedCount: number };
  payment: PaymentRecord;
}
