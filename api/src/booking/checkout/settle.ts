import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { PaymentRecord } from "../answers.js";
import * as clock from "../../platform/clock.js";
import type { Db } from "../../platform/database/client.js";
import { cartItems, classes, enrollments, orderItems, orders, payments } from "../../platform/database/schema.js";
import { conflict, forbidden, notFound } from "../../platform/errors.js";
import { transaction } from "../../platform/transaction.js";
import { toDo } from "../../forms/index.js";
import { enqueuePaymentReceipt } from "../../notifications/index.js";
import { academyToday } from "../../platform/academy-day.js";
import { scheduleInstalments } from "../../plans/index.js";
import type { CheckoutDeps } from "./deps.js";
import { endPending, findOrderOf, lockStudent, publicSeatsFree } from "./orders.js";
import type { Intent } from "./payment-provider.js";
import { loadPayments } from "./payment-records.js";

/**
 * Settling a payment: the browser's POST /payments, the signed webhook, the reconciler and a
 * checkout's own clean-up all settle an order here, under a row lock on the order, so they
 * converge on one result and replays change nothing.
 */

export type Settlement =
  | { kind: "paid"; payment: PaymentRecord; deletedCount: number; created: boolean }
  | { kind: "unpaid"; status: string }
  /** `replaced`: a newer checkout of the family (another tab) replaced this one before it was paid. */
  | { kind: "refunded"; replaced: boolean };

/** Thrown inside the settling transaction when the order can no longer be fulfilled. */
class Unfulfillable extends Error {}

async function paidRecord(db: Db, orderId: string): Promise<PaymentRecord | undefined> {
  const [payment] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.kind, "checkout")));
  return payment ? (await loadPayments(db, { paymentId: payment.id }))[0] : undefined;
}

/**
 * Settles an order from its PaymentIntent: a succeeded payment enrols the student in every class
 * of the order, removes them from the cart and records the payment ("service pending"). An order
 * whose hold ran out takes its seats again if they are still free; if not, the payment is refunded.
 * `owner`, when given, must be the order's student.
 */
export async function settle(deps: CheckoutDeps, intent: Intent, owner?: string): Promise<Settlement> {
  const { db, cache, provider, config, log } = deps;
  const order = await findOrderOf(db, intent);
  if (!order) throw notFound("There is no checkout for this payment.");
  if (owner !== undefined && order.studentId !== owner) throw forbidden("This payment is not yours.");
  if (intent.status !== "succeeded") return { kind: "unpaid", status: intent.status };
  if (intent.amount !== order.amountCents || intent.currency !== config.currency) {
    log.error({ orderId: order.id, paymentIntentId: intent.id }, "a payment does not match its order's amount");
    throw conflict("This payment does not match its checkout. Contact the academy.");
  }
  if (order.status === "refunded") return { kind: "refunded", replaced: order.replacedBy !== null };
  if (order.status === "paid") {
    const payment = await paidRecord(db, order.id);
    if (payment) return { kind: "paid", payment, deletedCount: 0, created: false };
  }

  let settled: { paymentId: string; deletedCount: number; created: boolean } | null = null;
  try {
    settled = await cache.write(
      ["classes", "instructors"],
      async (tx) => {
        await lockStudent(tx, order.studentId);
        const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for("update");
        if (!locked || locked.status === "refunded") throw new Unfulfillable();
        if (locked.status === "paid") {
          const [payment] = await tx
            .select({ id: payments.id })
            .from(payments)
            .where(and(eq(payments.orderId, order.id), eq(payments.kind, "checkout")));
          return { paymentId: payment!.id, deletedCount: 0, created: false };
        }
        const items = await tx
          .select({ classId: orderItems.classId, camperId: orderItems.camperId, priceCents: orderItems.priceCents })
          .from(orderItems)
          .where(eq(orderItems.orderId, order.id))
          .orderBy(asc(orderItems.classId), asc(orderItems.camperId));
        const classIds = items.map((i) => i.classId);
        const seats = items.map((i) => and(eq(enrollments.camperId, i.camperId), eq(enrollments.classId, i.classId)));
        // A class deleted during the checkout took its item with it: the order cannot be kept whole.
        // On a plan the seats' prices add up to every part of its schedule, the deposit among them.
        const owed = locked.plan ? locked.plan.parts.reduce((sum, p) => sum + p.totalCents, 0) : locked.amountCents;
        if (items.length === 0 || items.reduce((sum, i) => sum + i.priceCents, 0) !== owed) {
          throw new Unfulfillable();
        }
        const enrolled = await tx
          .select({ id: enrollments.id })
          .from(enrollments)
          .where(or(...seats));
        if (enrolled.length > 0) throw new Unfulfillable();
        await tx.insert(enrollments).values(
          items.map((i) => ({
            studentId: locked.studentId,
            classId: i.classId,
            camperId: i.camperId,
            orderId: locked.id,
          })),
        );
        // What each seat has paid: its price, or on a plan the deposit's share of it, the rest
        // scheduled in this same transaction (decision 040).
        const deposit = locked.plan ? await scheduleInstalments(tx, { ...locked, plan: locked.plan }) : null;
        for (const i of items) {
          await tx
            .update(orderItems)
            .set({ paidCents: deposit ? (deposit.get(`${i.classId}/${i.camperId}`) ?? 0) : i.priceCents })
            .where(
              and(
                eq(orderItems.orderId, locked.id),
                eq(orderItems.classId, i.classId),
                eq(orderItems.camperId, i.camperId),
              ),
            );
        }
        // The cart lines of these seats (the same class for the same camper), whichever page paid.
        const removed = await tx
          .delete(cartItems)
          .where(
            and(
              eq(cartItems.studentId, locked.studentId),
              or(...items.map((i) => and(eq(cartItems.camperId, i.camperId), eq(cartItems.classId, i.classId)))),
            ),
          )
          .returning({ id: cartItems.id });
        const [payment] = await tx
          .insert(payments)
          .values({
            orderId: locked.id,
            studentId: locked.studentId,
            transactionId: intent.id,
            amountCents: locked.amountCents,
            quantity: classIds.length,
            status: "service pending",
          })
          .returning({ id: payments.id, paidAt: payments.paidAt });
        await tx
          .update(orders)
          .set({
            status: "paid",
            cancelPending: false,
            // The card a plan's later instalments are charged to.
            paymentMethodId: locked.plan ? (intent.paymentMethodId ?? null) : null,
            updatedAt: clock.now(),
          })
          .where(eq(orders.id, locked.id));
        // The receipt is written with the enrolments: it exists exactly when they do (decision 032).
        const formsOwed = (await toDo(tx, academyToday(), { familyIds: [locked.studentId] })).filter(
          (item) => item.status !== "complete",
        );
        await enqueuePaymentReceipt(tx, {
          orderId: locked.id,
          transactionId: intent.id,
          paidAt: payment!.paidAt,
          cardLast4: intent.cardLast4 ?? null,
          formsNeeded: formsOwed.map((item) => ({
            title: item.title,
            camperName: item.camperName,
            dueDate: item.dueDate,
            late: item.status === "late",
          })),
        });
        // The seats last: a class's row stays locked from its update to the commit, and on opening
        // day every checkout and payment of that class waits for it. Classes in id order.
        const seatsOf = new Map<string, number>();
        for (const classId of classIds) seatsOf.set(classId, (seatsOf.get(classId) ?? 0) + 1);
        for (const [classId, seats] of seatsOf) {
          const taken =
            locked.status === "pending"
              ? await tx
                  .update(classes)
                  .set({
                    heldSeats: sql`${classes.heldSeats} - ${seats}`,
                    enrolledSeats: sql`${classes.enrolledSeats} + ${seats}`,
                  })
                  .where(eq(classes.id, classId))
                  .returning({ id: classes.id })
              : // The hold ran out: the seats are taken again only if they are still free.
                await tx
                  .update(classes)
                  .set({ enrolledSeats: sql`${classes.enrolledSeats} + ${seats}` })
                  .where(and(eq(classes.id, classId), publicSeatsFree(seats)))
                  .returning({ id: classes.id });
          if (taken.length === 0) throw new Unfulfillable();
        }
        return { paymentId: payment!.id, deletedCount: removed.length, created: true };
        // Seat counts only: a payment's answer does not wait for every other process to confirm
        // (on opening day the busiest one sets the pace); they drop their copies as it reaches them.
      },
      { waitForOthers: false },
    );
  } catch (error) {
    if (!(error instanceof Unfulfillable)) throw error;
  }
  if (settled) {
    const [payment] = await loadPayments(db, { paymentId: settled.paymentId });
    return { kind: "paid", payment: payment!, deletedCount: settled.deletedCount, created: settled.created };
  }

  // Paid, but the seats are gone (or the order changed): the money goes back, nothing is kept.
  await provider.refund(intent.id, order.id);
  await transaction(db, async (tx) => {
    await endPending(tx, [order.id], "refunded", config);
    await tx
      .update(orders)
      .set({ status: "refunded", cancelPending: false, updatedAt: clock.now() })
      .where(and(eq(orders.id, order.id), inArray(orders.status, ["expired", "failed"])));
  });
  log.warn({ orderId: order.id, paymentIntentId: intent.id }, "a payment arrived for seats no longer held: refunded");
  const [ended] = await db.select({ replacedBy: orders.replacedBy }).from(orders).where(eq(orders.id, order.id));
  return { kind: "refunded", replaced: (ended?.replacedBy ?? null) !== null };
}

/** Whether the checkout paid by this intent bought this cart item (the single payment page's check). */
export async function intentCoversCartItem(db: Db, intentId: string, cartItemId: string): Promise<boolean> {
  const rows = await db
    .select({ orderId: orderItems.orderId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.paymentIntentId, intentId), eq(orderItems.cartItemId, cartItemId)));
  return rows.length > 0;
}
