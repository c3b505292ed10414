import { hostname } from "node:os";
import { and, asc, eq, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { academyDayBounds, academyToday } from "../platform/academy-day.js";
import * as clock from "../platform/clock.js";
import type { PaymentConfig } from "../platform/config.js";
import type { Db, Tx } from "../platform/database/client.js";
import { instalmentSeats, instalments, orderItems, orders, payments } from "../platform/database/schema.js";
import { lockAccount } from "../platform/database/locks.js";
import { transaction } from "../platform/transaction.js";
import { enqueueInstalmentOutcome } from "../notifications/index.js";
import type { FamilyIntents } from "./intents.js";
import { remindUpcoming } from "./reminders.js";
import { addDays } from "./schedule.js";
import { pacer } from "./pace.js";
import { loadPlanSettings } from "./settings.js";

/**
 * Charging the instalments of payment plans on their day (decision 040), in every API process.
 *
 * An instalment is claimed in a transaction (`FOR UPDATE SKIP LOCKED`, status `charging`, the
 * attempt counted) before the provider is asked, under the key `instalment-<id>-<attempt>`: a
 * second process skips it, and a claim whose answer was lost (a crash, a timeout) is taken again
 * after `CLAIM_LOST_MS` under the same key, so the provider answers the first charge instead of
 * making another. A refusal is recorded with its reason and e-mailed in the same transaction, and
 * tried again after the academy's days, as many times as it allows (its plan settings).
 */

/** An off-session charge of a saved card: paid, or refused with the provider's reason. */
export type SavedCardCharge =
  | { paid: true; intentId: string; cardLast4: string | null }
  | {
      paid: false;
      /** The intent a refusal left (to be confirmed by the family when authentication is needed). */
      intentId: string | null;
      /** Stripe's `decline_code` (or its `code` when it gave none): `insufficient_funds`, `authentication_required`... */
      declineCode: string;
      message: string;
      /** The last four digits of the card refused, when the provider named it: the e-mail says which card. */
      cardLast4: string | null;
    };

/** What charging needs of the payment provider: a refusal's intent is read and cancelled before a retry. */
export interface SavedCardCharger extends Pick<FamilyIntents, "retrieveIntent" | "cancelIntent"> {
  /**
   * Charges a saved card off-session (`off_session: true, confirm: true`) under the given
   * idempotency key: asked again with it, the provider answers as the first time, so an answer
   * lost on the way never makes a second charge. Throws a 502 ApiError when the provider cannot be
   * reached, a 429 when it limits the rate (nothing was decided: try again later with the same key).
   */
  chargeSavedCard(input: {
    customerId: string;
    paymentMethodId: string;
    amountCents: number;
    currency: string;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<SavedCardCharge>;
}

export interface ChargingDeps {
  db: Db;
  provider: SavedCardCharger;
  config: PaymentConfig;
  log: FastifyBaseLogger;
}

/** A claim older than this lost its answer (its process stopped): taken again, under the same key. */
export const CLAIM_LOST_MS = 5 * 60_000;
/** This process, as a claim names it. */
const PROCESS = `${hostname()}:${process.pid}`;

interface Claimed {
  id: string;
  studentId: string;
  orderId: string;
  amountCents: number;
  attempt: number;
  customerId: string | null;
  paymentMethodId: string | null;
  /** The intent a refused attempt left (the family may be paying it): cancelled before another. */
  previousIntentId: string | null;
}

/**
 * Claims instalments due today or earlier (retries whose time has come, lost claims): a second's
 * worth at this process's rate, so the other processes share a busy morning instead of waiting
 * for claims this one cannot charge yet.
 */
async function claimDue(db: Db, batch: number): Promise<Claimed[]> {
  const now = clock.now();
  return transaction(db, async (tx) => {
    const due = await tx
      .select({
        id: instalments.id,
        studentId: instalments.studentId,
        orderId: instalments.orderId,
        amountCents: instalments.amountCents,
        status: instalments.status,
        attempts: instalments.attempts,
        customerId: orders.paymentCustomerId,
        paymentMethodId: orders.paymentMethodId,
        previousIntentId: instalments.paymentIntentId,
      })
      .from(instalments)
      .innerJoin(orders, eq(orders.id, instalments.orderId))
      .where(
        and(
          lte(instalments.dueDay, academyToday()),
          or(
            eq(instalments.status, "scheduled"),
            and(eq(instalments.status, "failed"), lte(instalments.nextAttemptAt, now)),
            and(
              eq(instalments.status, "charging"),
              lte(instalments.claimedAt, new Date(now.getTime() - CLAIM_LOST_MS)),
            ),
          ),
        ),
      )
      .orderBy(asc(instalments.dueDay), asc(instalments.id))
      .limit(batch)
      .for("update", { of: instalments, skipLocked: true });
    const claimed: Claimed[] = [];
    for (const row of due) {
      // A lost claim is asked again as the same attempt; anything else is a new one.
      const attempt = row.status === "charging" ? row.attempts : row.attempts + 1;
      await tx
        .update(instalments)
        .set({ status: "charging", attempts: attempt, claimedAt: now, claimedBy: PROCESS, updatedAt: now })
        .where(eq(instalments.id, row.id));
      claimed.push({ ...row, attempt });
    }
    return claimed;
  });
}

type Pace = ReturnType<typeof pacer>;
const isRateLimit = (error: unknown) => (error as { statusCode?: number }).statusCode === 429;

/** Asks the provider, waiting and asking again (same key) while it is busy or unreachable. */
async function ask(deps: ChargingDeps, claim: Claimed, pace: Pace) {
  for (let wait = 500; ; wait *= 2) {
    try {
      await pace.wait();
      const answer = await deps.provider.chargeSavedCard({
        customerId: claim.customerId!,
        paymentMethodId: claim.paymentMethodId!,
        amountCents: claim.amountCents,
        currency: deps.config.currency,
        description: "Payment plan instalment",
        // Not `orderId`: that names a checkout's own intent, which the webhook settles (booking/checkout/orders.ts).
        metadata: { planOrderId: claim.orderId, instalmentId: claim.id },
        idempotencyKey: `instalment-${claim.id}-${claim.attempt}`,
      });
      pace.answered();
      return answer;
    } catch (error) {
      // Stripe's advice on 429 and errors of the network: wait longer each time (on a 429, charge
      // more slowly from now on too). After a while the claim is left; it is taken again once it
      // counts as lost, under the same key.
      if (isRateLimit(error)) pace.slowDown();
      if (wait > 16_000) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/**
 * Records an instalment paid by an intent that succeeded: its payment record, its status, each
 * seat's paid total (the database holds it to the seat's price) and the family's e-mail, in the
 * caller's transaction, under the family's lock with the instalment's row locked. The worker's
 * off-session charge and the family's own payment of a refused charge both end here.
 */
export async function markInstalmentPaid(
  tx: Tx,
  instalment: { id: string; orderId: string; studentId: string; amountCents: number; attempt: number },
  paid: { intentId: string; cardLast4: string | null },
) {
  const now = clock.now();
  const seats = await tx.select().from(instalmentSeats).where(eq(instalmentSeats.instalmentId, instalment.id));
  const [payment] = await tx
    .insert(payments)
    .values({
      orderId: instalment.orderId,
      studentId: instalment.studentId,
      transactionId: paid.intentId,
      amountCents: instalment.amountCents,
      quantity: seats.length,
      kind: "instalment",
      paidAt: now,
    })
    .returning({ id: payments.id });
  await tx
    .update(instalments)
    .set({
      status: "paid",
      paymentIntentId: paid.intentId,
      paymentId: payment!.id,
      declineCode: null,
      lastError: null,
      nextAttemptAt: null,
      atRiskSince: null,
      updatedAt: now,
    })
    .where(eq(instalments.id, instalment.id));
  for (const seat of seats) {
    await tx
      .update(orderItems)
      .set({ paidCents: sql`${orderItems.paidCents} + ${seat.cents}` })
      .where(
        and(
          eq(orderItems.orderId, seat.orderId),
          eq(orderItems.classId, seat.classId),
          eq(orderItems.camperId, seat.camperId),
        ),
      );
  }
  await enqueueInstalmentOutcome(tx, {
    id: instalment.id,
    attempt: instalment.attempt,
    paid: true,
    cardLast4: paid.cardLast4,
    nextAttemptDay: null,
  });
}

/** Records a charge's outcome, once: only the claim of this attempt still in progress is changed. */
async function record(deps: ChargingDeps, claim: Claimed, outcome: SavedCardCharge) {
  await transaction(deps.db, async (tx) => {
    // The family's lock first, as a cancellation takes it: the two never change a seat at once.
    await lockAccount(tx, claim.studentId);
    const [current] = await tx
      .select({ studentId: instalments.studentId })
      .from(instalments)
      .where(
        and(eq(instalments.id, claim.id), eq(instalments.status, "charging"), eq(instalments.attempts, claim.attempt)),
      )
      .for("update");
    if (!current) return;
    const now = clock.now();
    if (outcome.paid) {
      await markInstalmentPaid(tx, { ...claim, studentId: current.studentId }, outcome);
      return;
    }
    // The academy's schedule as it is now: a change by the office applies to the next refusal.
    const { retries, retryDays } = await loadPlanSettings(tx);
    const again = claim.attempt <= retries;
    // Tried again from the start of that academy day: a retry is due on a day, not at an hour.
    const retryDay = again ? addDays(academyToday(), retryDays) : null;
    const nextAttemptAt = retryDay ? new Date(academyDayBounds(retryDay).startMs) : null;
    await tx
      .update(instalments)
      .set({
        status: "failed",
        // The intent a refusal left: the family confirms it themselves when their bank asks to.
        paymentIntentId: outcome.intentId,
        declineCode: outcome.declineCode,
        lastError: outcome.message,
        nextAttemptAt,
        // None left: at risk from now, and the academy's grace period counts from here.
        atRiskSince: nextAttemptAt ? null : now,
        updatedAt: now,
      })
      .where(eq(instalments.id, claim.id));
    await enqueueInstalmentOutcome(tx, {
      id: claim.id,
      attempt: claim.attempt,
      paid: false,
      cardLast4: outcome.cardLast4,
      nextAttemptDay: retryDay,
    });
  });
}

/**
 * Before a new attempt at a refused charge, its last intent is cancelled: the family may have been
 * paying it from My Balance. Paid meanwhile, it is recorded instead of charging again; still being
 * confirmed (the bank's check open), the attempt waits an hour.
 */
async function supersede(deps: ChargingDeps, claim: Claimed): Promise<"go" | "done"> {
  const previous = claim.previousIntentId!;
  if (await deps.provider.cancelIntent(previous)) return "go";
  const intent = await deps.provider.retrieveIntent(previous);
  if (intent?.status === "succeeded" && intent.metadata.instalmentId === claim.id) {
    await record(deps, claim, { paid: true, intentId: intent.id, cardLast4: intent.cardLast4 ?? null });
    // The card the family paid with is the plan's card from now on.
    if (intent.paymentMethodId) {
      await deps.db.update(orders).set({ paymentMethodId: intent.paymentMethodId }).where(eq(orders.id, claim.orderId));
    }
    return "done";
  }
  if (intent?.status === "canceled" || intent?.status === "succeeded") return "go";
  const later = new Date(clock.now().getTime() + 3_600_000);
  await deps.db
    .update(instalments)
    .set({
      status: "failed",
      attempts: claim.attempt - 1,
      nextAttemptAt: later,
      claimedAt: null,
      updatedAt: clock.now(),
    })
    .where(
      and(eq(instalments.id, claim.id), eq(instalments.status, "charging"), eq(instalments.attempts, claim.attempt)),
    );
  return "done";
}

/**
 * Charges asked of the provider at once by one process: a charge waits on the provider's answer
 * (a fifth of a second or more), so one at a time would leave the rate unused; the pace still
 * decides when each may start.
 */
const IN_FLIGHT = 4;

/**
 * Charges every instalment due (in this process, alongside the others), at most the configured
 * number per second. Answers how many were charged or refused.
 */
export async function chargeDueInstalments(deps: ChargingDeps): Promise<number> {
  const pace = pacer(deps.config.instalments.chargesPerSecond);
  let done = 0;
  const chargeOne = async (claim: Claimed) => {
    if (claim.previousIntentId && (await supersede(deps, claim)) === "done") {
      done += 1;
      return;
    }
    const outcome =
      claim.customerId && claim.paymentMethodId
        ? await ask(deps, claim, pace).catch((error: unknown) => {
            deps.log.warn(
              { err: error, instalmentId: claim.id },
              "an instalment's charge got no answer: asked again later",
            );
            return null;
          })
        : ({
            paid: false,
            intentId: null,
            declineCode: "no_saved_card",
            message: "No card is saved for this plan.",
            cardLast4: null,
          } as const);
    if (!outcome) return;
    await record(deps, claim, outcome);
    done += 1;
  };
  for (;;) {
    const claimed = await claimDue(deps.db, deps.config.instalments.chargesPerSecond);
    if (claimed.length === 0) return done;
    // IN_FLIGHT lanes take the claims in turn; each claim is charged and recorded by one lane.
    let next = 0;
    const lane = async () => {
      while (next < claimed.length) await chargeOne(claimed[next++]!);
    };
    // Every lane ends before the next claim or a failure is answered: no charge outlives its pass.
    const lanes = await Promise.allSettled(Array.from({ length: Math.min(IN_FLIGHT, claimed.length) }, lane));
    const failed = lanes.find((l) => l.status === "rejected");
    if (failed) throw failed.reason;
  }
}

/**
 * Whether a worker holds this instalment's charge right now: it records the outcome from the
 * provider's own answer (or, had it stopped, the claim is taken again under the same key), so the
 * charge's event has nothing to add and the provider need not be asked about it.
 */
export async function beingCharged(db: Db, instalmentId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/.test(instalmentId)) return false;
  const [row] = await db
    .select({ id: instalments.id })
    .from(instalments)
    .where(and(eq(instalments.id, instalmentId), eq(instalments.status, "charging")));
  return row !== undefined;
}

/** Runs `chargeDueInstalments` now unless this process is already running it: one pass at a time. */
export function instalmentCharger(deps: ChargingDeps) {
  let running: Promise<number> | null = null;
  const pass = async () => {
    // The reminders of the days ahead first: they are written once each, and cost one query when none is due.
    await remindUpcoming(deps.db).catch((error: unknown) =>
      deps.log.warn({ err: error }, "writing instalment reminders failed"),
    );
    return chargeDueInstalments(deps);
  };
  return () => {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  };
}
