/**
 * Cancellations and refunds (decision 033): the academy's policy, the family's seats with today's
 * quote, cancelling a seat (the seat to the waitlist first, the refund to the card), and the
 * sending of refunds that outlives a provider that does not answer. Other code uses it from here.
 */
export { refundRoutes, type RefundRouteDeps } from "./routes.js";
export { cancelLapsedPlans } from "./plan-cancel.js";
export { sendDueRefunds, withRefunds, type RefundDeps } from "./sending.js";
export { mirrorRecentRefunds, mirrorRefunds } from "./mirror.js";
export { loadPolicy, policyText, quoteRefund, type Policy } from "./policy.js";
export { leaveSeat, lockMovingSeat, settleMovedSeat, type MovingSeat } from "./move.js";
export { sendRefunds } from "./sending.js";
export type { HandBack } from "./desk-refund.js";
export { daysBetween } from "./policy.js";
