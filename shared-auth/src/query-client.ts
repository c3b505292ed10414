import { QueryClient } from "@tanstack/react-query";

/** Spec section 9: data stays cached 5 minutes; a failed query is retried 3 times. */
export const CACHE_LIFETIME_MS = 5 * 60 * 1000;
export const QUERY_RETRIES = 3;
export const MAX_RETRY_DELAY_MS = 30_000;

/** Exponential back-off (1 s, 2 s, 4 s, ...) capped at 30 s. */
export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, MAX_RETRY_DELAY_MS);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: CACHE_LIFETIME_MS,
        retry: QUERY_RETRIES,
        retryDelay,
      },
    },
  });
}

/** The one QueryClient of the page; the shell and every remote read the same cache. */
export const queryClient = createQueryClient();
