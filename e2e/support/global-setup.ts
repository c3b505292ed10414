import { rmSync } from "node:fs";
import path from "node:path";
import { startSystem } from "../../tools/system.mjs";
import { AUTH_EMULATOR_PORTS, E2E_PORTS, PAYMENT_SANDBOX_PORT } from "./ports";

/** Starts the production builds (built by the test command) on the e2e ports. */
export default async function globalSetup() {
  const root = path.resolve(import.meta.dirname, "../..");
  const dataDir = path.join(root, ".tmp", "e2e-data");
  rmSync(dataDir, { recursive: true, force: true });
  const system = await startSystem({
    ports: E2E_PORTS,
    deployDir: path.join(root, ".tmp", "e2e-deploy"),
    // Every test signs in from the same address: the per-IP sign-in limit is for real visitors.
    apiEnv: { DATA_DIR: dataDir, RATE_LIMIT_SENSITIVE: "1000" },
    auth: { ports: AUTH_EMULATOR_PORTS, wipe: true },
    // The e2e run's own payment sandbox, empty at each start (no data file).
    payments: { port: PAYMENT_SANDBOX_PORT },
    // A fresh database is migrated and seeded at start: slow on a busy machine.
    healthTimeoutMs: 120_000,
  });
  return async () => {
    await system.stop();
  };
}
