import { describe, expect, it } from "vitest";
import { API_HELMET_OPTIONS, helmetHeaders } from "../src/platform/security-headers.js";
import { nowMs, restoreClock, setClock } from "../src/platform/clock.js";
import { useTestApi } from "./harness.js";

const api = useTestApi();

describe("the OpenAPI document at /docs", () => {
  it("describes every tag it uses and the image and newsletter routes", async () => {
    const res = await api.call({ method: "GET", url: "/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      tags: { name: string; description: string }[];
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const declared = new Set(doc.tags.map((t) => t.name));
    const used = new Set(Object.values(doc.paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags ?? [])));
    expect([...used].filter((t) => !declared.has(t))).toEqual([]);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/images",
        "/images/{file}",
        "/newsletter",
        "/contact",
        "/health",
        "/create-payment-intent",
        "/payments",
        "/payments/{id}",
        "/webhooks/stripe",
      ]),
    );
    expect(Object.keys(doc.paths["/newsletter"]!)).toEqual(expect.arrayContaining(["get", "post"]));
  });
});

describe("headers of every response", () => {
  it("carry helmet's security headers, as helmet itself sets them", async () => {
    const expected = await helmetHeaders(API_HELMET_OPTIONS);
    expect(expected).toMatchObject({
      "x-content-type-options": "nosniff",
      "strict-transport-security": expect.stringContaining("max-age="),
      "cross-origin-resource-policy": "cross-origin",
    });
    for (const url of ["/health", "/classes", "/nowhere"]) {
      const res = await api.call({ method: "GET", url });
      for (const [name, value] of Object.entries(expected)) expect(res.headers[name], `${url} ${name}`).toBe(value);
      // Nothing the API answers may run code, load anything but its own images, or be framed.
      expect(res.headers["content-security-policy"], url).toBe(
        "default-src 'none';img-src 'self';frame-ancestors 'none';base-uri 'none';form-action 'none'",
      );
    }
  });

  it("give the docs page its own policy: scripts from the API only, framed by nobody", async () => {
    const page = await api.call({ method: "GET", url: "/docs" });
    expect(page.statusCode).toBe(200);
    const policy = String(page.headers["content-security-policy"]);
    expect(policy).toMatch(/script-src 'self'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain("upgrade-insecure-requests");
    expect(policy).not.toContain("'unsafe-inline'");
  });

  it("allow the site's origin, and only it, to call the API from a browser", async () => {
    const preflight = await api.call({
      method: "OPTIONS",
      url: "/carts",
      headers: {
        origin: "http://localhost:3000",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization,content-type",
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("http://localhost:3000");
    expect(String(preflight.headers["access-control-allow-headers"])).toMatch(/Authorization/);
    // Every method a route answers to may be sent from the site (a PUT left out fails in the browser only).
    const allowed = String(preflight.headers["access-control-allow-methods"]).split(/,\s*/);
    const { paths } = api.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const used = new Set(
      Object.values(paths).flatMap((operations) => Object.keys(operations).map((m) => m.toUpperCase())),
    );
    expect(allowed).toEqual(expect.arrayContaining([...used]));
    expect(used.has("PUT")).toBe(true);
    const list = await api.call({ method: "GET", url: "/classes", headers: { origin: "http://localhost:3000" } });
    expect(list.headers["access-control-allow-origin"]).toBe("http://localhost:3000");
    expect(list.headers["access-control-expose-headers"]).toBe(
      "ETag, Content-Disposition, Date, Retry-After, Waiting-Room, X-Statement-Count",
    );
    // The local site answers at both of this machine's names.
    const byAddress = await api.call({ method: "GET", url: "/classes", headers: { origin: "http://127.0.0.1:3000" } });
    expect(byAddress.headers["access-control-allow-origin"]).toBe("http://127.0.0.1:3000");
    const stranger = await api.call({ method: "GET", url: "/classes", headers: { origin: "https://evil.example" } });
    expect(stranger.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("say the API's clock in Date, a moved one too (the pages count down by it), on errors as well", async () => {
    const atNow = (res: { headers: Record<string, unknown> }) => Date.parse(String(res.headers.date)) - nowMs();
    expect(Math.abs(atNow(await api.call({ method: "GET", url: "/health" })))).toBeLessThan(1_500);
    const previous = setClock("2031-03-01T10:00:00Z");
    try {
      const moved = await api.call({ method: "GET", url: "/classes" });
      expect(moved.headers.date).toMatch(/^\w{3}, 01 Mar 2031 10:00:0\d GMT$/);
      const missing = await api.call({ method: "GET", url: "/classes/not-an-id" });
      expect(missing.statusCode).toBeGreaterThanOrEqual(400);
      expect(String(missing.headers.date)).toMatch(/ 01 Mar 2031 /);
    } finally {
      restoreClock(previous);
    }
  });
});
