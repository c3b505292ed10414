// `ACADEMY_DEV_DEFAULTS=1 pnpm --filter api seed`: seeds the configured database (idempotent). The
// seed's accounts and passwords are published in the README: never in production.
import { readConfig } from "../platform/config.js";
import { openDatabase } from "../platform/database/client.js";
import { createSealer } from "../platform/sealing.js";
import { seed } from "./seed.js";

const config = readConfig();
if (config.production) {
  console.error("The seed is for local runs only: set ACADEMY_DEV_DEFAULTS=1 (its accounts are published)");
  process.exit(1);
}
const database = await openDatabase(config);
await seed(database.db, { sealer: createSealer(config.camperDataKey, config.camperDataOldKeys) });
await database.close();
console.log(`seeded (${database.driver})`);
