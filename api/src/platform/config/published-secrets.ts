/** The local run's JWT secret (JWT_SECRET outside production). */
export const DEV_SECRET = "local-development-secret-change-me-in-production";
/** The local run's and the tests' key for campers' medical and contact details (sealing.ts). */
export const DEV_CAMPER_DATA_SECRET = "0d5c1c0fa3be4f0e9c2b7a61d84e3f5a6b7c8d9e0f1a2b3c4d5e6f708192a3b4";

/**
 * Secrets written in this repository (the local run's, the payment sandbox's, the test suites'):
 * anyone can read them, so production refuses them. `api/test/config.test.ts` scans the
 * repository for secret-shaped values and fails while one of them is missing here.
 */
const PUBLISHED_SECRETS = new Set([
  DEV_SECRET,
  DEV_CAMPER_DATA_SECRET,
  "sk_test_local_sandbox",
  "whsec_local_sandbox",
  "sk_test_api_suite",
  "whsec_api_suite",
  "sk_test_payments_suite",
  "sk_test_interrupted",
  "sk_test_checkout_load",
  "whsec_test_payment_sandbox",
  "whsec_other",
  "sk_live_nope",
  "sk_live_abc",
  "sk_live_academy",
  "whsec_academy",
  "sk_test_money_races",
  "whsec_money_races",
  "whsec_process_races",
  "whsec_contract_check",
  "whsec_test_saved_cards",
]);

/** In production: a secret must be one of the operator's own, not one anyone can read here. */
export function refusePublished(production: boolean, name: string, value: string | undefined): void {
  if (production && value !== undefined && PUBLISHED_SECRETS.has(value)) {
    throw new Error(`${name} is a value published in the project's repository: set a secret of your own in production`);
  }
}
