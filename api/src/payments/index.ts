/**
 * Payments: the card payment provider (Stripe's SDK against Stripe or the local payment sandbox),
 * the payment routes (opening and extending a checkout, recording a payment, the payment history,
 * the provider's webhook) and the reconciliation of checkouts nobody reported. Settling itself is
 * booking's (booking/checkout/settle.ts). Other code uses payments from here.
 */
export type { PaymentProvider } from "../booking/index.js";
export { createPaymentProvider } from "./provider.js";
export { paymentRoutes } from "./routes.js";
export { offerRoutes } from "./offer-route.js";
export { reconcilePendingCheckouts } from "./reconcile.js";
