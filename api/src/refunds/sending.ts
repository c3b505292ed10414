import type { FastifyBaseLogger } from "fastify";
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { PaymentProvider } from "../booking/index.js";
import * as clock from "../platform/clock.js";
import type { Db } from "../platform/database/client.js";
import { classes, orders, payments, refunds, seatTransfers, type RefundStatus } from "../platform/database/schema.js";
import { giveBack } from "./lines.js";
import { toDollars } from "../platform/wire.js";
import { ApiError } from "../platform/errors.js";
import { transaction } from "../platform/transaction.js";

export interface RefundDeps {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
}

/** How long a claimed refund is left to its claimer before another process may try: 30 s, doubling, at most an hour. */
const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(attempts - 1, 0), 3_600_000);

/**
 * Asks the provider for one pending refund. The row is claimed first under
 * `FOR UPDATE SKIP LOCKED` and its next attempt moved on (a lease): two processes never ask at
 * once, and a process killed while asking leaves it to the next sweep. The provider is asked under
 * the row's id as idempotency key, so asking again never refunds twice. Answers the row's status.
 */
export async function sendRefund(deps: RefundDeps, refundId: string): Promise<RefundStatus> {
  const claimed = await transaction(deps.db, async (tx) => {
    const [row] = await tx
      .select({
        id: refunds.id,
        orderId: refunds.orderId,
        amountCents: refunds.amountCents,
        attempts: refunds.attempts,
        status: refunds.status,
        // A payment plan's refund goes back through the instalment that took the money (decision 040).
        intentId: sql<string | null>`coalesce(${refunds.paymentIntentId}, ${orders.paymentIntentId})`,
      })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(
        and(
          eq(refunds.id, refundId),
          eq(refunds.status, "pending"),
          isNull(refunds.providerRefundId),
          lte(refunds.nextAttemptAt, clock.now()),
        ),
      )
      .for("update", { of: refunds, skipLocked: true });
    if (!row) return null;
    const attempts = row.attempts + 1;
    await tx
      .update(refunds)
      .set({ attempts, nextAttemptAt: new Date(clock.nowMs() + backoffMs(attempts)), updatedAt: clock.now() })
      .where(eq(refunds.id, row.id));
    return row;
  });
  if (!claimed || !claimed.intentId) return currentStatus(deps.db, refundId);
  try {
    const answer = await deps.provider.refundAmount({
      intentId: claimed.intentId,
      amountCents: claimed.amountCents,
      refundId: claimed.id,
      orderId: claimed.orderId,
    });
    // A refund the provider already has as failed gives its amount back at once; a pending one is
    // followed by the mirror (mirror.ts), no longer sent from here.
    await transaction(deps.db, async (tx) => {
      const [row] = await tx
        .update(refunds)
        .set({ status: answer.status, providerRefundId: answer.id, lastError: null, updatedAt: clock.now() })
        .where(and(eq(refunds.id, claimed.id), eq(refunds.status, "pending")))
        .returning();
      if (row?.status === "failed") await giveBack(tx, row);
    });
    return answer.status;
  } catch (error) {
    const unreachable = !(error instanceof ApiError) || error.statusCode >= 500;
    const message = error instanceof Error ? error.message : String(error);
    // A refusal is final and shown as such (the line's refunded total gives the amount back, so
    // it can be refunded again another way); an unreachable provider is asked again later.
    await transaction(deps.db, async (tx) => {
      const [ended] = await tx
        .update(refunds)
        .set({
          ...(!unreachable && { status: "failed" as const }),
          lastError: message.slice(0, 500),
          updatedAt: clock.now(),
        })
        .where(and(eq(refunds.id, claimed.id), eq(refunds.status, "pending")))
        .returning();
      if (ended?.status === "failed") await giveBack(tx, ended);
    });
    deps.log.warn(
      { refundId: claimed.id, err: error },
      unreachable ? "a refund waits for the provider" : "a refund was refused",
    );
    return unreachable ? "pending" : "failed";
  }
}

/** Sends the refunds of one cancellation: failed if any failed, pending while any waits, else succeeded. */
export async function sendRefunds(deps: RefundDeps, refundIds: readonly string[]): Promise<RefundStatus> {
  const statuses: RefundStatus[] = [];
  for (const id of refundIds) statuses.push(await sendRefund(deps, id));
  return statuses.includes("failed") ? "failed" : statuses.includes("pending") ? "pending" : "succeeded";
}

async function currentStatus(db: Db, refundId: string): Promise<RefundStatus> {
  const [row] = await db.select({ status: refunds.status }).from(refunds).where(eq(refunds.id, refundId));
  return row?.status ?? "failed";
}

/** Every API process, every half minute: the pending refunds that are due, oldest first. */
export async function sendDueRefunds(deps: RefundDeps, limit = 20): Promise<number> {
  const due = await deps.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(eq(refunds.status, "pending"), isNull(refunds.providerRefundId), lte(refunds.nextAttemptAt, clock.now())),
    )
    .orderBy(asc(refunds.nextAttemptAt))
    .limit(limit);
  for (const { id } of due) await sendRefund(deps, id);
  return due.length;
}

/**
 * The payment history's records with their refunds: each refund's amount, state and
 * date, and the total sent or on its way (a refused one does not count), under the order's first
 * payment.
 */
export async function withRefunds<T extends { _id: string }>(db: Db, records: T[]) {
  const rows =
    records.length === 0
      ? []
      : await db
          .select({
            paymentId: payments.id,
            amountCents: refunds.amountCents,
            status: refunds.status,
            createdAt: refunds.createdAt,
            movedTo: classes.name,
          })
          .from(refunds)
          // An order's refunds are shown under its first payment: the checkout's, or for a
          // front-desk booking (paid in parts, decision 047) the first money the office took.
          .innerJoin(
            payments,
            and(
              eq(payments.orderId, refunds.orderId),
              sql`${payments.id} = (select p.id from ${payments} p where p.order_id = ${refunds.orderId} order by p.paid_at, p.id limit 1)`,
            ),
          )
          // A refund "by credit" is a seat's payment carried to the class it moved to (decision 048).
          .leftJoin(
            seatTransfers,
            and(
              eq(refunds.method, "credit"),
              eq(seatTransfers.fromOrderId, refunds.orderId),
              eq(seatTransfers.fromClassId, refunds.classId),
              eq(seatTransfers.camperId, refunds.camperId),
            ),
          )
          .leftJoin(classes, eq(classes.id, seatTransfers.toClassId))
          .where(
            inArray(
              payments.id,
              records.map((r) => r._id),
            ),
          )
          .orderBy(asc(refunds.createdAt));
  return records.map((record) => {
    const own = rows.filter((r) => r.paymentId === record._id);
    const refundedCents = own.filter((r) => r.status !== "failed").reduce((n, r) => n + r.amountCents, 0);
    return {
      ...record,
      refunds: own.map((r) => ({
        amount: toDollars(r.amountCents),
        status: r.status,
        date: r.createdAt.toISOString(),
        ...(r.movedTo && { movedTo: r.movedTo }),
      })),
      refunded: toDollars(refundedCents),
      refundedCents,
    };
  });
}
