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
