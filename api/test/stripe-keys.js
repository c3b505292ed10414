import { LOCAL_SECRET_KEY } from "../../tools/payment-sandbox.mjs";
/**
 * The secret keys the API test suites give their APIs (each suite's own, so a log or a failure
 * says whose call it was). The payment sandboxes the suites start answer exactly these, as Stripe
 * answers only an account's own keys.
 */
export const API_SUITE_SECRET_KEY = "sk_test_api_suite";
export const PAYMENTS_SUITE_SECRET_KEY = "sk_test_payments_suite";
export const MONEY_RACES_SECRET_KEY = "sk_test_money_races";
export const INTERRUPTED_SECRET_KEY = "sk_test_interrupted";
export const TEST_SECRET_KEYS = [
    LOCAL_SECRET_KEY,
    API_SUITE_SECRET_KEY,
    PAYMENTS_SUITE_SECRET_KEY,
    MONEY_RACES_SECRET_KEY,
    INTERRUPTED_SECRET_KEY,
];
//# sourceMappingURL=stripe-keys.js.map