import type { QueryClient } from "@tanstack/react-query";
import { asApiError } from "./api-client";

/** Spec section 9: data stays cached 5 minutes; a failed query is retried 3 times. */
export const CACHE_LIFETIME_MS = 5 * 60 * 1000;
export const QUERY_RETRIES = 3;
/** A server that could not be reached at all is tried once more, then the page says so. */
export const UNREACHABLE_RETRIES = 1;
export const MAX_RETRY_DELAY_MS = 30_000;

/** Exponential back-off (1 s, 2 s, 4 s, ...) capped at 30 s. */
export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, MAX_RETRY_DELAY_MS);
}

/**
 * Which failures are worth another try. An answer like 404 or 403 will not change (never
 * retried); a 5xx may pass on a second try (3 retries, spec section 9). No answer at all (the
 * network is down, the server refuses this site's address, the server is off) gets one quick
 * retry only: three back-offs would keep the page on its skeleton for 7 s before it says why.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const apiError = asApiError(error);
  if (apiError) {
    const status = apiError.response?.status;
    if (status === undefined) return failureCount < UNREACHABLE_RETRIES;
    if (status >= 400 && status < 500) return false;
    // The API client already waited out "very busy" answers again and again (busy.ts).
    if (apiError.config?.busy) return false;
  }
  return failureCount < QUERY_RETRIES;
}

let pageClient: QueryClient | undefined;

/**
 * The one QueryClient of the page: the shell and every remote read the same cache. Made by the first
 * app that loads the queries (`shared-auth/queries`, bundled in each app with the library), kept
 * here in the singleton, so the library loads with the first page that asks for data, not with
 * the shell.
 */
export function pageQueryClient(make: () => QueryClient): QueryClient {
  return (pageClient ??= make());
}

/** Forgets every cached answer (a logout), if the page's client was ever made. */
export function clearPageQueries(): void {
  pageClient?.clear();
}
