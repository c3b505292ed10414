/**
 * Booking: carts and checkouts. A checkout holds a seat of each class from its opening until it is
 * paid (enrolments), abandoned or expired; settling a payment enrols the student. The payment
 * provider is used through the interface declared here (checkout/payment-provider.ts), which the
 * payments domain implements with Stripe's SDK. Other code uses booking from here.
 */
export { cartRoutes } from "./cart-routes.js";
export type { CheckoutDeps } from "./checkout/deps.js";
export type { Intent, PaymentProvider, ProviderRefund } from "./checkout/payment-provider.js";
export { openCheckout } from "./checkout/open.js";
export { MIN_CHARGE_CENTS } from "./checkout/charge-floor.js";
export { extendCheckout } from "./checkout/extend.js";
export { abandonCheckout, closeIntents, expireOverdueCheckouts, freeExpiredHolds } from "./checkout/holds.js";
export { learnIntent } from "./checkout/orders.js";
export { intentCoversCartItem, settle, type Settlement } from "./checkout/settle.js";
export { loadPayments } from "./checkout/payment-records.js";
export {
  acceptedOffer,
  checkout,
  holdExtension,
  paymentPage,
  paymentRecord,
  recordedPayment,
  type RecordedPayment,
} from "./answers.js";
export {
  AHEAD_OF_LINE_FIELD,
  bookAtTheDesk,
  bookAtTheDeskIn,
  priceDeskSeats,
  type DeskBooked,
  type DeskBooking,
} from "./checkout/desk.js";
export {
  addOfficePayment,
  openBalancePayment,
  seatKept,
  settleBalancePayment,
  type OfflinePayment,
} from "./checkout/desk-payments.js";
