import { randomBytes } from "node:crypto";
import { inject } from "vitest";

/**
 * Accounts on the real Firebase Auth Emulator, made through its REST API as the web SDK makes
 * them, and the project owner's calls (as the Firebase console or the Admin SDK makes them).
 */
const host = () => inject("authEmulatorHost");
const identity = (path: string) => `http://${host()}/identitytoolkit.googleapis.com/v1/${path}?key=demo-api-key`;
const asOwner = (path: string) => `http://${host()}/identitytoolkit.googleapis.com/v1/projects/demo-academy/${path}`;

export const PASSWORD = "Camp#Pass2026";

export const uniqueEmail = (what: string) => `${what}-${randomBytes(4).toString("hex")}@example.com`;

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

/** A new e-mail/password account (its address not confirmed, as after a real sign-up); its ID token. */
export async function signUp(email: string): Promise<string> {
  const { idToken } = await post<{ idToken: string }>(identity("accounts:signUp"), {
    email,
    password: PASSWORD,
    returnSecureToken: true,
  });
  return idToken;
}

/** A new sign-in with the password (another device, or the same one later): a new ID token. */
export async function signIn(email: string): Promise<string> {
  const { idToken } = await post<{ idToken: string }>(identity("accounts:signInWithPassword"), {
    email,
    password: PASSWORD,
    returnSecureToken: true,
  });
  return idToken;
}

/** A Google sign-in as the emulator takes one (Google vouches for the address). */
export async function signInWithGoogle(email: string, name: string): Promise<string> {
  const credential = JSON.stringify({ sub: `google-${email}`, email, name, email_verified: true });
  const { idToken } = await post<{ idToken: string }>(identity("accounts:signInWithIdp"), {
    postBody: `id_token=${encodeURIComponent(credential)}&providerId=google.com`,
    requestUri: "http://localhost",
    returnSecureToken: true,
  });
  return idToken;
}

/** The account clicked the link of its verification e-mail (ID tokens issued from now on say so). */
export async function confirmEmail(email: string): Promise<void> {
  const { users } = await post<{ users?: { localId: string }[] }>(
    asOwner("accounts:lookup"),
    { email: [email] },
    { authorization: "Bearer owner" },
  );
  const localId = users?.[0]?.localId;
  if (!localId) throw new Error(`no emulator account for ${email}`);
  await post(asOwner("accounts:update"), { localId, emailVerified: true }, { authorization: "Bearer owner" });
}

/** The Firebase uid of an ID token's account. */
export async function uidOf(idToken: string): Promise<string> {
  const { users } = await post<{ users: { localId: string }[] }>(identity("accounts:lookup"), { idToken });
  return users[0]!.localId;
}

/** The account of this uid as the project owner sees it; undefined when it is gone. */
export async function ownerLookup(uid: string): Promise<{ email?: string; emailVerified?: boolean } | undefined> {
  const { users } = await post<{ users?: { email?: string; emailVerified?: boolean }[] }>(
    asOwner("accounts:lookup"),
    { localId: [uid] },
    { authorization: "Bearer owner" },
  );
  return users?.[0];
}

/**
 * What the web SDK's verifyBeforeUpdateEmail does and then the person: the link goes to the new
 * address (the emulator lists it among its out-of-band codes) and is opened. Signed in again with the
 * new address: its ID token.
 */
export async function changeEmailByLink(idToken: string, newEmail: string): Promise<string> {
  await post(identity("accounts:sendOobCode"), { requestType: "VERIFY_AND_CHANGE_EMAIL", idToken, newEmail });
  const res = await fetch(`http://${host()}/emulator/v1/projects/demo-academy/oobCodes`);
  const { oobCodes } = (await res.json()) as {
    oobCodes: { email: string; newEmail?: string; requestType: string; oobCode: string }[];
  };
  const code = oobCodes
    .filter((c) => c.requestType === "VERIFY_AND_CHANGE_EMAIL" && (c.newEmail === newEmail || c.email === newEmail))
    .at(-1);
  if (!code) throw new Error(`no e-mail change link for ${newEmail}`);
  await post(identity("accounts:update"), { oobCode: code.oobCode });
  return signIn(newEmail);
}

/**
 * An ID token shaped like the emulator's (unsigned; the emulator's tokens are not signed either) for
 * an account that exists there, with claims of the test's choosing (an old `auth_time`, say).
 */
export function craftedIdToken(uid: string, claims: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${part({ alg: "none", typ: "JWT" })}.${part({
    iss: "https://securetoken.google.com/demo-academy",
    aud: "demo-academy",
    auth_time: now,
    iat: now,
    exp: now + 3600,
    sub: uid,
    user_id: uid,
    firebase: { identities: {}, sign_in_provider: "password" },
    ...claims,
  })}.`;
}

/** The project owner changes an account's address (Admin SDK updateUser): not confirmed. */
export async function changeEmailAsOwner(uid: string, email: string): Promise<void> {
  await post(
    asOwner("accounts:update"),
    { localId: uid, email, emailVerified: false },
    { authorization: "Bearer owner" },
  );
}

/** The account's tokens count from this moment (seconds since the epoch), as for an account made then. */
export async function backdateAccount(uid: string, validSince: number): Promise<void> {
  await post(
    asOwner("accounts:update"),
    { localId: uid, validSince: String(validSince) },
    { authorization: "Bearer owner" },
  );
}
