// The API's access token as this browser keeps it (spec section 4). A plain module with no
// dependencies: the shell also bundles it into its first script, which runs before any shared
// module has loaded (ADR 022).

/** Spec section 4: the access token lives in localStorage under this key. */
export const ACCESS_TOKEN_KEY = "access-token";

export function readAccessToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(ACCESS_TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

/** What the browser reads of the token: whose it is and until when. Never trusted: the API checks it. */
export interface TokenClaims {
  email?: string;
  exp?: number;
}

export function tokenClaims(token: string | null): TokenClaims | null {
  const payload = token?.split(".")[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")));
    if (!claims || typeof claims !== "object") return null;
    const { email, exp } = claims as Record<string, unknown>;
    return {
      ...(typeof email === "string" ? { email } : {}),
      ...(typeof exp === "number" ? { exp } : {}),
    };
  } catch {
    return null;
  }
}

/**
 * The token stays valid for at least another minute and, when an e-mail is given, is that
 * account's (this only spares a call the API would refuse).
 */
export function tokenServes(token: string | null, email?: string): boolean {
  const claims = tokenClaims(token);
  return (
    claims?.exp !== undefined &&
    claims.exp * 1000 > Date.now() + 60_000 &&
    (email === undefined || claims.email === email.toLowerCase())
  );
}

/** Where the browser keeps the role the API last told it for an account (see rememberRole). */
export const ROLE_HINT_KEY = "academy-role-hint";

/**
 * Keeps the role GET /users/me answered for an account, so the next page load only makes the early
 * calls that account's role may make (an instructor's page never asks for a cart). A hint for what
 * to ask, never a right: the API decides every call by the role in its database.
 */
export function rememberRole(email: string, role: string): void {
  try {
    globalThis.localStorage?.setItem(ROLE_HINT_KEY, JSON.stringify({ email: email.toLowerCase(), role }));
  } catch {
    // Storage unavailable: the next page load makes no role-bound early call.
  }
}

/** The role last remembered for this account, or null (another account's, none, unreadable). */
export function rememberedRole(email: string): string | null {
  try {
    const hint: unknown = JSON.parse(globalThis.localStorage?.getItem(ROLE_HINT_KEY) ?? "null");
    if (!hint || typeof hint !== "object") return null;
    const { email: owner, role } = hint as Record<string, unknown>;
    return owner === email.toLowerCase() && typeof role === "string" ? role : null;
  } catch {
    return null;
  }
}
