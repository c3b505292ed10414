import { buildApp } from "./app.js";
import { readConfig } from "./platform/config.js";
import { openDatabase } from "./platform/database/client.js";

/** The OpenAPI document the API serves, made by an API on an empty in-memory database. */
export async function openApiDocument(): Promise<unknown> {
  const config = readConfig({ ...process.env, ACADEMY_DEV_DEFAULTS: "1", NODE_ENV: "test" });
  const database = await openDatabase({ dataDir: "memory://", timeouts: config.timeouts });
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    await database.close();
  }
}
