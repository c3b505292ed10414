import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { camperName } from "../campers/index.js";
import { ACADEMY, paidByText } from "../notifications/index.js";
import { academyToday } from "../platform/academy-day.js";
import type { Db } from "../platform/database/client.js";
import {
  attendance,
  campers,
  classes,
  guardians,
  instalments,
  instalmentSeats,
  orderItems,
  orders,
  payments,
  paymentShares,
  refundLines,
  refunds,
  seatTransfers,
  users,
} from "../platform/database/schema.js";
import { conflict, notFound } from "../platform/errors.js";

/**
 * A year-end statement for one child (decision 049): the money the family paid for that child's
 * seats in a calendar year, payment by payment, less what went back, with the academy's legal
 * name, address and tax id, the payer, and the days the child attended. What a dependent-care
 * account or a tax return asks for. Only money that moved counts: a moved seat's credit (decision
 * 048) is neither a payment nor a refund here.
 */

export interface Statement {
  year: number;
  issuedOn: string;
  academy: { legalName: string; address: string; taxId: string; email: string; phone: string };
  payer: { name: string; email: string; address: string | null };
  camper: { id: string; name: string; dateOfBirth: string | null };
  seats: { className: string; firstDay: string | null; lastDay: string | null; daysAttended: string[] }[];
  payments: { id: string; on: string; methodText: string; cents: number }[];
  refunds: { id: string; on: string; methodText: string; cents: number }[];
  paidCents: number;
  refundedCents: number;
  netCents: number;
}

/** The first day a year's statement may be had: the next 1 January, on the academy's calendar. */
export const availableFrom = (year: number) => `${year + 1}-01-01`;

/** The years a statement may be had for today: the last five ended years. */
export function statementYears(today = academyToday()): number[] {
  const last = Number(today.slice(0, 4)) - 1;
  return [0, 1, 2, 3, 4].map((back) => last - back);
}

const inYear = (day: string, year: number) => day.startsWith(`${year}-`);

/** Each payment's share for one child: from the shares kept per seat, or the order's lines. */
async function childPayments(db: Db, familyId: string, camperId: string, year: number) {
  const rows = await db
    .select({
      id: payments.id,
      orderId: payments.orderId,
      kind: payments.kind,
      method: payments.method,
      reference: payments.reference,
      amountCents: payments.amountCents,
      paidAt: payments.paidAt,
      receivedOn: payments.receivedOn,
      plan: orders.plan,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.studentId, familyId), ne(payments.kind, "transfer")))
    .orderBy(asc(payments.paidAt), asc(payments.id));
  const mine = rows
    .map((p) => ({ ...p, on: p.receivedOn ?? academyToday(p.paidAt) }))
    .filter((p) => p.amountCents > 0 && inYear(p.on, year));
  if (mine.length === 0) return [];
  const ids = mine.map((p) => p.id);
  const [shares, instalmentShares, lines] = await Promise.all([
    db
      .select({ paymentId: paymentShares.paymentId, cents: paymentShares.cents })
      .from(paymentShares)
      .where(and(inArray(paymentShares.paymentId, ids), eq(paymentShares.camperId, camperId))),
    db
      .select({ paymentId: instalments.paymentId, cents: instalmentSeats.cents })
      .from(instalmentSeats)
      .innerJoin(instalments, eq(instalments.id, instalmentSeats.instalmentId))
      .where(and(inArray(instalments.paymentId, ids), eq(instalmentSeats.camperId, camperId))),
    db
      .select({ orderId: orderItems.orderId, cents: orderItems.priceCents })
      .from(orderItems)
      .where(
        and(
          inArray(
            orderItems.orderId,
            mine.map((p) => p.orderId),
          ),
          eq(orderItems.camperId, camperId),
        ),
      ),
  ]);
  const sum = (list: { cents: number }[]) => list.reduce((n, x) => n + x.cents, 0);
  return mine
    .map((p) => {
      let cents: number;
      if (p.kind === "offline" || p.kind === "balance") cents = sum(shares.filter((s) => s.paymentId === p.id));
      else if (p.kind === "instalment") cents = sum(instalmentShares.filter((s) => s.paymentId === p.id));
      else if (p.plan) {
        // A plan's deposit: the first part of the schedule the family agreed to, per seat.
        const deposit = p.plan.parts.find((part) => part.deposit);
        cents = sum((deposit?.seats ?? []).filter((s) => s.key.endsWith(`/${camperId}`)));
      } else cents = sum(lines.filter((l) => l.orderId === p.orderId));
      return { id: p.id, orderId: p.orderId, on: p.on, methodText: paidByText(p.method, p.reference), cents };
    })
    .filter((p) => p.cents > 0);
}

/** What went back for the child's seats in the year: by card or through the office, never a move's credit. */
async function childRefunds(db: Db, familyId: string, camperId: string, year: number) {
  const rows = await db
    .select({
      id: refunds.id,
      orderId: refunds.orderId,
      camperId: refunds.camperId,
      amountCents: refunds.amountCents,
      method: refunds.method,
      reference: refunds.reference,
      createdAt: refunds.createdAt,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(eq(orders.studentId, familyId), ne(refunds.method, "credit"), ne(refunds.status, "failed")))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  const mine = rows.map((r) => ({ ...r, on: academyToday(r.createdAt) })).filter((r) => inYear(r.on, year));
  if (mine.length === 0) return [];
  const shared = await db
    .select({ refundId: refundLines.refundId, camperId: refundLines.camperId, cents: refundLines.amountCents })
    .from(refundLines)
    .where(
      inArray(
        refundLines.refundId,
        mine.map((r) => r.id),
      ),
    );
  return mine
    .map((r) => {
      const lines = shared.filter((s) => s.refundId === r.id);
      // A refund shared among an order's lines counts the child's lines; one of a line, that line's child.
      const cents =
        lines.length > 0
          ? lines.filter((l) => l.camperId === camperId).reduce((n, l) => n + l.cents, 0)
          : r.camperId === camperId
            ? r.amountCents
            : 0;
      const methodText = r.method === "card" ? "to the card" : paidByText(r.method, r.reference);
      return { id: r.id, orderId: r.orderId, on: r.on, methodText, cents };
    })
    .filter((r) => r.cents > 0);
}

/**
 * The classes the year's money was for (the child's lines of the orders it paid), with the days
 * the child was checked in at each, whatever their year: a camp paid in December may meet in July.
 */
async function childSeats(db: Db, camperId: string, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  const lines = await db
    .select({ orderId: orderItems.orderId, classId: orderItems.classId })
    .from(orderItems)
    .where(and(inArray(orderItems.orderId, orderIds), eq(orderItems.camperId, camperId)));
  // A seat moved to another class (decision 048) is that class now: its money went with it.
  let seats = lines;
  for (let hop = 0; hop < 10; hop++) {
    const moves = await db
      .select({
        fromOrderId: seatTransfers.fromOrderId,
        fromClassId: seatTransfers.fromClassId,
        toOrderId: seatTransfers.toOrderId,
        toClassId: seatTransfers.toClassId,
      })
      .from(seatTransfers)
      .where(
        and(
          eq(seatTransfers.camperId, camperId),
          inArray(
            seatTransfers.fromOrderId,
            seats.map((l) => l.orderId),
          ),
        ),
      );
    const movedAway = moves.filter((m) =>
      seats.some((l) => l.orderId === m.fromOrderId && l.classId === m.fromClassId),
    );
    if (movedAway.length === 0) break;
    seats = [
      ...seats.filter((l) => !movedAway.some((m) => m.fromOrderId === l.orderId && m.fromClassId === l.classId)),
      ...movedAway.map((m) => ({ orderId: m.toOrderId, classId: m.toClassId })),
    ];
  }
  const rows = await db
    .select({ id: classes.id, name: classes.name, firstDay: classes.startDate, lastDay: classes.endDate })
    .from(classes)
    .where(
      inArray(
        classes.id,
        seats.map((l) => l.classId),
      ),
    )
    .orderBy(asc(classes.startDate), asc(classes.name), asc(classes.id));
  if (rows.length === 0) return [];
  const days = await db
    .select({ classId: attendance.classId, day: attendance.day })
    .from(attendance)
    .where(
      and(
        eq(attendance.camperId, camperId),
        inArray(
          attendance.classId,
          rows.map((r) => r.id),
        ),
        inArray(attendance.state, ["in", "out"]),
      ),
    )
    .orderBy(asc(attendance.day));
  return rows.map((c) => ({
    className: c.name,
    firstDay: c.firstDay,
    lastDay: c.lastDay,
    daysAttended: days.filter((d) => d.classId === c.id).map((d) => d.day),
  }));
}

/** A child's statement for a year that has ended; `familyId` limits it to the family's own child. */
export async function childStatement(db: Db, camperId: string, year: number, familyId?: string): Promise<Statement> {
  const today = academyToday();
  if (today < availableFrom(year)) {
    throw conflict(`Statements for ${year} can be had from 1 January ${year + 1}.`);
  }
  const [child] = await db
    .select({
      id: campers.id,
      familyId: campers.familyId,
      name: camperName,
      dateOfBirth: campers.dateOfBirth,
      payer: users.name,
      email: users.email,
    })
    .from(campers)
    .innerJoin(users, eq(users.id, campers.familyId))
    .where(and(eq(campers.id, camperId), familyId ? eq(campers.familyId, familyId) : undefined));
  if (!child) throw notFound("There is no such child.");
  const [first] = await db
    .select()
    .from(guardians)
    .where(and(eq(guardians.familyId, child.familyId), eq(guardians.position, 1)));
  const [paid, back] = await Promise.all([
    childPayments(db, child.familyId, camperId, year),
    childRefunds(db, child.familyId, camperId, year),
  ]);
  const seats = await childSeats(db, camperId, [...new Set([...paid, ...back].map((m) => m.orderId))]);
  const paidCents = paid.reduce((n, p) => n + p.cents, 0);
  const refundedCents = back.reduce((n, r) => n + r.cents, 0);
  return {
    year,
    issuedOn: today,
    academy: {
      legalName: ACADEMY.legalName,
      address: ACADEMY.address,
      taxId: ACADEMY.taxId,
      email: ACADEMY.email,
      phone: ACADEMY.phone,
    },
    payer: {
      name: first?.name ?? child.payer,
      email: child.email,
      address: first
        ? [first.addressLine1, first.addressLine2, `${first.city} ${first.postalCode}`].filter(Boolean).join(", ")
        : null,
    },
    camper: { id: child.id, name: child.name, dateOfBirth: child.dateOfBirth },
    seats,
    payments: paid.map(({ orderId: _order, ...p }) => p),
    refunds: back.map(({ orderId: _order, ...r }) => r),
    paidCents,
    refundedCents,
    netCents: paidCents - refundedCents,
  };
}
