import axios, { AxiosError, type AxiosInstance } from "axios";
import { academyStore } from "./store";

/** Spec section 4: the access token lives in localStorage under this key. */
export const ACCESS_TOKEN_KEY = "access-token";

export function readAccessToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(ACCESS_TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

declare module "axios" {
  interface AxiosRequestConfig {
    /** A request made while the session is being established: a 401/403 is its own business. */
    sessionProbe?: boolean;
  }
}

type UnauthorizedHandler = (error: AxiosError) => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** The shell registers what a 401/403 does (log out, go to /login). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

export function createApiClient(): AxiosInstance {
  const client = axios.create({ timeout: 30_000 });
  client.interceptors.request.use((config) => {
    const apiUrl = academyStore.getState().env?.apiUrl;
    if (apiUrl && !config.baseURL) config.baseURL = apiUrl;
    const token = readAccessToken();
    if (token && !config.headers.has("Authorization")) config.headers.set("Authorization", `Bearer ${token}`);
    return config;
  });
  client.interceptors.response.use(
    (response) => response,
    (error: unknown) => {
      const status = error instanceof AxiosError ? error.response?.status : undefined;
      // Only a request that carried a token is a session problem; a visitor's 401 is not.
      if (
        error instanceof AxiosError &&
        (status === 401 || status === 403) &&
        !error.config?.sessionProbe &&
        error.config?.headers?.has("Authorization")
      ) {
        onUnauthorized(error);
      }
      return Promise.reject(error);
    },
  );
  return client;
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

/** The API's error body is `{ error, message, fields? }`; this gives the message a person should read. */
export function errorMessage(error: unknown, fallback = "Something went wrong. Please try again."): string {
  if (error instanceof AxiosError) {
    const body: unknown = error.response?.data;
    if (body && typeof body === "object" && "message" in body && typeof body.message === "string") {
      return body.message;
    }
    if (!error.response) {
      return error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT
        ? SLOW_SERVER_MESSAGE
        : UNREACHABLE_MESSAGE;
    }
    // An answer without the API's body (a proxy's error page, a gateway time-out).
    if (error.response.status >= 500) {
      return `The server had a problem (HTTP ${error.response.status}). Try again in a moment.`;
    }
  }
  return fallback;
}
