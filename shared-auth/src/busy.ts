import type { AxiosError, AxiosInstance } from "axios";
import { VERY_BUSY_EVENT } from "./busy-event";

/**
 * Requests waiting out a "very busy" answer before the API client sends them again (decision 035):
 * a 503 or a 429 with Retry-After. The page shows one notice while any waits ("Very busy: trying
 * again in N s"); the request itself stays pending, so the page keeps what the family was doing.
 * The API client loads this module with the first such answer: no page pays for it before.
 */

/** A longer Retry-After (a checkout budget spent for the hour) is not waited out: the page says it. */
export const MAX_BUSY_WAIT_SECONDS = 30;
/** Tries after the first before the refusal is handed to the page. */
export const MAX_BUSY_RETRIES = 10;

/** The soonest waiting request: when it is sent again (ms since the epoch) and its wait in whole seconds. */
export interface BusyWait {
  until: number;
  seconds: number;
}

const waiting = new Map<number, BusyWait>();
const listeners = new Set<() => void>();
let next = 0;
let soonest: BusyWait | null = null;

function changed() {
  soonest = null;
  for (const wait of waiting.values()) if (!soonest || wait.until < soonest.until) soonest = wait;
  for (const listener of listeners) listener();
}

/** The soonest wait, or null when no request waits (the same object until something changes). */
export function busyWait(): BusyWait | null {
  return soonest;
}

export function subscribeBusy(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A number for one request and its retries. */
export const newBusyId = () => ++next;

/** Waits `seconds` (and a little more, so a crowd does not come back at the same instant). */
export function waitOutBusy(id: number, seconds: number): Promise<void> {
  const ms = seconds * 1000 + Math.floor(Math.random() * Math.min(1000, seconds * 250));
  waiting.set(id, { until: Date.now() + ms, seconds: Math.ceil(ms / 1000) });
  changed();
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The request answered (or gave up): it no longer waits. */
export function endBusy(id: number): void {
  if (waiting.delete(id)) changed();
}

/** The seconds to wait before sending again, when the answer asks for it and it is worth waiting. */
export function busyRetryAfter(status: number | undefined, retryAfter: unknown): number | undefined {
  if (status !== 503 && status !== 429) return undefined;
  const seconds = Number(retryAfter);
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > MAX_BUSY_WAIT_SECONDS) return undefined;
  return Math.max(1, Math.ceil(seconds));
}

/** What the shell's notice reads: the soonest wait and its changes. */
export interface BusyStore {
  busyWait: () => BusyWait | null;
  subscribeBusy: (listener: () => void) => () => void;
}

let announced = false;

/**
 * The same request again after the answer's Retry-After (its retries counted on its config), or
 * the refusal as it came when the wait is too long or the tries are spent.
 */
export function sendAgainWhenFree(client: AxiosInstance, error: AxiosError, retryAfter: unknown): Promise<unknown> {
  const config = error.config!;
  const wait = busyRetryAfter(error.response?.status, retryAfter);
  if (wait === undefined || (config.busy?.retries ?? 0) >= MAX_BUSY_RETRIES) return Promise.reject(error);
  if (!announced && typeof window !== "undefined") {
    announced = true;
    const store: BusyStore = { busyWait, subscribeBusy };
    window.dispatchEvent(new CustomEvent(VERY_BUSY_EVENT, { detail: store }));
  }
  const first = !config.busy;
  const busy = { id: config.busy?.id ?? newBusyId(), retries: (config.busy?.retries ?? 0) + 1 };
  const retried = waitOutBusy(busy.id, wait).then(() => client.request({ ...config, busy }));
  // The first refusal's wait answers for the whole chain: the notice ends with it.
  return first ? retried.finally(() => endBusy(busy.id)) : retried;
}
