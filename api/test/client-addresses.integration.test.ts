import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/app.js";
import { readConfig } from "../src/platform/config.js";
import { openDatabase, type Database } from "../src/platform/database/client.js";
import { startTestApi } from "./harness.js";

/**
 * Which address a request counts under: the rate limits are per client, and a client must not
 * be able to pick its own bucket with X-Forwarded-For (TRUST_PROXY), nor with the subject of a
 * made-up Firebase ID token (POST /jwt).
 */

const random = (bytes = 24) => randomBytes(bytes).toString("hex");

/** A production configuration with secrets of its own (the API refuses published ones). */
const productionConfig = (env: Record<string, string> = {}) =>
  readConfig({
    NODE_ENV: "production",
    JWT_SECRET: random(),
    FIREBASE_PROJECT_ID: "academy-prod",
    STRIPE_SECRET_KEY: `sk_live_${random(12)}`,
    STRIPE_WEBHOOK_SECRET: `whsec_${random(12)}`,
    CAMPER_DATA_KEY: random(32),
    SMTP_URL: "smtps://mail.academy.test:465",
    RATE_LIMIT_FORMS: "3",
    ...env,
  });

/** An API built as `node dist/server.js` builds it in production (no network is used by /contact). */
async function productionApi(env: Record<string, string> = {}) {
  const database: Database = await openDatabase({ dataDir: "memory://" });
  const app: FastifyInstance = await buildApp({ config: productionConfig(env), database, logger: false });
  await app.ready();
  return {
    contact: (remoteAddress: string, forwardedFor?: string) =>
      app.inject({
        method: "POST",
        url: "/contact",
        remoteAddress,
        headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
        payload: { name: "Rotating Header", email: "rotate@example.com", message: "Hello" },
      }),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

describe("TRUST_PROXY: which X-Forwarded-For the API believes", () => {
  it("is off by default, in production too, and refuses 'true' and what it cannot read", () => {
    expect(readConfig({ ACADEMY_DEV_DEFAULTS: "1" }).trustProxy).toBe(false);
    expect(productionConfig().trustProxy).toBe(false);
    expect(readConfig({ ACADEMY_DEV_DEFAULTS: "1", TRUST_PROXY: "" }).trustProxy).toBe(false);
    expect(readConfig({ ACADEMY_DEV_DEFAULTS: "1", TRUST_PROXY: "0" }).trustProxy).toBe(false);
    expect(readConfig({ ACADEMY_DEV_DEFAULTS: "1", TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(
      readConfig({ ACADEMY_DEV_DEFAULTS: "1", TRUST_PROXY: "10.0.0.0/8, 192.168.1.5 ,fd00::/8,loopback" }).trustProxy,
    ).toEqual(["10.0.0.0/8", "192.168.1.5", "fd00::/8", "loopback"]);
    expect(() => readConfig({ ACADEMY_DEV_DEFAULTS: "1", TRUST_PROXY: "true" })).toThrow(
      /TRUST_PROXY.*X-Forwarded-For/,
    );
    expect(() => readConfig({ ACADEMY_DEV_DEFAULTS: "1", TRUST_PROXY: "10.0.0.0/33" })).toThrow(
      /not understood: 10\.0\.0\.0\/33/,
    );
    expect(() => readConfig({ ACADEMY_DEV_DEFAULTS: "1", TRUST_PROXY: "my-balancer" })).toThrow(/TRUST_PROXY must be/);
  });

  describe("off (production without TRUST_PROXY)", () => {
    let api: Awaited<ReturnType<typeof productionApi>>;
    beforeAll(async () => {
      api = await productionApi();
    });
    afterAll(() => api?.close());

    it("a rotating X-Forwarded-For does not escape the contact form's limit", async () => {
      const answers = [];
      for (let i = 1; i <= 5; i++) answers.push((await api.contact("203.0.113.9", `198.51.100.${i}`)).statusCode);
      expect(answers).toEqual([201, 201, 201, 429, 429]);
      // Another client, by its own connection's address, is not affected.
      expect((await api.contact("203.0.113.10", "198.51.100.1")).statusCode).toBe(201);
    });
  });

  describe("one proxy in front (TRUST_PROXY=1)", () => {
    let api: Awaited<ReturnType<typeof productionApi>>;
    beforeAll(async () => {
      api = await productionApi({ TRUST_PROXY: "1" });
    });
    afterAll(() => api?.close());

    it("counts the rightmost hop (the address the proxy saw), whatever the client wrote before it", async () => {
      const balancer = "10.0.0.2";
      const answers = [];
      for (let i = 1; i <= 4; i++) {
        answers.push((await api.contact(balancer, `198.51.100.${i}, 203.0.113.7`)).statusCode);
      }
      expect(answers).toEqual([201, 201, 201, 429]);
      // Other clients behind the same balancer have budgets of their own.
      expect((await api.contact(balancer, "203.0.113.8")).statusCode).toBe(201);
      expect((await api.contact(balancer, "203.0.113.7, 203.0.113.8")).statusCode).toBe(201);
    });
  });

  describe("the proxies' addresses (TRUST_PROXY=10.0.0.0/8)", () => {
    let api: Awaited<ReturnType<typeof productionApi>>;
    beforeAll(async () => {
      api = await productionApi({ TRUST_PROXY: "10.0.0.0/8" });
    });
    afterAll(() => api?.close());

    it("believes X-Forwarded-For from those addresses only", async () => {
      for (let i = 0; i < 3; i++) expect((await api.contact("10.1.2.3", "203.0.113.7")).statusCode).toBe(201);
      expect((await api.contact("10.9.9.9", "203.0.113.7")).statusCode).toBe(429);
      // A client reaching the API directly counts as itself, whatever it writes.
      const direct = [];
      for (let i = 1; i <= 4; i++) direct.push((await api.contact("192.0.2.50", `198.51.100.${i}`)).statusCode);
      expect(direct).toEqual([201, 201, 201, 429]);
    });
  });
});

/** A Firebase-shaped ID token naming any subject: what a client can make up without signing in. */
const madeUpIdToken = (sub: string) =>
  `${Buffer.from('{"alg":"RS256","kid":"k"}').toString("base64url")}.${Buffer.from(
    JSON.stringify({ iss: "https://securetoken.google.com/demo-academy", sub }),
  ).toString("base64url")}.c2ln`;

describe("POST /jwt counts per client address as well as per account", () => {
  it("made-up subjects from one address run out of the address's budget", async () => {
    const api = await startTestApi(undefined, { RATE_LIMIT_SENSITIVE: "2", RATE_LIMIT_SIGN_IN_PER_ADDRESS: "5" });
    try {
      const exchange = (sub: string, remoteAddress = "203.0.113.20") =>
        api.call({
          method: "POST",
          url: "/jwt",
          remoteAddress,
          headers: { authorization: `Bearer ${madeUpIdToken(sub)}` },
          payload: { email: "someone@example.com" },
        });
      const answers = [];
      for (let i = 0; i < 7; i++) answers.push(await exchange(`made-up-${i}`));
      expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401, 429, 429]);
      const refused = answers[5]!;
      expect(refused.json()).toEqual({
        error: "Too Many Requests",
        message: expect.stringMatching(/^Too many requests: try again in \d+ (second|minute)s?\.$/),
      });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      // Another address has its own budget; one account is still counted on its own (2 a minute).
      expect((await exchange("one-account", "203.0.113.21")).statusCode).toBe(401);
      expect((await exchange("one-account", "203.0.113.22")).statusCode).toBe(401);
      expect((await exchange("one-account", "203.0.113.23")).statusCode).toBe(429);
    } finally {
      await api.close();
    }
  });

  it("by default the address's budget is three times the account's", () => {
    expect(readConfig({ ACADEMY_DEV_DEFAULTS: "1" }).rateLimits).toMatchObject({ sensitive: 10, signInPerAddress: 30 });
    expect(readConfig({ ACADEMY_DEV_DEFAULTS: "1", RATE_LIMIT_SENSITIVE: "1000" }).rateLimits.signInPerAddress).toBe(
      3000,
    );
    expect(
      readConfig({ ACADEMY_DEV_DEFAULTS: "1", RATE_LIMIT_SIGN_IN_PER_ADDRESS: "50" }).rateLimits.signInPerAddress,
    ).toBe(50);
    expect(() => readConfig({ ACADEMY_DEV_DEFAULTS: "1", RATE_LIMIT_SIGN_IN_PER_ADDRESS: "many" })).toThrow(
      /RATE_LIMIT_SIGN_IN_PER_ADDRESS/,
    );
  });
});
