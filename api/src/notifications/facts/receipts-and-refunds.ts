import { and, asc, eq } from "drizzle-orm";
import { loadPolicy, policyText } from "../../platform/cancellation-policy.js";
import type { Tx } from "../../platform/database/client.js";
import {
  campers,
  cancellations,
  classes,
  enrollments,
  orderItems,
  orders,
  payments,
  refunds,
  users,
} from "../../platform/database/schema.js";
import type { FormsNeededFacts } from "./forms.js";
import { officeOrderFacts, paidByText, type OfficeOrderFacts } from "./front-desk.js";
import { camperName, instructors, sessionColumns, type SessionFacts } from "./session.js";

/** Money messages: a payment's receipt, a cancelled seat and its refund, a goodwill refund. */

export interface ReceiptFacts {
  familyName: string;
  orderId: string;
  transactionId: string;
  paidAt: string;
  totalCents: number;
  /** The card's last four digits, when the provider said. */
  cardLast4?: string | null;
  /** The cancellation policy in force when the family paid (the terms they accepted). */
  policy: string;
  /** A payment plan's deposit (decision 040): the plan's name and its charges still to come. */
  plan?: { name: string; later: { due: string; amountCents: number }[] } | null;
  /** A front-desk booking (decision 047): what was received and how, and the balance left. */
  office?: OfficeOrderFacts | null;
  /** The forms the family still owes when it paid (decision 045), soonest due first. */
  formsNeeded?: FormsNeededFacts["items"];
  lines: (SessionFacts & {
    camperName: string | null;
    /** Whether the seat is the account holder's own ("Myself"): the receipt then says "You are enrolled". */
    camperIsSelf?: boolean;
    /** The seat the line bought (its calendar event's UID); rows written before it was kept lack it. */
    enrollmentId?: string | null;
    /** What was paid for the line, after its discounts. */
    priceCents: number;
    /** The class's full price, when discounts were taken off it; older rows may lack both. */
    listPriceCents?: number | null;
    discounts?: { name: string; cents: number }[];
  })[];
}

/** A seat cancelled: what was cancelled, and the money going back (0: nothing under the policy). */
export interface CancellationFacts {
  familyName: string;
  cancellationId: string;
  camperName: string;
  /** Whether the seat was the account holder's own ("Myself"): the message then says "your seat". */
  camperIsSelf?: boolean;
  /** The seat cancelled (its calendar event's UID, cancelled by the .ics the message carries). */
  enrollmentId?: string;
  /** When (ISO 8601): the cancelling .ics's DTSTAMP. */
  cancelledAt?: string;
  paidCents: number;
  refundCents: number;
  /** Why, when an admin cancelled and said so. */
  reason: string | null;
  /** How the office gave a front-desk booking's money back ("in cash"); absent: to the card. */
  refundBy?: string;
  session: SessionFacts;
}

/** A goodwill refund: part of a payment back, no seat cancelled. */
export interface GoodwillRefundFacts {
  familyName: string;
  refundId: string;
  amountCents: number;
  /** What the payment was for, and its total. */
  classNames: string[];
  paidCents: number;
  reason: string | null;
}

/** A paid order's receipt (call it in the transaction that settles the order). */
export async function receiptFacts(
  tx: Tx,
  orderId: string,
  transactionId: string,
  paidAt: Date,
  cardLast4: string | null = null,
): Promise<{ to: string; facts: ReceiptFacts } | undefined> {
  const [order] = await tx
    .select({ amountCents: orders.amountCents, plan: orders.plan, email: users.email, name: users.name })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.studentId))
    .where(eq(orders.id, orderId));
  if (!order) return undefined;
  const lines = await tx
    .select({
      ...sessionColumns,
      priceCents: orderItems.priceCents,
      listPriceCents: orderItems.listPriceCents,
      discounts: orderItems.discounts,
      camper: { isSelf: campers.isSelf, firstName: campers.firstName, lastName: campers.lastName },
      enrollmentId: enrollments.id,
    })
    .from(orderItems)
    .innerJoin(classes, eq(classes.id, orderItems.classId))
    .innerJoin(instructors, eq(instructors.id, classes.instructorId))
    .leftJoin(campers, eq(campers.id, orderItems.camperId))
    // The seat the line bought (written in the same transaction, before the receipt).
    .leftJoin(
      enrollments,
      and(
        eq(enrollments.orderId, orderItems.orderId),
        eq(enrollments.classId, orderItems.classId),
        eq(enrollments.camperId, orderItems.camperId),
      ),
    )
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(classes.startDate), asc(classes.name), asc(orderItems.camperId));
  return {
    to: order.email,
    facts: {
      familyName: order.name,
      orderId,
      transactionId,
      paidAt: paidAt.toISOString(),
      totalCents: order.amountCents,
      cardLast4,
      office: await officeOrderFacts(tx, orderId),
      policy: policyText(await loadPolicy(tx)),
      plan: order.plan && {
        name: order.plan.name,
        later: order.plan.parts.filter((p) => !p.deposit).map((p) => ({ due: p.due, amountCents: p.totalCents })),
      },
      lines: lines.map(({ camper, discounts, ...line }) => ({
        ...line,
        discounts: discounts.map(({ name, cents }) => ({ name, cents })),
        camperName: camper?.firstName ? camperName(camper, order.name) : null,
        camperIsSelf: camper?.isSelf ?? false,
      })),
    },
  };
}

/** A seat just cancelled (call it in the cancellation's transaction, after its record is written). */
export async function cancellationFacts(
  tx: Tx,
  cancellationId: string,
): Promise<{ to: string; facts: CancellationFacts } | undefined> {
  const [row] = await tx
    .select({
      ...sessionColumns,
      email: users.email,
      name: users.name,
      refundCents: cancellations.refundCents,
      reason: cancellations.reason,
      paidCents: orderItems.priceCents,
      isSelf: campers.isSelf,
      firstName: campers.firstName,
      lastName: campers.lastName,
      enrollmentId: cancellations.enrollmentId,
      cancelledAt: cancellations.createdAt,
      refundMethod: refunds.method,
      refundReference: refunds.reference,
    })
    .from(cancellations)
    .leftJoin(refunds, eq(refunds.id, cancellations.refundId))
    .innerJoin(users, eq(users.id, cancellations.studentId))
    .innerJoin(campers, eq(campers.id, cancellations.camperId))
    .innerJoin(classes, eq(classes.id, cancellations.classId))
    .innerJoin(instructors, eq(instructors.id, classes.instructorId))
    .leftJoin(
      orderItems,
      and(
        eq(orderItems.orderId, cancellations.orderId),
        eq(orderItems.classId, cancellations.classId),
        eq(orderItems.camperId, cancellations.camperId),
      ),
    )
    .where(eq(cancellations.id, cancellationId));
  if (!row) return undefined;
  const {
    email,
    name,
    refundCents,
    reason,
    paidCents,
    isSelf,
    firstName,
    lastName,
    enrollmentId,
    cancelledAt,
    refundMethod,
    refundReference,
    ...session
  } = row;
  return {
    to: email,
    facts: {
      familyName: name,
      cancellationId,
      camperName: camperName({ isSelf, firstName, lastName }, name),
      camperIsSelf: isSelf,
      enrollmentId,
      cancelledAt: cancelledAt.toISOString(),
      paidCents: paidCents ?? 0,
      refundCents,
      // The office's refund of a front-desk booking (decision 047): how it handed the money back.
      ...(refundMethod && refundMethod !== "card" && { refundBy: paidByText(refundMethod, refundReference) }),
      reason,
      session,
    },
  };
}

/** A goodwill refund just written (call it in its transaction). */
export async function goodwillRefundFacts(
  tx: Tx,
  refundId: string,
): Promise<{ to: string; facts: GoodwillRefundFacts } | undefined> {
  const [row] = await tx
    .select({
      email: users.email,
      name: users.name,
      amountCents: refunds.amountCents,
      reason: refunds.reason,
      orderId: refunds.orderId,
      paidCents: payments.amountCents,
    })
    .from(refunds)
    .innerJoin(payments, and(eq(payments.orderId, refunds.orderId), eq(payments.kind, "checkout")))
    .innerJoin(users, eq(users.id, payments.studentId))
    .where(eq(refunds.id, refundId));
  if (!row) return undefined;
  const names = await tx
    .selectDistinct({ name: classes.name })
    .from(orderItems)
    .innerJoin(classes, eq(classes.id, orderItems.classId))
    .where(eq(orderItems.orderId, row.orderId))
    .orderBy(asc(classes.name));
  return {
    to: row.email,
    facts: {
      familyName: row.name,
      refundId,
      amountCents: row.amountCents,
      classNames: names.map((n) => n.name),
      paidCents: row.paidCents,
      reason: row.reason,
    },
  };
}
