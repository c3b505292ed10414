import { afterEach, describe, expect, it } from "vitest";
import { rememberRole } from "shared-auth/access-token";
import { startEarlyCalls } from "./early-calls";

/** An access token as the API signs it; only its claims matter in the browser. */
function token(claims: { email?: string; exp?: number }): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, "");
  return `${part({ alg: "HS256" })}.${part(claims)}.signature`;
}
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

/** The API as the shell's fetch sees it: records each request, answers with `status`. */
function api(status = 200) {
  const asked: { url: string; auth: string | null }[] = [];
  const fetchFn = async (url: string, init?: RequestInit) => {
    asked.push({ url, auth: new Headers(init?.headers).get("Authorization") });
    return new Response("{}", { status });
  };
  return { asked, fetchFn };
}

describe("startEarlyCalls", () => {
  afterEach(() => {
    localStorage.clear();
    globalThis.academyEarlyCalls = undefined;
  });

  it("with a stored session: who it is at once, with the token; the cart too on a student's page", async () => {
    const stored = token({ email: "sam@example.com", exp: inAnHour() });
    localStorage.setItem("access-token", stored);
    rememberRole("Sam@example.com", "student");
    const server = api();
    startEarlyCalls("/dashboard/mydashboard", "https://api.example.com", server.fetchFn);
    expect(server.asked).toEqual([
      { url: "https://api.example.com/users/me", auth: `Bearer ${stored}` },
      { url: "https://api.example.com/carts?email=sam%40example.com", auth: `Bearer ${stored}` },
    ]);
    const calls = globalThis.academyEarlyCalls!;
    expect(calls.map(({ path, params, token: t }) => ({ path, params, t }))).toEqual([
      { path: "/users/me", params: {}, t: stored },
      { path: "/carts", params: { email: "sam@example.com" }, t: stored },
    ]);
    expect(await calls[0]!.response).toBeInstanceOf(Response);

    globalThis.academyEarlyCalls = undefined;
    startEarlyCalls("/classes", "https://api.example.com", server.fetchFn);
    expect(server.asked.slice(2).map((a) => a.url)).toEqual(["https://api.example.com/users/me"]);
  });

  it("no cart on a student's page for an account last seen as instructor or admin, or never seen", () => {
    localStorage.setItem("access-token", token({ email: "maya@example.com", exp: inAnHour() }));
    for (const hint of ["instructor", "admin", null]) {
      if (hint) rememberRole("maya@example.com", hint);
      else localStorage.removeItem("academy-role-hint");
      const server = api();
      startEarlyCalls("/dashboard/enrolledclasses", "https://api.example.com", server.fetchFn);
      expect(server.asked.map((a) => a.url)).toEqual(["https://api.example.com/users/me"]);
    }
    // Another account's hint is not this one's.
    rememberRole("sam@example.com", "student");
    const server = api();
    startEarlyCalls("/dashboard/mydashboard", "https://api.example.com", server.fetchFn);
    expect(server.asked.map((a) => a.url)).toEqual(["https://api.example.com/users/me"]);
  });

  it("a page's own first answers, for the role whose page it is: My Balance for a student, Today for staff", () => {
    const paths = (pathname: string) => {
      const server = api();
      startEarlyCalls(pathname, "https://api.example.com", server.fetchFn);
      globalThis.academyEarlyCalls = undefined;
      return server.asked.map((a) => a.url.replace("https://api.example.com", ""));
    };
    localStorage.setItem("access-token", token({ email: "sam@example.com", exp: inAnHour() }));
    rememberRole("sam@example.com", "student");
    expect(paths("/dashboard/balance")).toEqual([
      "/users/me",
      "/carts?email=sam%40example.com",
      "/balance",
      "/balance/orders",
    ]);
    expect(paths("/dashboard/today")).toEqual(["/users/me"]);
    for (const role of ["instructor", "admin"]) {
      rememberRole("sam@example.com", role);
      expect(paths("/dashboard/today")).toEqual(["/users/me", "/today"]);
      expect(paths("/dashboard/forms")).toEqual(["/users/me"]);
    }
  });

  it("keeps the calls index.html started for a painted page beside its own", () => {
    localStorage.setItem("access-token", token({ email: "sam@example.com", exp: inAnHour() }));
    const painted = { path: "/classes", params: {}, token: null, startedAt: 0, response: Promise.resolve(null) };
    globalThis.academyEarlyCalls = [painted];
    startEarlyCalls("/classes", "https://api.example.com", api().fetchFn);
    expect(globalThis.academyEarlyCalls.map((call) => call.path)).toEqual(["/classes", "/users/me"]);
  });

  it("nothing for a visitor, an expired token or one that is not a token", () => {
    const server = api();
    startEarlyCalls("/dashboard/mydashboard", "https://api.example.com", server.fetchFn);
    localStorage.setItem("access-token", token({ email: "sam@example.com", exp: Math.floor(Date.now() / 1000) + 30 }));
    startEarlyCalls("/dashboard/mydashboard", "https://api.example.com", server.fetchFn);
    localStorage.setItem("access-token", "not-a-token");
    startEarlyCalls("/dashboard/mydashboard", "https://api.example.com", server.fetchFn);
    expect(server.asked).toEqual([]);
    expect(globalThis.academyEarlyCalls).toBeUndefined();
  });

  it("a refused or failed call answers nothing: the page will ask itself", async () => {
    localStorage.setItem("access-token", token({ email: "sam@example.com", exp: inAnHour() }));
    startEarlyCalls("/dashboard/mydashboard", "https://api.example.com", api(401).fetchFn);
    expect(await globalThis.academyEarlyCalls![0]!.response).toBeNull();
    startEarlyCalls("/dashboard/mydashboard", "https://api.example.com", () =>
      Promise.reject(new TypeError("Failed to fetch")),
    );
    expect(await globalThis.academyEarlyCalls![1]!.response).toBeNull();
  });
});
