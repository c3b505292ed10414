import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { enqueueOfficePayment } from "../../notifications/index.js";
import * as clock from "../../platform/clock.js";
import type { Db, Tx } from "../../platform/database/client.js";
import {
  enrollments,
  orderItems,
  orders,
  payments,
  paymentShares,
  users,
  type PaymentMethod,
} from "../../platform/database/schema.js";
import { badRequest, conflict, forbidden, notFound } from "../../platform/errors.js";
import { academyToday } from "../../platform/academy-day.js";
import { transaction } from "../../platform/transaction.js";
import { toDollars } from "../../platform/wire.js";
import type { CheckoutDeps } from "./deps.js";
import type { Intent } from "./payment-provider.js";
import { lockStudent } from "./orders.js";

/**
 * The money of front-desk orders (decision 047): what the office received (cash, a cheque, a bank
 * transfer), and the family's card payment of the balance. Each payment fills the order's lines
 * in their order up to each line's price, so every line's `paid_cents` stays between 0 and its
 * price (a constraint) and the lines' sum is what the payments add up to.
 */

export interface OfflinePayment {
  method: Exclude<PaymentMethod, "card" | "credit">;
  amountCents: number;
  /** A cheque's number or a transfer's reference (required for those two). */
  reference: string | null;
  /** The day the office received the money (academy calendar). */
  receivedOn: string;
}

const money = (cents: number) => `$${toDollars(cents).toFixed(2)}`;

/**
 * The lines whose seats are still booked: a cancelled seat's unpaid rest is owed no more (what was
 * paid for it went back through the office's refund, refunds/desk-refund.ts).
 */
export const seatKept = sql`exists (select 1 from ${enrollments} e where e.order_id = ${orderItems.orderId} and e.class_id = ${orderItems.classId} and e.camper_id = ${orderItems.camperId})`;

/**
 * Spreads a payment's `cents` over the order's kept lines, each up to its price, and keeps each
 * line's share of it; throws when they cannot take it all.
 */
async function fillLines(tx: Tx, orderId: string, paymentId: string, cents: number): Promise<void> {
  const lines = await tx
    .select({
      classId: orderItems.classId,
      camperId: orderItems.camperId,
      price: orderItems.priceCents,
      paid: orderItems.paidCents,
    })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), seatKept))
    .orderBy(asc(orderItems.classId), asc(orderItems.camperId));
  let left = cents;
  for (const line of lines) {
    const share = Math.min(left, line.price - line.paid);
    if (share <= 0) continue;
    await tx
      .update(orderItems)
      .set({ paidCents: line.paid + share })
      .where(
        and(
          eq(orderItems.orderId, orderId),
          eq(orderItems.classId, line.classId),
          eq(orderItems.camperId, line.camperId),
        ),
      );
    await tx
      .insert(paymentShares)
      .values({ paymentId, orderId, classId: line.classId, camperId: line.camperId, cents: share });
    left -= share;
  }
  if (left > 0) throw new Error("a payment larger than what its order still owes");
}

/** What a front-desk order still owes, read under its lock: its kept lines' prices less what was paid. */
async function owedOn(tx: Tx, orderId: string): Promise<number> {
  const lines = await tx
    .select({ price: orderItems.priceCents, paid: orderItems.paidCents })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), seatKept));
  return lines.reduce((sum, l) => sum + l.price - l.paid, 0);
}

/** Records money the office received for an order inside the caller's transaction (the order locked). */
export async function recordOfflinePayment(tx: Tx, orderId: string, payment: OfflinePayment, adminId: string) {
  if (payment.method !== "cash" && !payment.reference) {
    const what = payment.method === "cheque" ? "The cheque's number" : "The transfer's reference";
    throw badRequest(`${what} is needed.`, { reference: `${what}.` });
  }
  if (payment.receivedOn > academyToday()) {
    throw badRequest("Money cannot be received in the future.", { receivedOn: "Today or earlier." });
  }
  const [order] = await tx.select({ studentId: orders.studentId }).from(orders).where(eq(orders.id, orderId));
  const transactionId = `office-${randomUUID()}`;
  const [row] = await tx
    .insert(payments)
    .values({
      orderId,
      studentId: order!.studentId,
      transactionId,
      amountCents: payment.amountCents,
      quantity: 1,
      status: "paid",
      kind: "offline",
      method: payment.method,
      reference: payment.method === "cash" ? null : payment.reference,
      receivedOn: payment.receivedOn,
      recordedBy: adminId,
      paidAt: clock.now(),
    })
    .returning({ id: payments.id });
  await fillLines(tx, orderId, row!.id, payment.amountCents);
  return { id: row!.id, transactionId };
}

/**
 * The credit a seat moved from another class carries to the new booking (decision 048): a payment
 * of its own, filling the new lines as money does, so each line says what paid it.
 */
export async function recordSeatCredit(tx: Tx, orderId: string, cents: number, actorId: string) {
  const [order] = await tx.select({ studentId: orders.studentId }).from(orders).where(eq(orders.id, orderId));
  const [row] = await tx
    .insert(payments)
    .values({
      orderId,
      studentId: order!.studentId,
      transactionId: `moved-${randomUUID()}`,
      amountCents: cents,
      quantity: 1,
      status: "paid",
      kind: "transfer",
      method: "credit",
      recordedBy: actorId,
      paidAt: clock.now(),
    })
    .returning({ id: payments.id });
  await fillLines(tx, orderId, row!.id, cents);
  return { id: row!.id };
}

/** The family's lock, then the order's: every payment of an order waits for the one before. */
async function lockOfficeOrder(tx: Tx, orderId: string, familyId?: string) {
  const [found] = await tx.select({ studentId: orders.studentId }).from(orders).where(eq(orders.id, orderId));
  if (!found || (familyId !== undefined && found.studentId !== familyId)) throw notFound("There is no such booking.");
  await lockStudent(tx, found.studentId);
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order || order.channel !== "office") throw notFound("There is no such front-desk booking.");
  if (order.status !== "paid") throw conflict("This booking was cancelled.");
  return order;
}

/** A later payment the office received for a front-desk order; never more than it owes. */
export async function addOfficePayment(
  db: Db,
  orderId: string,
  payment: OfflinePayment,
  adminId: string,
  /** Written in the payment's own transaction (the office's log line). */
  onRecorded: (tx: Tx, recorded: { familyId: string; owedCents: number }) => Promise<void>,
) {
  return transaction(db, async (tx) => {
    const order = await lockOfficeOrder(tx, orderId);
    const owed = await owedOn(tx, orderId);
    if (owed === 0) throw conflict("Nothing is owed on this booking.");
    if (payment.amountCents > owed) {
      throw badRequest(`Only ${money(owed)} is owed on this booking.`, { amountCents: `At most ${money(owed)}.` });
    }
    const recorded = await recordOfflinePayment(tx, orderId, payment, adminId);
    if (payment.amountCents === owed)
      await tx.update(orders).set({ balanceDueDay: null }).where(eq(orders.id, orderId));
    await enqueueOfficePayment(tx, recorded.id);
    await onRecorded(tx, { familyId: order.studentId, owedCents: owed - payment.amountCents });
    return { ...recorded, familyId: order.studentId, owedCents: owed - payment.amountCents };
  });
}

/**
 * Opens the family's card payment of what a front-desk order owes: an intent for the amount owed
 * now. The key names the order and what was paid before, so opening it twice is one intent, and a
 * payment recorded meanwhile makes the next one another.
 */
export async function openBalancePayment(deps: CheckoutDeps, familyId: string, orderId: string) {
  const { owed, paid, email } = await transaction(deps.db, async (tx) => {
    await lockOfficeOrder(tx, orderId, familyId);
    const lines = await tx
      .select({ price: orderItems.priceCents, paid: orderItems.paidCents })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orderId), seatKept));
    const [family] = await tx.select({ email: users.email }).from(users).where(eq(users.id, familyId));
    return {
      owed: lines.reduce((sum, l) => sum + l.price - l.paid, 0),
      paid: lines.reduce((sum, l) => sum + l.paid, 0),
      email: family!.email,
    };
  });
  if (owed === 0) return { paid: true as const };
  if (owed < 50)
    throw conflict(`A card payment must be at least $0.50; ${money(owed)} is owed: pay it at the front desk.`);
  const intent = await deps.provider.createBalanceIntent({
    amountCents: owed,
    currency: deps.config.currency,
    orderId,
    studentId: familyId,
    email,
    key: `balance-${orderId}-${paid}`,
  });
  return { paymentIntentId: intent.id, clientSecret: intent.clientSecret!, amountCents: owed };
}

/**
 * Records a succeeded card payment of a balance (the browser's settle, or the webhook), once: its
 * intent is its payment's transaction id. A payment larger than what is owed now (the office took
 * cash meanwhile) is given back whole.
 */
export async function settleBalancePayment(deps: CheckoutDeps, intent: Intent, familyId?: string) {
  const orderId = intent.metadata.balanceOrderId;
  if (!orderId) throw notFound("There is no booking for this payment.");
  if (familyId !== undefined && intent.metadata.studentId !== familyId) throw forbidden("This payment is not yours.");
  if (intent.status !== "succeeded") throw conflict("The card payment did not go through: nothing was charged.");
  if (intent.currency !== deps.config.currency)
    throw conflict("This payment does not match its booking. Contact the academy.");
  const outcome = await transaction(deps.db, async (tx) => {
    await lockOfficeOrder(tx, orderId, intent.metadata.studentId);
    const [seen] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.transactionId, intent.id));
    const owed = await owedOn(tx, orderId);
    if (seen) return { owedCents: owed, refund: false };
    if (intent.amount > owed) return { owedCents: owed, refund: true };
    const [row] = await tx
      .insert(payments)
      .values({
        orderId,
        studentId: intent.metadata.studentId!,
        transactionId: intent.id,
        amountCents: intent.amount,
        quantity: 1,
        status: "paid",
        kind: "balance",
        method: "card",
        paidAt: clock.now(),
      })
      .returning({ id: payments.id });
    await fillLines(tx, orderId, row!.id, intent.amount);
    if (intent.amount === owed) await tx.update(orders).set({ balanceDueDay: null }).where(eq(orders.id, orderId));
    await enqueueOfficePayment(tx, row!.id, intent.cardLast4 ?? null);
    return { owedCents: owed - intent.amount, refund: false };
  });
  if (outcome.refund) {
    await deps.provider.refund(intent.id, `balance-${orderId}`);
    throw conflict(
      "The academy recorded a payment of this balance meanwhile: your card payment was given back in full.",
    );
  }
  return { owedCents: outcome.owedCents };
}
