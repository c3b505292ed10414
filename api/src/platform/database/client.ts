import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { FastifyBaseLogger } from "fastify";
import { mkdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { PgliteChangeFeed, type ChangeFeed } from "./change-feed.js";
import { PostgresChangeFeed } from "./postgres-change-feed.js";
import type { Db } from "./db.js";
import * as schema from "./schema.js";

export type { Db, Tx } from "./db.js";

export interface Database {
  db: Db;
  driver: "pglite" | "postgres";
  /** How this process learns that another one changed a cached list (see change-feed.ts). */
  openChangeFeed: (log: FastifyBaseLogger) => ChangeFeed;
  close: () => Promise<void>;
}

const MIGRATIONS = path.resolve(import.meta.dirname, "../../../drizzle");

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, an embedded PGlite in dataDir. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL only (PGlite runs in the process and has none of these). */
  timeouts?: DatabaseTimeouts | undefined;
}

/** How long PostgreSQL work may take before the request using it gets a 503 (see config/database.ts). */
export interface DatabaseTimeouts {
  /** One statement (statement_timeout). */
  statementMs: number;
  /** Waiting for a row or table lock (lock_timeout). */
  lockMs: number;
  /** A transaction left open without a statement (idle_in_transaction_session_timeout). */
  idleInTransactionMs: number;
  /** Waiting for a connection of the pool, or for a new one to open. */
  connectMs: number;
  poolMax: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  statementMs: 5_000,
  lockMs: 3_000,
  idleInTransactionMs: 10_000,
  connectMs: 3_000,
  poolMax: 10,
};

/** Any number: the advisory lock under which one process at a time migrates a PostgreSQL database. */
const MIGRATION_LOCK = 7_041_001;

/** Several API processes may start at once on a new database: they migrate it one after another. */
async function migrateOnce(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}

/** Opens the database and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const t = options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: t.poolMax,
      connectionTimeoutMillis: t.connectMs,
      statement_timeout: t.statementMs,
      lock_timeout: t.lockMs,
      idle_in_transaction_session_timeout: t.idleInTransactionMs,
    });
    // An idle connection the server closed (a restart, a fail-over) leaves the pool, which opens a
    // new one on next use; unhandled, the pool's "error" event would end the process.
    pool.on("error", () => {});
    // A checked-out connection dropped between two statements emits "error" on its client (the pool
    // listens only while the client is idle): unhandled, it would end the process. The request
    // using it fails on its next statement instead (a 503, platform/errors.ts), and the pool discards it.
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migrateOnce(pool);
    const url = options.databaseUrl;
    return {
      db,
      driver: "postgres",
      openChangeFeed: (log) => new PostgresChangeFeed(url, log),
      close: () => pool.end(),
    };
  }
  if (!options.dataDir.startsWith("memory://")) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS });
  return { db, driver: "pglite", openChangeFeed: () => new PgliteChangeFeed(client), close: () => client.close() };
}
