import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import { camperName, checkoutProblem } from "../../campers/index.js";
import { hasStarted, SESSION_MESSAGES } from "../../catalog/index.js";
import { toDo } from "../../forms/index.js";
import { enqueuePaymentReceipt } from "../../notifications/index.js";
import * as clock from "../../platform/clock.js";
import type { Tx } from "../../platform/database/client.js";
import { campers, cartItems, classes, enrollments, orderItems, orders, users } from "../../platform/database/schema.js";
import { ApiError, badRequest, conflict } from "../../platform/errors.js";
import { academyToday } from "../../platform/academy-day.js";
import { aidCredits, recordAidUses } from "../../aid/index.js";
import { quote } from "../../pricing/index.js";
import {
  leaveLinesBookedAtDesk,
  linkOrder,
  notePassedOver,
  opensLater,
  registrationOpensText,
} from "../../waitlist/index.js";
import { toPricingLine, type Selection } from "./cart-lines.js";
import type { CheckoutDeps } from "./deps.js";
import { recordOfflinePayment, recordSeatCredit, type OfflinePayment } from "./desk-payments.js";
import { SeatsGone, takeSeats } from "./open.js";
import { lockStudent } from "./orders.js";

/**
 * Booking at the front desk (decision 047): an admin books seats for a family's campers with every
 * rule the family's own checkout meets (ages, overlaps, the first guardian, opening times, the
 * waiting line), priced by the same rule, in one transaction. No card: the money is what the
 * office received (cash, a cheque, a transfer), and what is left is the family's balance, due by
 * a day the office sets, which the family may pay by card from its balance page.
 */

export interface DeskBooking {
  familyId: string;
  seats: { classId: string; camperId: string }[];
  /** What the office received now; null: nothing yet (pay later). */
  payment: OfflinePayment | null;
  /** The day the rest is due: required when the payment does not cover the total. */
  dueDay: string | null;
  /** Why the office books ahead of families waiting in a class's line; refused without it. */
  aheadOfLineReason: string | null;
  admin: { id: string; name: string };
  /**
   * What a seat moved from another class carries to this booking (decision 048), paid before any
   * money; such a booking sends no receipt (the move's own message says it all).
   */
  credit?: { cents: number };
  /** Written in the booking's own transaction once the seats are taken (the office's log line). */
  onBooked: (tx: Tx, booked: DeskBooked) => Promise<void>;
}

export interface DeskBooked {
  orderId: string;
  totalCents: number;
  aheadOfLine: string[];
  /** The new enrolments, in the order of the booking's seats as priced (class id, camper id). */
  enrollmentIds: string[];
}

/** The 409 of a class whose free seats belong to its line: the admin may book ahead with a reason. */
export const AHEAD_OF_LINE_FIELD = "aheadOfLineReason";

/** The seats asked for, read as a cart's lines are (the checkout's rules read these). */
async function selectSeats(tx: Tx, familyId: string, seats: DeskBooking["seats"]): Promise<Selection[]> {
  const keys = new Set(seats.map((s) => `${s.classId}/${s.camperId}`));
  if (keys.size !== seats.length) throw badRequest("The same seat is asked for twice.", { seats: "Each seat once." });
  const rows = await tx
    .select({
      classId: classes.id,
      name: classes.name,
      priceCents: classes.priceCents,
      earlyPriceCents: classes.earlyPriceCents,
      earlyPriceUntil: classes.earlyPriceUntil,
      sport: classes.sport,
      status: classes.status,
      startDate: classes.startDate,
      registrationOpensAt: classes.registrationOpensAt,
    })
    .from(classes)
    .where(
      inArray(
        classes.id,
        seats.map((s) => s.classId),
      ),
    );
  const names = new Map(
    (
      await tx
        .select({ id: campers.id, name: camperName })
        .from(campers)
        .innerJoin(users, eq(users.id, campers.familyId))
        .where(
          inArray(
            campers.id,
            seats.map((s) => s.camperId),
          ),
        )
    ).map((c) => [c.id, c.name]),
  );
  const byId = new Map(rows.map((r) => [r.classId, r]));
  const selection = seats.map((seat): Selection => {
    const cls = byId.get(seat.classId);
    if (!cls || cls.status !== "approved") throw conflict("A class chosen is not open for booking: choose again.");
    if (hasStarted(cls.startDate)) throw conflict(`"${cls.name}": ${SESSION_MESSAGES.started}`);
    if (opensLater(cls.registrationOpensAt)) {
      throw conflict(`${registrationOpensText(cls.registrationOpensAt!)} for "${cls.name}".`);
    }
    // The line's key, as a cart line's id is a checkout's.
    return {
      ...cls,
      cartItemId: `${seat.classId}/${seat.camperId}`,
      camperId: seat.camperId,
      camperName: names.get(seat.camperId) ?? "",
    };
  });
  return selection.sort((a, b) =>
    a.classId < b.classId ? -1 : a.classId > b.classId ? 1 : a.camperId < b.camperId ? -1 : 1,
  );
}

/** The seats' prices as the family's checkout would have them today (the quote the admin reads first). */
export async function priceDeskSeats(
  tx: Tx,
  familyId: string,
  seats: DeskBooking["seats"],
  sealer: CheckoutDeps["sealer"],
) {
  const selection = await selectSeats(tx, familyId, seats);
  const refused = await checkoutProblem(tx, familyId, selection, sealer);
  if (refused) {
    const s = selection[refused.index]!;
    throw conflict(
      refused.classGone
        ? `"${s.name}" is no longer open for booking.`
        : `${refused.problem} (${s.name}, ${s.camperName})`,
    );
  }
  // The campers' awards are taken off as at a family's checkout (locked: this may be the booking).
  const aid = await aidCredits(tx, familyId, { lock: true });
  const priced = await quote(tx, { familyId, lines: selection.map(toPricingLine), aid });
  return { selection, ...priced };
}

/**
 * Takes the seats of classes whose free seats all belong to families waiting in line: only with
 * the office's reason. Answers the classes taken so.
 */
async function takeAheadOfLine(tx: Tx, selection: Selection[]): Promise<string[]> {
  const byClass = new Map<string, number>();
  for (const s of selection) byClass.set(s.classId, (byClass.get(s.classId) ?? 0) + 1);
  const taken: string[] = [];
  for (const [classId, seats] of byClass) {
    const held = await tx
      .update(classes)
      .set({ heldSeats: sql`${classes.heldSeats} + ${seats}` })
      .where(
        and(
          eq(classes.id, classId),
          eq(classes.status, "approved"),
          sql`${classes.enrolledSeats} + ${classes.heldSeats} + ${classes.offeredSeats} + ${seats} <= ${classes.availableSeats}`,
        ),
      )
      .returning({ id: classes.id });
    if (held.length === 0) {
      const name = selection.find((s) => s.classId === classId)!.name;
      throw conflict(`"${name}" is full.`);
    }
    taken.push(classId);
  }
  return taken;
}

/** Books the seats for the family; answers the new order's id and the classes booked ahead of a line. */
export async function bookAtTheDesk(deps: CheckoutDeps, booking: DeskBooking): Promise<DeskBooked> {
  return deps.cache.write(["classes", "instructors"], (tx) => bookAtTheDeskIn(tx, deps, booking), {
    waitForOthers: false,
  });
}

/** The booking inside the caller's transaction (a seat moved: the old one ends in the same commit). */
export async function bookAtTheDeskIn(tx: Tx, deps: CheckoutDeps, booking: DeskBooking): Promise<DeskBooked> {
  const { familyId } = booking;
  if ((await lockStudent(tx, familyId)) !== "student")
    throw conflict("This account is not a family's: book for a family.");
  const { selection, quote: priced, terms } = await priceDeskSeats(tx, familyId, booking.seats, deps.sealer);
  const total = priced.totalCents;
  const credit = booking.credit?.cents ?? 0;
  const received = credit + (booking.payment?.amountCents ?? 0);
  if (received > total) {
    throw badRequest("More than the seats cost was entered.", { amountCents: "At most the total." });
  }
  if (received < total && !booking.dueDay) {
    throw badRequest("Say when the rest is due.", { dueDay: "The day the balance is due." });
  }
  if (booking.dueDay && booking.dueDay < academyToday()) {
    throw badRequest("The balance cannot be due in the past.", { dueDay: "Today or later." });
  }
  const orderId = randomUUID();
  const now = clock.now();
  await tx.insert(orders).values({
    id: orderId,
    studentId: familyId,
    amountCents: total,
    status: "paid",
    channel: "office",
    balanceDueDay: received < total ? booking.dueDay : null,
    bookedBy: booking.admin.id,
    pricingTerms: terms,
    expiresAt: now,
    createdAt: now,
    updatedAt: now,
  });
  const paid = new Map(priced.lines.map((line) => [line.key, line]));
  await tx.insert(orderItems).values(
    selection.map((s) => ({
      orderId,
      classId: s.classId,
      camperId: s.camperId,
      priceCents: paid.get(s.cartItemId)!.paidCents,
      listPriceCents: s.priceCents,
      discounts: paid.get(s.cartItemId)!.discounts,
    })),
  );
  await recordAidUses(tx, orderId, priced.aidUses);
  const enrolled = await tx
    .insert(enrollments)
    .values(selection.map((s) => ({ studentId: familyId, classId: s.classId, camperId: s.camperId, orderId })))
    .returning({ id: enrollments.id });
  // The family's cart lines for these seats go, as a checkout's do.
  await tx
    .delete(cartItems)
    .where(
      and(
        eq(cartItems.studentId, familyId),
        or(...selection.map((s) => and(eq(cartItems.camperId, s.camperId), eq(cartItems.classId, s.classId)))),
      ),
    );
  if (credit > 0) await recordSeatCredit(tx, orderId, credit, booking.admin.id);
  const payment = booking.payment ? await recordOfflinePayment(tx, orderId, booking.payment, booking.admin.id) : null;
  if (!booking.credit) {
    const formsOwed = (await toDo(tx, academyToday(), { familyIds: [familyId] })).filter(
      (i) => i.status !== "complete",
    );
    await enqueuePaymentReceipt(tx, {
      orderId,
      transactionId: payment?.transactionId ?? `office-${orderId}`,
      paidAt: now,
      formsNeeded: formsOwed.map((item) => ({
        title: item.title,
        camperName: item.camperName,
        dueDate: item.dueDate,
        late: item.status === "late",
      })),
    });
  }
  // The seats last, classes in id order, as a checkout takes them: a family's own waitlist
  // offer first, then seats free for anyone. A class whose free seats belong to families
  // waiting in its line is booked ahead of them only with the office's reason.
  const lined = await classesWithLine(tx, selection);
  if (lined.length > 0 && !booking.aheadOfLineReason) {
    throw new ApiError(
      409,
      `Families are waiting in the line of "${lined[0]!.name}": book ahead of them only with a reason, or offer the seat from the line.`,
      { [AHEAD_OF_LINE_FIELD]: "Say why this family goes ahead of the families waiting." },
    );
  }
  const ahead = new Set(lined.map((c) => c.id));
  try {
    const accepted = await takeSeats(
      tx,
      familyId,
      selection.filter((s) => !ahead.has(s.classId)),
      deps.config,
      undefined,
    );
    await linkOrder(tx, accepted, orderId);
  } catch (error) {
    if (error instanceof SeatsGone) {
      throw conflict(`"${error.className}" has no seat free (full, or families now wait in its line).`);
    }
    throw error;
  }
  await takeAheadOfLine(
    tx,
    selection.filter((s) => ahead.has(s.classId)),
  );
  await enrolHeld(tx, selection);
  // The families this booking went ahead of keep the office's reason in their entries' history.
  if (booking.aheadOfLineReason && ahead.size > 0) {
    await notePassedOver(tx, {
      familyId,
      classIds: [...ahead],
      adminId: booking.admin.id,
      reason: booking.aheadOfLineReason,
    });
  }
  // The family's own waiting entries these seats answer leave the line, the reason kept.
  await leaveLinesBookedAtDesk(
    tx,
    { familyId, seats: selection, adminId: booking.admin.id, reason: booking.aheadOfLineReason },
    deps.config,
  );
  const booked = {
    orderId,
    totalCents: total,
    aheadOfLine: lined.map((c) => c.name),
    enrollmentIds: enrolled.map((e) => e.id),
  };
  await booking.onBooked(tx, booked);
  return booked;
}

/** The classes of these seats with families waiting in their lines (their free seats are the line's). */
async function classesWithLine(tx: Tx, selection: Selection[]) {
  const ids = [...new Set(selection.map((s) => s.classId))];
  return tx
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(and(inArray(classes.id, ids), sql`${classes.waitingEntries} > 0`))
    .orderBy(asc(classes.id));
}

/** The seats just held become enrolled ones (one class row update each, in id order). */
async function enrolHeld(tx: Tx, selection: Selection[]) {
  const byClass = new Map<string, number>();
  for (const s of selection) byClass.set(s.classId, (byClass.get(s.classId) ?? 0) + 1);
  for (const [classId, seats] of [...byClass].sort(([a], [b]) => (a < b ? -1 : 1))) {
    await tx
      .update(classes)
      .set({
        heldSeats: sql`${classes.heldSeats} - ${seats}`,
        enrolledSeats: sql`${classes.enrolledSeats} + ${seats}`,
      })
      .where(eq(classes.id, classId));
  }
}
