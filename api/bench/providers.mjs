// The services outside the API for a checkout or load run: the payment sandbox behind a relay (to
// take it down), the relay to the identity provider (the Firebase Auth Emulator already running)
// and the mail server (a local catcher: the API's receipts and waitlist notices go out over SMTP
// as they would to a real one). Used in the script's own process (checkout-system.mjs) or on a
// thread of their own (providers-worker.mjs).
import { startMailCatcher } from "../../tools/mail-catcher.mjs";
import { LOCAL_WEBHOOK_SECRET, startPaymentSandbox } from "../../tools/payment-sandbox.mjs";
import { startTcpRelay } from "../../tools/tcp-relay.mjs";

/** The secret key the benchmarks' APIs use, the only one their sandbox answers. */
export const BENCH_SECRET_KEY = "sk_test_checkout_load";

/**
 * @param {string} webhookUrl where the sandbox sends its events
 * @param {{ host: string, port: number }} identity the identity provider behind its relay
 * @param {(change: { intent?: { id: string, status: string, metadata: Record<string, string> }, refunded?: string }) => void} onChange
 *   each payment intent's change (the sandbox keeps only its latest events, so they are followed as they come)
 */
export async function startProviders(webhookUrl, identity, onChange) {
  const stops = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch(() => {});
  };
  try {
    const sandbox = await startPaymentSandbox({
      port: 0,
      secretKeys: [BENCH_SECRET_KEY],
      webhooks: [{ url: webhookUrl, secret: LOCAL_WEBHOOK_SECRET }],
    });
    stops.push(sandbox.stop);
    sandbox.onEvent((event) => {
      const object = event.data.object;
      if (event.type.startsWith("payment_intent."))
        onChange({ intent: { id: object.id, status: object.status, metadata: object.metadata } });
      if (event.type === "charge.refunded") onChange({ refunded: object.payment_intent });
    });
    const providerRelay = await startTcpRelay({ host: "127.0.0.1", port: sandbox.port });
    stops.push(providerRelay.close);
    const identityRelay = await startTcpRelay(identity);
    stops.push(identityRelay.close);
    const mail = await startMailCatcher({ ports: { smtp: 0, web: 0 } });
    stops.push(() => mail.stop());
    return { sandbox, providerRelay, identityRelay, mail, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Every intent the provider made, with its latest state and whether it was refunded. */
export function applyChange(intents, { intent, refunded }) {
  if (intent) intents.set(intent.id, { ...intents.get(intent.id), ...intent, changedAt: Date.now() });
  if (refunded) intents.set(refunded, { ...intents.get(refunded), refunded: true });
}
