// Webhook signatures as Stripe makes them (https://docs.stripe.com/webhooks#verify-manually): an
// HMAC-SHA256 of "timestamp.payload" with the endpoint's secret, so the API's real check runs here.
import { createHmac } from "node:crypto";
/** The Stripe-Signature header for `payload` sent at `timestamp` (seconds). */
export function signatureHeader(secret, payload, timestamp) {
    const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
    return `t=${timestamp},v1=${signature}`;
}
//# sourceMappingURL=signing.js.map