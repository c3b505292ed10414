// `pnpm --filter api seed`: seeds the configured database (idempotent).
import { readConfig } from "../platform/config.js";
import { openDatabase } from "../platform/database/client.js";
import { createSealer } from "../platform/sealing.js";
import { seed } from "./seed.js";

const config = readConfig();
const database = await openDatabase(config);
await seed(database.db, { sealer: createSealer(config.camperDataKey, config.camperDataOldKeys) });
await database.close();
console.log(`seeded (${database.driver})`);
