// `pnpm --filter api seed`: seeds the configured database (idempotent).
import { readConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import { seed } from "./seed.js";

const config = readConfig();
const database = await openDatabase(config);
await seed(database.db);
await database.close();
console.log(`seeded (${database.driver})`);
