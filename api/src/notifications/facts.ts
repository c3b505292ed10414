import { and, asc, eq, gte, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { loadPolicy, policyText } from "../platform/cancellation-policy.js";
import type { Db, Tx } from "../platform/database/client.js";
import {
  campers,
  cancellations,
  classes,
  enrollments,
  notificationOutbox,
  notificationPreferences,
  orderItems,
  orders,
  payments,
  refunds,
  users,
  waitlistCampers,
  waitlistEntries,
} from "../platform/database/schema.js";

/**
 * What each message says, gathered in the transaction of the change it reports: the row keeps the
 * facts as they were then (a class renamed later does not change a receipt already written).
 */

/** A class's session as the messages and the .ics show it; the schedule is unset on old classes. */
export interface SessionFacts {
  classId: string;
  className: string;
  instructorName: string;
  location: string | null;
  startDate: string | null;
  endDate: string | null;
  weekdays: string[];
  startTime: string | null;
  endTime: string | null;
}

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
  lines: (SessionFacts & {
    camperName: string | null;
    /** What was paid for the line, after its discounts. */
    priceCents: number;
    /** The class's full price, when discounts were taken off it (issue 33); older rows may lack both. */
    listPriceCents?: number | null;
    discounts?: { name: string; cents: number }[];
  })[];
}

export interface OfferFacts {
  familyName: string;
  entryId: string;
  camperNames: string[];
  expiresAt: string;
  session: SessionFacts;
}

/** A seat cancelled (issue 31): what was cancelled, and the money going back (0: nothing under the policy). */
export interface CancellationFacts {
  familyName: string;
  cancellationId: string;
  camperName: string;
  paidCents: number;
  refundCents: number;
  /** Why, when an admin cancelled and said so. */
  reason: string | null;
  session: SessionFacts;
}

/** An offer that ran out untaken (issue 32): the seats went to the next family in line. */
export interface OfferExpiredFacts {
  familyName: string;
  entryId: string;
  camperNames: string[];
  expiredAt: string;
  session: SessionFacts;
}

/** A new account's welcome (issue 32). */
export interface WelcomeFacts {
  name: string;
}

/**
 * A contact form's acknowledgement to whoever sent it. It repeats nothing they typed: anyone can
 * type any address into the form, so the message must not carry a stranger's words to it.
 */
export interface ContactAckFacts {
  receivedAt: string;
}

/** A contact form's notice to an admin: who wrote and what (as text). */
export interface ContactNoticeFacts {
  adminName: string;
  contactId: string;
  fromName: string;
  fromEmail: string;
  message: string;
  receivedAt: string;
}

/** A reminder before a camper's first session (issue 32): when, where, and what to bring. */
export interface ReminderFacts {
  /** The account the reminder goes to (its unsubscribe link is signed for it). */
  familyId: string;
  familyName: string;
  enrollmentId: string;
  camperName: string;
  /** The first session's day (YYYY-MM-DD, the academy's) and the instant it starts. */
  firstDay: string;
  startsAt: string;
  /** The class's details as its instructor wrote them (what to bring, what to wear), or null. */
  details: string | null;
  session: SessionFacts;
}

export interface ReviewFacts {
  instructorName: string;
  status: "approved" | "denied";
  feedback: string | null;
  session: SessionFacts;
}

const instructors = alias(users, "instructors");

const sessionColumns = {
  classId: classes.id,
  className: classes.name,
  instructorName: instructors.name,
  location: classes.location,
  startDate: classes.startDate,
  endDate: classes.endDate,
  weekdays: classes.weekdays,
  startTime: classes.startTime,
  endTime: classes.endTime,
};

/**
 * A camper's name as the family knows it: the account holder's own name for "Myself", a child's
 * first name only (an e-mail carries no more of a child's data than it needs).
 */
const camperName = (camper: { isSelf: boolean; firstName: string; lastName: string }, holderName: string) =>
  camper.isSelf ? holderName : camper.firstName.trim();

/** A paid order's receipt (call it in the transaction that settles the order). */
export async function receiptFacts(
  tx: Tx,
  orderId: string,
  transactionId: string,
  paidAt: Date,
  cardLast4: string | null = null,
): Promise<{ to: string; facts: ReceiptFacts } | undefined> {
  const [order] = await tx
    .select({ amountCents: orders.amountCents, email: users.email, name: users.name })
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
    })
    .from(orderItems)
    .innerJoin(classes, eq(classes.id, orderItems.classId))
    .innerJoin(instructors, eq(instructors.id, classes.instructorId))
    .leftJoin(campers, eq(campers.id, orderItems.camperId))
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
      policy: policyText(await loadPolicy(tx)),
      lines: lines.map(({ camper, discounts, ...line }) => ({
        ...line,
        discounts: discounts.map(({ name, cents }) => ({ name, cents })),
        camperName: camper?.firstName ? camperName(camper, order.name) : null,
      })),
    },
  };
}

/** An offer just made to a waitlist entry (call it in the transaction that makes it). */
export async function offerFacts(tx: Tx, entryId: string): Promise<{ to: string; facts: OfferFacts } | undefined> {
  return entryFacts(tx, entryId);
}

/** An offer that just ran out (call it in the transaction that ends the entry). */
export async function offerExpiredFacts(
  tx: Tx,
  entryId: string,
): Promise<{ to: string; facts: OfferExpiredFacts } | undefined> {
  const found = await entryFacts(tx, entryId);
  if (!found) return undefined;
  const { expiresAt, ...rest } = found.facts;
  return { to: found.to, facts: { ...rest, expiredAt: expiresAt } };
}

/** A waitlist entry with its offer's deadline, its family and the campers it was for. */
async function entryFacts(tx: Tx, entryId: string): Promise<{ to: string; facts: OfferFacts } | undefined> {
  const [entry] = await tx
    .select({
      ...sessionColumns,
      expiresAt: waitlistEntries.offerExpiresAt,
      email: users.email,
      name: users.name,
    })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.familyId))
    .innerJoin(classes, eq(classes.id, waitlistEntries.classId))
    .innerJoin(instructors, eq(instructors.id, classes.instructorId))
    .where(eq(waitlistEntries.id, entryId));
  if (!entry?.expiresAt) return undefined;
  const onEntry = await tx
    .select({ isSelf: campers.isSelf, firstName: campers.firstName, lastName: campers.lastName })
    .from(waitlistCampers)
    .innerJoin(campers, eq(campers.id, waitlistCampers.camperId))
    .where(and(eq(waitlistCampers.entryId, entryId), isNull(waitlistCampers.droppedReason)))
    .orderBy(asc(campers.createdAt), asc(campers.id));
  const { expiresAt, email, name, ...session } = entry;
  return {
    to: email,
    facts: {
      familyName: name,
      entryId,
      camperNames: onEntry.map((c) => camperName(c, name)),
      expiresAt: expiresAt.toISOString(),
      session,
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
    })
    .from(cancellations)
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
  const { email, name, refundCents, reason, paidCents, isSelf, firstName, lastName, ...session } = row;
  return {
    to: email,
    facts: {
      familyName: name,
      cancellationId,
      camperName: camperName({ isSelf, firstName, lastName }, name),
      paidCents: paidCents ?? 0,
      refundCents,
      reason,
      session,
    },
  };
}

/** A class just approved or denied (call it in the review's transaction, after the change). */
export async function reviewFacts(tx: Tx, classId: string): Promise<{ to: string; facts: ReviewFacts } | undefined> {
  const [row] = await tx
    .select({ ...sessionColumns, status: classes.status, feedback: classes.feedback, email: instructors.email })
    .from(classes)
    .innerJoin(instructors, eq(instructors.id, classes.instructorId))
    .where(eq(classes.id, classId));
  if (!row || row.status === "pending") return undefined;
  const { status, feedback, email, ...session } = row;
  return {
    to: email,
    facts: { instructorName: session.instructorName, status, feedback: feedback?.trim() || null, session },
  };
}

/** Every admin, to be told of a contact message (call it in the transaction that records it). */
export async function adminRecipients(tx: Tx): Promise<{ id: string; email: string; name: string }[]> {
  return tx
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.role, "admin"))
    .orderBy(asc(users.email));
}

/**
 * Enrolments in classes whose first day falls between two days, with no reminder written yet
 * (no outbox row under the enrolment's reminder key): what the reminder job looks at.
 */
export async function reminderCandidates(db: Db, fromDay: string, toDay: string, limit: number) {
  return (
    db
      .select({
        ...sessionColumns,
        details: classes.details,
        enrollmentId: enrollments.id,
        familyId: users.id,
        email: users.email,
        name: users.name,
        camper: { isSelf: campers.isSelf, firstName: campers.firstName, lastName: campers.lastName },
      })
      .from(enrollments)
      .innerJoin(classes, eq(classes.id, enrollments.classId))
      .innerJoin(instructors, eq(instructors.id, classes.instructorId))
      .innerJoin(users, eq(users.id, enrollments.studentId))
      .innerJoin(campers, eq(campers.id, enrollments.camperId))
      // Nobody who turned optional e-mails off (no row: on, the default).
      .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
      .leftJoin(
        notificationOutbox,
        eq(notificationOutbox.dedupeKey, sql`${REMINDER_KEY_PREFIX} || ${enrollments.id}::text`),
      )
      .where(
        and(
          isNotNull(classes.startTime),
          gte(classes.startDate, fromDay),
          lte(classes.startDate, toDay),
          isNull(notificationOutbox.id),
          or(isNull(notificationPreferences.userId), eq(notificationPreferences.optionalEmails, true)),
        ),
      )
      .orderBy(asc(classes.startDate), asc(enrollments.id))
      .limit(limit)
  );
}

/** The dedupe key's prefix of a reminder: `reminder:<enrolment id>`, one reminder per enrolment ever. */
export const REMINDER_KEY_PREFIX = "reminder:";

/** A reminder's facts from a candidate row. */
export function reminderFacts(
  row: Awaited<ReturnType<typeof reminderCandidates>>[number],
  first: { day: string; startsAt: Date },
): { to: string; facts: ReminderFacts } {
  const { details, enrollmentId, familyId, email, name, camper, ...session } = row;
  return {
    to: email,
    facts: {
      familyId,
      familyName: name,
      enrollmentId,
      camperName: camperName(camper, name),
      firstDay: first.day,
      startsAt: first.startsAt.toISOString(),
      details: details?.trim() || null,
      session,
    },
  };
}

/**
 * A family's enrolments as calendar events (issue 32): every enrolment, or one. Each event's UID is
 * the enrolment's own, so a calendar that imports a file twice or refreshes the feed updates it.
 */
export async function enrolmentEvents(db: Db, familyId: string, enrollmentId?: string) {
  const rows = await db
    .select({
      ...sessionColumns,
      enrollmentId: enrollments.id,
      holderName: users.name,
      camper: { isSelf: campers.isSelf, firstName: campers.firstName, lastName: campers.lastName },
    })
    .from(enrollments)
    .innerJoin(classes, eq(classes.id, enrollments.classId))
    .innerJoin(instructors, eq(instructors.id, classes.instructorId))
    .innerJoin(users, eq(users.id, enrollments.studentId))
    .innerJoin(campers, eq(campers.id, enrollments.camperId))
    .where(and(eq(enrollments.studentId, familyId), enrollmentId ? eq(enrollments.id, enrollmentId) : undefined))
    .orderBy(asc(classes.startDate), asc(classes.name), asc(enrollments.id));
  return rows.map(({ enrollmentId: id, holderName, camper, ...session }) => ({
    uid: `enrollment-${id}@summitsports.academy`,
    session,
    camperName: camperName(camper, holderName),
  }));
}

/** A goodwill refund (issue 31): part of a payment back, no seat cancelled. */
export interface GoodwillRefundFacts {
  familyName: string;
  refundId: string;
  amountCents: number;
  /** What the payment was for, and its total. */
  classNames: string[];
  paidCents: number;
  reason: string | null;
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
    .innerJoin(payments, eq(payments.orderId, refunds.orderId))
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
