import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema.js";

/** Either driver, one query API: the code above this folder does not know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction of either driver. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
