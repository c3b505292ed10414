import { academyStore } from "shared-auth";

/**
 * /login?claim=<token>: a family the academy's office registered (decision 047) opens the
 * link e-mailed to it; the API answers with a Firebase password-reset code for the account, and
 * the family sets its password with Firebase, then is signed in.
 */

/** The link's token, as the academy's e-mail writes it. */
export function claimToken(search: string): string | null {
  const token = (new URLSearchParams(search).get("claim") ?? "").trim();
  return token === "" ? null : token;
}

/** Firebase's answers for a code that can no longer set a password: expired, used, or its account gone. */
const ENDED_CODES = new Set([
  "auth/expired-action-code",
  "auth/invalid-action-code",
  "auth/user-disabled",
  "auth/user-not-found",
]);

/** Whether the link can no longer set a password: the API's 410, or Firebase's refusal of the code. */
export function linkEnded(error: unknown): boolean {
  const status = (error as { response?: { status?: unknown } } | null)?.response?.status;
  if (status === 410) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && ENDED_CODES.has(code);
}

/** Firebase's words for a code that can no longer set a password (its REST answer). */
const ENDED_ANSWERS = /^(EXPIRED_OOB_CODE|INVALID_OOB_CODE|USER_DISABLED|USER_NOT_FOUND)/;

/**
 * Sets the account's password with the link's code: Firebase's own endpoint for it
 * (accounts:resetPassword, what the SDK's confirmPasswordReset sends), called from this page's
 * chunk so that no other page carries it (the SDK's function would ride in the sign-in chunk every
 * signed-in page loads). The password goes to Firebase alone; the code stops working. Signs nobody
 * in. Refusals come back as the SDK's error codes, so `linkEnded` reads them as it reads the SDK's.
 */
export async function setPasswordFromLink(code: string, password: string): Promise<void> {
  const env = academyStore.getState().env;
  if (!env?.firebase)
    throw Object.assign(new Error("Accounts are not available right now."), { code: "auth/internal-error" });
  const base = env.authEmulatorUrl
    ? `${env.authEmulatorUrl}/identitytoolkit.googleapis.com`
    : "https://identitytoolkit.googleapis.com";
  const response = await fetch(`${base}/v1/accounts:resetPassword?key=${encodeURIComponent(env.firebase.apiKey)}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ oobCode: code, newPassword: password }),
  });
  if (response.ok) return;
  const answer =
    ((await response.json().catch(() => null)) as { error?: { message?: string } } | null)?.error?.message ?? "";
  throw Object.assign(new Error(answer || `Firebase answered ${response.status}`), {
    code: ENDED_ANSWERS.test(answer)
      ? "auth/expired-action-code"
      : answer.startsWith("WEAK_PASSWORD")
        ? "auth/weak-password"
        : "auth/internal-error",
  });
}
