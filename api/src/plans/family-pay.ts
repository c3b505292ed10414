import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import * as clock from "../platform/clock.js";
import type { Db } from "../platform/database/client.js";
import { lockAccount } from "../platform/database/locks.js";
import { instalments, orders } from "../platform/database/schema.js";
import { ApiError, conflict, notFound } from "../platform/errors.js";
import { transaction } from "../platform/transaction.js";
import { academyToday } from "../platform/academy-day.js";
import { markInstalmentPaid } from "./charging.js";
import { changeInstalment } from "./office.js";
import type { FamilyIntents, PlanIntent } from "./intents.js";

/**
 * A family pays a refused charge itself (decision 040), from My Balance or the failure e-mail's
 * link: the very PaymentIntent the refusal left is confirmed in the browser, with a new card or,
 * when the bank asked for authentication, with the saved one after the bank's check. Paying it
 * saves the card it was paid with for the plan's later charges. One intent per attempt: the worker
 * cancels a refusal's intent before it tries again (charging.ts), so the family's payment and a
 * retry never both charge.
 */

export interface FamilyPayDeps {
  db: Db;
  provider: FamilyIntents;
  log: FastifyBaseLogger;
}

/** How long a family has to pay before a retry due meanwhile may cancel its intent. */
const PAYING_MS = 30 * 60_000;

const NOT_REFUSED = "This charge is not waiting for a payment: look at My Balance again.";
const REPLACED = "This payment was replaced by a newer attempt or cancelled by the academy: look at My Balance again.";

async function ownRefused(db: Db, familyId: string, instalmentId: string) {
  const [row] = await db
    .select({
      id: instalments.id,
      studentId: instalments.studentId,
      orderId: instalments.orderId,
      status: instalments.status,
      amountCents: instalments.amountCents,
      attempts: instalments.attempts,
      intentId: instalments.paymentIntentId,
    })
    .from(instalments)
    .where(eq(instalments.id, instalmentId));
  if (!row || row.studentId !== familyId) throw notFound("There is no such charge on your plans.");
  return row;
}

/**
 * Opens the family's payment of a refused charge: the refusal's intent, readied to be confirmed
 * in the browser. A retry due in the next half hour waits for the family.
 */
export async function openRefusedCharge(deps: FamilyPayDeps, familyId: string, instalmentId: string) {
  const row = await ownRefused(deps.db, familyId, instalmentId);
  if (row.status === "paid") return { paid: true as const };
  if (row.status !== "failed" || !row.intentId) throw conflict(NOT_REFUSED);
  const current = await deps.provider.retrieveIntent(row.intentId);
  if (!current || current.metadata.instalmentId !== row.id) throw conflict(REPLACED);
  if (current.status === "succeeded") {
    await settleInstalmentIntent(deps, current);
    return { paid: true as const };
  }
  if (current.status === "canceled") throw conflict(REPLACED);
  const ready = await deps.provider.readyForFamily(row.intentId, row.amountCents);
  const later = new Date(clock.now().getTime() + PAYING_MS);
  await transaction(deps.db, async (tx) => {
    await lockAccount(tx, row.studentId);
    const [locked] = await tx
      .select({ nextAttemptAt: instalments.nextAttemptAt })
      .from(instalments)
      .where(eq(instalments.id, row.id))
      .for("update");
    // At risk (no attempt left) stays at risk; a retry due soon waits while the family pays.
    if (locked?.nextAttemptAt && locked.nextAttemptAt < later) {
      await tx.update(instalments).set({ nextAttemptAt: later }).where(eq(instalments.id, row.id));
    }
  });
  const [order] = await deps.db
    .select({ paymentMethodId: orders.paymentMethodId })
    .from(orders)
    .where(eq(orders.id, row.orderId));
  return {
    paid: false as const,
    clientSecret: ready.clientSecret!,
    amountCents: ready.amount,
    savedCard: order?.paymentMethodId ?? null,
  };
}

/**
 * Records a refused charge paid by its intent (the browser says it succeeded, or Stripe's webhook
 * does): once, whoever comes first. Paid after the academy cancelled or waived the charge, the
 * payment is given back in full.
 */
export async function settleInstalmentIntent(deps: FamilyPayDeps, intent: PlanIntent): Promise<"paid" | "refunded"> {
  const instalmentId = intent.metadata.instalmentId ?? "";
  if (!/^[0-9a-f-]{36}$/i.test(instalmentId)) throw notFound("This payment is for no charge of a plan.");
  if (intent.status !== "succeeded") throw conflict("This payment has not succeeded.");
  const outcome = await transaction(deps.db, async (tx) => {
    const [found] = await tx
      .select({ studentId: instalments.studentId })
      .from(instalments)
      .where(eq(instalments.id, instalmentId));
    if (!found) throw notFound("This payment is for no charge of a plan.");
    await lockAccount(tx, found.studentId);
    const [row] = await tx
      .select({
        id: instalments.id,
        orderId: instalments.orderId,
        studentId: instalments.studentId,
        status: instalments.status,
        amountCents: instalments.amountCents,
        attempts: instalments.attempts,
        intentId: instalments.paymentIntentId,
      })
      .from(instalments)
      .where(eq(instalments.id, instalmentId))
      .for("update");
    if (!row) throw notFound("This payment is for no charge of a plan.");
    if (row.status === "paid" && row.intentId === intent.id) return "paid" as const;
    const open = (row.status === "failed" || row.status === "charging") && row.intentId === intent.id;
    if (!open || intent.amount !== row.amountCents) return "refund" as const;
    await markInstalmentPaid(
      tx,
      { ...row, attempt: row.attempts },
      { intentId: intent.id, cardLast4: intent.cardLast4 ?? null },
    );
    // The card the family paid with is the plan's card from now on.
    if (intent.paymentMethodId) {
      await tx.update(orders).set({ paymentMethodId: intent.paymentMethodId }).where(eq(orders.id, row.orderId));
    }
    return "paid" as const;
  });
  if (outcome === "paid") return "paid";
  deps.log.warn(
    { paymentIntentId: intent.id, instalmentId },
    "a plan's charge was paid after it changed: the payment is given back",
  );
  await deps.provider.refund(intent.id, `instalment-${instalmentId}-${intent.id}`);
  return "refunded";
}

/** The family's payment, as the browser reports it: settled from what the provider says of the intent. */
export async function settleFamilyPayment(deps: FamilyPayDeps, familyId: string, instalmentId: string) {
  const row = await ownRefused(deps.db, familyId, instalmentId);
  if (!row.intentId) throw conflict(NOT_REFUSED);
  const intent = await deps.provider.retrieveIntent(row.intentId);
  if (!intent) throw conflict(REPLACED);
  if (intent.status !== "succeeded") {
    throw new ApiError(409, "The payment has not gone through: nothing was charged. Try again, or use another card.");
  }
  if ((await settleInstalmentIntent(deps, intent)) === "refunded") throw conflict(`${REPLACED} It is refunded.`);
}

/**
 * A family pays ahead (decision 040): the chosen charges still to come (one, or every one of a
 * plan) fall due today, charged to the saved card by the worker as any charge on its day, once.
 * Each is moved under the family's lock with its row locked, as the office moves one; one being
 * charged right now is left to the worker. Answers how many will be charged.
 */
export async function payEarly(db: Db, familyId: string, which: { instalmentId: string } | { orderId: string }) {
  const rows = await db
    .select({ id: instalments.id, status: instalments.status })
    .from(instalments)
    .where(
      and(
        eq(instalments.studentId, familyId),
        "instalmentId" in which ? eq(instalments.id, which.instalmentId) : eq(instalments.orderId, which.orderId),
      ),
    );
  if (rows.length === 0) throw notFound("There is no such payment on your plans.");
  const ahead = rows.filter((r) => r.status === "scheduled");
  if (ahead.length === 0) throw conflict("Nothing is left to pay ahead here: it is paid, being charged, or refused.");
  const today = academyToday();
  let moved = 0;
  for (const row of ahead) {
    try {
      await changeInstalment(db, row.id, { kind: "move", due: today, reason: "Paid early by the family" });
      moved += 1;
    } catch (error) {
      // Claimed by the worker a moment ago: it is being charged anyway.
      if (!(error instanceof ApiError && error.statusCode === 409)) throw error;
    }
  }
  return moved;
}
