import { expect } from "@playwright/test";
import { FIREBASE_PROJECT_ID } from "../../tools/auth-emulator.mjs";
import { API_URL, AUTH_EMULATOR_HOST } from "./ports";

/**
 * A student pays only with a confirmed e-mail address (decision 028). These helpers confirm an
 * Auth Emulator account's address as its owner would by opening the link, or as the project owner
 * can through the emulator's admin API, and make the API record it (a new sign-in, POST /jwt).
 */
const IDENTITY = `http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;
const OWNER = { authorization: "Bearer owner" };

async function post<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.ok, `POST ${url}: ${res.status} ${text}`).toBe(true);
  return JSON.parse(text) as T;
}

/** Marks the account's address confirmed (the project owner's call, as the Firebase console makes it). */
export async function confirmEmail(email: string): Promise<void> {
  const { users } = await post<{ users?: { localId: string }[] }>(
    `${IDENTITY}/projects/${FIREBASE_PROJECT_ID}/accounts:lookup`,
    { email: [email] },
    OWNER,
  );
  const localId = users?.[0]?.localId;
  if (!localId) throw new Error(`no emulator account for ${email}`);
  await post(`${IDENTITY}/projects/${FIREBASE_PROJECT_ID}/accounts:update`, { localId, emailVerified: true }, OWNER);
}

/** A new e-mail/password account with its address confirmed; an ID token that says so. */
export async function confirmedSignUp(email: string, password: string, displayName?: string): Promise<string> {
  await post(`${IDENTITY}/accounts:signUp?key=fake-api-key`, {
    email,
    password,
    ...(displayName && { displayName }),
    returnSecureToken: true,
  });
  await confirmEmail(email);
  // The sign-up's own ID token was issued before the confirmation: a new sign-in's says it.
  const { idToken } = await post<{ idToken: string }>(`${IDENTITY}/accounts:signInWithPassword?key=fake-api-key`, {
    email,
    password,
    returnSecureToken: true,
  });
  return idToken;
}

/**
 * Confirms the address of an account that already has a record, and signs in once more so that
 * the API records it (as the site does when the student presses "I have confirmed it").
 */
export async function confirmEmailForPaying(email: string, password: string, api = API_URL): Promise<void> {
  await confirmEmail(email);
  const { idToken } = await post<{ idToken: string }>(`${IDENTITY}/accounts:signInWithPassword?key=fake-api-key`, {
    email,
    password,
    returnSecureToken: true,
  });
  await post(`${api}/jwt`, { email }, { authorization: `Bearer ${idToken}` });
}

/** The link of the last verification e-mail Firebase "sent" to this address (the emulator keeps them). */
export async function verificationLink(email: string): Promise<string | undefined> {
  const res = await fetch(`http://${AUTH_EMULATOR_HOST}/emulator/v1/projects/${FIREBASE_PROJECT_ID}/oobCodes`);
  expect(res.ok).toBe(true);
  const { oobCodes } = (await res.json()) as { oobCodes: { email: string; requestType: string; oobLink: string }[] };
  return oobCodes.filter((c) => c.email === email && c.requestType === "VERIFY_EMAIL").at(-1)?.oobLink;
}
