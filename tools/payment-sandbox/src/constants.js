/** The keys and webhook secret of the local run, e2e run and tests: fixed, so nothing needs copying. */
export const LOCAL_SECRET_KEY = "sk_test_local_sandbox";
export const LOCAL_PUBLISHABLE_KEY = "pk_test_local_sandbox";
export const LOCAL_WEBHOOK_SECRET = "whsec_local_sandbox";
export const DEFAULT_PORT = 12111;
/** The API version the pinned SDK (stripe 23.x) sends; events carry it like an account's default. */
export const API_VERSION = "2026-10-28.endive";
//# sourceMappingURL=constants.js.map