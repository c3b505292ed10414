import { randomBytes } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { eq } from "drizzle-orm";
import { readConfig } from "../platform/config.js";
import { users } from "../platform/database/schema.js";
import { ADMIN, SAM, startTestApi, useTestApi } from "../../test/harness.js";

/**
 * POST /jwt against the real Firebase Auth Emulator: accounts are made through its REST API,
 * exactly as the web SDK makes them, and their ID tokens exchanged for the API's own token.
 */
const host = inject("authEmulatorHost");
const identity = (path: string) => `http://${host}/identitytoolkit.googleapis.com/v1/${path}?key=demo-api-key`;

async function post<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T;
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

const uniqueEmail = (what: string) => `${what}-${randomBytes(4).toString("hex")}@example.com`;
const PASSWORD = "Camp#Pass2026";

/** A new e-mail/password account; its ID token (signed in again after a name is set, as the SDK does). */
async function signUp(email: string, displayName?: string): Promise<string> {
  const { idToken } = await post<{ idToken: string }>(identity("accounts:signUp"), {
    email,
    password: PASSWORD,
    returnSecureToken: true,
  });
  if (!displayName) return idToken;
  await post(identity("accounts:update"), { idToken, displayName });
  return signInWithPassword(email);
}

async function uidOf(idToken: string): Promise<string> {
  const { users } = await post<{ users: { localId: string }[] }>(identity("accounts:lookup"), { idToken });
  return users[0]!.localId;
}

async function signInWithPassword(email: string): Promise<string> {
  const { idToken } = await post<{ idToken: string }>(identity("accounts:signInWithPassword"), {
    email,
    password: PASSWORD,
    returnSecureToken: true,
  });
  return idToken;
}

/**
 * An ID token shaped like the emulator's (unsigned) but with claims of our choosing, for an
 * account that exists in the emulator (the Admin SDK looks the account up).
 */
function craftedToken(claims: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${part({ alg: "none", typ: "JWT" })}.${part({
    iss: "https://securetoken.google.com/demo-academy",
    aud: "demo-academy",
    auth_time: now,
    iat: now,
    exp: now + 3600,
    sub: "crafted-user",
    user_id: "crafted-user",
    firebase: { identities: {}, sign_in_provider: "password" },
    ...claims,
  })}.`;
}

describe("POST /jwt: Firebase ID token for the API's access token", () => {
  // Many exchanges from one address in a few seconds: the limit itself is tested below.
  const api = useTestApi({ RATE_LIMIT_SENSITIVE: "1000" });
  const exchange = (idToken: string | null, email: string) =>
    api.call({
      method: "POST",
      url: "/jwt",
      headers: idToken ? { authorization: `Bearer ${idToken}` } : {},
      payload: { email },
    });

  it("creates a student record from a new sign-up and returns a working access token", async () => {
    const email = uniqueEmail("new");
    const res = await exchange(await signUp(email, "Nia Newcomer"), email);
    expect(res.statusCode).toBe(200);
    const { token } = res.json<{ token: string }>();
    const me = await api.app.inject({ method: "GET", url: "/users/me", headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email, name: "Nia Newcomer", role: "student" });
  });

  it("a user an admin deletes loses the sign-in too: signing in again does not bring the account back", async () => {
    const email = uniqueEmail("leaving");
    const idToken = await signUp(email, "Lou Leaving");
    const { token } = (await exchange(idToken, email)).json<{ token: string }>();
    const me = await api.app.inject({ method: "GET", url: "/users/me", headers: { authorization: `Bearer ${token}` } });
    const deleted = await api.call({ method: "DELETE", url: `/users/${me.json()._id}`, as: ADMIN });
    expect(deleted.json()).toEqual({ deletedCount: 1 });
    await expect(signInWithPassword(email)).rejects.toThrow(/EMAIL_NOT_FOUND|USER_NOT_FOUND|INVALID_LOGIN_CREDENTIALS/);
    expect((await exchange(idToken, email)).statusCode).toBe(401);
    const after = await api.app.inject({
      method: "GET",
      url: "/users/me",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(401);
  });

  it("an account disabled or deleted in Firebase gets no token with an ID token issued before", async () => {
    // As the Firebase console or the Admin SDK does it: the project owner's call to the emulator.
    const asOwner = { authorization: "Bearer owner" };
    const admin = (path: string) => `http://${host}/identitytoolkit.googleapis.com/v1/projects/demo-academy/${path}`;
    const disabledEmail = uniqueEmail("disabled");
    const disabledToken = await signUp(disabledEmail, "Dee Disabled");
    expect((await exchange(disabledToken, disabledEmail)).statusCode).toBe(200);
    await post(admin("accounts:update"), { localId: await uidOf(disabledToken), disableUser: true }, asOwner);
    const refused = await exchange(disabledToken, disabledEmail);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(
      "This account has been disabled. Contact the academy if you think this is a mistake.",
    );

    const deletedEmail = uniqueEmail("deleted-in-firebase");
    const deletedToken = await signUp(deletedEmail);
    await post(admin("accounts:delete"), { localId: await uidOf(deletedToken) }, asOwner);
    const gone = await exchange(deletedToken, deletedEmail);
    expect(gone.statusCode).toBe(401);
    // Not recreated as a new student either.
    const [record] = await api.database.db.select().from(users).where(eq(users.email, deletedEmail));
    expect(record).toBeUndefined();
  });

  it("never gives a token for a bare e-mail, a forged token or an expired one", async () => {
    const bare = await exchange(null, ADMIN.email);
    expect(bare.statusCode).toBe(401);
    expect(bare.json().message).toMatch(/Firebase ID token/);
    expect((await exchange("not-a-token", ADMIN.email)).statusCode).toBe(401);
    const email = uniqueEmail("crafted");
    const uid = await uidOf(await signUp(email));
    const valid = craftedToken({ sub: uid, user_id: uid, email });
    expect((await exchange(valid, email)).statusCode).toBe(200); // the crafted shape itself is accepted
    const past = Math.floor(Date.now() / 1000) - 7200;
    const expired = craftedToken({ sub: uid, user_id: uid, email, iat: past, auth_time: past, exp: past + 3600 });
    expect((await exchange(expired, email)).statusCode).toBe(401);
    const otherProject = craftedToken({
      sub: uid,
      user_id: uid,
      email,
      aud: "another-project",
      iss: "https://securetoken.google.com/another-project",
    });
    expect((await exchange(otherProject, email)).statusCode).toBe(401);
  });

  it("refuses a token whose e-mail is not the one asked for", async () => {
    const email = uniqueEmail("mismatch");
    const res = await exchange(await signUp(email), ADMIN.email);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: "Forbidden", message: "The e-mail does not match the signed-in account." });
  });

  it("keeps the role of an existing record: an admin who signs in again is still an admin", async () => {
    const email = uniqueEmail("promoted");
    expect((await exchange(await signUp(email, "Pat Promoted"), email)).statusCode).toBe(200);
    await api.database.db.update(users).set({ role: "admin" }).where(eq(users.email, email));
    const res = await exchange(await signInWithPassword(email), email.toUpperCase());
    expect(res.statusCode).toBe(200);
    const access = res.json<{ token: string }>().token;
    const check = await api.app.inject({
      method: "GET",
      url: `/users/admin/${email}`,
      headers: { authorization: `Bearer ${access}` },
    });
    expect(check.json()).toEqual({ admin: true });
  });

  it("refreshes the name from a later token, never the role", async () => {
    const email = uniqueEmail("rename");
    const first = await exchange(await signUp(email), email);
    const access = first.json<{ token: string }>().token;
    const read = async () =>
      (await api.app.inject({ method: "GET", url: "/users/me", headers: { authorization: `Bearer ${access}` } })).json<{
        name: string;
        role: string;
      }>();
    expect((await read()).name).toBe(email.split("@")[0]);
    await post(identity("accounts:update"), { idToken: await signInWithPassword(email), displayName: "Rory Renamed" });
    expect((await exchange(await signInWithPassword(email), email)).statusCode).toBe(200);
    expect(await read()).toMatchObject({ name: "Rory Renamed", role: "student" });
  });

  it("makes the record of a Google sign-in (name and e-mail)", async () => {
    const email = uniqueEmail("google");
    const credential = JSON.stringify({ sub: `google-${email}`, email, name: "Gale Google", email_verified: true });
    const { idToken } = await post<{ idToken: string }>(identity("accounts:signInWithIdp"), {
      postBody: `id_token=${encodeURIComponent(credential)}&providerId=google.com`,
      requestUri: "http://localhost",
      returnSecureToken: true,
      returnIdpCredential: true,
    });
    const res = await exchange(idToken, email);
    expect(res.statusCode).toBe(200);
    const me = await api.app.inject({
      method: "GET",
      url: "/users/me",
      headers: { authorization: `Bearer ${res.json<{ token: string }>().token}` },
    });
    expect(me.json()).toMatchObject({ email, name: "Gale Google", role: "student" });
  });

  it("validates the body", async () => {
    const res = await api.call({ method: "POST", url: "/jwt", payload: { email: "nope" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty("email");
  });
});

describe("POST /jwt is rate limited per client (sensitive routes)", () => {
  it("answers 429 with Retry-After once the limit is spent, in the API's error shape", async () => {
    const limited = await startTestApi(undefined, { RATE_LIMIT_SENSITIVE: "2" });
    try {
      const attempt = () => limited.call({ method: "POST", url: "/jwt", payload: { email: SAM.email } });
      expect((await attempt()).statusCode).toBe(401);
      expect((await attempt()).statusCode).toBe(401);
      const third = await attempt();
      expect(third.statusCode).toBe(429);
      expect(third.headers["retry-after"]).toBeDefined();
      expect(third.json()).toMatchObject({ error: "Too Many Requests" });
    } finally {
      await limited.close();
    }
  });
});

describe("POST /users: the caller saves their own name and photo", () => {
  const api = useTestApi();

  it("saves for the caller, refuses someone else's e-mail and visitors", async () => {
    const own = await api.call({
      method: "POST",
      url: "/users",
      as: SAM,
      payload: { name: "Samuel Student", email: SAM.email, photo: "https://example.com/sam.png" },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ acknowledged: true, insertedId: null });
    const me = await api.call({ method: "GET", url: "/users/me", as: SAM });
    expect(me.json()).toMatchObject({ name: "Samuel Student", photo: "https://example.com/sam.png" });

    const other = await api.call({
      method: "POST",
      url: "/users",
      as: SAM,
      payload: { name: "X", email: ADMIN.email },
    });
    expect(other.statusCode).toBe(403);
    const visitor = await api.call({ method: "POST", url: "/users", payload: { name: "X", email: SAM.email } });
    expect(visitor.statusCode).toBe(401);
  });
});

describe("configuration", () => {
  it("refuses to start in production with the auth emulator (it accepts unsigned tokens)", () => {
    const production = {
      NODE_ENV: "production",
      JWT_SECRET: randomBytes(24).toString("hex"),
      FIREBASE_PROJECT_ID: "academy-prod",
      STRIPE_SECRET_KEY: `sk_live_${randomBytes(12).toString("hex")}`,
      STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(12).toString("hex")}`,
      CAMPER_DATA_KEY: randomBytes(32).toString("hex"),
      SMTP_URL: "smtps://mail.academy.test:465",
    };
    expect(() => readConfig(production)).not.toThrow();
    expect(() => readConfig({ ...production, FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" })).toThrow(
      /FIREBASE_AUTH_EMULATOR_HOST/,
    );
  });
});
