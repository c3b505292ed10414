/**
 * What each message says, gathered in the transaction of the change it reports: the row keeps the
 * facts as they were then (a class renamed later does not change a receipt already written).
 * Each kind of message has its facts in `facts/`; the notifications domain's files import them from here.
 */
export type { SessionFacts } from "./facts/session.js";
export {
  cancellationFacts,
  goodwillRefundFacts,
  receiptFacts,
  type CancellationFacts,
  type GoodwillRefundFacts,
  type ReceiptFacts,
} from "./facts/receipts-and-refunds.js";
export {
  entryMovedFacts,
  offerExpiredFacts,
  offerFacts,
  type EntryMovedFacts,
  type OfferExpiredFacts,
  type OfferFacts,
} from "./facts/waitlist-offers.js";
export {
  enrolmentEvents,
  REMINDER_KEY_PREFIX,
  reminderCandidates,
  reminderFacts,
  type ReminderFacts,
} from "./facts/enrolments.js";
export { reviewFacts, type ReviewFacts } from "./facts/class-review.js";
export {
  adminRecipients,
  type ContactAckFacts,
  type ContactNoticeFacts,
  type WelcomeFacts,
} from "./facts/welcome-and-contact.js";
export { instalmentFacts, type InstalmentFacts } from "./facts/instalments.js";
