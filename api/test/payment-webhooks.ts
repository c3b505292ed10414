import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { startPaymentSandbox, type PaymentSandbox } from "../../tools/payment-sandbox.mjs";
import { createTestDatabaseUrl, startTestApi, type TestApi } from "./harness.js";
import { PAYMENTS_SUITE_SECRET_KEY, TEST_SECRET_KEYS } from "./stripe-keys.js";

type Api = TestApi & { close(): Promise<void> };

export interface Harness {
  api: Api;
  sandbox: PaymentSandbox;
  webhookSecret: string;
}

/**
 * A sandbox whose webhook reaches the API through a small forwarding server (the API under test
 * answers app.inject, not a port), and an API pointed at that sandbox.
 */
async function startPayments(
  env: Record<string, string> = {},
  withWebhook = true,
): Promise<Harness & { stop(): Promise<void> }> {
  const target: { api?: Api } = {};
  const forwarder = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (!target.api) return res.writeHead(503).end();
      target.api.app
        .inject({
          method: "POST",
          url: "/webhooks/stripe",
          headers: {
            "content-type": req.headers["content-type"] ?? "application/json",
            "stripe-signature": req.headers["stripe-signature"] ?? "",
          },
          payload: Buffer.concat(chunks),
        })
        .then((r) => res.writeHead(r.statusCode, { "content-type": "application/json" }).end(r.body))
        .catch(() => res.writeHead(500).end());
    });
  });
  await new Promise<void>((resolve) => forwarder.listen(0, "127.0.0.1", resolve));
  const webhookSecret = `whsec_${randomBytes(12).toString("hex")}`;
  const sandbox = await startPaymentSandbox({
    port: 0,
    webhooks: withWebhook
      ? [{ url: `http://127.0.0.1:${(forwarder.address() as AddressInfo).port}/`, secret: webhookSecret }]
      : [],
    retry: { attempts: 3, initialDelayMs: 100 },
    secretKeys: TEST_SECRET_KEYS,
  });
  const db = await createTestDatabaseUrl();
  const started = await startTestApi(db?.url, {
    RATE_LIMIT_SENSITIVE: "1000",
    STRIPE_SECRET_KEY: PAYMENTS_SUITE_SECRET_KEY,
    STRIPE_API_URL: sandbox.url,
    ...(withWebhook && { STRIPE_WEBHOOK_SECRET: webhookSecret }),
    ...env,
  });
  target.api = started;
  return {
    api: started,
    sandbox,
    webhookSecret,
    stop: async () => {
      await started.close();
      await db?.drop();
      await sandbox.stop();
      await new Promise((resolve) => forwarder.close(resolve));
    },
  };
}

export function usePayments(env: Record<string, string> = {}, withWebhook = true): Harness {
  const holder = {} as Harness & { stop(): Promise<void> };
  beforeAll(async () => {
    Object.assign(holder, await startPayments(env, withWebhook));
  }, 90_000);
  afterAll(() => holder.stop?.());
  return holder;
}
