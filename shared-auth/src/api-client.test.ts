import { AxiosError, CanceledError, isAxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from "axios";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ACCESS_TOKEN_KEY,
  apiErrorStatus,
  asApiError,
  createApiClient,
  errorMessage,
  setUnauthorizedHandler,
  SLOW_SERVER_MESSAGE,
  UNREACHABLE_MESSAGE,
} from "./api-client";
import { academyStore } from "./store";
import { keepPass, WAITING_ROOM_EVENT } from "./waiting-room";

/** An adapter that answers like the API would, recording what was sent. */
function answering(status: number, data: unknown = {}, headers: Record<string, string> = {}) {
  const sent: { url?: string; baseURL?: string; auth?: string | null; timeout?: number; pass?: string | null }[] = [];
  const adapter: AxiosAdapter = async (config) => {
    sent.push({
      url: config.url,
      baseURL: config.baseURL,
      auth: config.headers.get("Authorization") as string | null,
      timeout: config.timeout,
      ...(config.headers.has("Waiting-Room-Pass") && { pass: config.headers.get("Waiting-Room-Pass") as string }),
    });
    const response = { data, status, statusText: "", headers, config };
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
    expect(sent[0]).toEqual({
      url: "/classes",
      baseURL: "https://api.example.com",
      auth: "Bearer token-123",
      timeout: 30_000,
    });
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

  it("sends the waiting room's pass while it lasts; its refusal opens the room and signs nobody out", async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, "token-123");
    const ok = answering(200);
    await createApiClient().get("/classes", { adapter: ok.adapter });
    expect(ok.sent[0]!.pass).toBeUndefined();
    keepPass({ pass: "pass.a.b", expiresAt: new Date(Date.now() + 60_000).toISOString(), opensAt: "x" });
    await createApiClient().get("/classes", { adapter: ok.adapter });
    expect(ok.sent[1]!.pass).toBe("pass.a.b");

    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const opened = vi.fn();
    window.addEventListener(WAITING_ROOM_EVENT, opened);
    const refused = answering(
      403,
      { message: "Registration is opening through the waiting room" },
      { "waiting-room": "required" },
    );
    await expect(createApiClient().post("/carts", {}, { adapter: refused.adapter })).rejects.toBeInstanceOf(AxiosError);
    window.removeEventListener(WAITING_ROOM_EVENT, opened);
    expect(opened).toHaveBeenCalledOnce();
    expect(handler).not.toHaveBeenCalled();
  });

  it("opens the room when an answer says one is in force and this browser has no pass for its opening", async () => {
    const opened = vi.fn();
    addEventListener(WAITING_ROOM_EVENT, opened);
    const room = answering(200, [], { "waiting-room": "2031-03-01T17:00:00.000Z" });
    await createApiClient().get("/classes/1/availability", { adapter: room.adapter });
    expect(opened).toHaveBeenCalledOnce();
    keepPass({
      pass: "pass.a.b",
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
      opensAt: "2031-03-01T17:00:00.000Z",
    });
    await createApiClient().get("/classes/1/availability", { adapter: room.adapter });
    await createApiClient().get("/classes", { adapter: answering(200).adapter });
    removeEventListener(WAITING_ROOM_EVENT, opened);
    expect(opened).toHaveBeenCalledOnce();
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
    expect(errorMessage(new AxiosError("timeout exceeded", AxiosError.ETIMEDOUT, config, {}))).toBe(
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

  it("passes a caller's own Authorization header and the request's own settings through", async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, "stored");
    const { adapter, sent } = answering(200);
    const client = createApiClient();
    await client.post("/jwt", {}, { adapter, headers: { Authorization: "Bearer id-token" }, sessionProbe: true });
    await client.request({ url: "/images", method: "post", adapter, timeout: 0 });
    expect(sent).toMatchObject([
      { url: "/jwt", auth: "Bearer id-token", timeout: 30_000 },
      { url: "/images", auth: "Bearer stored", timeout: 0 },
    ]);
  });

  it("leaves a session probe's 401 to the caller", async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, "stale");
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const { adapter } = answering(401);
    await expect(createApiClient().get("/users/me", { adapter, sessionProbe: true })).rejects.toBeInstanceOf(
      AxiosError,
    );
    expect(handler).not.toHaveBeenCalled();
  });
});

describe("asApiError", () => {
  const config = { headers: {} } as InternalAxiosRequestConfig;

  it("recognizes axios's errors by their own mark, as axios.isAxiosError does", async () => {
    const { adapter } = answering(404);
    const answered = await createApiClient()
      .get("/classes/nope", { adapter })
      .catch((e: unknown) => e);
    const cancelled = new CanceledError("canceled", config);
    const lookalike = { isAxiosError: "yes", response: { status: 404 } };
    for (const error of [answered, cancelled, new Error("x"), lookalike, null, undefined, "404"]) {
      expect(asApiError(error) !== null, String(error)).toBe(isAxiosError(error));
    }
    expect(asApiError(answered)).toBe(answered);
  });

  it("reads the status of an answer, and none for a failure that got no answer", async () => {
    const { adapter } = answering(409, { message: "Full" });
    const error = await createApiClient()
      .post("/carts", {}, { adapter })
      .catch((e: unknown) => e);
    expect(apiErrorStatus(error)).toBe(409);
    expect(apiErrorStatus(new AxiosError("Network Error", AxiosError.ERR_NETWORK, config, {}))).toBeUndefined();
    expect(apiErrorStatus(Object.assign(new Error("x"), { response: { status: 404 } }))).toBeUndefined();
  });
});
