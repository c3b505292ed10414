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

/** The API's error body is `{ error, message, fields? }`; this gives the message a person should read. */
export function errorMessage(error: unknown, fallback = "Something went wrong. Please try again."): string {
  if (error instanceof AxiosError) {
    const body: unknown = error.response?.data;
    if (body && typeof body === "object" && "message" in body && typeof body.message === "string") {
      return body.message;
    }
    if (!error.response) return "The server could not be reached. Check your connection and try again.";
  }
  return fallback;
}
