// The services outside the API for a load run, on a thread of their own: the payment sandbox (with
// a relay in front, as checkout-system.mjs has), the relay to the Firebase Auth Emulator, and the
// mail catcher. On the load script's own thread their answers waited behind thousands of families'
// requests, and that wait was counted in the API's checkout and payment times; in production these
// are other companies' servers. Each payment intent's changes go to the parent as messages, so it
// can still count every intent the provider made (checkout-system.mjs `intents`).
import { parentPort, workerData } from "node:worker_threads";
import { startMailCatcher } from "../../tools/mail-catcher.mjs";
import { LOCAL_WEBHOOK_SECRET, startPaymentSandbox } from "../../tools/payment-sandbox.mjs";
import { startTcpRelay } from "../../tools/tcp-relay.mjs";

/** @type {{ webhookUrl: string, identity: { host: string, port: number } }} */
const { webhookUrl, identity } = workerData;
const stops = [];
const post = (message) => parentPort.postMessage(message);

const sandbox = await startPaymentSandbox({ port: 0, webhooks: [{ url: webhookUrl, secret: LOCAL_WEBHOOK_SECRET }] });
stops.push(sandbox.stop);
sandbox.onEvent((event) => {
  const object = event.data.object;
  if (event.type.startsWith("payment_intent."))
    post({ intent: { id: object.id, status: object.status, metadata: object.metadata } });
  if (event.type === "charge.refunded") post({ refunded: object.payment_intent });
});
const providerRelay = await startTcpRelay({ host: "127.0.0.1", port: sandbox.port });
stops.push(providerRelay.close);
const identityRelay = await startTcpRelay(identity);
stops.push(identityRelay.close);
const mail = await startMailCatcher({ ports: { smtp: 0, web: 0 } });
stops.push(() => mail.stop());

parentPort.on("message", async (message) => {
  if (message !== "stop") return;
  for (const stop of stops.reverse()) await stop().catch(() => {});
  post({ stopped: true });
});
post({
  ready: {
    sandboxUrl: sandbox.url,
    providerRelayUrl: providerRelay.url,
    identityRelayPort: identityRelay.port,
    smtpUrl: mail.smtpUrl,
  },
});
