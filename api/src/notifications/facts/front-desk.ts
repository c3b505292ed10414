import { asc, eq, sql } from "drizzle-orm";
import type { Tx } from "../../platform/database/client.js";
import { classes, enrollments, orderItems, orders, payments, users } from "../../platform/database/schema.js";

/** The front desk's messages (decision 047): the claim of an account the office made, a payment received. */

/** How a payment was made, in the family's words: "in cash", "by cheque no. 1042". */
export function paidByText(method: string, reference: string | null, cardLast4: string | null = null): string {
  switch (method) {
    case "cash":
      return "in cash";
    case "cheque":
      return `by cheque no. ${reference ?? ""}`.trim();
    case "bank_transfer":
      return `by bank transfer (reference ${reference ?? ""})`;
    case "credit":
      // What a seat moved from another class had paid (decision 048).
      return "with what was paid for the seat it replaced";
    default:
      return cardLast4 ? `by the card ending in ${cardLast4}` : "by card";
  }
}

export interface AccountClaimFacts {
  familyName: string;
  /** The link's token: the Log in page (/login?claim=) asks Firebase for a password with it. */
  token: string;
  /** The last day the link works (academy calendar). */
  until: string;
  adminName: string;
}

/** A front-desk order's state, as a receipt and a payment's message show it. */
export interface OfficeOrderFacts {
  paidCents: number;
  owedCents: number;
  /** The day the rest is due; null when nothing is owed. */
  dueDay: string | null;
  /** How the money received at booking was paid ("in cash"); null when nothing was. */
  paidBy: string | null;
}

export interface OfficePaymentFacts {
  familyName: string;
  paymentId: string;
  amountCents: number;
  paidBy: string;
  /** When it was received: the office's day, or the card payment's instant (ISO 8601). */
  receivedOn: string | null;
  paidAt: string;
  classNames: string[];
  order: OfficeOrderFacts;
}

/** What a front-desk order's lines add up to now, and the money that came with its booking. */
export async function officeOrderFacts(tx: Tx, orderId: string): Promise<OfficeOrderFacts | null> {
  const [order] = await tx
    .select({ channel: orders.channel, dueDay: orders.balanceDueDay })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order || order.channel !== "office") return null;
  const lines = await tx
    .select({
      price: orderItems.priceCents,
      paid: orderItems.paidCents,
      // A cancelled seat's unpaid rest is owed no more (booking/checkout/desk-payments.ts).
      kept: sql<boolean>`exists (select 1 from ${enrollments} e where e.order_id = ${orderItems.orderId} and e.class_id = ${orderItems.classId} and e.camper_id = ${orderItems.camperId})`.mapWith(
        Boolean,
      ),
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const [first] = await tx
    .select({ method: payments.method, reference: payments.reference })
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.paidAt))
    .limit(1);
  const paidCents = lines.reduce((sum, l) => sum + l.paid, 0);
  const owedCents = lines.filter((l) => l.kept).reduce((sum, l) => sum + l.price - l.paid, 0);
  return {
    paidCents,
    owedCents,
    dueDay: owedCents > 0 ? order.dueDay : null,
    paidBy: first ? paidByText(first.method, first.reference) : null,
  };
}

export async function officePaymentFacts(
  tx: Tx,
  paymentId: string,
  cardLast4: string | null,
): Promise<{ to: string; facts: OfficePaymentFacts } | undefined> {
  const [payment] = await tx
    .select({
      orderId: payments.orderId,
      amountCents: payments.amountCents,
      method: payments.method,
      reference: payments.reference,
      receivedOn: payments.receivedOn,
      paidAt: payments.paidAt,
      email: users.email,
      name: users.name,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.studentId))
    .where(eq(payments.id, paymentId));
  if (!payment) return undefined;
  const order = await officeOrderFacts(tx, payment.orderId);
  if (!order) return undefined;
  const names = await tx
    .select({ name: classes.name })
    .from(orderItems)
    .innerJoin(classes, eq(classes.id, orderItems.classId))
    .where(eq(orderItems.orderId, payment.orderId))
    .orderBy(asc(classes.name));
  return {
    to: payment.email,
    facts: {
      familyName: payment.name,
      paymentId,
      amountCents: payment.amountCents,
      paidBy: paidByText(payment.method, payment.reference, cardLast4),
      receivedOn: payment.receivedOn,
      paidAt: payment.paidAt.toISOString(),
      // Two children in one class: the class named once.
      classNames: [...new Set(names.map((n) => n.name))],
      order,
    },
  };
}

export interface BalanceReminderFacts {
  familyName: string;
  orderId: string;
  /** `soon`: its day is coming; `overdue`: its day passed unpaid. */
  when: "soon" | "overdue";
  classNames: string[];
  order: OfficeOrderFacts;
}

/** A front-desk balance's reminder, or nothing when it is paid (or the order is not the desk's). */
export async function balanceReminderFacts(
  tx: Tx,
  orderId: string,
  when: BalanceReminderFacts["when"],
): Promise<{ to: string; facts: BalanceReminderFacts } | undefined> {
  const order = await officeOrderFacts(tx, orderId);
  if (!order || order.owedCents === 0 || !order.dueDay) return undefined;
  const [family] = await tx
    .select({ email: users.email, name: users.name })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.studentId))
    .where(eq(orders.id, orderId));
  if (!family) return undefined;
  const names = await tx
    .select({ name: classes.name })
    .from(orderItems)
    .innerJoin(classes, eq(classes.id, orderItems.classId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(classes.name));
  return {
    to: family.email,
    facts: { familyName: family.name, orderId, when, classNames: [...new Set(names.map((n) => n.name))], order },
  };
}
