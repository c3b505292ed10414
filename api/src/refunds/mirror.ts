import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { ProviderRefund } from "../booking/index.js";
import * as clock from "../platform/clock.js";
import type { Tx } from "../platform/database/client.js";
import { orders, providerCursors, refunds } from "../platform/database/schema.js";
import { transaction } from "../platform/transaction.js";
import { giveBack, markPaymentRefunds, shareRefund } from "./lines.js";
import type { RefundDeps } from "./sending.js";

/**
 * Refunds as the provider has them. What the provider says of a payment's
 * refunds is the truth: a refund the site asked for takes the provider's status (pending, then
 * succeeded, or failed, when the card's bank sends it back); a refund made in the provider's
 * Dashboard is recorded here, shared among the order's lines in proportion to what is left of
 * each (policy.ts `shareAmong`), so that each line's refunded total, and what a later cancellation
 * can refund, stays true. A failed refund gives its amount back to its lines.
 *
 * The webhook (refund.*, charge.refunded) says which payment to look at; the reconciliation reads
 * the refunds of the last week at the provider and those still pending there, so a lost webhook
 * is caught within a pass. Each payment is written under its order's row lock:
 * a webhook and a reconciliation on two processes at once record a Dashboard refund once.
 */

const DASHBOARD_REASON = "Refunded at the payment provider (outside the site)";
const FAILED_AT_PROVIDER = (reason: string | null) =>
  `The card's bank sent the refund back${reason ? ` (${reason.replaceAll("_", " ")})` : ""}: nothing was refunded.`;

type RefundRow = typeof refunds.$inferSelect;

/** Records a refund made at the provider, shared among the order's lines. */
async function recordOutsideRefund(tx: Tx, deps: RefundDeps, orderId: string, found: ProviderRefund) {
  const [row] = await tx
    .insert(refunds)
    .values({
      orderId,
      amountCents: found.amountCents,
      status: found.status,
      providerRefundId: found.id,
      origin: "provider",
      reason: DASHBOARD_REASON,
      lastError: found.status === "failed" ? FAILED_AT_PROVIDER(found.failureReason) : null,
      createdAt: clock.now(),
      updatedAt: clock.now(),
    })
    .onConflictDoNothing()
    .returning({ id: refunds.id });
  // Already recorded (a second process got here first), or failed before it was ever seen: no money moved.
  if (!row || found.status === "failed") return;
  const shared = await shareRefund(tx, { id: row.id, orderId, amountCents: found.amountCents });
  if (shared < found.amountCents) {
    deps.log.error(
      { orderId, providerRefundId: found.id, amountCents: found.amountCents, sharedCents: shared },
      "a refund made at the provider is larger than what is left of the order's lines",
    );
  }
}

/** Brings one of the site's refunds to the provider's status; a failure gives the money back to the lines. */
async function follow(tx: Tx, row: RefundRow, found: ProviderRefund): Promise<boolean> {
  if (row.status === "failed" || (row.status === found.status && row.providerRefundId === found.id)) return false;
  const [changed] = await tx
    .update(refunds)
    .set({
      status: found.status,
      providerRefundId: found.id,
      lastError: found.status === "failed" ? FAILED_AT_PROVIDER(found.failureReason) : null,
      updatedAt: clock.now(),
    })
    .where(and(eq(refunds.id, row.id), sql`${refunds.status} <> 'failed'`))
    .returning();
  if (changed && found.status === "failed") await giveBack(tx, changed);
  return Boolean(changed);
}

/**
 * Applies what the provider says of some refunds of one order, under the order's row lock.
 * Answers how many of the order's refunds changed here.
 */
async function applyToOrder(deps: RefundDeps, orderId: string, found: ProviderRefund[]): Promise<number> {
  return transaction(deps.db, async (tx) => {
    const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for("update");
    // Only paid orders have lines to refund: a checkout that failed after paying was refunded whole
    // by the checkout itself (booking), and has no seats to account for.
    if (order?.status !== "paid") return 0;
    const own = await tx.select().from(refunds).where(eq(refunds.orderId, orderId));
    let changes = 0;
    for (const refund of [...found].sort((a, b) => a.created - b.created)) {
      const row =
        own.find((r) => r.providerRefundId === refund.id) ??
        own.find((r) => r.id === refund.refundId && r.providerRefundId === null);
      if (row) {
        if (await follow(tx, row, refund)) changes++;
      } else {
        await recordOutsideRefund(tx, deps, orderId, refund);
        changes++;
      }
    }
    if (changes > 0) await markPaymentRefunds(tx, orderId);
    return changes;
  });
}

/** Mirrors every refund of one PaymentIntent (a webhook named it). Answers how many changed. */
export async function mirrorRefunds(deps: RefundDeps, intentId: string): Promise<number> {
  const [order] = await deps.db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(eq(orders.paymentIntentId, intentId));
  if (order?.status !== "paid") return 0;
  return applyToOrder(deps, order.id, await deps.provider.listRefunds({ intentId }));
}

const CURSOR = "refunds";
/**
 * Each pass reads again the refunds created in the week before the newest one read: a refund can
 * change within days of being made (pending, then succeeded; or succeeded, then sent back by the
 * card's bank), and its webhook may be the one that was lost.
 */
const REREAD_S = 7 * 24 * 60 * 60;

/**
 * The reconciliation's part (every API process, each pass): the refunds created at the provider in
 * the week before the newest one read last time (all of them the first time), and those the site
 * still has as pending there, are mirrored where they differ. Answers how many refunds changed here.
 */
export async function mirrorRecentRefunds(deps: RefundDeps): Promise<number> {
  const [cursor] = await deps.db.select().from(providerCursors).where(eq(providerCursors.name, CURSOR));
  const recent = await deps.provider.listRefunds({ createdSince: cursor ? cursor.createdSeconds - REREAD_S : 0 });
  const known = new Map(
    recent.length === 0
      ? []
      : (
          await deps.db
            .select({ providerRefundId: refunds.providerRefundId, status: refunds.status })
            .from(refunds)
            .where(
              inArray(
                refunds.providerRefundId,
                recent.map((r) => r.id),
              ),
            )
        ).map((r) => [r.providerRefundId, r.status]),
  );
  const intents = new Set(
    recent
      .filter((r) => r.intentId && known.get(r.id) !== r.status && known.get(r.id) !== "failed")
      .map((r) => r.intentId!),
  );
  // Refunds the provider had not finished: their update may have been the webhook that was lost.
  const waiting = await deps.db
    .selectDistinct({ intentId: orders.paymentIntentId })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(eq(refunds.status, "pending"), isNotNull(refunds.providerRefundId)));
  for (const { intentId } of waiting) if (intentId) intents.add(intentId);

  let changes = 0;
  for (const intentId of intents) {
    try {
      changes += await mirrorRefunds(deps, intentId);
    } catch (error) {
      deps.log.warn({ err: error, paymentIntentId: intentId }, "could not mirror the refunds of a payment");
    }
  }
  const newest = Math.max(...recent.map((r) => r.created), cursor?.createdSeconds ?? 0);
  if (newest > 0) {
    await deps.db
      .insert(providerCursors)
      .values({ name: CURSOR, createdSeconds: newest, updatedAt: clock.now() })
      .onConflictDoUpdate({
        target: providerCursors.name,
        set: {
          createdSeconds: sql`greatest(${providerCursors.createdSeconds}, excluded.created_seconds)`,
          updatedAt: clock.now(),
        },
      });
  }
  return changes;
}
