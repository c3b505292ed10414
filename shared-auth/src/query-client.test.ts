import { AxiosError, type InternalAxiosRequestConfig } from "axios";
import { describe, expect, it } from "vitest";
import { createQueryClient, queryClient } from "./queries/client";
import { CACHE_LIFETIME_MS, pageQueryClient, QUERY_RETRIES, retryDelay, shouldRetry } from "./query-client";

const config = { headers: {} } as InternalAxiosRequestConfig;
const answered = (status: number) =>
  new AxiosError("failed", String(status), config, null, {
    status,
    statusText: "",
    headers: {},
    config,
    data: {},
  });
/** What axios gives when no answer came: offline, server off, or the answer withheld by CORS. */
const unreachable = () => new AxiosError("Network Error", AxiosError.ERR_NETWORK, config, {});

/** How many times a query failing with this error is retried under the policy. */
function retries(error: unknown): number {
  let count = 0;
  while (shouldRetry(count, error)) count++;
  return count;
}

describe("the shared QueryClient", () => {
  it("keeps data 5 minutes and retries a server error 3 times (spec section 9)", () => {
    const defaults = queryClient.getDefaultOptions().queries!;
    expect(defaults.gcTime).toBe(5 * 60 * 1000);
    expect(CACHE_LIFETIME_MS).toBe(300_000);
    expect(defaults.retry).toBe(shouldRetry);
    expect(QUERY_RETRIES).toBe(3);
    expect(retries(answered(500))).toBe(3);
    expect(retries(answered(503))).toBe(3);
    expect(retries(new Error("a bug in a query function"))).toBe(3);
    expect(defaults.retryDelay).toBe(retryDelay);
  });

  it("never retries an answer that will not change (4xx)", () => {
    for (const status of [400, 401, 403, 404, 409, 429]) expect(retries(answered(status))).toBe(0);
  });

  it("retries an unreachable server once, so a list says so within about a second", () => {
    expect(retries(unreachable())).toBe(1);
    expect(retryDelay(0)).toBe(1000);
  });

  it("backs off exponentially, capped at 30 seconds", () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it("is one object per page: importing twice gives the same client, and so does every app's copy", async () => {
    const again = await import("./queries/client");
    expect(again.queryClient).toBe(queryClient);
    expect(createQueryClient()).not.toBe(queryClient);
    // An app's own copy of shared-auth/queries asks the singleton, which answers the first client made.
    expect(pageQueryClient(createQueryClient)).toBe(queryClient);
  });
});
