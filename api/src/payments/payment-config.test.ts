import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readConfig } from "../platform/config.js";

/** Which payment provider the API talks to: real Stripe in production only, the local sandbox elsewhere. */

describe("payment configuration", () => {
  const production = {
    NODE_ENV: "production",
    JWT_SECRET: randomBytes(24).toString("hex"),
    FIREBASE_PROJECT_ID: "academy-prod",
    STRIPE_SECRET_KEY: `sk_live_${randomBytes(12).toString("hex")}`,
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(12).toString("hex")}`,
    CAMPER_DATA_KEY: randomBytes(32).toString("hex"),
    SMTP_URL: "smtps://mail.academy.test:465",
  };

  it("runs in production only with real Stripe keys and Stripe's own servers", () => {
    expect(readConfig(production).payments).toMatchObject({ apiUrl: undefined, holdSeconds: 900, currency: "usd" });
    const { STRIPE_SECRET_KEY: _key, ...noKey } = production;
    expect(() => readConfig(noKey)).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => readConfig({ ...production, STRIPE_SECRET_KEY: "pk_live_academy" })).toThrow(/STRIPE_SECRET_KEY/);
    const { STRIPE_WEBHOOK_SECRET: _secret, ...noWebhook } = production;
    expect(() => readConfig(noWebhook)).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => readConfig({ ...production, STRIPE_API_URL: "http://127.0.0.1:12111" })).toThrow(/STRIPE_API_URL/);
  });

  it("uses the local payment sandbox by default outside production", () => {
    const local = readConfig({ ACADEMY_DEV_DEFAULTS: "1" }).payments;
    expect(local.secretKey).toBe("sk_test_local_sandbox");
    expect(local.apiUrl?.href).toBe("http://127.0.0.1:12111/");
    expect(() => readConfig({ ACADEMY_DEV_DEFAULTS: "1", PAYMENT_HOLD_SECONDS: "0" })).toThrow(/PAYMENT_HOLD_SECONDS/);
  });
});
