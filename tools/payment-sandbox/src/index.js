// The payment sandbox's public interface (imported through tools/payment-sandbox.mjs).
export { API_VERSION, DEFAULT_PORT, LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY, LOCAL_WEBHOOK_SECRET, } from "./constants.js";
export { CARD_FRAME_CSP } from "./browser-assets.js";
export { parseForm } from "./form-body.js";
export { startPaymentSandbox } from "./sandbox.js";
//# sourceMappingURL=index.js.map