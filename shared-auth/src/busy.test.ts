import { AxiosError, type AxiosAdapter } from "axios";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApiClient } from "./api-client";
import { busyRetryAfter, busyWait, endBusy, MAX_BUSY_RETRIES, newBusyId, subscribeBusy, waitOutBusy } from "./busy";

/** An adapter answering `refusals` times with `status` and Retry-After, then 200, recording what was sent. */
function busyThen(refusals: number, status = 503, retryAfter = "2") {
  const sent: { method?: string; data?: unknown }[] = [];
  const adapter: AxiosAdapter = async (config) => {
    sent.push({ method: config.method, data: config.data });
    if (sent.length <= refusals) {
      const response = {
        data: { error: "Service Unavailable", message: "The site is very busy right now." },
        status,
        statusText: "",
        headers: { "retry-after": retryAfter },
        config,
      };
      throw new AxiosError("busy", String(status), config, null, response);
    }
    return { data: { ok: true }, status: 200, statusText: "", headers: {}, config };
  };
  return { adapter, sent };
}

describe("a very busy API", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("sends the same request again after Retry-After, showing when, and answers as if nothing happened", async () => {
    vi.useFakeTimers();
    // The jitter picked at random, fixed here: 0.5 of at most 500 ms for a wait of 2 s (with no
    // jitter at all the countdown would rightly say 2 s, not 3).
    vi.spyOn(Math, "random").mockReturnValue(0.5);
    const { adapter, sent } = busyThen(2);
    const seen: (number | null)[] = [];
    const stop = subscribeBusy(() => seen.push(busyWait()?.until ?? null));
    const answer = createApiClient().post("/create-payment-intent", { cartItemIds: ["a", "b"] }, { adapter });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    const until = busyWait()?.until ?? null;
    expect(until).not.toBeNull();
    expect(busyWait()?.seconds).toBe(3);
    // Two seconds and a little jitter (under half a second for a wait of 2 s).
    expect(until! - Date.now()).toBe(2250);
    await vi.advanceTimersByTimeAsync(2500);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2500);
    await expect(answer).resolves.toMatchObject({ status: 200, data: { ok: true } });
    stop();
    // The same body each time, and the notice gone once it answered.
    expect(sent.map((s) => s.data)).toEqual(Array(3).fill(JSON.stringify({ cartItemIds: ["a", "b"] })));
    expect(busyWait()?.until ?? null).toBeNull();
    expect(seen.at(-1)).toBeNull();
  });

  it("hands the refusal to the page after its retries, and at once when the wait is long", async () => {
    vi.useFakeTimers();
    const always = busyThen(Infinity);
    const answer = createApiClient()
      .get("/classes", { adapter: always.adapter })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(MAX_BUSY_RETRIES * 2500);
    expect(await answer).toBeInstanceOf(AxiosError);
    expect(always.sent).toHaveLength(MAX_BUSY_RETRIES + 1);
    expect(busyWait()?.until ?? null).toBeNull();

    const hourly = busyThen(1, 429, "3600");
    await expect(createApiClient().get("/classes", { adapter: hourly.adapter })).rejects.toBeInstanceOf(AxiosError);
    expect(hourly.sent).toHaveLength(1);
  });

  it("adds under a quarter of the wait (at most a second) at random, and counts down whole seconds", async () => {
    vi.useFakeTimers();
    for (const [random, seconds, ms] of [
      [0, 2, 2000],
      [0.999, 3, 2499],
    ] as const) {
      vi.spyOn(Math, "random").mockReturnValue(random);
      const start = Date.now();
      const id = newBusyId();
      const waited = waitOutBusy(id, 2);
      expect(busyWait()).toMatchObject({ seconds, until: start + ms });
      await vi.advanceTimersByTimeAsync(ms);
      await waited;
      endBusy(id);
    }
    vi.spyOn(Math, "random").mockReturnValue(0.999);
    const id = newBusyId();
    void waitOutBusy(id, 20);
    expect(busyWait()!.until - Date.now()).toBe(20_999);
    endBusy(id);
    expect(busyWait()).toBeNull();
  });

  it("waits out 503 and 429 with a Retry-After of at most 30 s only", () => {
    expect(busyRetryAfter(503, "2")).toBe(2);
    expect(busyRetryAfter(429, "45")).toBeUndefined();
    expect(busyRetryAfter(429, "12")).toBe(12);
    expect(busyRetryAfter(503, undefined)).toBeUndefined();
    expect(busyRetryAfter(500, "2")).toBeUndefined();
    expect(busyRetryAfter(503, "0")).toBe(1);
  });
});
