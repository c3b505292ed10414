import { createServer } from "node:net";
import { Agent } from "node:https";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildApp } from "../app.js";
import { createFirebaseVerifier, IdentityProviderUnavailableError } from "./firebase.js";
import { readConfig } from "../platform/config.js";
import { openDatabase, type Database } from "../platform/database/client.js";
import { seed } from "../seed/index.js";
import { SAM } from "../../test/harness.js";
import type { FastifyInstance } from "fastify";
import { API_SUITE_SECRET_KEY } from "../../test/stripe-keys.js";

/**
 * POST /jwt when the identity provider cannot be reached: the emulator (or Google's key server)
 * is down. Sign-in is briefly unavailable (503), not a server fault (500) nor a bad token (401).
 */

/** A local port nothing listens on: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const part = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
const claims = (projectId: string) => {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: now,
    iat: now,
    exp: now + 3600,
    sub: "provider-down-user",
    user_id: "provider-down-user",
    email: SAM.email,
  };
};

describe("POST /jwt with the Auth Emulator unreachable", () => {
  let app: FastifyInstance;
  let database: Database;
  const emulatorHostBefore = process.env.FIREBASE_AUTH_EMULATOR_HOST;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" });
    await seed(database.db);
    const config = readConfig({
      ACADEMY_DEV_DEFAULTS: "1",
      STRIPE_SECRET_KEY: API_SUITE_SECRET_KEY,
      STRIPE_API_URL: inject("paymentSandboxUrl"),
      NODE_ENV: "test",
      RATE_LIMIT_SENSITIVE: "1000",
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${await closedPort()}`,
    });
    app = await buildApp({ config, database, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHostBefore;
  });

  it("answers 503 saying sign-in is briefly unavailable", async () => {
    // An emulator-shaped (unsigned) token: the Admin SDK then asks the emulator for the account.
    const token = `${part({ alg: "none", typ: "JWT" })}.${part(claims("demo-academy"))}.`;
    const res = await app.inject({
      method: "POST",
      url: "/jwt",
      headers: { authorization: `Bearer ${token}` },
      payload: { email: SAM.email },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: "Service Unavailable",
      message: "Sign-in is briefly unavailable: the sign-in service cannot be reached. Try again in a minute.",
    });
    expect(res.headers["retry-after"]).toBe("30");
  });
});

describe("verifying a token while Google's public keys cannot be fetched (production)", () => {
  it("is the provider's outage, not an invalid token", async () => {
    const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    const port = await closedPort();
    // The key server's connections are refused: every connection of this agent goes to a closed port.
    const refusing = new Agent();
    refusing.createConnection = () => connect(port, "127.0.0.1");
    const verifier = createFirebaseVerifier({ firebaseProjectId: "academy-prod" }, { httpAgent: refusing });
    try {
      const token = `${part({ alg: "RS256", typ: "JWT", kid: "key-1" })}.${part(claims("academy-prod"))}.c2lnbmF0dXJl`;
      await expect(verifier.verify(token)).rejects.toBeInstanceOf(IdentityProviderUnavailableError);
    } finally {
      await verifier.close();
      process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
    }
  });
});
