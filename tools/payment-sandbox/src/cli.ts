// `node tools/payment-sandbox.mjs`: the sandbox alone, set up from PAYMENT_SANDBOX_* variables,
// until SIGINT or SIGTERM (docs/payments.md).
import { DEFAULT_PORT, LOCAL_SECRET_KEY, LOCAL_WEBHOOK_SECRET } from "./constants.js";
import { startPaymentSandbox } from "./sandbox.js";

export async function runFromCommandLine(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const webhookUrl = env.PAYMENT_SANDBOX_WEBHOOK_URL;
  // The secret keys it answers, comma-separated (the local key by default).
  const secretKeys = (env.PAYMENT_SANDBOX_SECRET_KEYS ?? LOCAL_SECRET_KEY).split(",").map((key) => key.trim());
  // A requests-per-second limit, as Stripe's (none unless set).
  const perSecond = env.PAYMENT_SANDBOX_REQUESTS_PER_SECOND;
  const sandbox = await startPaymentSandbox({
    port: Number(env.PAYMENT_SANDBOX_PORT ?? DEFAULT_PORT),
    host: env.PAYMENT_SANDBOX_HOST ?? "127.0.0.1",
    webhooks: webhookUrl
      ? [{ url: webhookUrl, secret: env.PAYMENT_SANDBOX_WEBHOOK_SECRET ?? LOCAL_WEBHOOK_SECRET }]
      : [],
    dataFile: env.PAYMENT_SANDBOX_DATA_FILE,
    secretKeys,
    ...(perSecond ? { requestsPerSecond: Number(perSecond) } : {}),
    log: (message) => console.log(`[payment-sandbox] ${message}`),
  });
  console.log(
    `[payment-sandbox] listening on ${sandbox.url} (secret keys ${secretKeys.join(", ")}; publishable keys pk_test_...)`,
  );
  for (const hook of sandbox.webhooks) {
    console.log(`[payment-sandbox] webhooks -> ${hook.url} signed with ${hook.secret}`);
  }
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void sandbox.stop().then(() => process.exit(0));
    });
  }
}
