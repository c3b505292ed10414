import { cancelSeatInstalments } from "../plans/index.js";
import { and, asc, eq, sql } from "drizzle-orm";
import { camperName } from "../campers/index.js";
import { enqueueSeatCancelled } from "../notifications/index.js";
import * as clock from "../platform/clock.js";
import type { Db, Tx } from "../platform/database/client.js";
import { lockAccount } from "../platform/database/locks.js";
import {
  campers,
  cancellations,
  classes,
  enrollments,
  orderItems,
  orders,
  refundLines,
  refunds,
  users,
} from "../platform/database/schema.js";
import { badRequest, conflict, notFound } from "../platform/errors.js";
import { toDollars, usd } from "../platform/wire.js";
import { fillFromLine, type LineOptions } from "../waitlist/index.js";
import { markPaymentRefunds, NO_CARD_TO_REFUND, raiseRefunded } from "./lines.js";
import { deskRefundColumns } from "./desk-refund.js";
import { splitOverCharges, type ChargePart } from "./plan-charges.js";
import { orderFacts, seatRefund, spreadRefund, type Line, type OrderFacts } from "./order-seats.js";
import type { HandBack } from "./desk-refund.js";
import { academyToday, loadPolicy, quoteRefund, quoteText, type Quote } from "./policy.js";

/**
 * Cancelling a seat, in one transaction: the enrolment ends (a record of it stays), the
 * seat goes to the class's waitlist first, and the refund the policy gives (or an admin's amount)
 * is written as a pending refund beside the line's refunded total, which the database holds to
 * the line's price. The provider is asked afterwards, outside the transaction (refund-sending.ts).
 */

const seatColumns = {
  id: enrollments.id,
  studentId: enrollments.studentId,
  classId: enrollments.classId,
  camperId: enrollments.camperId,
  orderId: enrollments.orderId,
  enrolledAt: enrollments.createdAt,
  className: classes.name,
  firstDay: classes.startDate,
  lastDay: classes.endDate,
  camper: camperName,
  // What was charged for the seat so far: its price, or on a payment plan what has been paid of it.
  paidCents: sql<number>`coalesce(${orderItems.paidCents}, 0)`.mapWith(Number),
  refundedCents: sql<number>`coalesce(${orderItems.refundedCents}, 0)`.mapWith(Number),
  /** Paid by card: the seed's sample families paid none (seed/families.ts). */
  byCard: sql<boolean>`${orders.paymentIntentId} is not null`.mapWith(Boolean),
  /** Booked at the front desk (decision 047): its money goes back through the office, not a card. */
  atTheDesk: sql<boolean>`coalesce(${orders.channel} = 'office', false)`.mapWith(Boolean),
};

function seats(db: Db | Tx) {
  return db
    .select(seatColumns)
    .from(enrollments)
    .innerJoin(classes, eq(classes.id, enrollments.classId))
    .innerJoin(campers, eq(campers.id, enrollments.camperId))
    .innerJoin(users, eq(users.id, campers.familyId))
    .leftJoin(
      orderItems,
      and(
        eq(orderItems.orderId, enrollments.orderId),
        eq(orderItems.classId, enrollments.classId),
        eq(orderItems.camperId, enrollments.camperId),
      ),
    )
    .leftJoin(orders, eq(orders.id, enrollments.orderId));
}

type Seat = Awaited<ReturnType<ReturnType<typeof seats>["where"]>>[number];

function seatToWire(seat: Seat, quote: Quote) {
  return {
    _id: seat.id,
    classId: seat.classId,
    class_name: seat.className,
    camper: seat.camper,
    camperId: seat.camperId,
    start_date: seat.firstDay,
    end_date: seat.lastDay,
    enrolledAt: seat.enrolledAt.toISOString(),
    paid: toDollars(seat.paidCents),
    refunded: toDollars(seat.refundedCents),
    atTheDesk: seat.atTheDesk,
    cancellation: seat.atTheDesk ? { ...quoteToWire(quote), cancellable: false, text: DESK_SEAT } : quoteToWire(quote),
  };
}

/** A seat booked at the front desk: its money was handed over there, and goes back there. */
const DESK_SEAT =
  "This seat was booked with the academy's office: call or visit the office to cancel it, and it gives back what the cancellation policy refunds.";

export function quoteToWire(quote: Quote) {
  return {
    refund: toDollars(quote.refundCents),
    refundCents: quote.refundCents,
    paidCents: quote.paidCents,
    refundedCents: quote.refundedCents,
    percent: quote.percent,
    feeCents: quote.feeCents,
    window: quote.window,
    daysBefore: quote.daysBefore,
    noCard: quote.noCard,
    /** The policy's refund alone; the discount given back off it, as the seats kept no longer earn it (decision 033). */
    policyRefundCents: quote.policyRefundCents,
    discountGivenBackCents: quote.discountGivenBackCents,
    /** A discount given back at an earlier cancellation that this one returns. */
    earlierReturnedCents: quote.earlierReturnedCents,
    /** The family may cancel it themselves (not once the class has started). */
    cancellable: quote.window !== "started",
    text: quoteText(quote),
  };
}

type Facts = (orderId: string) => Promise<OrderFacts>;

/**
 * Today's quote for a seat: the policy's refund, less a discount the seats kept would no longer
 * earn (decision 033), with the lines a refund may go to (its own first, then earlier cancelled ones').
 */
async function quoteFor(
  policy: Awaited<ReturnType<typeof loadPolicy>>,
  seat: Seat,
  facts: Facts,
): Promise<{ quote: Quote; lines: Line[] }> {
  const quote = quoteRefund(
    policy,
    {
      paidCents: seat.paidCents,
      refundedCents: seat.refundedCents,
      firstDay: seat.firstDay,
      // A desk booking's money can go back (through the office): not the sample data's "no card".
      byCard: seat.byCard || seat.atTheDesk,
    },
    academyToday(),
  );
  const line = { classId: seat.classId, camperId: seat.camperId };
  if (!seat.orderId || quote.noCard || seat.paidCents === 0) {
    return { quote, lines: [{ ...line, cents: Math.max(seat.paidCents - seat.refundedCents, 0) }] };
  }
  const refund = seatRefund(await facts(seat.orderId), line, quote.refundCents);
  return {
    quote: {
      ...quote,
      refundCents: refund.refundCents,
      discountGivenBackCents: refund.discountGivenBackCents,
      earlierReturnedCents: refund.earlierReturnedCents,
    },
    lines: refund.lines,
  };
}

/** Reads each order's facts once (a family's seats often share an order). */
function factsOnce(db: Db | Tx): Facts {
  const read = new Map<string, Promise<OrderFacts>>();
  return (orderId) => {
    if (!read.has(orderId)) read.set(orderId, orderFacts(db, orderId));
    return read.get(orderId)!;
  };
}

/** The family's seats (GET /enrollments), first day first, each with today's quote. */
export async function familySeats(db: Db, familyId: string) {
  const policy = await loadPolicy(db);
  const rows = await seats(db)
    .where(eq(enrollments.studentId, familyId))
    .orderBy(asc(classes.startDate), asc(classes.name), asc(enrollments.id));
  const facts = factsOnce(db);
  const quotes = [];
  for (const seat of rows) quotes.push(seatToWire(seat, (await quoteFor(policy, seat, facts)).quote));
  return quotes;
}

/** One seat and today's quote (GET /enrollments/:id/cancellation); `familyId` limits it to the family's own. */
export async function seatQuote(db: Db, enrollmentId: string, familyId?: string) {
  const [seat] = await seats(db).where(eq(enrollments.id, enrollmentId));
  if (!seat || (familyId !== undefined && seat.studentId !== familyId)) throw notFound("There is no such enrolment.");
  return seatToWire(seat, (await quoteFor(await loadPolicy(db), seat, factsOnce(db))).quote);
}

export interface CancelRequest {
  enrollmentId: string;
  /** Who cancels; null: the academy's own rule (a payment plan lapsed, refunds/plan-cancel.ts). */
  actorId: string | null;
  /** A family cancels only its own seats, and not once the class has started. */
  asFamily: boolean;
  /** An admin's amount instead of the policy's (never more than is left of the line). */
  refundCents?: number;
  reason?: string;
  /** How the office gives a front-desk booking's money back (decision 047); required for those. */
  handBack?: HandBack;
}

export interface Cancelled {
  /** The refunds written: one, or on a payment plan one per charge the money goes back through. */
  refundIds: string[];
  refundCents: number;
  orderId: string | null;
  classId: string;
}

/** Cancels one seat; see the module's comment. Two at once on one seat: the second finds it gone. */
export async function cancelSeat(tx: Tx, request: CancelRequest, line: LineOptions): Promise<Cancelled> {
  const gone = () => notFound("There is no such enrolment: it may have been cancelled already.");
  const [found] = await tx
    .select({ studentId: enrollments.studentId })
    .from(enrollments)
    .where(eq(enrollments.id, request.enrollmentId));
  if (!found || (request.asFamily && found.studentId !== request.actorId)) throw gone();
  // The family's lock first, as every booking of theirs takes it; then the seat itself.
  await lockAccount(tx, found.studentId);
  const [locked] = await tx
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(eq(enrollments.id, request.enrollmentId))
    .for("update");
  if (!locked) throw gone();
  const [seat] = await seats(tx).where(eq(enrollments.id, request.enrollmentId));
  if (!seat) throw gone();
  // The order's row next: the refund depends on which of its other seats are kept (decision 033),
  // so a cancellation of another seat of it, on another process, waits until this one committed.
  if (seat.orderId) await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, seat.orderId)).for("update");
  const { quote, lines } = await quoteFor(await loadPolicy(tx), seat, factsOnce(tx));
  if (request.asFamily && quote.window === "started") throw conflict(quoteText(quote));
  if (request.asFamily && seat.atTheDesk) throw conflict(DESK_SEAT);

  // The policy's amount, or an admin's: this seat's line first, then what seats of the order
  // cancelled before were given less (decision 033).
  const amount = request.refundCents ?? quote.refundCents;
  const spread = spreadRefund(lines, amount);
  if (!spread) {
    const left = lines.reduce((sum, line) => sum + line.cents, 0);
    throw badRequest(`At most ${usd(left)} of this seat is left to refund.`, {
      refundCents: `At most ${left} cents.`,
    });
  }
  let refundIds: string[] = [];
  if (amount > 0 && seat.orderId) {
    refundIds = await addRefund(tx, {
      orderId: seat.orderId,
      classId: seat.classId,
      camperId: seat.camperId,
      amountCents: amount,
      spread,
      actorId: request.actorId,
      reason: request.reason ?? (request.asFamily ? "Cancelled by the family" : null),
      handBack: request.handBack,
    });
  }
  await tx.delete(enrollments).where(eq(enrollments.id, seat.id));
  // On a payment plan, the seat's charges still to come are cancelled with it (decision 040).
  if (seat.orderId) await cancelSeatInstalments(tx, { ...seat, orderId: seat.orderId });
  const [record] = await tx
    .insert(cancellations)
    .values({
      enrollmentId: seat.id,
      studentId: seat.studentId,
      classId: seat.classId,
      camperId: seat.camperId,
      orderId: seat.orderId,
      refundId: refundIds[0] ?? null,
      refundCents: amount,
      policyRefundCents: quote.policyRefundCents,
      reason: request.reason ?? null,
      actorId: request.actorId,
      createdAt: clock.now(),
    })
    .returning({ id: cancellations.id });
  // The family hears of it by e-mail, written with the cancellation (decision 032).
  await enqueueSeatCancelled(tx, record!.id);
  await tx
    .update(classes)
    .set({ enrolledSeats: sql`${classes.enrolledSeats} - 1`, updatedAt: clock.now() })
    .where(eq(classes.id, seat.classId));
  // The freed seat goes to the class's waitlist first, in this same commit.
  await fillFromLine(tx, [seat.classId], line);
  return { refundIds, refundCents: amount, orderId: seat.orderId, classId: seat.classId };
}

/**
 * A pending refund of part of a paid line (or, with `spread`, of several lines of the order: the
 * cancelled seat's and those of seats cancelled before, decision 033): each line's refunded total
 * goes up in the same transaction, and its check refuses more than the line's price.
 */
export async function addRefund(
  tx: Tx,
  input: {
    orderId: string;
    classId: string;
    camperId: string;
    amountCents: number;
    spread?: { classId: string; camperId: string; cents: number }[] | undefined;
    actorId: string | null;
    reason: string | null;
    handBack?: HandBack;
  },
): Promise<string[]> {
  const { spread, handBack, ...row } = input;
  const [order] = await tx
    .select({ status: orders.status, intent: orders.paymentIntentId, plan: orders.plan, channel: orders.channel })
    .from(orders)
    .where(eq(orders.id, input.orderId))
    .for("update");
  if (!order || order.status !== "paid") throw conflict("Only a paid order can be refunded.");
  // A front-desk booking's money goes back through the office: recorded as done, how it went.
  const desk = order.channel === "office" ? deskRefundColumns(handBack) : null;
  // The seed's families paid no card (seed/families.ts): nothing can go back to one.
  if (!order.intent && !desk) throw conflict(NO_CARD_TO_REFUND);
  const parts = spread ?? [{ classId: input.classId, camperId: input.camperId, cents: input.amountCents }];
  if (parts.reduce((sum, part) => sum + part.cents, 0) !== input.amountCents) {
    throw new Error("a refund's lines do not add up to it");
  }
  if (order.plan) return addPlanRefunds(tx, input, await splitOverCharges(tx, input.orderId, order.plan, parts));
  const [refund] = await tx
    .insert(refunds)
    .values({ ...row, ...desk, createdAt: clock.now(), updatedAt: clock.now(), nextAttemptAt: clock.now() })
    .returning({ id: refunds.id });
  for (const part of parts) await raiseRefunded(tx, input.orderId, part);
  // Several lines: each one's share is written, so a refund that fails gives each back (lines.ts).
  if (parts.length > 1) {
    await tx.insert(refundLines).values(
      parts.map((part) => ({
        refundId: refund!.id,
        orderId: input.orderId,
        classId: part.classId,
        camperId: part.camperId,
        amountCents: part.cents,
      })),
    );
  }
  await markPaymentRefunds(tx, input.orderId);
  return [refund!.id];
}

/**
 * A payment plan's refund (decision 040): one pending refund per charge it goes back through,
 * each for one line, so that each is sent to the PaymentIntent that took the money.
 */
async function addPlanRefunds(
  tx: Tx,
  input: { orderId: string; actorId: string | null; reason: string | null },
  parts: ChargePart[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const part of parts) {
    const [refund] = await tx
      .insert(refunds)
      .values({
        orderId: input.orderId,
        classId: part.classId,
        camperId: part.camperId,
        amountCents: part.cents,
        paymentIntentId: part.intentId,
        actorId: input.actorId,
        reason: input.reason,
        createdAt: clock.now(),
        updatedAt: clock.now(),
        nextAttemptAt: clock.now(),
      })
      .returning({ id: refunds.id });
    await raiseRefunded(tx, input.orderId, part);
    ids.push(refund!.id);
  }
  await markPaymentRefunds(tx, input.orderId);
  return ids;
}
