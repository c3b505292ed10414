import { afterEach, describe, expect, it, vi } from "vitest";
import { logOut } from "./session";
import { academyStore } from "./store";

describe("Logout ends the access token on the server (decision 028)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("sends POST /logout with the token before removing it from storage, and signs out at once", async () => {
    academyStore.setState({ env: { apiUrl: "https://api.example.test" } });
    localStorage.setItem("access-token", "the-token");
    const storedWhenSent: (string | null)[] = [];
    const fetch = vi.fn((_url: string, _init: RequestInit) => {
      storedWhenSent.push(localStorage.getItem("access-token"));
      return Promise.resolve(new Response(JSON.stringify({ signedOut: true }), { status: 200 }));
    });
    vi.stubGlobal("fetch", fetch);
    // No Firebase config in this test: its sign-out fails and is only logged (spec section 8).
    vi.spyOn(console, "error").mockImplementation(() => undefined);

    await logOut();

    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("https://api.example.test/logout");
    expect(init).toMatchObject({ method: "POST", headers: { Authorization: "Bearer the-token" } });
    expect(storedWhenSent).toEqual(["the-token"]);
    expect(localStorage.getItem("access-token")).toBeNull();
    expect(academyStore.getState()).toMatchObject({ status: "signed-out", user: null, role: null });
  });

  it("signs out even when the server cannot be reached (the failure goes to the console only)", async () => {
    academyStore.setState({ env: { apiUrl: "https://api.example.test" } });
    localStorage.setItem("access-token", "the-token");
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);

    await logOut();
    await Promise.resolve();

    expect(localStorage.getItem("access-token")).toBeNull();
    expect(academyStore.getState().status).toBe("signed-out");
    expect(logged.mock.calls.some(([message]) => String(message).includes("did not end the session"))).toBe(true);
  });

  it("sends nothing when no token is stored", async () => {
    localStorage.removeItem("access-token");
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await logOut();
    expect(fetch).not.toHaveBeenCalled();
  });
});
