import type { AxiosRequestConfig, AxiosResponse } from "axios";
import { learnServerTime } from "./server-clock";
import { noticeRoom } from "./waiting-room";

/**
 * A GET started before any shared module (axios, this package) has loaded: the shell's index.ts,
 * before the async boundary, asks the API who holds the stored session and, on a student's page,
 * for the cart (ADR 022); index.html asks a visitor's painted page for the first call its remote
 * declared with the page (ADR 025). The API client answers the page's first request for the same
 * call from it, so the page's data is on its way while its code downloads instead of after.
 */
export interface EarlyCall {
  /** The API path, as the page asks for it (`/users/me`). */
  path: string;
  /** Its query, as the page passes it to the client (`{ email }`). */
  params: Record<string, string>;
  /**
   * The access token it was sent with, or null for a visitor's call (sent with none): a call made
   * for another session, or for none when one is stored now, answers nothing.
   */
  token: string | null;
  /** `performance.now()` when it started. */
  startedAt: number;
  /** The API's answer when it was a 2xx, else null (refused, unreachable, timed out). */
  response: Promise<Response | null>;
}

declare global {
  var academyEarlyCalls: EarlyCall[] | undefined;
}

/** Older than this, an early answer is not used: the page's own request goes to the API. */
export const EARLY_CALL_FRESH_MS = 15_000;

function sameParams(want: Record<string, string>, got: unknown): boolean {
  const given = got && typeof got === "object" ? (got as Record<string, unknown>) : {};
  const keys = Object.keys(want);
  return (
    Object.keys(given).filter((k) => given[k] !== undefined).length === keys.length &&
    keys.every((k) => String(given[k]) === want[k])
  );
}

/**
 * The early answer to this request, once (it is removed), as axios would have given it; null when
 * there is none for it (another path, query or token, a request with headers of its own, or too
 * old). The promise resolves to null when the early call failed: the caller then asks the API itself,
 * so an error reaches the page through the client as any other.
 */
export function takeEarlyCall(
  path: string,
  config: AxiosRequestConfig | undefined,
  token: string | null,
): Promise<AxiosResponse | null> | null {
  const calls = globalThis.academyEarlyCalls;
  if (!calls?.length || config?.headers || config?.baseURL) return null;
  const index = calls.findIndex(
    (call) =>
      call.path === path &&
      call.token === token &&
      sameParams(call.params, config?.params) &&
      performance.now() - call.startedAt < EARLY_CALL_FRESH_MS,
  );
  if (index < 0) return null;
  const [call] = calls.splice(index, 1);
  return call!.response.then(async (res) => {
    if (!res) return null;
    // As every answer through the client: the API's clock (what a page reads as today, decision 034's prices).
    learnServerTime(res.headers.get("date"));
    noticeRoom(res.headers.get("waiting-room"));
    try {
      const data: unknown = await res.json();
      return {
        data,
        status: res.status,
        statusText: res.statusText,
        headers: Object.fromEntries(res.headers),
        config: { ...config, url: path },
      } as AxiosResponse;
    } catch {
      return null; // not the JSON it should be: ask again
    }
  });
}

/** A write may change what an early answer says: from then on the API is asked. */
export function dropEarlyCalls(): void {
  globalThis.academyEarlyCalls = undefined;
}
