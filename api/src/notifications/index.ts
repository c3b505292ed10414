/**
 * Notifications (decision 032): e-mails written to a durable outbox in the transaction
 * of the change they report, rendered from React Email templates (HTML and plain text), and sent
 * through real SMTP by a worker every API process runs. Other domains call the `enqueue…`
 * functions in their own transaction; the app starts the worker. Other code uses it from here.
 */
export {
  enqueueAccountClaim,
  enqueueBalanceReminder,
  enqueueOfficePayment,
  enqueueCamperAbsent,
  enqueueClassMessage,
  enqueueClassReviewed,
  enqueueContactMessage,
  enqueueAidDecided,
  enqueueFormSigned,
  enqueueFormsNeeded,
  enqueueGoodwillRefund,
  enqueueInstalmentOutcome,
  enqueueInstalmentReminder,
  enqueueOfferExpired,
  enqueuePaymentReceipt,
  enqueueSeatCancelled,
  enqueueSeatMoved,
  enqueueWaitlistMoved,
  enqueueWaitlistOffer,
  enqueueWelcome,
  nameWelcome,
} from "./enqueue.js";
export { ACADEMY } from "./format.js";
export { paidByText, type AccountClaimFacts } from "./facts/front-desk.js";
export { signedPdf, type SignedRecord } from "./documents/signed-form.js";
export type { FormsNeededFacts } from "./facts/forms.js";
export type { CamperAbsentFacts, ClassMessageFacts } from "./facts/camp-days.js";
export { declineInWords } from "./templates/instalment.js";
export { createMailer, type Mailer } from "./mailer.js";
export { deliverDue, outboxState, type OutboxDeps } from "./outbox.js";
export { enqueueDueReminders } from "./reminders.js";
export { startOutboxWorker } from "./worker.js";
export { renderMessage } from "./templates/render.js";
export { notificationRoutes } from "./routes.js";
export { replaceCalendarToken } from "./preferences.js";
