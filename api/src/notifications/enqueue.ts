import { and, eq } from "drizzle-orm";
import type { Tx } from "../platform/database/client.js";
import { notificationOutbox } from "../platform/database/schema.js";
import * as clock from "../platform/clock.js";
import {
  adminRecipients,
  cancellationFacts,
  entryMovedFacts,
  goodwillRefundFacts,
  instalmentFacts,
  offerExpiredFacts,
  offerFacts,
  receiptFacts,
  reviewFacts,
} from "./facts.js";
import type { FormsNeededFacts, SignedFormFacts } from "./facts/forms.js";
import type { CamperAbsentFacts, ClassMessageFacts } from "./facts/camp-days.js";
import { enqueue } from "./outbox.js";
import { balanceReminderFacts, officePaymentFacts, type AccountClaimFacts } from "./facts/front-desk.js";
import { seatMovedFacts } from "./facts/seat-moved.js";
import type { AidDecidedFacts } from "./facts/aid.js";

/**
 * What other domains call, inside the transaction of the change (decision 032): each gathers the
 * facts its message shows and writes the outbox row, or nothing when there is nobody to tell.
 */

/**
 * The receipt of an order just settled as paid (one per order, however often it is settled), with
 * the forms the family still owes then (the caller asks the forms domain).
 */
export async function enqueuePaymentReceipt(
  tx: Tx,
  order: {
    orderId: string;
    transactionId: string;
    paidAt: Date;
    cardLast4?: string | null;
    formsNeeded?: FormsNeededFacts["items"];
  },
) {
  const found = await receiptFacts(tx, order.orderId, order.transactionId, order.paidAt, order.cardLast4 ?? null);
  if (!found) return;
  await enqueue(tx, {
    kind: "payment-receipt",
    to: found.to,
    facts: order.formsNeeded?.length ? { ...found.facts, formsNeeded: order.formsNeeded } : found.facts,
    dedupeKey: `payment-receipt:${order.orderId}`,
  });
}

/** The offer just made to a waitlist entry (one per offer: an entry is offered seats once). */
export async function enqueueWaitlistOffer(tx: Tx, entryId: string) {
  const found = await offerFacts(tx, entryId);
  if (!found) return;
  await enqueue(tx, {
    kind: "waitlist-offer",
    to: found.to,
    facts: found.facts,
    dedupeKey: `waitlist-offer:${entryId}:${found.facts.expiresAt}`,
  });
}

/**
 * A waiting entry an admin moved to another place in its line: the family hears its new place.
 * Not an optional e-mail (it is about the family's own booking), so sent whatever its settings.
 */
export async function enqueueWaitlistMoved(tx: Tx, entryId: string, move: { from: number; to: number }) {
  const found = await entryMovedFacts(tx, entryId, move);
  if (!found) return;
  await enqueue(tx, { kind: "waitlist-moved", to: found.to, facts: found.facts });
}

/** A seat cancelled, with the refund the family gets; one per cancellation. */
export async function enqueueSeatCancelled(tx: Tx, cancellationId: string) {
  const found = await cancellationFacts(tx, cancellationId);
  if (!found) return;
  await enqueue(tx, {
    kind: "seat-cancelled",
    to: found.to,
    facts: found.facts,
    dedupeKey: `seat-cancelled:${cancellationId}`,
  });
}

/** A goodwill refund, to the family, with the refund it reports. */
export async function enqueueGoodwillRefund(tx: Tx, refundId: string) {
  const found = await goodwillRefundFacts(tx, refundId);
  if (!found) return;
  await enqueue(tx, {
    kind: "goodwill-refund",
    to: found.to,
    facts: found.facts,
    dedupeKey: `goodwill-refund:${refundId}`,
  });
}

/** An admin's review of a class (approved, denied, its proposed changes answered), to its instructor. */
export async function enqueueClassReviewed(tx: Tx, classId: string, review: Parameters<typeof reviewFacts>[2]) {
  const found = await reviewFacts(tx, classId, review);
  if (!found) return;
  await enqueue(tx, { kind: "class-reviewed", to: found.to, facts: found.facts });
}

/** An offer that ran out untaken (one per offer: an entry is offered seats once). */
export async function enqueueOfferExpired(tx: Tx, entryId: string) {
  const found = await offerExpiredFacts(tx, entryId);
  if (!found) return;
  await enqueue(tx, {
    kind: "waitlist-offer-expired",
    to: found.to,
    facts: found.facts,
    dedupeKey: `waitlist-offer-expired:${entryId}`,
  });
}

/**
 * How long a welcome waits for the name typed at sign-up when the sign-in service did not give one
 * (an e-mail and password sign-up: the page saves the name with POST /users right after). Should
 * that never come, the welcome still goes, to the name the account has.
 */
const WELCOME_WAITS_FOR_NAME_MS = 10 * 60 * 1000;

const welcomeKey = (userId: string) => `welcome:${userId}`;

/**
 * A new account's welcome, once per account (two first sign-ins at once write one). Without
 * `nameKnown` (the name is a stand-in, the address's local part), it waits for `nameWelcome`.
 */
export async function enqueueWelcome(tx: Tx, user: { id: string; email: string; name: string; nameKnown: boolean }) {
  await enqueue(tx, {
    kind: "welcome",
    to: user.email,
    facts: { name: user.name },
    dedupeKey: welcomeKey(user.id),
    ...(!user.nameKnown && { notBefore: new Date(clock.nowMs() + WELCOME_WAITS_FOR_NAME_MS) }),
  });
}

/**
 * The name typed at sign-up (POST /users), in its transaction: a welcome not yet sent greets by it
 * and goes now. One already taken by the worker is left as it is (it is on its way).
 */
export async function nameWelcome(tx: Tx, userId: string, name: string) {
  await tx
    .update(notificationOutbox)
    .set({ payload: { name }, nextAttemptAt: clock.now(), updatedAt: clock.now() })
    .where(
      and(
        eq(notificationOutbox.dedupeKey, welcomeKey(userId)),
        eq(notificationOutbox.state, "queued"),
        eq(notificationOutbox.attempts, 0),
      ),
    );
}

/**
 * A contact message just recorded: an acknowledgement to its sender (at most one a day per
 * address, so the form cannot be used to flood someone's inbox) and a notice to every admin.
 */
export async function enqueueContactMessage(
  tx: Tx,
  message: { id: string; name: string; email: string; message: string },
) {
  const receivedAt = clock.now().toISOString();
  await enqueue(tx, {
    kind: "contact-ack",
    to: message.email,
    facts: { receivedAt },
    dedupeKey: `contact-ack:${message.email}:${receivedAt.slice(0, 10)}`,
  });
  for (const admin of await adminRecipients(tx)) {
    await enqueue(tx, {
      kind: "contact-notice",
      to: admin.email,
      facts: {
        adminName: admin.name,
        contactId: message.id,
        fromName: message.name,
        fromEmail: message.email,
        message: message.message,
        receivedAt,
      },
      dedupeKey: `contact-notice:${message.id}:${admin.id}`,
    });
  }
}

/**
 * A payment plan's instalment just charged or refused (decision 040): one message per outcome of
 * each attempt, however often the outcome is recorded.
 */
export async function enqueueInstalmentOutcome(
  tx: Tx,
  instalment: { id: string; attempt: number; paid: boolean; cardLast4: string | null; nextAttemptDay: string | null },
) {
  const found = await instalmentFacts(tx, instalment.id, instalment);
  if (!found) return;
  const kind = instalment.paid ? "instalment-paid" : "instalment-failed";
  await enqueue(tx, {
    kind,
    to: found.to,
    facts: found.facts,
    dedupeKey: `${kind}:${instalment.id}:${instalment.attempt}`,
  });
}

/**
 * The reminder a few days before an instalment is charged (decision 040): one per instalment and
 * due day, however often the pass that finds it runs (a day moved by the office reminds again).
 */
export async function enqueueInstalmentReminder(tx: Tx, instalment: { id: string; dueDay: string }) {
  const found = await instalmentFacts(tx, instalment.id, { cardLast4: null, nextAttemptDay: null });
  if (!found) return 0;
  return enqueue(tx, {
    kind: "instalment-reminder",
    to: found.to,
    facts: { ...found.facts, later: found.facts.later.filter((l) => l.due !== instalment.dueDay) },
    dedupeKey: `instalment-reminder:${instalment.id}:${instalment.dueDay}`,
  });
}

/** A waiver just signed: the family's copy, by e-mail, once per signature. */
export async function enqueueFormSigned(tx: Tx, to: string, facts: SignedFormFacts) {
  await enqueue(tx, { kind: "form-signed", to, facts, dedupeKey: `form-signed:${facts.record.signatureId}` });
}

/**
 * The forms a family still owes before a first day. Needed for the child to attend, so sent
 * whatever the family's e-mail choices; `dedupeKey` says which reminder it is, so each goes once.
 * Returns whether it was written (1) or had been already (0).
 */
export async function enqueueFormsNeeded(tx: Tx, to: string, facts: FormsNeededFacts, dedupeKey: string) {
  return enqueue(tx, { kind: "forms-needed", to, facts, dedupeKey });
}

/** A camper marked absent on a day the family had not reported: once per class, camper and day. */
export async function enqueueCamperAbsent(
  tx: Tx,
  to: string,
  facts: CamperAbsentFacts,
  seat: { classId: string; camperId: string },
) {
  return enqueue(tx, {
    kind: "camper-absent",
    to,
    facts,
    dedupeKey: `camper-absent:${seat.classId}:${seat.camperId}:${facts.day}`,
  });
}

/** A class's message to one of its families' guardians: once per message and address. */
export async function enqueueClassMessage(tx: Tx, to: string, facts: ClassMessageFacts, messageId: string) {
  return enqueue(tx, { kind: "class-message", to, facts, dedupeKey: `class-message:${messageId}:${to}` });
}

/** An account the office made for a family (decision 047): the link to claim it and set a password. */
export async function enqueueAccountClaim(tx: Tx, to: string, facts: AccountClaimFacts) {
  return enqueue(tx, { kind: "account-claim", to, facts, dedupeKey: `account-claim:${facts.token.slice(0, 16)}` });
}

/** A payment of a front-desk booking: the office's (cash, cheque, transfer) or the family's card. */
export async function enqueueOfficePayment(tx: Tx, paymentId: string, cardLast4: string | null = null) {
  const found = await officePaymentFacts(tx, paymentId, cardLast4);
  if (!found) return;
  await enqueue(tx, {
    kind: "office-payment",
    to: found.to,
    facts: found.facts,
    dedupeKey: `office-payment:${paymentId}`,
  });
}

/** A front-desk balance coming due or overdue: once per order, due day and kind (decision 047). */
export async function enqueueBalanceReminder(tx: Tx, orderId: string, when: "soon" | "overdue"): Promise<number> {
  const found = await balanceReminderFacts(tx, orderId, when);
  if (!found) return 0;
  return enqueue(tx, {
    kind: "balance-reminder",
    to: found.to,
    facts: found.facts,
    dedupeKey: `balance-reminder:${orderId}:${found.facts.order.dueDay}:${when}`,
  });
}

/** A seat moved to another class (decision 048): the figures, and both calendars. */
export async function enqueueSeatMoved(tx: Tx, transferId: string) {
  const found = await seatMovedFacts(tx, transferId);
  if (!found) return;
  await enqueue(tx, { kind: "seat-moved", to: found.to, facts: found.facts, dedupeKey: `seat-moved:${transferId}` });
}

/** The office's answer to a financial-aid application (decision 050), once per application. */
/** The office's answer; a change of an award (`changedAt`) is a message of its own. */
export async function enqueueAidDecided(tx: Tx, to: string, facts: AidDecidedFacts, changedAt?: Date) {
  const key = `aid-decided:${facts.applicationId}${changedAt ? `:${changedAt.toISOString()}` : ""}`;
  await enqueue(tx, { kind: "aid-decided", to, facts, dedupeKey: key });
}
