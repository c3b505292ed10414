/**
 * Whether this process may use the development defaults (the published development secrets, the
 * seeded accounts, a movable clock, the Auth Emulator). Only the project's own start scripts ask
 * for them, with ACADEMY_DEV_DEFAULTS=1 (`npm start`, `npm run dev`, the test harness, the e2e
 * system, the benches): anything else, a bare `node dist/server.js` included, is production and
 * must be given real settings. Failing closed means a forgotten variable stops the server instead
 * of serving with secrets anyone can read (docs/deploying.md).
 */
export const DEV_DEFAULTS_VARIABLE = "ACADEMY_DEV_DEFAULTS";

export function usesDevDefaults(env: Record<string, string | undefined>): boolean {
  const flag = env[DEV_DEFAULTS_VARIABLE]?.trim();
  if (!flag) return false;
  if (flag !== "1") {
    throw new Error(`${DEV_DEFAULTS_VARIABLE} must be 1 (a local run or a test) or unset (production), not "${flag}"`);
  }
  if (env.NODE_ENV === "production") {
    throw new Error(
      `${DEV_DEFAULTS_VARIABLE}=1 (the development defaults) and NODE_ENV=production contradict each other: unset ${DEV_DEFAULTS_VARIABLE} in production`,
    );
  }
  return true;
}

/** Settings production cannot run without: each has a development default only. */
export const REQUIRED_IN_PRODUCTION = [
  "JWT_SECRET",
  "CAMPER_DATA_KEY",
  "FIREBASE_PROJECT_ID",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "SMTP_URL",
] as const;

/** Every required setting that is missing, named in one message (not one per restart). */
export function refuseMissingSettings(env: Record<string, string | undefined>): void {
  const missing = REQUIRED_IN_PRODUCTION.filter((name) => !env[name]?.trim());
  if (missing.length === 0) return;
  throw new Error(
    `The API runs in production unless ${DEV_DEFAULTS_VARIABLE}=1 is set (npm start, npm run dev and the tests set it), ` +
      `and production needs settings that are missing: ${missing.join(", ")}. ` +
      'Set each (docs/deploying.md, "The API"), or start a local run with npm start.',
  );
}
