import { and, asc, eq, inArray, isNotNull, lt } from "drizzle-orm";
import { orders } from "../db/schema.js";
import { abandonCheckout, settle, type CheckoutDeps } from "./checkout.js";
import { transaction } from "./transaction.js";

/** How many pending checkouts one pass looks at (the next pass takes the rest). */
const BATCH = 25;

/**
 * Settles what the webhook and the browser both missed: pending checkouts whose PaymentIntent has
 * been open for at least `olderThanMs` are looked up at the provider; a paid one is settled
 * (enrolments), a canceled one ends. Each pass claims its orders by stamping them under
 * `FOR UPDATE SKIP LOCKED`, so several API processes never look at one order in the same pass; no
 * transaction is open while the provider is called. Returns how many orders it settled as paid.
 */
export async function reconcilePendingCheckouts(deps: CheckoutDeps, olderThanMs: number): Promise<number> {
  const claimed = await transaction(deps.db, async (tx) => {
    const due = await tx
      .select({ id: orders.id, intentId: orders.paymentIntentId })
      .from(orders)
      .where(
        and(
          eq(orders.status, "pending"),
          isNotNull(orders.paymentIntentId),
          lt(orders.updatedAt, new Date(Date.now() - olderThanMs)),
        ),
      )
      .orderBy(asc(orders.updatedAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    await tx
      .update(orders)
      .set({ updatedAt: new Date() })
      .where(
        inArray(
          orders.id,
          due.map((o) => o.id),
        ),
      );
    return due;
  });
  let settled = 0;
  for (const order of claimed) {
    try {
      const intent = await deps.provider.retrieveIntent(order.intentId!);
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
  return settled;
}
