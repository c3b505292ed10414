import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScriptHashes } from "./security-headers.mjs";

const sha = (text) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const directive = (policy, name) =>
  policy
    .split("; ")
    .find((part) => part.startsWith(`${name} `))
    ?.slice(name.length + 1)
    .split(" ");

const REMOTES = {
  mfe_public: "https://public.cdn.example.com/mf-manifest.json",
  mfe_student: "https://student.cdn.example.com/mf-manifest.json",
};
const PRODUCTION_ENV = {
  apiUrl: "https://api.example.com",
  firebase: { apiKey: "k", authDomain: "academy.firebaseapp.com", projectId: "academy" },
  payments: { publishableKey: "pk_live_x" },
};

describe("inline script hashes", () => {
  it("hashes the scripts a browser runs, and not data blocks or external scripts", () => {
    const html = [
      "<script>start()</script>",
      '<script type="module">go()</script>',
      '<script defer src="/main.js"></script>',
      '<script type="application/json" id="pages">{"/": "x"}</script>',
    ].join("\n");
    expect(inlineScriptHashes(html)).toEqual([sha("start()"), sha("go()")]);
  });
});

describe("the site's Content-Security-Policy", () => {
  it("in production: scripts from the site, the remotes, Stripe and Google; inline ones by hash", () => {
    const policy = contentSecurityPolicy({ remotes: REMOTES, env: PRODUCTION_ENV, html: "<script>a()</script>" });
    expect(directive(policy, "script-src")).toEqual([
      "'self'",
      "https://public.cdn.example.com",
      "https://student.cdn.example.com",
      "https://js.stripe.com",
      "https://apis.google.com",
      sha("a()"),
    ]);
    expect(directive(policy, "connect-src")).toEqual(
      expect.arrayContaining([
        "https://api.example.com",
        "https://identitytoolkit.googleapis.com",
        "https://api.stripe.com",
      ]),
    );
    expect(directive(policy, "frame-src")).toEqual([
      "https://js.stripe.com",
      "https://hooks.stripe.com",
      "https://academy.firebaseapp.com",
    ]);
    expect(directive(policy, "frame-ancestors")).toEqual(["'none'"]);
    expect(directive(policy, "object-src")).toEqual(["'none'"]);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(policy).not.toContain("report-uri");
  });

  it("locally: the payment sandbox and the Auth Emulator instead, at both loopback names", () => {
    const policy = contentSecurityPolicy({
      remotes: { mfe_public: "http://localhost:3001/mf-manifest.json" },
      env: {
        apiUrl: "http://localhost:4000",
        authEmulatorUrl: "http://127.0.0.1:9099",
        payments: { sandboxUrl: "http://127.0.0.1:12111", stripeJsUrl: "http://127.0.0.1:12111/v3/" },
      },
      html: "",
      reportUri: "/__csp-report",
    });
    expect(directive(policy, "script-src")).toEqual([
      "'self'",
      "http://localhost:3001",
      "http://127.0.0.1:3001",
      "http://127.0.0.1:12111",
      "http://localhost:12111",
    ]);
    expect(directive(policy, "connect-src")).toContain("http://127.0.0.1:9099");
    expect(directive(policy, "connect-src")).not.toContain("https://api.stripe.com");
    expect(directive(policy, "report-uri")).toEqual(["/__csp-report"]);
  });

  it("takes only http(s) origins from the deploy files", () => {
    const policy = contentSecurityPolicy({
      remotes: { bad: "javascript:alert(1)", worse: "data:text/javascript,x", odd: "not a url" },
      env: {},
      html: "",
    });
    expect(directive(policy, "script-src")).toEqual(["'self'", "https://js.stripe.com", "https://apis.google.com"]);
  });
});
