import { createSign, generateKeyPairSync } from "node:crypto";
import http from "node:http";
import { Agent } from "node:https";
import { connect } from "node:net";
import type { Credential } from "firebase-admin/app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFirebaseVerifier, InvalidIdTokenError } from "./firebase.js";

/**
 * Production's path through firebase-admin (no emulator): ID tokens signed with Google's keys,
 * and the account looked up at the Identity Toolkit. Both of Google's services are played here
 * by one local server that every connection of the SDK's agent reaches, so the test sees whether
 * the account is checked: a token stays validly signed for an hour after its account was
 * disabled, deleted or signed out everywhere.
 */
const PROJECT = "academy-prod";
const KEY_ID = "test-key-1";
const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });

/** The accounts Google knows, by uid, as accounts:lookup answers them. */
const accounts = new Map<string, { localId: string; email: string; disabled?: boolean; validSince?: string }>();
const lookups: string[] = [];

const part = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
function idToken(uid: string, authTime = Math.floor(Date.now() / 1000) - 60): string {
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${part({ alg: "RS256", kid: KEY_ID, typ: "JWT" })}.${part({
    iss: `https://securetoken.google.com/${PROJECT}`,
    aud: PROJECT,
    auth_time: authTime,
    iat: now - 30,
    exp: now + 3600,
    sub: uid,
    user_id: uid,
    email: `${uid}@example.com`,
    firebase: { identities: {}, sign_in_provider: "password" },
  })}`;
  const signature = createSign("RSA-SHA256").update(unsigned).sign(privateKey).toString("base64url");
  return `${unsigned}.${signature}`;
}

const google = http.createServer((request, response) => {
  const answer = (status: number, body: unknown) =>
    response
      .writeHead(status, { "content-type": "application/json", "cache-control": "public, max-age=3600" })
      .end(JSON.stringify(body));
  if (request.url === "/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com") {
    return answer(200, { [KEY_ID]: publicKey.export({ type: "spki", format: "pem" }) });
  }
  if (request.url === `/v1/projects/${PROJECT}/accounts:lookup` && request.method === "POST") {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      const uid = (JSON.parse(body) as { localId: string[] }).localId[0]!;
      lookups.push(uid);
      const account = accounts.get(uid);
      answer(200, account ? { kind: "identitytoolkit#GetAccountInfoResponse", users: [account] } : {});
    });
    return;
  }
  answer(404, { error: { code: 404, message: `no ${request.url}` } });
});

/** Every connection the SDK opens (to www.googleapis.com, identitytoolkit.googleapis.com) reaches the local server. */
const toGoogle = new Agent();
/** The service account's token, as application default credentials would give it. */
const credential: Credential = {
  getAccessToken: async () => ({ access_token: "test-access-token", expires_in: 3600 }),
};
let verifier: ReturnType<typeof createFirebaseVerifier>;
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;

beforeAll(async () => {
  await new Promise<void>((resolve) => google.listen(0, "127.0.0.1", resolve));
  const { port } = google.address() as { port: number };
  toGoogle.createConnection = () => connect(port, "127.0.0.1");
  // Production: no emulator (firebase-admin reads this variable at each call).
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  verifier = createFirebaseVerifier({ firebaseProjectId: PROJECT }, { httpAgent: toGoogle, credential });
});
afterAll(async () => {
  await verifier?.close();
  await new Promise<void>((resolve) => google.close(() => resolve()));
  if (emulatorHost !== undefined) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
});

describe("POST /jwt's verification in production checks the account, not only the signature", () => {
  it("accepts an active account's token, after asking Firebase about the account", async () => {
    accounts.set("active-user", { localId: "active-user", email: "active-user@example.com" });
    await expect(verifier.verify(idToken("active-user"))).resolves.toMatchObject({
      uid: "active-user",
      email: "active-user@example.com",
    });
    expect(lookups).toContain("active-user");
  });

  it("refuses the token of an account disabled since, saying so", async () => {
    accounts.set("disabled-user", { localId: "disabled-user", email: "disabled-user@example.com", disabled: true });
    const refused = verifier.verify(idToken("disabled-user"));
    await expect(refused).rejects.toBeInstanceOf(InvalidIdTokenError);
    await expect(refused).rejects.toMatchObject({ accountDisabled: true });
  });

  it("refuses the token of an account deleted since", async () => {
    const refused = verifier.verify(idToken("deleted-user"));
    await expect(refused).rejects.toBeInstanceOf(InvalidIdTokenError);
    await expect(refused).rejects.toMatchObject({ accountDisabled: false });
  });

  it("refuses a token from before the account was signed out everywhere (its tokens revoked)", async () => {
    const now = Math.floor(Date.now() / 1000);
    accounts.set("revoked-user", {
      localId: "revoked-user",
      email: "revoked-user@example.com",
      validSince: String(now - 10),
    });
    await expect(verifier.verify(idToken("revoked-user", now - 600))).rejects.toBeInstanceOf(InvalidIdTokenError);
    // Signing in again after the revocation works.
    await expect(verifier.verify(idToken("revoked-user", now - 5))).resolves.toMatchObject({ uid: "revoked-user" });
  });
});
