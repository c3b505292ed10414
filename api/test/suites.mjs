// The API suite's subsets that `npm test` runs beside the whole suite on PostgreSQL (tools/test.mjs).
// Plain ESM, so the root runner can read them without TypeScript.

/**
 * On PGlite, the embedded database `npm start` uses: the files that prove the embedded default
 * works, not the whole suite a second time. PostgreSQL is what production runs and the only one of
 * the two that can show a race (PGlite runs one transaction at a time), so the whole suite runs
 * there; here run the paths where the two drivers differ (migrations, the seed, the lists' change
 * feed, the client's transactions and locks) and one file for each thing a family does with the
 * site on a fresh `npm start` (sign-in, cart, campers, checkout and payment, images, e-mail).
 * The end-to-end suite runs against PGlite too.
 */
export const EMBEDDED_FILES = [
  "src/campers/migration.integration.test.ts",
  "src/seed/seed.integration.test.ts",
  "src/catalog/public-cache.integration.test.ts",
  "src/catalog/public-lists.integration.test.ts",
  "src/accounts/accounts.integration.test.ts",
  "test/carts-and-users.integration.test.ts",
  "test/http-surface.integration.test.ts",
  "src/campers/campers.integration.test.ts",
  "src/campers/camper-seats.integration.test.ts",
  "src/payments/payments.integration.test.ts",
  "src/payments/seat-holds.integration.test.ts",
  "src/payments/concurrent-checkouts.integration.test.ts",
  "src/payments/payment-config.test.ts",
  "src/payments/instructor-earnings.integration.test.ts",
  "src/images/images.integration.test.ts",
  "src/notifications/outbox.integration.test.ts",
];

/**
 * The files whose outcome depends on the day they run (ages on a class's first day, seasons, the
 * registration opening, reminders): run once more with the API's clock three years ahead, so a
 * date written into a test that will expire fails today rather than on the day it expires.
 */
export const DATE_SENSITIVE_FILES = [
  "src/campers",
  "src/seed",
  "src/waitlist",
  "src/notifications/reminders.integration.test.ts",
  "src/plans/plans.integration.test.ts",
  "src/plans/instalments.integration.test.ts",
  "src/plans/office.integration.test.ts",
  "src/plans/refusals.integration.test.ts",
  "test/academy-day.integration.test.ts",
  "test/fuzz.integration.test.ts",
  "test/value-ranges.integration.test.ts",
];

/** The API's clock as `years` years from today (a day, as API_CLOCK takes it). */
export function clockYearsAhead(years, now = new Date()) {
  const ahead = new Date(now);
  ahead.setUTCFullYear(ahead.getUTCFullYear() + years);
  return ahead.toISOString().slice(0, 10);
}
