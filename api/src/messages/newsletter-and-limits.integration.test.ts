import { describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { readConfig } from "../platform/config.js";
import { openDatabase } from "../platform/database/client.js";
import { sensitiveRateLimit } from "../platform/rate-limits.js";
import { ADMIN, MAYA, SAM, startTestApi, useTestApi } from "../../test/harness.js";

const api = useTestApi();

describe("newsletter", () => {
  it("subscribes an address once: a repeat is fine and says it was not new", async () => {
    const first = await api.call({
      method: "POST",
      url: "/newsletter",
      payload: { email: "Fan@Example.com", acceptedTerms: true },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ subscribed: true, new: true, email: "fan@example.com" });
    const again = await api.call({
      method: "POST",
      url: "/newsletter",
      payload: { email: "fan@example.com", acceptedTerms: true },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ subscribed: true, new: false, email: "fan@example.com" });

    const list = await api.call({ method: "GET", url: "/newsletter", as: ADMIN });
    expect(list.statusCode).toBe(200);
    const fans = (list.json() as { email: string; acceptedTermsAt: string }[]).filter(
      (s) => s.email === "fan@example.com",
    );
    expect(fans).toHaveLength(1);
    expect(Date.parse(fans[0]!.acceptedTermsAt)).not.toBeNaN();
  });

  it("needs the terms accepted and a valid address", async () => {
    for (const payload of [
      { email: "a@example.com" },
      { email: "a@example.com", acceptedTerms: false },
      { email: "a@example.com", acceptedTerms: "true" },
      { email: "not-an-address", acceptedTerms: true },
      {},
    ]) {
      const res = await api.call({ method: "POST", url: "/newsletter", payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ error: "Bad Request", fields: expect.any(Object) });
    }
    const res = await api.call({ method: "POST", url: "/newsletter", payload: { email: "a@example.com" } });
    expect(res.json().fields).toEqual({ acceptedTerms: "Accept the terms to subscribe." });
  });

  it("lists subscribers and contact messages to admins only", async () => {
    for (const url of ["/newsletter", "/contact"]) {
      expect((await api.call({ method: "GET", url })).statusCode).toBe(401);
      expect((await api.call({ method: "GET", url, as: SAM })).statusCode).toBe(403);
      expect((await api.call({ method: "GET", url, as: MAYA })).statusCode).toBe(403);
      expect((await api.call({ method: "GET", url, as: ADMIN })).statusCode).toBe(200);
    }
  });
});

describe("rate limits", () => {
  it("answer 429 in the API's error shape with Retry-After, per named limit", async () => {
    const limited = await startTestApi(undefined, { RATE_LIMIT_FORMS: "3" });
    try {
      const subscribe = (n: number) =>
        limited.call({
          method: "POST",
          url: "/newsletter",
          payload: { email: `n${n}@example.com`, acceptedTerms: true },
        });
      for (let i = 0; i < 3; i++) expect((await subscribe(i)).statusCode).toBe(201);
      const refused = await subscribe(3);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: "Too Many Requests", message: expect.stringMatching(/try again in/) });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(refused.headers["content-type"]).toMatch(/application\/json/);
      // Each route counts on its own: the contact form still takes messages.
      const contact = await limited.call({
        method: "POST",
        url: "/contact",
        payload: { name: "A", email: "a@example.com", message: "Hello" },
      });
      expect(contact.statusCode).toBe(201);
      // Another client (IP) is not affected.
      const other = await limited.call({
        method: "POST",
        url: "/newsletter",
        remoteAddress: "10.0.0.9",
        payload: { email: "other@example.com", acceptedTerms: true },
      });
      expect(other.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it("the sensitive limit (sign-in exchange, payments) is 10 a minute unless configured, and applies per route", async () => {
    expect(readConfig({ ACADEMY_DEV_DEFAULTS: "1" }).rateLimits.sensitive).toBe(10);
    expect(() => readConfig({ ACADEMY_DEV_DEFAULTS: "1", RATE_LIMIT_SENSITIVE: "ten" })).toThrow(
      /RATE_LIMIT_SENSITIVE/,
    );
    const database = await openDatabase({ dataDir: "memory://" });
    const app = await buildApp({
      config: readConfig({ ACADEMY_DEV_DEFAULTS: "1", NODE_ENV: "test", RATE_LIMIT_SENSITIVE: "2" }),
      database,
      logger: false,
    });
    try {
      // A route of the kind that will use it (the sign-in exchange, payments).
      await app.register(async (scope) => {
        scope.post("/probe", { config: { rateLimit: sensitiveRateLimit(scope) } }, async () => ({ ok: true }));
      });
      await app.ready();
      const probe = () => app.inject({ method: "POST", url: "/probe" });
      expect((await probe()).statusCode).toBe(200);
      expect((await probe()).statusCode).toBe(200);
      const refused = await probe();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: "Too Many Requests", message: expect.stringMatching(/try again in/) });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      // Signed-in callers count on their own, whatever address they share; a bad token counts as
      // the address (already spent).
      const as = (token: string) =>
        app.inject({ method: "POST", url: "/probe", headers: { authorization: `Bearer ${token}` } });
      const sam = app.jwt.sign({ sub: "00000000-0000-4000-8000-000000000008", email: "sam@example.com" });
      const lee = app.jwt.sign({ sub: "00000000-0000-4000-8000-000000000009", email: "lee@example.com" });
      expect((await as(sam)).statusCode).toBe(200);
      expect((await as(sam)).statusCode).toBe(200);
      expect((await as(sam)).statusCode).toBe(429);
      expect((await as(lee)).statusCode).toBe(200);
      expect((await as("forged.token.here")).statusCode).toBe(429);
      // The sign-in exchange counts by the Firebase account its ID token names.
      const idToken = (uid: string) =>
        `${Buffer.from('{"alg":"RS256"}').toString("base64url")}.${Buffer.from(
          JSON.stringify({ iss: "https://securetoken.google.com/demo-academy", sub: uid }),
        ).toString("base64url")}.sig`;
      expect((await as(idToken("firebase-uid-1"))).statusCode).toBe(200);
      expect((await as(idToken("firebase-uid-1"))).statusCode).toBe(200);
      expect((await as(idToken("firebase-uid-1"))).statusCode).toBe(429);
      expect((await as(idToken("firebase-uid-2"))).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
