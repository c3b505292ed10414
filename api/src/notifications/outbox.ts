import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import * as clock from "../platform/clock.js";
import type { MailConfig } from "../platform/config.js";
import type { Db, Tx } from "../platform/database/client.js";
import { notificationOutbox } from "../platform/database/schema.js";
import { transaction } from "../platform/transaction.js";
import type { Mailer } from "./mailer.js";
import { unsubscribeToken } from "./preferences.js";
import { renderMessage, type MessageFacts, type MessageKind } from "./templates/render.js";

/**
 * The outbox (decision 032). A message is a row written in the transaction of the change it
 * reports, so it exists exactly when the change does. Each API process runs `deliverDue` every few
 * seconds: it claims one due row at a time under FOR UPDATE SKIP LOCKED by taking a lease
 * (`locked_until`), sends it with no transaction open, and marks it sent, or puts it back with a
 * back-off. A process that dies while sending leaves only a lease that runs out: the row is due
 * again then, and goes out with the same Message-ID.
 */

/** The domain of the outbox's Message-IDs. */
const MESSAGE_ID_DOMAIN = "summitsports.academy";
/** The longest wait between two attempts. */
const MAX_BACKOFF_MS = 15 * 60 * 1000;
/** The most messages one pass sends (the next pass takes the rest). */
const BATCH = 20;

/**
 * Writes a message into the outbox, in the caller's transaction. A repeated `dedupeKey` adds
 * nothing. `notBefore`: not sent before then (now by default). Returns how many rows it wrote
 * (1, or 0 for a repeat).
 */
export async function enqueue<K extends MessageKind>(
  tx: Tx,
  message: { kind: K; to: string; facts: MessageFacts[K]; dedupeKey?: string; notBefore?: Date },
): Promise<number> {
  const id = randomUUID();
  const now = clock.now();
  const written = await tx
    .insert(notificationOutbox)
    .values({
      id,
      kind: message.kind,
      recipient: message.to,
      payload: message.facts,
      messageId: `<${id}@${MESSAGE_ID_DOMAIN}>`,
      dedupeKey: message.dedupeKey ?? null,
      nextAttemptAt: message.notBefore ?? now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: notificationOutbox.id });
  return written.length;
}

export interface OutboxDeps {
  db: Db;
  mailer: Mailer;
  config: MailConfig;
  log: FastifyBaseLogger;
  /**
   * Whether the process is past what it can serve right now (admission control): e-mail waits
   * (a pass stops between messages) so that families in the middle of a booking are served first.
   */
  busy?: () => boolean;
  /**
   * Other domains' scheduled e-mails (the forms' reminders), run at the reminders' pace: each
   * writes its messages to the outbox, which this worker then sends.
   */
  scheduled?: (() => Promise<unknown>)[];
}

type OutboxRow = typeof notificationOutbox.$inferSelect;

/**
 * Claims the next due message: queued, its time come, and nobody's lease on it (or the lease ran
 * out). Several processes never claim one row at once (SKIP LOCKED; the lease outlives the claim).
 */
export async function claimNext(deps: Pick<OutboxDeps, "db" | "config">): Promise<OutboxRow | undefined> {
  return transaction(deps.db, async (tx) => {
    const now = clock.now();
    const [due] = await tx
      .select()
      .from(notificationOutbox)
      .where(
        and(
          eq(notificationOutbox.state, "queued"),
          lte(notificationOutbox.nextAttemptAt, now),
          or(isNull(notificationOutbox.lockedUntil), lt(notificationOutbox.lockedUntil, now)),
        ),
      )
      .orderBy(asc(notificationOutbox.nextAttemptAt), asc(notificationOutbox.id))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!due) return undefined;
    const [claimed] = await tx
      .update(notificationOutbox)
      .set({
        lockedUntil: new Date(now.getTime() + deps.config.leaseSeconds * 1000),
        attempts: sql`${notificationOutbox.attempts} + 1`,
        updatedAt: now,
      })
      .where(eq(notificationOutbox.id, due.id))
      .returning();
    return claimed;
  });
}

/** Whether the mail server refused for good (5xx): trying again would change nothing. */
const permanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
};

/** Sends one claimed message and records what came of it. Returns its new state. */
export async function deliver(deps: OutboxDeps, row: OutboxRow): Promise<"sent" | "queued" | "failed"> {
  try {
    const message = await renderMessage(row.kind as MessageKind, row.payload as never, {
      siteUrl: deps.config.siteUrl,
      unsubscribeUrl: (userId) =>
        `${deps.config.apiUrl}/unsubscribe/${unsubscribeToken(deps.config.linkSecret, userId)}`,
    });
    await deps.mailer.send({ to: row.recipient, messageId: row.messageId, date: row.createdAt, ...message });
  } catch (error) {
    const giveUp = permanent(error) || row.attempts >= deps.config.maxAttempts;
    const wait = Math.min(deps.config.retrySeconds * 1000 * 2 ** Math.max(row.attempts - 1, 0), MAX_BACKOFF_MS);
    const now = clock.now();
    await deps.db
      .update(notificationOutbox)
      .set({
        state: giveUp ? "failed" : "queued",
        lockedUntil: null,
        nextAttemptAt: new Date(now.getTime() + wait),
        lastError: String((error as Error)?.message ?? error).slice(0, 500),
        updatedAt: now,
      })
      // Only while the lease is still this attempt's: a worker that outlived its lease leaves the row
      // to the one that claimed it since.
      .where(
        and(
          eq(notificationOutbox.id, row.id),
          eq(notificationOutbox.state, "queued"),
          eq(notificationOutbox.lockedUntil, row.lockedUntil ?? new Date(0)),
        ),
      );
    deps.log.warn(
      { err: error, outboxId: row.id, kind: row.kind, attempts: row.attempts },
      giveUp ? "an e-mail could not be sent: given up" : "an e-mail could not be sent: it will be tried again",
    );
    return giveUp ? "failed" : "queued";
  }
  const now = clock.now();
  await deps.db
    .update(notificationOutbox)
    .set({ state: "sent", sentAt: now, lockedUntil: null, lastError: null, updatedAt: now })
    .where(eq(notificationOutbox.id, row.id));
  return "sent";
}

/** One pass of the worker: sends what is due, one message at a time, at most BATCH. Returns how many were sent. */
export async function deliverDue(deps: OutboxDeps, limit = BATCH): Promise<number> {
  let sent = 0;
  for (let i = 0; i < limit && !deps.busy?.(); i++) {
    const row = await claimNext(deps);
    if (!row) break;
    if ((await deliver(deps, row)) === "sent") sent++;
  }
  return sent;
}

/** How the outbox stands: what waits, what failed, and since when the oldest has waited. */
export async function outboxState(db: Db) {
  const [row] = await db
    .select({
      queued: sql<number>`cast(count(*) filter (where ${notificationOutbox.state} = 'queued') as integer)`,
      failed: sql<number>`cast(count(*) filter (where ${notificationOutbox.state} = 'failed') as integer)`,
      oldestQueuedAt: sql<Date | null>`min(${notificationOutbox.createdAt}) filter (where ${notificationOutbox.state} = 'queued')`,
    })
    .from(notificationOutbox);
  return {
    queued: row?.queued ?? 0,
    failed: row?.failed ?? 0,
    oldestQueuedAt: row?.oldestQueuedAt ? new Date(row.oldestQueuedAt) : null,
  };
}
