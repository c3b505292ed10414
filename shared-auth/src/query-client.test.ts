import { describe, expect, it } from "vitest";
import { CACHE_LIFETIME_MS, createQueryClient, QUERY_RETRIES, queryClient, retryDelay } from "./query-client";

describe("the shared QueryClient", () => {
  it("keeps data 5 minutes and retries 3 times (spec section 9)", () => {
    const defaults = queryClient.getDefaultOptions().queries!;
    expect(defaults.gcTime).toBe(5 * 60 * 1000);
    expect(CACHE_LIFETIME_MS).toBe(300_000);
    expect(defaults.retry).toBe(3);
    expect(QUERY_RETRIES).toBe(3);
    expect(defaults.retryDelay).toBe(retryDelay);
  });

  it("backs off exponentially, capped at 30 seconds", () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it("is one object per page: importing twice gives the same client", async () => {
    const again = await import("./query-client");
    expect(again.queryClient).toBe(queryClient);
    expect(createQueryClient()).not.toBe(queryClient);
  });
});
