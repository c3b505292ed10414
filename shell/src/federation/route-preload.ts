import { readAccessToken } from "shared-auth/access-token";
import { dashboardRoutes, siteRoutes, type RemoteRoute } from "../routes/route-table";
import type { RemoteEntry } from "./remotes";

const everyRoute: RemoteRoute[] = [
  ...siteRoutes,
  ...dashboardRoutes.map((route) => ({ ...route, path: `/dashboard/${route.path}` })),
];

function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split("/").filter(Boolean);
  const got = pathname.split("/").filter(Boolean);
  return want.length === got.length && want.every((part, i) => part.startsWith(":") || part === got[i]);
}

/** The remote page the router will show at this path (the same table the router is built from). */
export function routeAt(pathname: string): RemoteRoute | undefined {
  return everyRoute.find((route) => matches(route.path, pathname));
}

export interface RoutePreload {
  remote: RemoteRoute["remote"];
  exposed: string;
}

/**
 * What to fetch ahead for the page being opened: its remote's manifest, remote entry and the
 * page's own chunks. Nothing for a path no remote serves, a remote remotes.json leaves out, or a
 * signed-in page when no session can exist (the guard sends the visitor to /login instead).
 */
export function routePreload(
  pathname: string,
  remotes: RemoteEntry[],
  hasStoredSession: boolean,
): RoutePreload | undefined {
  const route = routeAt(pathname);
  if (!route || !remotes.some((r) => r.name === route.remote)) return undefined;
  if (route.access !== "public" && !hasStoredSession) return undefined;
  return { remote: route.remote, exposed: route.exposed };
}

/** Remote pages that call no API when they open (the home page's lists wait for a scroll). */
const NO_CALL_ON_OPEN = new Set(["HomePage", "ContactPage", "InfoPage"]);

/**
 * Remote pages whose only calls as they open are the shell's early calls (ADR 022): the cart page
 * shows the cart, asked before its code has loaded, as is who holds the session.
 */
const ONLY_EARLY_CALLS_ON_OPEN = new Set(["MyCartPage"]);

/**
 * Whether the page being opened calls the API at once through the API client (its remote's page
 * fetches its data, or the navbar's cart badge of a stored session off the student's pages): then
 * the client's code (axios) is worth fetching alongside the page's instead of after it. Not for the
 * shell's own pages (login, sign-up), nor for a page whose first answers are all early calls:
 * fetched then, axios would only take bandwidth from the page's own code.
 */
export function callsApiOnOpen(pathname: string, hasStoredSession: boolean): boolean {
  const route = routeAt(pathname);
  if (hasStoredSession && route && ONLY_EARLY_CALLS_ON_OPEN.has(route.exposed)) return false;
  if (hasStoredSession) return true;
  return route !== undefined && !NO_CALL_ON_OPEN.has(route.exposed);
}

/**
 * Whether the page being opened renders under the page's QueryClient: a remote page not marked
 * `queries: false`, or any page of a stored session (a student's cart badge). Then the queries'
 * library is worth fetching at start, beside the page's code, rather than when the page renders.
 */
export function usesQueriesOnOpen(pathname: string, hasStoredSession: boolean): boolean {
  if (hasStoredSession) return true;
  const route = routeAt(pathname);
  return route !== undefined && route.queries !== false;
}

export function hasStoredSession(): boolean {
  return readAccessToken() !== null;
}
