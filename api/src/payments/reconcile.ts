import { and, asc, eq, inArray, isNotNull, isNull, lt, type SQL } from "drizzle-orm";
import { orders } from "../platform/database/schema.js";
import * as clock from "../platform/clock.js";
import { abandonCheckout, closeIntents, learnIntent, settle, type CheckoutDeps } from "../booking/index.js";
import { transaction } from "../platform/transaction.js";

/** How many checkouts one pass looks at per kind (the next pass takes the rest). */
const BATCH = 25;

/**
 * Claims up to BATCH orders matching `where` that nobody touched for `olderThanMs`, by stamping
 * them under `FOR UPDATE SKIP LOCKED`: several API processes never look at one order in one pass.
 */
async function claim(deps: CheckoutDeps, where: SQL | undefined, olderThanMs: number) {
  return transaction(deps.db, async (tx) => {
    const due = await tx
      .select()
      .from(orders)
      .where(and(where, lt(orders.updatedAt, new Date(clock.nowMs() - olderThanMs))))
      .orderBy(asc(orders.updatedAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    await tx
      .update(orders)
      .set({ updatedAt: clock.now() })
      .where(
        inArray(
          orders.id,
          due.map((o) => o.id),
        ),
      );
    return due;
  });
}

/**
 * Settles what the webhook and the browser both missed, and closes what an interrupted checkout
 * left open at the provider. Pending checkouts whose PaymentIntent has been open for at least
 * `olderThanMs` are looked up at the provider: a paid one is settled (enrolments), a canceled one
 * ends. A pending checkout that never learned its intent (its process stopped between the hold and
 * the intent) learns it. Ended checkouts still cancel-pending (the provider was down) are canceled
 * again. No transaction is open while the provider is called. Returns how many orders it settled
 * as paid.
 */
export async function reconcilePendingCheckouts(deps: CheckoutDeps, olderThanMs: number): Promise<number> {
  const pending = await claim(deps, and(eq(orders.status, "pending"), isNotNull(orders.paymentIntentId)), olderThanMs);
  let settled = 0;
  for (const order of pending) {
    try {
      const intent = await deps.provider.retrieveIntent(order.paymentIntentId!);
      if (intent?.status === "succeeded") {
        if ((await settle(deps, intent)).kind === "paid") settled++;
      } else if (intent?.status === "canceled") {
        await abandonCheckout(deps, intent);
      }
    } catch (error) {
      // The provider or the database is down: the next pass tries again.
      deps.log.warn({ err: error, orderId: order.id }, "could not reconcile a pending checkout");
    }
  }
  if (settled > 0) deps.log.info({ settled }, "settled paid checkouts the webhook had not reported");

  const unlearned = await claim(
    deps,
    and(eq(orders.status, "pending"), isNull(orders.paymentIntentId), isNotNull(orders.intentRequest)),
    olderThanMs,
  );
  for (const order of unlearned) {
    try {
      await learnIntent(deps, order);
    } catch (error) {
      deps.log.warn({ err: error, orderId: order.id }, "could not look up the payment of a checkout");
    }
  }

  const ended = await claim(deps, eq(orders.cancelPending, true), olderThanMs);
  const closed = await closeIntents(
    deps,
    ended.map((o) => o.id),
  );
  if (closed > 0) deps.log.info({ closed }, "canceled the payments of ended checkouts");
  return settled;
}
