// `node tools/payment-sandbox.mjs`: the sandbox alone, set up from PAYMENT_SANDBOX_* variables,
// until SIGINT or SIGTERM (docs/payments.md).
import { DEFAULT_PORT, LOCAL_WEBHOOK_SECRET } from "./constants.js";
import { startPaymentSandbox } from "./sandbox.js";

export async function runFromCommandLine(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const webhookUrl = env.PAYMENT_SANDBOX_WEBHOOK_URL;
  const sandbox = await startPaymentSandbox({
    port: Number(env.PAYMENT_SANDBOX_PORT ?? DEFAULT_PORT),
    host: env.PAYMENT_SANDBOX_HOST ?? "127.0.0.1",
    webhooks: webhookUrl
      ? [{ url: webhookUrl, secret: env.PAYMENT_SANDBOX_WEBHOOK_SECRET ?? LOCAL_WEBHOOK_SECRET }]
      : [],
    dataFile: env.PAYMENT_SANDBOX_DATA_FILE,
    log: (message) => console.log(`[payment-sandbox] ${message}`),
  });
  console.log(`[payment-sandbox] listening on ${sandbox.url} (secret key sk_test_..., publishable key pk_test_...)`);
  for (const hook of sandbox.webhooks) {
    console.log(`[payment-sandbox] webhooks -> ${hook.url} signed with ${hook.secret}`);
  }
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void sandbox.stop().then(() => process.exit(0));
    });
  }
}
