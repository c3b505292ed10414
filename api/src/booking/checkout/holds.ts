import { and, asc, eq, inArray, lt } from "drizzle-orm";
import * as clock from "../../platform/clock.js";
import type { Db } from "../../platform/database/client.js";
import { orders } from "../../platform/database/schema.js";
import { transaction } from "../../platform/transaction.js";
import type { CheckoutDeps } from "./deps.js";
import { endPending, findOrderOf, IDEMPOTENCY_WINDOW_MS, learnIntent } from "./orders.js";
import type { Intent } from "./payment-provider.js";
import { settle } from "./settle.js";

/** Expiring and freeing seat holds: checkouts that ran out or were abandoned give their seats back. */

const clearCancelPending = (db: Db, orderId: string) =>
  db.update(orders).set({ cancelPending: false }).where(eq(orders.id, orderId));

/**
 * Closes the intents of ended (cancel-pending) orders at the provider: an open one is canceled, one
 * that succeeded meanwhile is settled (seats taken again or refunded). An order stays cancel-pending
 * until the provider has answered; the reconciler runs this again for those (payments/reconcile.ts).
 * Returns how many orders it closed.
 */
export async function closeIntents(deps: CheckoutDeps, orderIds: string[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const rows = await deps.db
    .select()
    .from(orders)
    .where(and(inArray(orders.id, orderIds), eq(orders.cancelPending, true)))
    .orderBy(asc(orders.id));
  let closed = 0;
  for (const order of rows) {
    try {
      if (!order.paymentIntentId && clock.nowMs() - order.createdAt.getTime() > IDEMPOTENCY_WINDOW_MS) {
        deps.log.warn({ orderId: order.id }, "an ended checkout's payment can no longer be looked up: left alone");
      } else {
        const id = await learnIntent(deps, order);
        if (id && !(await deps.provider.cancelIntent(id))) {
          const intent = await deps.provider.retrieveIntent(id);
          if (intent?.status === "succeeded") await settle(deps, intent);
          else if (intent && intent.status !== "canceled") continue; // processing: look again later
        }
      }
      await clearCancelPending(deps.db, order.id);
      closed++;
    } catch (error) {
      deps.log.warn({ err: error, orderId: order.id }, "could not cancel the payment of an ended checkout");
    }
  }
  return closed;
}

/**
 * Expires checkouts whose hold ran out: their seats become bookable again and their payments are
 * canceled. Safe to run from several processes at once (SKIP LOCKED: each order ends once).
 */
export async function expireOverdueCheckouts(deps: CheckoutDeps): Promise<number> {
  const ended = await transaction(deps.db, async (tx) => {
    const due = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, "pending"), lt(orders.expiresAt, clock.now())))
      .orderBy(asc(orders.id))
      .for("update", { skipLocked: true });
    return endPending(
      tx,
      due.map((o) => o.id),
      "expired",
      deps.config,
    );
  });
  await closeIntents(
    deps,
    ended.map((o) => o.id),
  );
  return ended.length;
}

/** Whether a class looks full only because of holds that may have run out (then expire them first). */
export async function freeExpiredHolds(deps: CheckoutDeps, heldSeats: number): Promise<boolean> {
  if (heldSeats === 0) return false;
  return (await expireOverdueCheckouts(deps)) > 0;
}

/** An intent the provider canceled: its checkout ends and the seats are released. */
export async function abandonCheckout(deps: CheckoutDeps, intent: Intent): Promise<void> {
  const order = await findOrderOf(deps.db, intent);
  if (!order) return;
  await transaction(deps.db, async (tx) => {
    await endPending(tx, [order.id], "failed", deps.config);
    await tx.update(orders).set({ cancelPending: false }).where(eq(orders.id, order.id));
  });
}
