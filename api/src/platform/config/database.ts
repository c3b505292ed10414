import path from "node:path";
import type { DatabaseTimeouts } from "../database/client.js";
import { positiveInteger } from "./numbers.js";

/**
 * The database: PostgreSQL at DATABASE_URL when set, otherwise PGlite in DATA_DIR (the
 * repository's .data/api by default); PostgreSQL's timeouts and pool size.
 */
export function readDatabaseConfig(env: NodeJS.ProcessEnv): {
  databaseUrl: string | undefined;
  dataDir: string;
  timeouts: DatabaseTimeouts;
} {
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? path.join(import.meta.dirname, "../../../../.data/api")),
    timeouts: {
      statementMs: positiveInteger(env, "DB_STATEMENT_TIMEOUT_MS", 5_000),
      lockMs: positiveInteger(env, "DB_LOCK_TIMEOUT_MS", 3_000),
      idleInTransactionMs: positiveInteger(env, "DB_IDLE_IN_TRANSACTION_TIMEOUT_MS", 10_000),
      connectMs: positiveInteger(env, "DB_CONNECT_TIMEOUT_MS", 3_000),
      poolMax: positiveInteger(env, "DB_POOL_MAX", 10),
    },
  };
}
