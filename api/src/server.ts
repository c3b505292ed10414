import { buildApp } from "./app.js";
import { readConfig } from "./platform/config.js";
import { openDatabase } from "./platform/database/client.js";
import { createSealer } from "./platform/sealing.js";
import { seedIfEmpty } from "./seed/index.js";

const config = readConfig();
const database = await openDatabase(config);
if (!config.production) await seedIfEmpty(database.db, createSealer(config.camperDataKey, config.camperDataOldKeys));
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
