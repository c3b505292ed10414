// `pnpm --filter api seed`: seeds the configured database (idempotent).
import { readConfig } from "../platform/config.js";
import { openDatabase } from "../platform/database/client.js";
import { seed } from "./seed.js";

const config = readConfig();
const database = await openDatabase(config);
await seed(database.db);
await database.close();
console.log(`seeded (${database.driver})`);
