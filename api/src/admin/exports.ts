import { and, asc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { academyDayBounds, ACADEMY_TIME_ZONE } from "../platform/academy-day.js";
import type { Db } from "../platform/database/client.js";
import {
  campers,
  classes,
  enrollments,
  guardians,
  orders,
  payments,
  refunds,
  users,
} from "../platform/database/schema.js";

/**
 * The office's exports: every enrolment, payment and refund of a span of days (by the academy's
 * calendar), as rows of text that the page shows and the CSV writes. Amounts are written in dollars
 * from the cents kept, as a spreadsheet sums them. Nothing sealed is in them.
 */
export const EXPORT_KINDS = ["enrolments", "payments", "refunds"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export interface Span {
  from?: string | undefined;
  to?: string | undefined;
}

const stamp = new Intl.DateTimeFormat("en-CA", {
  timeZone: ACADEMY_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
/** "2026-07-06 14:05" at the academy. */
const at = (d: Date) => stamp.format(d).replace(",", "");
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The instants of the span's days (from the start of `from` until the end of `to`), either end open. */
function within(column: AnyPgColumn, span: Span): SQL | undefined {
  return and(
    span.from ? gte(column, new Date(academyDayBounds(span.from).startMs)) : undefined,
    span.to ? lt(column, new Date(academyDayBounds(span.to).endMs)) : undefined,
  );
}

const camperCell = sql<string>`case when ${campers.isSelf} then ${users.name} else ${campers.firstName} || ' ' || ${campers.lastName} end`;

/** The family's parents or guardians, by position: whom the office calls about a seat. */
const firstGuardian = alias(guardians, "first_guardian");
const secondGuardian = alias(guardians, "second_guardian");

async function enrolmentRows(db: Db, span: Span): Promise<string[][]> {
  const rows = await db
    .select({
      at: enrollments.createdAt,
      className: classes.name,
      startDate: classes.startDate,
      endDate: classes.endDate,
      camper: camperCell,
      holder: users.name,
      email: users.email,
      orderId: enrollments.orderId,
      guardian1: firstGuardian.name,
      guardian1Phone: firstGuardian.phone,
      guardian2: secondGuardian.name,
      guardian2Phone: secondGuardian.phone,
    })
    .from(enrollments)
    .innerJoin(classes, eq(classes.id, enrollments.classId))
    .innerJoin(campers, eq(campers.id, enrollments.camperId))
    .innerJoin(users, eq(users.id, enrollments.studentId))
    .leftJoin(firstGuardian, and(eq(firstGuardian.familyId, enrollments.studentId), eq(firstGuardian.position, 1)))
    .leftJoin(secondGuardian, and(eq(secondGuardian.familyId, enrollments.studentId), eq(secondGuardian.position, 2)))
    .where(within(enrollments.createdAt, span))
    .orderBy(asc(enrollments.createdAt), asc(enrollments.id));
  return rows.map((r) => [
    at(r.at),
    r.className,
    r.startDate ?? "",
    r.endDate ?? "",
    r.camper,
    r.holder,
    r.email,
    r.orderId ?? "",
    r.guardian1 ?? "",
    r.guardian1Phone ?? "",
    r.guardian2 ?? "",
    r.guardian2Phone ?? "",
  ]);
}

async function paymentRows(db: Db, span: Span): Promise<string[][]> {
  const rows = await db
    .select({
      at: payments.paidAt,
      holder: users.name,
      email: users.email,
      cents: payments.amountCents,
      kind: payments.kind,
      method: payments.method,
      reference: payments.reference,
      receivedOn: payments.receivedOn,
      status: payments.status,
      transactionId: payments.transactionId,
      orderId: payments.orderId,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.studentId))
    .where(within(payments.paidAt, span))
    .orderBy(asc(payments.paidAt), asc(payments.id));
  return rows.map((r) => [
    at(r.at),
    r.holder,
    r.email,
    dollars(r.cents),
    r.kind,
    r.method,
    r.reference ?? "",
    r.receivedOn ?? "",
    r.status,
    r.transactionId,
    r.orderId,
  ]);
}

async function refundRows(db: Db, span: Span): Promise<string[][]> {
  const rows = await db
    .select({
      at: refunds.createdAt,
      holder: users.name,
      email: users.email,
      className: classes.name,
      camper: sql<
        string | null
      >`case when ${campers.id} is null then null when ${campers.isSelf} then ${users.name} else ${campers.firstName} || ' ' || ${campers.lastName} end`,
      cents: refunds.amountCents,
      method: refunds.method,
      status: refunds.status,
      origin: refunds.origin,
      reason: refunds.reason,
      reference: refunds.reference,
      orderId: refunds.orderId,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(users, eq(users.id, orders.studentId))
    .leftJoin(classes, eq(classes.id, refunds.classId))
    .leftJoin(campers, eq(campers.id, refunds.camperId))
    .where(within(refunds.createdAt, span))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  return rows.map((r) => [
    at(r.at),
    r.holder,
    r.email,
    r.className ?? "",
    r.camper ?? "",
    dollars(r.cents),
    r.method,
    r.status,
    r.origin,
    r.reason ?? "",
    r.reference ?? "",
    r.orderId,
  ]);
}

/** Each export's columns (the CSV's header row) and its rows, oldest first. */
export const EXPORTS: Record<ExportKind, { columns: string[]; rows: (db: Db, span: Span) => Promise<string[][]> }> = {
  enrolments: {
    columns: [
      "enrolled_at",
      "class",
      "class_start",
      "class_end",
      "camper",
      "account_holder",
      "email",
      "order",
      "guardian_1",
      "guardian_1_phone",
      "guardian_2",
      "guardian_2_phone",
    ],
    rows: enrolmentRows,
  },
  payments: {
    columns: [
      "paid_at",
      "account_holder",
      "email",
      "amount",
      "kind",
      "method",
      "reference",
      "received_on",
      "status",
      "transaction",
      "order",
    ],
    rows: paymentRows,
  },
  refunds: {
    columns: [
      "created_at",
      "account_holder",
      "email",
      "class",
      "camper",
      "amount",
      "method",
      "status",
      "origin",
      "reason",
      "reference",
      "order",
    ],
    rows: refundRows,
  },
};
