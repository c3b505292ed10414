import { eq, inArray } from "drizzle-orm";
import {
  AHEAD_OF_LINE_FIELD,
  bookAtTheDeskIn,
  priceDeskSeats,
  type CheckoutDeps,
  type DeskBooking,
} from "../booking/index.js";
import { academyToday } from "../platform/academy-day.js";
import { logOffice } from "../front-desk/index.js";
import { enqueueSeatMoved } from "../notifications/index.js";
import * as clock from "../platform/clock.js";
import type { Tx } from "../platform/database/client.js";
import { lockAccount } from "../platform/database/locks.js";
import { classes, enrollments, seatTransfers } from "../platform/database/schema.js";
import { ApiError, badRequest, conflict, notFound } from "../platform/errors.js";
import { transaction } from "../platform/transaction.js";
import { usd } from "../platform/wire.js";
import {
  leaveSeat,
  lockMovingSeat,
  sendRefunds,
  settleMovedSeat,
  type HandBack,
  type MovingSeat,
  daysBetween,
} from "../refunds/index.js";
import { loadMoveRules, moveText } from "../platform/cancellation-policy.js";
import { fillFromLine } from "../waitlist/index.js";

/**
 * Moving a camper's seat to another class (decision 048), in one transaction under the family's
 * lock: the old seat ends (its record stays, its seat goes to its class's line), the new one is
 * booked with every rule of the family's checkout, and the money follows. What was paid for the
 * old seat, less the academy's fee, pays the new one ("credit"); a dearer class leaves the rest
 * owed on the new booking (the family pays it by card from My Balance, or the office takes it);
 * a cheaper one gives the rest back as any refund of the old booking would.
 */

export interface MoveRequest {
  enrollmentId: string;
  toClassId: string;
  feeCents: number;
  /** The day the difference is due: required when the new seat costs more than the credit. */
  dueDay: string | null;
  /** How the office gives the difference back, for a booking no card paid. */
  handBack?: HandBack | undefined;
  reason: string | null;
  aheadOfLineReason: string | null;
  /** Who moves it: an admin at any time, or the family itself within the academy's rule. */
  actor: { id: string; name: string };
  /** A family moving its own seat (decision 048): the academy's window and fee, and no office's choices. */
  asFamily?: boolean;
}

/** The move's figures: what adds up on the receipt. */
export interface MoveFigures {
  className: string;
  toClassName: string;
  camperName: string;
  heldCents: number;
  feeCents: number;
  priceCents: number;
  discounts: { name: string; cents: number }[];
  creditCents: number;
  owedCents: number;
  refundCents: number;
}

/** Thrown to roll a quote's transaction back: a quote changes nothing. */
class QuoteOnly extends Error {
  constructor(readonly figures: MoveFigures & { aheadOfLine: boolean }) {
    super("a quote is rolled back");
  }
}

async function familyOf(tx: Tx, enrollmentId: string) {
  const [row] = await tx
    .select({ familyId: enrollments.studentId })
    .from(enrollments)
    .where(eq(enrollments.id, enrollmentId));
  if (!row) throw notFound("There is no such enrolment: it may have been moved or cancelled already.");
  return row.familyId;
}

/** The old seat ended and the new one priced, in the caller's transaction. */
async function prepare(tx: Tx, deps: CheckoutDeps, asked: MoveRequest) {
  const familyId = await familyOf(tx, asked.enrollmentId);
  if (asked.asFamily && familyId !== asked.actor.id) {
    throw notFound("There is no such enrolment: it may have been moved or cancelled already.");
  }
  await lockAccount(tx, familyId);
  const seat = await lockMovingSeat(tx, asked.enrollmentId, familyId);
  const request = asked.asFamily ? await familyRules(tx, seat, asked) : asked;
  if (seat.classId === request.toClassId) {
    throw badRequest("The seat is in that class already: choose another class.", { toClassId: "Another class." });
  }
  if (request.feeCents > seat.heldCents) {
    throw badRequest(`The fee cannot be more than the ${usd(seat.heldCents)} paid for the seat.`, {
      feeCents: `At most ${usd(seat.heldCents)}, what was paid for the seat.`,
    });
  }
  // Both classes' rows, in id order as every booking takes them: two moves the opposite ways wait.
  await tx
    .select({ id: classes.id })
    .from(classes)
    .where(inArray(classes.id, [seat.classId, request.toClassId]))
    .orderBy(classes.id)
    .for("update");
  await leaveSeat(tx, seat);
  const seats = [{ classId: request.toClassId, camperId: seat.camperId }];
  const priced = await priceDeskSeats(tx, familyId, seats, deps.sealer);
  const line = priced.quote.lines[0]!;
  const carried = seat.heldCents - request.feeCents;
  const priceCents = priced.quote.totalCents;
  const creditCents = Math.min(carried, priceCents);
  const figures: MoveFigures = {
    className: seat.className,
    toClassName: priced.selection[0]!.name,
    camperName: priced.selection[0]!.camperName,
    heldCents: seat.heldCents,
    feeCents: request.feeCents,
    priceCents,
    discounts: line.discounts.map((d) => ({ name: d.name, cents: d.cents })),
    creditCents,
    owedCents: priceCents - creditCents,
    refundCents: carried - creditCents,
  };
  return { familyId, seat, seats, figures, request };
}

/**
 * A family's own move: only until the academy's number of days before the seat's first day, for
 * the academy's fee, of a seat it booked online (a desk booking's money is the office's), never
 * ahead of a waiting line; a difference owed is due today (the family pays it by card at once).
 */
async function familyRules(tx: Tx, seat: MovingSeat, request: MoveRequest): Promise<MoveRequest> {
  const rules = await loadMoveRules(tx);
  if (seat.atTheDesk) {
    throw conflict("This seat was booked with the academy's office: call or visit the office to move it.");
  }
  const today = academyToday();
  if (rules.moveDays === null || !seat.firstDay || daysBetween(today, seat.firstDay) < rules.moveDays) {
    throw conflict(
      rules.moveDays === null
        ? moveText(rules)
        : `Seats can be moved online until ${rules.moveDays} days before the first day: call or visit the office to move this one.`,
    );
  }
  return {
    ...request,
    feeCents: Math.min(rules.moveFeeCents, seat.heldCents),
    dueDay: today,
    handBack: undefined,
    aheadOfLineReason: null,
  };
}

/**
 * What the move would cost or give back today: the whole move, rolled back, so a full class or a
 * broken rule answers as the move would. A class whose free seats are its line's is said
 * (`aheadOfLine`): the move then needs the office's reason.
 */
export async function quoteMove(
  deps: CheckoutDeps,
  request: MoveRequest,
): Promise<MoveFigures & { aheadOfLine: boolean }> {
  try {
    await transaction(deps.db, async (tx) => {
      const prepared = await prepare(tx, deps, request);
      const { familyId, seats, figures } = prepared;
      const booked = await book(tx, deps, familyId, seats, figures, {
        ...prepared.request,
        dueDay: academyToday(),
        aheadOfLineReason: "a quote",
      });
      throw new QuoteOnly({ ...figures, aheadOfLine: booked.aheadOfLine.length > 0 });
    });
  } catch (error) {
    if (error instanceof QuoteOnly) return error.figures;
    throw error;
  }
  throw new Error("a quote's transaction committed");
}

/** The new seat, booked as the front desk books, paid first by the old seat's credit. */
async function book(
  tx: Tx,
  deps: CheckoutDeps,
  familyId: string,
  seats: DeskBooking["seats"],
  figures: MoveFigures,
  request: MoveRequest,
) {
  try {
    return await bookAtTheDeskIn(tx, deps, {
      familyId,
      seats,
      payment: null,
      credit: { cents: figures.creditCents },
      dueDay: figures.owedCents > 0 ? request.dueDay : null,
      aheadOfLineReason: request.aheadOfLineReason,
      admin: request.actor,
      onBooked: async () => {},
    });
  } catch (error) {
    // A family never goes ahead of families waiting for a class's seats.
    if (request.asFamily && error instanceof ApiError && error.fields && AHEAD_OF_LINE_FIELD in error.fields) {
      throw conflict(`Families are waiting for a seat in ${figures.toClassName}: join its waiting list instead.`);
    }
    throw error;
  }
}

/** Moves the seat; answers the move's id, its figures and the new booking's id. */
export async function moveSeat(deps: CheckoutDeps, asked: MoveRequest) {
  const done = await deps.cache.write(
    ["classes", "instructors"],
    async (tx) => {
      const { familyId, seat, seats, figures, request } = await prepare(tx, deps, asked);
      if (figures.owedCents > 0 && !request.dueDay) {
        throw badRequest(`Say when the ${usd(figures.owedCents)} difference is due.`, {
          dueDay: "The day the difference is due.",
        });
      }
      const reason = request.reason ?? `Moved to ${figures.toClassName}`;
      const booked = await book(tx, deps, familyId, seats, figures, request);
      const { refundId } = await settleMovedSeat(tx, seat, {
        creditCents: figures.creditCents,
        refundCents: figures.refundCents,
        actorId: request.actor.id,
        reason,
        handBack: request.handBack,
      });
      // The old class's freed seat goes to its line first, in this same commit.
      await fillFromLine(tx, [seat.classId], deps.config);
      const [move] = await tx
        .insert(seatTransfers)
        .values({
          familyId,
          camperId: seat.camperId,
          fromOrderId: seat.orderId,
          fromClassId: seat.classId,
          fromEnrollmentId: seat.enrollmentId,
          toOrderId: booked.orderId,
          toClassId: request.toClassId,
          toEnrollmentId: booked.enrollmentIds[0]!,
          heldCents: figures.heldCents,
          feeCents: figures.feeCents,
          priceCents: figures.priceCents,
          creditCents: figures.creditCents,
          owedCents: figures.owedCents,
          refundCents: figures.refundCents,
          refundId,
          reason: request.reason,
          actorId: request.actor.id,
          createdAt: clock.now(),
        })
        .returning({ id: seatTransfers.id });
      // The office's own moves are in its log; a family's shows in its bookings and its e-mail.
      if (!request.asFamily) {
        await logOffice(tx, request.actor, familyId, "seat-moved", moveSummary(figures), {
          transferId: move!.id,
          fromOrderId: seat.orderId,
          toOrderId: booked.orderId,
          reason: request.reason,
          aheadOfLine: booked.aheadOfLine,
        });
      }
      await enqueueSeatMoved(tx, move!.id);
      return { transferId: move!.id, figures, familyId, orderId: booked.orderId, refundId };
    },
    { waitForOthers: false },
  );
  // A card refund is asked of the provider after the commit, as every refund is (decision 033).
  const refundStatus = done.refundId ? await sendRefunds(deps, [done.refundId]) : null;
  return { ...done, refundStatus };
}

/** The office log's line: "Moved Ada from Soccer to Tennis: $40.00 to pay". */
export function moveSummary(f: MoveFigures): string {
  const money =
    f.owedCents > 0
      ? `${usd(f.owedCents)} to pay`
      : f.refundCents > 0
        ? `${usd(f.refundCents)} given back`
        : "nothing to pay";
  const fee = f.feeCents > 0 ? `, fee ${usd(f.feeCents)}` : "";
  return `Moved ${f.camperName} from ${f.className} to ${f.toClassName}: ${money}${fee}`;
}
