import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { CACHE_LIFETIME_MS, pageQueryClient, retryDelay, shouldRetry } from "shared-auth";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: CACHE_LIFETIME_MS,
        retry: shouldRetry,
        retryDelay,
      },
    },
  });
}

/** The one QueryClient of the page, whichever app asked first (shared-auth's `pageQueryClient`). */
export const queryClient = pageQueryClient(createQueryClient);

/**
 * The page's client for what it wraps. Each part that asks for data sits under one (a remote page,
 * a lazy section, the cart's badge); all of them hand out the same client, so they share its cache.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
