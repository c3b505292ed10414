import { readAccessToken, rememberedRole, tokenClaims, tokenServes } from "shared-auth/access-token";
import type { EarlyCall } from "shared-auth/early-calls";
import { routeAt } from "./route-preload";

/** An early call that has not answered by then is left to the page's own request. */
const EARLY_CALL_TIMEOUT_MS = 10_000;

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/**
 * ADR 022: with a stored access token that still serves, asks the API who holds it (GET /users/me)
 * and, on a page of the student's area, for the cart (GET /carts), and for the answers the page
 * opens with where its route names them (Today, My Balance...), as soon as the API's address is
 * known: index.ts runs this before the async boundary, so the answers are on their way while the
 * shared modules and the page's code download. shared-auth's API client gives the page's own first
 * request for each the answer from here (`academyEarlyCalls`). Nothing for a visitor or an expired
 * token (Firebase renews it first). A failed call answers nothing: the page asks again itself.
 */
export function startEarlyCalls(pathname: string, apiUrl: string, fetchFn: Fetch = fetch): void {
  const token = readAccessToken();
  if (!token || !tokenServes(token)) return;
  const email = tokenClaims(token)?.email;
  const calls: { path: string; params: Record<string, string> }[] = [{ path: "/users/me", params: {} }];
  // The student area's pages show the cart, and a page declares its own first answers (`first`),
  // asked only for the role whose page it is: the role /users/me gave on an earlier load says
  // whether this account may ask (a promoted student's pages would earn a 403).
  const route = routeAt(pathname);
  const role = email && rememberedRole(email);
  const student = route?.remote === "mfe_student";
  if (email && route && (student ? role === "student" : route.access === "staff" && role && role !== "student")) {
    if (student) calls.push({ path: "/carts", params: { email } });
    for (const path of route.first ?? []) calls.push({ path, params: {} });
  }
  // Beside any that index.html started for a painted page (ADR 025).
  const started = calls.map(({ path, params }): EarlyCall => {
    const query = new URLSearchParams(params).toString();
    return {
      path,
      params,
      token,
      startedAt: performance.now(),
      response: fetchFn(`${apiUrl}${path}${query ? `?${query}` : ""}`, {
        headers: { Authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(EARLY_CALL_TIMEOUT_MS),
      }).then(
        (res) => (res.ok ? res : null),
        () => null,
      ),
    };
  });
  globalThis.academyEarlyCalls = [...(globalThis.academyEarlyCalls ?? []), ...started];
}
