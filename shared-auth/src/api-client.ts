import type { AxiosError, AxiosInstance, AxiosRequestConfig } from "axios";
import { readAccessToken } from "./access-token";
export { VERY_BUSY_EVENT } from "./busy-event";
import { dropEarlyCalls, takeEarlyCall } from "./early-calls";
import { learnServerTime } from "./server-clock";
import { academyStore } from "./store";
import { noticeRoom, storedPass, WAITING_ROOM_EVENT } from "./waiting-room";

export { ACCESS_TOKEN_KEY, readAccessToken } from "./access-token";

declare module "axios" {
  interface AxiosRequestConfig {
    /** A request made while the session is being established: a 401/403 is its own business. */
    sessionProbe?: boolean;
    /** Which request a retry after a "very busy" answer belongs to, and how many it has had. */
    busy?: { id: number; retries: number };
  }
}

type UnauthorizedHandler = (error: AxiosError) => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** The shell registers what a 401/403 does (log out, go to /login). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/**
 * Axios's own mark of its errors (`axios.isAxiosError`), read without loading axios: code that
 * runs at start (retry policy, error messages) must not need the library before the first call.
 */
export function asApiError(error: unknown): AxiosError | null {
  return typeof error === "object" && error !== null && "isAxiosError" in error && error.isAxiosError === true
    ? (error as AxiosError)
    : null;
}

/** The HTTP status the API answered with; undefined when the failure is not an API answer. */
export function apiErrorStatus(error: unknown): number | undefined {
  return asApiError(error)?.response?.status;
}

/** The client's time-out: no answer within 30 s is a failure the page explains. */
export const API_TIMEOUT_MS = 30_000;

/**
 * What the apps call on the API client: axios's own request methods, with its generics and
 * request configs (`sessionProbe` included).
 */
export type ApiClient = Pick<AxiosInstance, "request" | "get" | "delete" | "post" | "put" | "patch">;

function configure(client: AxiosInstance): AxiosInstance {
  client.interceptors.request.use((config) => {
    const apiUrl = academyStore.getState().env?.apiUrl;
    if (apiUrl && !config.baseURL) config.baseURL = apiUrl;
    const token = readAccessToken();
    if (token && !config.headers.has("Authorization")) config.headers.set("Authorization", `Bearer ${token}`);
    // A family the waiting room let in shows its pass with every call while it lasts (decision 043
    // of the API): it is never turned away as very busy, and may book.
    const pass = storedPass();
    if (pass) config.headers.set("Waiting-Room-Pass", pass.pass);
    return config;
  });
  client.interceptors.response.use(
    (response) => {
      learnServerTime(response.headers.date);
      noticeRoom(response.headers["waiting-room"]);
      return response;
    },
    (error: unknown) => {
      const apiError = asApiError(error);
      learnServerTime(apiError?.response?.headers.date);
      const status = apiError?.response?.status;
      // Booking while the waiting room is in force, without a pass: the shell opens the room.
      if (status === 403 && apiError?.response?.headers["waiting-room"] === "required") {
        dispatchEvent(new Event(WAITING_ROOM_EVENT));
        return Promise.reject(error);
      }
      // Only a request that carried a token is a session problem; a visitor's 401 is not.
      if (
        apiError &&
        (status === 401 || status === 403) &&
        !apiError.config?.sessionProbe &&
        apiError.config?.headers?.has("Authorization")
      ) {
        onUnauthorized(apiError);
      }
      // Very busy (503 or 429 with Retry-After, nothing was done): busy.ts, loaded the first
      // time, sends the same request again after the wait while the page shows the countdown.
      const retryAfter: unknown = apiError?.response?.headers?.["retry-after"];
      if (apiError?.config && retryAfter != null && (status === 503 || status === 429)) {
        return import("./busy").then((busy) => busy.sendAgainWhenFree(client, apiError, retryAfter));
      }
      return Promise.reject(error);
    },
  );
  return client;
}

/**
 * An API client that loads axios (a federated singleton, about 18 KB) on its first call, not when
 * the page starts: a page that calls nothing never downloads it. One axios instance serves every
 * call after that. A failed load (the chunk did not arrive) is tried again on the next call.
 */
/** The client, and a way to start its axios download ahead of the first call. */
export interface LazyApiClient extends ApiClient {
  /** Starts loading axios now (for a page that will call the API as soon as it shows). */
  preload(): void;
}

export function createApiClient(): LazyApiClient {
  let instance: Promise<AxiosInstance> | null = null;
  const client = (): Promise<AxiosInstance> =>
    (instance ??= import("axios").then(
      ({ default: axios }) => configure(axios.create({ timeout: API_TIMEOUT_MS })),
      (error: unknown) => {
        instance = null;
        throw error;
      },
    ));
  // A write may change what the shell's early answers say (ADR 022): from then on, the API.
  const writing = (): Promise<AxiosInstance> => {
    dropEarlyCalls();
    return client();
  };
  // Each method passes its type arguments on, so `api.get<ClassItem[]>(...)` types as before.
  return {
    preload: () => void client().catch(() => undefined),
    request: <T, R, D, P>(config: AxiosRequestConfig<D, P>) => writing().then((c) => c.request<T, R, D, P>(config)),
    get: <T, R, D, P>(url: string, config?: AxiosRequestConfig<D, P>) => {
      const asked = () => client().then((c) => c.get<T, R, D, P>(url, config));
      // The shell may have started this very call before the page's code loaded: its answer, once.
      const early = takeEarlyCall(url, config, readAccessToken());
      type Answer = Awaited<ReturnType<typeof asked>>;
      return early ? early.then((response) => (response as Answer | null) ?? asked()) : asked();
    },
    delete: <T, R, D, P>(url: string, config?: AxiosRequestConfig<D, P>) =>
      writing().then((c) => c.delete<T, R, D, P>(url, config)),
    post: <T, R, D, P>(url: string, data?: D, config?: AxiosRequestConfig<D, P>) =>
      writing().then((c) => c.post<T, R, D, P>(url, data, config)),
    put: <T, R, D, P>(url: string, data?: D, config?: AxiosRequestConfig<D, P>) =>
      writing().then((c) => c.put<T, R, D, P>(url, data, config)),
    patch: <T, R, D, P>(url: string, data?: D, config?: AxiosRequestConfig<D, P>) =>
      writing().then((c) => c.patch<T, R, D, P>(url, data, config)),
  };
}

/** The one API client of the page. */
export const api = createApiClient();

/** No answer in time (the client's 30 s time-out). */
export const SLOW_SERVER_MESSAGE = "The server took too long to answer. Try again in a moment.";
/**
 * No answer at all. The browser cannot tell why (offline, the server is off, or it refused this
 * site's address by CORS), so the message names the likely causes.
 */
export const UNREACHABLE_MESSAGE =
  "Could not reach the server. Check your connection and try again; if it keeps happening, the server is down or does not accept this site's address.";

/** The codes axios gives a request that got no answer in time (`AxiosError.ECONNABORTED`, `.ETIMEDOUT`). */
const TIMED_OUT: readonly string[] = ["ECONNABORTED", "ETIMEDOUT"] satisfies (typeof AxiosError)[
  "ECONNABORTED" | "ETIMEDOUT"][];

/** The API's error body is `{ error, message, fields? }`; this gives the message a person should read. */
export function errorMessage(error: unknown, fallback = "Something went wrong. Please try again."): string {
  const apiError = asApiError(error);
  if (apiError) {
    const body: unknown = apiError.response?.data;
    if (body && typeof body === "object" && "message" in body && typeof body.message === "string") {
      return body.message;
    }
    if (!apiError.response) {
      return apiError.code && TIMED_OUT.includes(apiError.code) ? SLOW_SERVER_MESSAGE : UNREACHABLE_MESSAGE;
    }
    // An answer without the API's body (a proxy's error page, a gateway time-out).
    if (apiError.response.status >= 500) {
      return `The server had a problem (HTTP ${apiError.response.status}). Try again in a moment.`;
    }
  }
  return fallback;
}
