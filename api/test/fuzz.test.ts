import { describe, expect, it } from "vitest";
import { ADMIN, classId, MAYA, SAM, useTestApi } from "./harness.js";

// The rate limits would answer 429 long before the validators run out of cases.
const api = useTestApi({ RATE_LIMIT_FORMS: "100000", RATE_LIMIT_SENSITIVE: "100000", RATE_LIMIT_UPLOADS: "100000" });

/** A small seeded PRNG, so a failure can be replayed with the same seed. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ROUTES: [string, string][] = [
  ["GET", "/classes"],
  ["GET", "/classes/:id"],
  ["POST", "/classes"],
  ["PATCH", "/classes/:id"],
  ["PATCH", "/classes/:id/status"],
  ["PATCH", "/classes/:id/feedback"],
  ["DELETE", "/classes/:id"],
  ["GET", "/classes/:id/roster"],
  ["GET", "/myclasses"],
  ["GET", "/instructors"],
  ["GET", "/instructors/:id/classes"],
  ["GET", "/users"],
  ["POST", "/jwt"],
  ["POST", "/users"],
  ["GET", "/users/me"],
  ["PATCH", "/users/me"],
  ["GET", "/users/admin/:email"],
  ["GET", "/users/instructor/:email"],
  ["PATCH", "/users/admin/:id"],
  ["PATCH", "/users/instructor/:id"],
  ["PATCH", "/users/student/:id"],
  ["DELETE", "/users/:id"],
  ["GET", "/carts"],
  ["POST", "/carts"],
  ["DELETE", "/carts/:id"],
  ["GET", "/enrolled"],
  ["POST", "/contact"],
  ["GET", "/contact"],
  ["GET", "/images/seed/:kind/:file"],
  ["POST", "/images"],
  ["GET", "/images/:file"],
  ["POST", "/newsletter"],
  ["GET", "/newsletter"],
  ["GET", "/newsletter/export.csv"],
  ["PATCH", "/contact/:id"],
  ["GET", "/admin/classes"],
  ["GET", "/admin/stats"],
  ["POST", "/create-payment-intent"],
  ["POST", "/payments"],
  ["POST", "/payments/:id"],
  ["GET", "/payments"],
  ["POST", "/webhooks/stripe"],
];

const NASTY = [
  "",
  " ",
  "null",
  "undefined",
  "0",
  "-1",
  "1e309",
  "NaN",
  "'; drop table users; --",
  "../../etc/passwd",
  "%00",
  "%",
  "%E0%A4%A",
  "☃".repeat(50),
  "a".repeat(5000),
  "<script>alert(1)</script>",
  "00000000-0000-4000-9000-00000000000x",
  "00000000-0000-0000-0000-000000000000",
  "__proto__",
  "constructor",
  "sam@example.com",
  "@",
  "a@b",
  "\u0000",
  "{}",
  "[]",
];

function randomValue(r: () => number, depth = 0): unknown {
  const pick = Math.floor(r() * 10);
  switch (pick) {
    case 0:
      return null;
    case 1:
      return r() < 0.5;
    case 2:
      return Math.floor(r() * 2e9) - 1e9;
    case 3:
      return r() * 1e6 - 5e5;
    case 4:
      return NASTY[Math.floor(r() * NASTY.length)];
    case 5:
      return depth > 2 ? [] : Array.from({ length: Math.floor(r() * 4) }, () => randomValue(r, depth + 1));
    case 6:
    case 7:
      return depth > 2 ? {} : randomObject(r, depth + 1);
    default:
      return Math.random()
        .toString(36)
        .slice(2, 2 + Math.floor(r() * 20));
  }
}

const KEYS = [
  "class_name",
  "image",
  "price",
  "available_seats",
  "enrolled_seats",
  "details",
  "status",
  "feedback",
  "classItemId",
  "email",
  "name",
  "message",
  "photo",
  "role",
  "__proto__",
  "constructor",
];

function randomObject(r: () => number, depth = 0): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  // defineProperty: a "__proto__" key must be an own property (as in parsed JSON), not a prototype.
  for (let i = Math.floor(r() * 5); i > 0; i--) {
    const value = randomValue(r, depth);
    Object.defineProperty(o, KEYS[Math.floor(r() * KEYS.length)]!, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return o;
}

function fillPath(r: () => number, path: string): string {
  let v: unknown;
  return path.replace(
    /:(\w+)/g,
    () =>
      encodeURIComponent(typeof (v = randomValue(r)) === "string" ? v : (JSON.stringify(v) ?? "")).slice(0, 300) || "x",
  );
}

async function snapshot(): Promise<string> {
  const tables = [
    "users",
    "classes",
    "cart_items",
    "orders",
    "order_items",
    "payments",
    "enrollments",
    "images",
    "contact_messages",
    "newsletter_subscriptions",
    "processed_webhook_events",
  ];
  const out: Record<string, unknown> = {};
  for (const t of tables) {
    const res = await api.database.db.execute(`select * from ${t} order by 1`);
    out[t] = (res as unknown as { rows: unknown[] }).rows;
  }
  return JSON.stringify(out);
}

/** Characters nobody types on purpose: NUL and other controls, text-direction overrides and isolates. */
const HOSTILE = [
  "a\u0000b",
  "\u0000",
  "a\u0007b",
  "a\u001bb",
  "a\u009bb",
  "a\rb",
  "a\u202Eb",
  "a\u202Ab",
  "a\u2066b",
  "a\u2069b",
  "a\uD800b",
];

type Caller = { id: string; email: string } | undefined;
interface TextInput {
  method: "POST" | "PATCH" | "GET" | "DELETE";
  /** `{}` marks where a hostile path segment goes, if the route takes one. */
  url: string;
  as: Caller;
  /** A valid body; each named field in turn gets each hostile string. */
  body?: Record<string, unknown>;
  fields?: string[];
  /** The query parameter that gets the hostile strings. */
  query?: string;
}

/** In a URL: percent-encoded UTF-8 (a lone surrogate has none: its would-be bytes instead). */
const HOSTILE_IN_URL = [
  ...HOSTILE.filter((h) => !/[\uD800-\uDFFF]/.test(h)).map(encodeURIComponent),
  "a%ED%A0%80b",
  "%C0%80",
];

/** Every route that reads text from a client, with a request that is valid but for one field. */
const TEXT_INPUTS: TextInput[] = [
  {
    method: "POST",
    url: "/classes",
    as: MAYA,
    body: {
      class_name: "Fuzz Camp",
      image: "https://example.com/a.png",
      available_seats: 5,
      price: 10,
      details: "Fine.\nTwo lines.",
      instructor: "Maya",
      email: MAYA.email,
    },
    fields: ["class_name", "image", "details", "instructor", "email"],
  },
  {
    method: "PATCH",
    url: `/classes/${classId(1)}`,
    as: MAYA,
    body: { class_name: "Edited", details: "Edited", image: "https://example.com/b.png" },
    fields: ["class_name", "details", "image"],
  },
  {
    method: "PATCH",
    url: `/classes/${classId(13)}/status`,
    as: ADMIN,
    body: { status: "denied", feedback: "Add a schedule." },
    fields: ["feedback", "status"],
  },
  {
    method: "PATCH",
    url: `/classes/${classId(13)}/feedback`,
    as: ADMIN,
    body: { feedback: "Add a schedule." },
    fields: ["feedback"],
  },
  {
    method: "POST",
    url: "/users",
    as: SAM,
    body: { name: "Sam", email: SAM.email, photo: "https://example.com/sam.png" },
    fields: ["name", "email", "photo"],
  },
  {
    method: "PATCH",
    url: "/users/me",
    as: SAM,
    body: { name: "Sam", photo: "https://example.com/sam.png" },
    fields: ["name", "photo"],
  },
  {
    method: "POST",
    url: "/contact",
    as: undefined,
    body: { name: "A", email: "a@example.com", message: "Hello" },
    fields: ["name", "email", "message"],
  },
  {
    method: "POST",
    url: "/newsletter",
    as: undefined,
    body: { email: "fan@example.com", acceptedTerms: true },
    fields: ["email"],
  },
  { method: "POST", url: "/jwt", as: undefined, body: { email: SAM.email }, fields: ["email"] },
  { method: "POST", url: "/carts", as: SAM, body: { classItemId: classId(4) }, fields: ["classItemId"] },
  {
    method: "POST",
    url: "/create-payment-intent",
    as: SAM,
    body: { cartItemIds: [classId(4)] },
    fields: ["cartItemIds.0"],
  },
  {
    method: "POST",
    url: "/payments",
    as: SAM,
    body: { transactionId: "pi_fuzz", email: SAM.email },
    fields: ["transactionId", "email"],
  },
  {
    method: "POST",
    url: `/payments/${classId(4)}`,
    as: SAM,
    body: { transactionId: "pi_fuzz", email: SAM.email },
    fields: ["transactionId", "email"],
  },
  { method: "GET", url: "/carts", as: SAM, query: "email" },
  { method: "GET", url: "/enrolled", as: SAM, query: "email" },
  { method: "GET", url: "/myclasses", as: MAYA, query: "email" },
  { method: "GET", url: "/payments", as: SAM, query: "email" },
  { method: "GET", url: "/users", as: ADMIN, query: "search" },
  { method: "GET", url: "/admin/classes", as: ADMIN, query: "search" },
  { method: "GET", url: "/classes/{}", as: ADMIN },
  { method: "PATCH", url: "/classes/{}", as: ADMIN, body: { details: "x" } },
  { method: "PATCH", url: "/classes/{}/status", as: ADMIN, body: { status: "approved" } },
  { method: "PATCH", url: "/classes/{}/feedback", as: ADMIN, body: { feedback: "x" } },
  { method: "DELETE", url: "/classes/{}", as: ADMIN },
  { method: "GET", url: "/classes/{}/roster", as: ADMIN },
  { method: "GET", url: "/instructors/{}/classes", as: undefined },
  { method: "GET", url: "/users/admin/{}", as: ADMIN },
  { method: "GET", url: "/users/instructor/{}", as: ADMIN },
  { method: "PATCH", url: "/users/admin/{}", as: ADMIN },
  { method: "PATCH", url: "/users/instructor/{}", as: ADMIN },
  { method: "PATCH", url: "/users/student/{}", as: ADMIN },
  { method: "DELETE", url: "/users/{}", as: ADMIN },
  { method: "PATCH", url: "/contact/{}", as: ADMIN, body: { read: true } },
  { method: "DELETE", url: "/carts/{}", as: SAM },
  { method: "POST", url: "/payments/{}", as: SAM, body: { transactionId: "pi_fuzz" } },
  { method: "GET", url: "/images/{}", as: undefined },
  { method: "GET", url: "/images/seed/{}/{}", as: undefined },
];

describe("hostile text in every text input", () => {
  it("covers every route that takes a body, a path segment or an e-mail in the query", () => {
    const pattern = (url: string) => url.replace(/\{\}|[0-9a-f-]{36}/g, ":x").replace(/\?.*$/, "");
    const covered = new Set(TEXT_INPUTS.map((t) => `${t.method} ${pattern(t.url)}`));
    const takesText = ROUTES.filter(
      ([method, path]) =>
        path.includes(":") || method === "POST" || method === "PATCH" || /carts|enrolled|myclasses|payments/.test(path),
    ).filter(([, path]) => path !== "/webhooks/stripe" && path !== "/images");
    const missing = takesText.filter(([method, path]) => !covered.has(`${method} ${path.replace(/:\w+/g, ":x")}`));
    expect(missing).toEqual([]);
  });

  for (const input of TEXT_INPUTS) {
    for (const field of input.fields ?? []) {
      it(`${input.method} ${input.url}: ${field} with control or direction characters gets 400 naming it`, async () => {
        const before = await snapshot();
        for (const hostile of HOSTILE) {
          const body = structuredClone(input.body!);
          const [key, index] = field.split(".") as [string, string | undefined];
          if (index === undefined) body[key] = hostile;
          else (body[key] as unknown[])[Number(index)] = hostile;
          const res = await api.call({
            method: input.method,
            url: input.url,
            payload: body,
            ...(input.as && { as: input.as }),
          });
          expect(res.statusCode, `${JSON.stringify(hostile)}: ${res.body}`).toBe(400);
          expect(Object.keys(res.json().fields ?? {}), JSON.stringify(hostile)).toContain(field);
        }
        expect(await snapshot()).toBe(before);
      });
    }
    if (input.query) {
      it(`${input.method} ${input.url}?${input.query}= with control or direction characters gets 400 naming it`, async () => {
        for (const hostile of HOSTILE_IN_URL) {
          const url = `${input.url}?${input.query}=sam${hostile}%40example.com`;
          const res = await api.call({ method: input.method, url, ...(input.as && { as: input.as }) });
          expect(res.statusCode, `${JSON.stringify(hostile)}: ${res.body}`).toBe(400);
          expect(Object.keys(res.json().fields ?? {})).toContain(input.query);
        }
      });
    }
    if (input.url.includes("{}")) {
      it(`${input.method} ${input.url} with control or direction characters in the path gets a 4xx`, async () => {
        const before = await snapshot();
        for (const hostile of HOSTILE_IN_URL) {
          const url = input.url.replaceAll("{}", hostile);
          const res = await api.call({
            method: input.method,
            url,
            ...(input.body && { payload: input.body }),
            ...(input.as && { as: input.as }),
          });
          expect(res.statusCode, `${url}: ${res.body}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
        }
        expect(await snapshot()).toBe(before);
      });
    }
  }

  it("a Firebase display name with such characters is cleaned, not stored as sent", async () => {
    const { cleanText } = await import("../src/platform/text.js");
    expect(cleanText("  Ma\u202Eya\u0000 Lin\n ", 120)).toBe("Maya Lin");
  });
});

describe("fuzzing every route with malformed requests", () => {
  it("never answers 5xx and leaves the data exactly as it was", async () => {
    const before = await snapshot();
    const r = prng(Number(process.env.FUZZ_SEED ?? 20261122));
    const callers = [undefined, SAM, MAYA, ADMIN];
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const N = Number(process.env.FUZZ_REQUESTS ?? 3000);
    for (let i = 0; i < N; i++) {
      const [method, path] = ROUTES[Math.floor(r() * ROUTES.length)]!;
      let url = fillPath(r, path);
      if (r() < 0.5)
        url += `?${Object.entries(randomObject(r))
          .map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v) ?? "")}`)
          .join("&")}`;
      const as = callers[Math.floor(r() * callers.length)];
      const kind = r();
      const headers: Record<string, string> = {};
      let payload: string | undefined;
      if (method !== "GET" && method !== "DELETE") {
        if (kind < 0.6) {
          payload = JSON.stringify(randomValue(r));
          headers["content-type"] = "application/json";
        } else if (kind < 0.75) {
          payload = "{not json" + NASTY[Math.floor(r() * NASTY.length)];
          headers["content-type"] = "application/json";
        } else if (kind < 0.85) {
          payload = "a=1&b=2";
          headers["content-type"] = "application/x-www-form-urlencoded";
        } else {
          payload = "x".repeat(Math.floor(r() * 2_000_000));
          headers["content-type"] = "text/plain";
        }
      }
      if (kind > 0.97) headers.authorization = `Bearer ${NASTY[Math.floor(r() * NASTY.length)]}`;
      const res = await api.call({
        method: method as "GET",
        url,
        headers,
        ...(payload !== undefined && { payload }),
        ...(as && !headers.authorization && { as }),
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500)
        failures.push(`${method} ${url} as ${as?.email ?? "anonymous"}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      else if (res.statusCode >= 400 && !/"message"/.test(res.body))
        failures.push(`${method} ${url}: ${res.statusCode} without a message`);
    }
    expect(failures.slice(0, 10)).toEqual([]);
    // Writes that happened to be valid would change the data: the fuzzer must not sneak one in.
    const after = await snapshot();
    if (after !== before) {
      const [b, a] = [JSON.parse(before), JSON.parse(after)] as Record<string, unknown[]>[];
      const changed = Object.keys(b!).filter((t) => JSON.stringify(b![t]) !== JSON.stringify(a![t]));
      expect.fail(
        `the fuzzer changed ${changed.map((t) => `${t}: ${JSON.stringify(a![t]).slice(0, 400)}`).join("; ")}`,
      );
    }
    // It exercised the validators, not only the 404 handler.
    expect(statuses.get(400) ?? 0).toBeGreaterThan(N / 10);
  }, 120_000);

  it("the routes still work afterwards", async () => {
    expect((await api.call({ method: "GET", url: "/classes" })).statusCode).toBe(200);
    expect((await api.call({ method: "GET", url: `/classes/${classId(1)}` })).statusCode).toBe(200);
  });
});
