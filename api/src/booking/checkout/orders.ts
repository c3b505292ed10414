import { and, asc, eq, inArray, sql } from "drizzle-orm";
import * as clock from "../../platform/clock.js";
import type { Db, Tx } from "../../platform/database/client.js";
import { lockAccount } from "../../platform/database/locks.js";
import { classes, orderItems, orders, type OrderStatus } from "../../platform/database/schema.js";
import { fillFromLine, type LineOptions } from "../../waitlist/index.js";
import type { CheckoutDeps } from "./deps.js";
import type { Intent } from "./payment-provider.js";

/** What every step of a checkout shares: the order's row, its seats and its PaymentIntent. */

/** Locks a student's row: their checkouts, payments, bookings and campers run one at a time. */
export const lockStudent = lockAccount;

/** The class ids an order buys, sorted: seats are always locked in id order (no deadlocks). */
export async function orderClassIds(tx: Tx | Db, orderId: string): Promise<string[]> {
  const rows = await tx
    .select({ classId: orderItems.classId })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.classId));
  return rows.map((r) => r.classId);
}

/** An order's seats as "class/camper" keys, sorted: the same selection is the same classes for the same campers. */
export async function orderLineKeys(tx: Tx | Db, orderId: string): Promise<string[]> {
  const rows = await tx
    .select({ classId: orderItems.classId, camperId: orderItems.camperId })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return rows.map((r) => `${r.classId}/${r.camperId}`).sort();
}

/**
 * Ends pending orders with the given status and gives their held seats back (to the classes'
 * waitlists first), in one transaction.
 * Returns the orders it ended (an order that is no longer pending is left alone).
 */
export async function endPending(
  tx: Tx,
  orderIds: string[],
  status: Exclude<OrderStatus, "pending" | "paid">,
  line: LineOptions,
) {
  if (orderIds.length === 0) return [];
  // Until the provider confirms its intent canceled (or settled), the order stays cancel-pending:
  // this holds whether or not the order knows its intent (closeIntents finds it).
  const ended = await tx
    .update(orders)
    .set({ status, cancelPending: status !== "refunded", updatedAt: clock.now() })
    .where(and(inArray(orders.id, orderIds), eq(orders.status, "pending")))
    .returning({ id: orders.id, paymentIntentId: orders.paymentIntentId });
  if (ended.length === 0) return [];
  const items = await tx
    .select({ classId: orderItems.classId })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        ended.map((o) => o.id),
      ),
    )
    .orderBy(asc(orderItems.classId));
  for (const { classId } of items) {
    await tx
      .update(classes)
      .set({ heldSeats: sql`greatest(${classes.heldSeats} - 1, 0)` })
      .where(eq(classes.id, classId));
  }
  // The freed seats go to the classes' lines first, in this same transaction.
  await fillFromLine(
    tx,
    items.map((i) => i.classId),
    line,
  );
  return ended;
}

/**
 * `seats` seats anyone may take: ones nobody is enrolled in, holds or was offered, and no waitlist
 * entry waiting (while one waits every free seat is the line's: waitlist/line.ts).
 */
export const publicSeatsFree = (seats: number) =>
  sql`${classes.enrolledSeats} + ${classes.heldSeats} + ${classes.offeredSeats} + ${seats} <= ${classes.availableSeats} and ${classes.waitingEntries} = 0`;

/** Stripe keeps an idempotent result for 24 hours: after that a repeated create would make a new intent. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

export type OrderRow = typeof orders.$inferSelect;

/** The PaymentIntent creation of an order: the same every time, so a repeat finds the first one. */
export const intentInput = (order: OrderRow) => ({
  amountCents: order.amountCents,
  currency: order.intentRequest!.currency,
  orderId: order.id,
  studentId: order.studentId,
  email: order.intentRequest!.email,
  description: order.intentRequest!.description,
  // A plan's deposit saves the card for the instalments (decision 040).
  ...(order.plan && order.paymentCustomerId && { saveCardFor: order.paymentCustomerId }),
});

/**
 * The PaymentIntent of an order, also when the order never learned it (its process stopped or the
 * create timed out after the provider made it): the create is repeated under the order's
 * idempotency key, which answers with the intent made then (or makes the first one), and recorded.
 */
export async function learnIntent(deps: CheckoutDeps, order: OrderRow): Promise<string | null> {
  if (order.paymentIntentId) return order.paymentIntentId;
  if (!order.intentRequest) return null;
  const intent = await deps.provider.createIntent(intentInput(order));
  const [learned] = await deps.db
    .update(orders)
    .set({ paymentIntentId: intent.id })
    .where(and(eq(orders.id, order.id), sql`${orders.paymentIntentId} is null`))
    .returning({ id: orders.id });
  if (learned) deps.log.info({ orderId: order.id, paymentIntentId: intent.id }, "a checkout learned its payment");
  return intent.id;
}

export async function findOrderOf(db: Db, intent: Intent) {
  const [byIntent] = await db.select().from(orders).where(eq(orders.paymentIntentId, intent.id));
  if (byIntent) return byIntent;
  // The intent was created but the order never learned its id (the process stopped in between).
  const orderId = intent.metadata.orderId ?? "";
  if (!/^[0-9a-f-]{36}$/i.test(orderId)) return undefined;
  const [byMetadata] = await db
    .update(orders)
    .set({ paymentIntentId: intent.id })
    .where(and(eq(orders.id, orderId), sql`${orders.paymentIntentId} is null`))
    .returning();
  return byMetadata;
}
