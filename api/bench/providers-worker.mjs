// The services outside the API (providers.mjs) on a thread of their own, for a load run: on the
// load script's own thread their answers waited behind thousands of families' requests, and that
// wait was counted in the API's checkout and payment times; in production these are other
// companies' servers. Each payment intent's change goes to the parent as a message.
import { parentPort, workerData } from "node:worker_threads";
import { startProviders } from "./providers.mjs";

/** @type {{ webhookUrl: string, identity: { host: string, port: number } }} */
const { webhookUrl, identity } = workerData;
const post = (message) => parentPort.postMessage(message);

const providers = await startProviders(webhookUrl, identity, post);
parentPort.on("message", async (message) => {
  if (message !== "stop") return;
  await providers.stop();
  post({ stopped: true });
});
post({
  ready: {
    sandboxUrl: providers.sandbox.url,
    providerRelayUrl: providers.providerRelay.url,
    identityRelayPort: providers.identityRelay.port,
    smtpUrl: providers.mail.smtpUrl,
  },
});
