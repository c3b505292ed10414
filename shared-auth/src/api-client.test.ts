import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from "axios";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ACCESS_TOKEN_KEY,
  createApiClient,
  errorMessage,
  setUnauthorizedHandler,
  SLOW_SERVER_MESSAGE,
  UNREACHABLE_MESSAGE,
} from "./api-client";
import { academyStore } from "./store";

/** An adapter that answers like the API would, recording what was sent. */
function answering(status: number, data: unknown = {}) {
  const sent: { url?: string; baseURL?: string; auth?: string | null }[] = [];
  const adapter: AxiosAdapter = async (config) => {
    sent.push({ url: config.url, baseURL: config.baseURL, auth: config.headers.get("Authorization") as string | null });
    const response = { data, status, statusText: "", headers: {}, config };
    if (status >= 400) throw new AxiosError("failed", String(status), config, null, response);
    return response;
  };
  return { adapter, sent };
}

describe("the API client", () => {
  afterEach(() => {
    localStorage.clear();
    setUnauthorizedHandler(() => {});
  });

  it("sends the stored access token and uses the API address from the runtime env", async () => {
    academyStore.setState({ env: { apiUrl: "https://api.example.com" } });
    localStorage.setItem(ACCESS_TOKEN_KEY, "token-123");
    const { adapter, sent } = answering(200, []);
    await createApiClient().get("/classes", { adapter });
    expect(sent[0]).toEqual({ url: "/classes", baseURL: "https://api.example.com", auth: "Bearer token-123" });
  });

  it("sends no Authorization header without a token", async () => {
    const { adapter, sent } = answering(200);
    await createApiClient().get("/classes", { adapter });
    expect(sent[0]!.auth).toBeFalsy();
  });

  it.each([401, 403])("hands a %i on an authenticated call to the unauthorized handler and rejects", async (status) => {
    localStorage.setItem(ACCESS_TOKEN_KEY, "stale");
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const { adapter } = answering(status);
    await expect(createApiClient().get("/carts", { adapter })).rejects.toBeInstanceOf(AxiosError);
    expect(handler).toHaveBeenCalledOnce();
  });

  it("does not log a visitor out for a 401 on a call without a token", async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const { adapter } = answering(401);
    await expect(createApiClient().get("/carts", { adapter })).rejects.toBeInstanceOf(AxiosError);
    expect(handler).not.toHaveBeenCalled();
  });

  it("turns API errors into the message a person should read", async () => {
    const { adapter } = answering(409, { error: "Conflict", message: "This class is full." });
    const error = await createApiClient()
      .post("/carts", {}, { adapter })
      .catch((e: unknown) => e);
    expect(errorMessage(error)).toBe("This class is full.");
    expect(errorMessage(new Error("x"), "Fallback")).toBe("Fallback");
  });

  it("tells an unreachable server, a slow one and an HTTP error apart", () => {
    const config = { headers: {} } as InternalAxiosRequestConfig;
    const network = new AxiosError("Network Error", AxiosError.ERR_NETWORK, config, {});
    expect(errorMessage(network)).toBe(UNREACHABLE_MESSAGE);
    expect(errorMessage(network)).toMatch(/^Could not reach the server/);
    expect(errorMessage(new AxiosError("timeout of 30000ms exceeded", AxiosError.ECONNABORTED, config, {}))).toBe(
      SLOW_SERVER_MESSAGE,
    );
    const gateway = new AxiosError("failed", "502", config, null, {
      status: 502,
      statusText: "Bad Gateway",
      headers: {},
      config,
      data: "<html>Bad Gateway</html>",
    });
    expect(errorMessage(gateway)).toBe("The server had a problem (HTTP 502). Try again in a moment.");
  });
});
