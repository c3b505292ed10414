import { appendFileSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { startSystem } from "../../tools/system.mjs";
import { startContractProxy } from "./contract-proxy";
import { AUTH_EMULATOR_PORTS, E2E_PORTS, MAIL_PORTS, PAYMENT_SANDBOX_PORT } from "./ports";

const root = path.resolve(import.meta.dirname, "../..");
/** Every Content-Security-Policy violation a page of the run reported, one JSON a line. */
export const CSP_VIOLATIONS_FILE = path.join(root, ".tmp", "e2e-csp-violations.jsonl");
/** Pages opened with this in their address break the policy on purpose (security-headers.spec). */
export const CSP_PROBE = "csp-probe";
/** Every API answer of the run that broke the published OpenAPI document, one JSON a line. */
export const CONTRACT_VIOLATIONS_FILE = path.join(root, ".tmp", "e2e-contract-violations.jsonl");

/**
 * With E2E_DATABASE_URL (a PostgreSQL server, as `npm test`'s PostgreSQL stage of the payment
 * specs sets it), the run's API uses a fresh database of its own there instead of PGlite.
 */
async function freshPostgresDatabase(serverUrl: string): Promise<string> {
  // The API's own PostgreSQL client (the e2e package has none of its own).
  const pg = createRequire(path.join(root, "api", "package.json"))("pg") as {
    Client: new (options: { connectionString: string }) => {
      connect(): Promise<void>;
      query(sql: string): Promise<unknown>;
      end(): Promise<void>;
    };
  };
  const name = "academy_e2e";
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/** Starts the production builds (built by the test command) on the e2e ports. */
export default async function globalSetup() {
  const postgres = process.env.E2E_DATABASE_URL;
  const databaseEnv: Record<string, string> = postgres ? { DATABASE_URL: await freshPostgresDatabase(postgres) } : {};
  const dataDir = path.join(root, ".tmp", "e2e-data");
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(CSP_VIOLATIONS_FILE, { force: true });
  rmSync(CONTRACT_VIOLATIONS_FILE, { force: true });
  let checked = () => 0;
  const system = await startSystem({
    ports: E2E_PORTS,
    deployDir: path.join(root, ".tmp", "e2e-deploy"),
    // Every test signs in from the same address: the per-IP sign-in limit is for real visitors.
    // The event loop's lag is the shared test machine's here, not the API's: only requests in
    // flight are limited, sized for the suite's browsers and its seeding at once (decision 035; the
    // very-busy spec starts an API of its own for that).
    apiEnv: {
      DATA_DIR: dataDir,
      RATE_LIMIT_SENSITIVE: "1000",
      ADMISSION_MAX_LOOP_DELAY_MS: "0",
      ADMISSION_MAX_IN_FLIGHT: "200",
      ...databaseEnv,
    },
    auth: { ports: AUTH_EMULATOR_PORTS, wipe: true },
    // The e2e run's own payment sandbox, empty at each start (no data file).
    payments: { port: PAYMENT_SANDBOX_PORT },
    // The e2e run's own mail catcher, empty at each start.
    mail: { ports: MAIL_PORTS },
    // A fresh database is migrated and seeded at start: slow on a busy machine.
    healthTimeoutMs: 120_000,
    // The site's CSP is enforced in every test; what it refused is also reported here.
    onCspReport: (report) => appendFileSync(CSP_VIOLATIONS_FILE, `${JSON.stringify(report)}\n`),
    // Every answer of the API is checked against its published contract (decision 038).
    apiProxy: async (where) => {
      const proxy = await startContractProxy({
        ...where,
        onViolation: (violation) => appendFileSync(CONTRACT_VIOLATIONS_FILE, `${JSON.stringify(violation)}\n`),
      });
      checked = proxy.checked;
      return proxy;
    },
  });
  return async () => {
    await system.stop();
    // A refused script or call usually fails its own test; one that did not still fails the run.
    const broken = readLines(CONTRACT_VIOLATIONS_FILE);
    console.log(`[e2e] ${checked()} API answers checked against the OpenAPI document, ${broken.length} broke it`);
    if (broken.length) {
      throw new Error(
        `${broken.length} API answer(s) broke the published OpenAPI document (${CONTRACT_VIOLATIONS_FILE}):\n${broken.slice(0, 20).join("\n")}`,
      );
    }
    const violations = readViolations().filter((line) => !isProbe(line));
    if (violations.length) {
      throw new Error(
        `The site's Content-Security-Policy refused ${violations.length} thing(s) during the run:\n${violations.slice(0, 20).join("\n")}`,
      );
    }
  };
}

/**
 * A report of a violation made on purpose: on a page whose address names the probe, or a refused
 * frame (the site never frames itself; a frame's report names only the framed origin).
 */
export function isProbe(line: string): boolean {
  return line.includes(CSP_PROBE) || line.includes('"effective-directive":"frame-ancestors"');
}

export function readViolations(): string[] {
  return readLines(CSP_VIOLATIONS_FILE);
}

function readLines(file: string): string[] {
  try {
    return readFileSync(file, "utf8").split("\n").filter(Boolean);
  } catch {
    return [];
  }
}
