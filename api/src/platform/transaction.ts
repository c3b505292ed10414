import type { Db, Tx } from "./database/client.js";

/**
 * PostgreSQL aborts one of two transactions that wait on each other (deadlock, 40P01) or that
 * could not be serialized (40001); the aborted one did nothing and may simply run again. The
 * API locks rows in one order (users, then orders, then classes by id) so this stays rare; a retry
 * covers what is left, and a request never answers 500 for it.
 */
const RETRYABLE = new Set(["40P01", "40001"]);
const ATTEMPTS = 5;

export function isRetryableConflict(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.cause?.code ?? e?.code;
  return typeof code === "string" && RETRYABLE.has(code);
}

/** Runs work (one whole transaction) again when the database aborted it for a conflict. */
export async function retryConflicts<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRetryableConflict(error)) throw error;
      // A little random wait, growing: the two transactions should not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

/** A transaction that runs again when the database aborts it for a deadlock or serialization conflict. */
export const transaction = <T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> =>
  retryConflicts(() => db.transaction(work));
