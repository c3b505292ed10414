import { buildApp } from "./app.js";
import { followClockFile } from "./platform/clock-file.js";
import { readConfig, type ApiConfig } from "./platform/config.js";
import { openDatabase } from "./platform/database/client.js";
import { createSealer } from "./platform/sealing.js";
import { seedIfEmpty } from "./seed/index.js";

let config: ApiConfig;
try {
  config = readConfig();
} catch (error) {
  // What is missing or refused, said once and plainly; production is the default (config/mode.ts).
  console.error(`The API did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
// A test's own API whose clock the test moves (development defaults only; refused in production).
if (process.env.API_CLOCK_FILE?.trim()) followClockFile(process.env.API_CLOCK_FILE.trim());
const database = await openDatabase(config);
// The seed's accounts (an admin with a fixed id among them) only in a local run, never in production.
// ACADEMY_SEED=none starts a local run empty, as production does: its first visit is the setup.
const seeding = !config.production && process.env.ACADEMY_SEED?.trim() !== "none";
if (seeding) await seedIfEmpty(database.db, createSealer(config.camperDataKey, config.camperDataOldKeys));
const app = await buildApp({ config, database });

// Graceful shutdown: stop accepting, finish requests in flight, then close the database.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, "shutting down");
    app
      .close()
      .then(() => database.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}

await app.listen({ port: config.port, host: config.host });
