import { describe, expect, it } from "vitest";
import { loadDeployConfig, parseEnv } from "./deploy-config";

function fakeFetch(files: Record<string, unknown>) {
  return async (url: string) => {
    if (!(url in files)) return new Response("Not found", { status: 404 });
    const body = files[url];
    return new Response(typeof body === "string" ? body : JSON.stringify(body), { status: 200 });
  };
}

describe("loadDeployConfig", () => {
  it("reads remotes.json and env.json", async () => {
    const config = await loadDeployConfig(
      fakeFetch({
        "/remotes.json": { mfe_public: "https://cdn.example.com/public/mf-manifest.json" },
        "/env.json": { apiUrl: "https://api.example.com/" },
      }),
    );
    expect(config.remotes).toEqual([{ name: "mfe_public", entry: "https://cdn.example.com/public/mf-manifest.json" }]);
    expect(config.env).toEqual({ apiUrl: "https://api.example.com" });
    expect(config.envRead).toBe(true);
    expect(config.problems).toEqual([]);
  });

  it("never fails the start: a missing remotes.json leaves every remote area on its fallback", async () => {
    const config = await loadDeployConfig(fakeFetch({ "/env.json": { apiUrl: "https://api.example.com" } }));
    expect(config.remotes).toEqual([]);
    expect(config.problems).toHaveLength(1);
    expect(config.problems[0]).toMatch(/remotes\.json/);
  });

  it("reports a malformed remotes.json and env.json, falling back to same-origin /api", async () => {
    const config = await loadDeployConfig(fakeFetch({ "/remotes.json": "{not json", "/env.json": { nope: 1 } }));
    expect(config.remotes).toEqual([]);
    expect(config.env).toEqual({ apiUrl: "/api" });
    expect(config.envRead).toBe(false);
    expect(config.problems).toHaveLength(2);
  });
});

describe("loadDeployConfig after index.html painted a prerendered page", () => {
  it("reads remotes.json from the inline script's request instead of asking again", async () => {
    const early = globalThis as { academyRemotesJson?: Promise<unknown> };
    early.academyRemotesJson = Promise.resolve({ mfe_public: "https://cdn.example.com/public/mf-manifest.json" });
    try {
      const asked: string[] = [];
      const config = await loadDeployConfig(async (url) => {
        asked.push(url);
        return fakeFetch({ "/env.json": { apiUrl: "https://api.example.com" } })(url);
      });
      expect(asked).toEqual(["/env.json"]);
      expect(config.remotes).toEqual([
        { name: "mfe_public", entry: "https://cdn.example.com/public/mf-manifest.json" },
      ]);
    } finally {
      delete early.academyRemotesJson;
    }
  });
});

describe("loadDeployConfig after index.html started a painted page's first calls", () => {
  it("reads env.json from the inline script's request too: nothing is asked again", async () => {
    const early = globalThis as { academyRemotesJson?: Promise<unknown>; academyEnvJson?: Promise<unknown> };
    early.academyRemotesJson = Promise.resolve({ mfe_public: "https://cdn.example.com/public/mf-manifest.json" });
    early.academyEnvJson = Promise.resolve({ apiUrl: "https://api.example.com/" });
    try {
      const asked: string[] = [];
      const config = await loadDeployConfig(async (url) => {
        asked.push(url);
        return fakeFetch({})(url);
      });
      expect(asked).toEqual([]);
      expect(config.env.apiUrl).toBe("https://api.example.com");
      expect(config.envRead).toBe(true);
    } finally {
      delete early.academyRemotesJson;
      delete early.academyEnvJson;
    }
  });

  it("reports an env.json the inline script could not read, as its own request would", async () => {
    const early = globalThis as { academyEnvJson?: Promise<unknown> };
    early.academyEnvJson = Promise.reject(new Error("/env.json answered 404"));
    try {
      const config = await loadDeployConfig(fakeFetch({ "/remotes.json": {} }));
      expect(config.envRead).toBe(false);
      expect(config.problems).toEqual(["env.json: Error: /env.json answered 404"]);
    } finally {
      delete early.academyEnvJson;
    }
  });
});

describe("parseEnv", () => {
  const firebase = { apiKey: "key", authDomain: "academy.firebaseapp.com", projectId: "academy" };

  it("keeps the Firebase web config and a loopback emulator URL", () => {
    expect(parseEnv({ apiUrl: "http://localhost:4000", firebase, authEmulatorUrl: "http://127.0.0.1:9099" })).toEqual({
      apiUrl: "http://localhost:4000",
      firebase,
      authEmulatorUrl: "http://127.0.0.1:9099",
    });
  });

  it("keeps the payments' publishable key, and a sandbox only on this machine", () => {
    const local = { publishableKey: "pk_test_local_sandbox", sandboxUrl: "http://127.0.0.1:12111" };
    expect(parseEnv({ apiUrl: "/api", payments: local }).payments).toEqual(local);
    expect(
      parseEnv({ apiUrl: "/api", payments: { publishableKey: "pk_live_abc", sandboxUrl: "https://pay.example.com" } })
        .payments,
    ).toEqual({ publishableKey: "pk_live_abc" });
    // A secret key must never reach the browser: refused, as is anything that is not a publishable key.
    for (const publishableKey of ["sk_live_abc", "", 42]) {
      expect(parseEnv({ apiUrl: "/api", payments: { publishableKey } }).payments).toBeUndefined();
    }
  });

  it("keeps the sandbox's Stripe.js URL only on this machine; without it Stripe.js comes from Stripe", () => {
    const local = {
      publishableKey: "pk_test_local_sandbox",
      sandboxUrl: "http://127.0.0.1:12111",
      stripeJsUrl: "http://127.0.0.1:12111/v3/",
    };
    expect(parseEnv({ apiUrl: "/api", payments: local }).payments).toEqual(local);
    expect(
      parseEnv({ apiUrl: "/api", payments: { publishableKey: "pk_test_x", stripeJsUrl: "http://localhost:4242/v3" } })
        .payments,
    ).toEqual({ publishableKey: "pk_test_x", stripeJsUrl: "http://localhost:4242/v3" });
    for (const stripeJsUrl of [
      "https://js.stripe.com/v3/",
      "http://evil.example.com/v3/",
      "http://127.0.0.1.evil.example.com/v3/",
      "http://user:pass@127.0.0.1:12111/v3/",
      "http://127.0.0.1@evil.example.com/v3/",
      "javascript:alert(1)",
      "/v3/",
      "",
      42,
    ]) {
      expect(
        parseEnv({ apiUrl: "/api", payments: { publishableKey: "pk_live_abc", stripeJsUrl } }).payments,
        String(stripeJsUrl),
      ).toEqual({ publishableKey: "pk_live_abc" });
    }
  });

  it("ignores an incomplete Firebase config and an emulator URL that is not on this machine", () => {
    expect(
      parseEnv({
        apiUrl: "https://api.example.com",
        firebase: { apiKey: "key" },
        authEmulatorUrl: "http://emulator.example.com:9099",
      }),
    ).toEqual({ apiUrl: "https://api.example.com" });
  });
});
