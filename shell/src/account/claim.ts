/**
 * /claim-account?token=<token>: a family the academy's office registered (decision 047) opens the
 * link e-mailed to it; the API answers with a Firebase password-reset code for the account, and
 * the family sets its password with Firebase, then is signed in.
 */

/** The link's token, as the academy's e-mail writes it. */
export function claimToken(search: string): string | null {
  const token = (new URLSearchParams(search).get("token") ?? "").trim();
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
