import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { currentCommit, fuzzSeed } from "./fuzz-seed.js";
import { fillPath, KEYS, NASTY, randomValue, shuffled } from "./fuzz-values.js";
import { TEXT_INPUTS, type Caller } from "./text-inputs.js";
import { ADMIN, classId, MAYA, SAM, useTestApi } from "./harness.js";

// The rate limits would answer 429 long before the validators run out of cases.
const api = useTestApi({ RATE_LIMIT_FORMS: "100000", RATE_LIMIT_SENSITIVE: "100000", RATE_LIMIT_UPLOADS: "100000" });

/**
 * Every random choice in this file comes from one PRNG seeded with SEED: FUZZ_SEED when it is set,
 * else one derived from the commit under test (fuzz-seed.ts), so every run of one commit tries the
 * same requests. The seed is printed and named in every failure, so a failing run replays exactly
 * with `FUZZ_SEED=<seed>`.
 */
const { seed: SEED, from: SEED_FROM } = fuzzSeed(process.env.FUZZ_SEED, currentCommit());
const REPLAY = `seed ${SEED} (from ${SEED_FROM}): replay with FUZZ_SEED=${SEED} pnpm exec vitest run test/fuzz.integration.test.ts`;

/** A small seeded PRNG (mulberry32): the same seed, the same requests. */
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

interface Route {
  method: string;
  /** With `:name` where the document has `{name}`: the fuzzer fills each. */
  path: string;
  /** The query parameters the document names. */
  query: string[];
  /** Whether the document has a request body (JSON) for it. */
  body: boolean;
}

/**
 * The routes to fuzz: every operation of the API's OpenAPI document, the one permissions.integration.test.ts
 * checks every route against, so a new route is fuzzed without anyone listing it. Not in the
 * document, so not fuzzed: swagger-ui's pages under /docs (static files of @fastify/swagger-ui,
 * which hides them from the document; no input of the API's reaches them), and the HEAD and
 * OPTIONS answers Fastify and CORS add to the routes.
 */
function documentedRoutes(app: FastifyInstance): Route[] {
  type Operation = { parameters?: { in: string; name: string }[]; requestBody?: unknown };
  const doc = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path: path.replace(/\{(\w+)\}/g, ":$1"),
      query: (operation.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
      body: operation.requestBody !== undefined,
    })),
  );
}

let ROUTES: Route[] = [];
beforeAll(() => {
  ROUTES = documentedRoutes(api.app);
});

describe("the routes fuzzed", () => {
  it("are every operation of the OpenAPI document, each a route of the app", () => {
    const routes = ROUTES.map((r) => `${r.method} ${r.path}`);
    // Among them the ones the hand-written list this replaced had missed.
    expect(routes).toEqual(
      expect.arrayContaining([
        "POST /checkouts/:orderId/extend",
        "GET /myclasses/revenue",
        "GET /health",
        "GET /health/ready",
        "POST /logout",
        "POST /users/:id/sessions/revoke",
        "GET /classes/:id",
        "POST /images",
        "POST /webhooks/stripe",
      ]),
    );
    expect(new Set(routes).size).toBe(routes.length);
    const unknown = ROUTES.filter((r) => !api.app.hasRoute({ method: r.method as "GET", url: r.path }));
    expect(unknown).toEqual([]);
  });
});

/**
 * Every table of the API's schema, row by row: read from the catalog, so a table added later
 * (a new domain's) is compared too.
 */
async function snapshot(): Promise<string> {
  const listed = await api.database.db.execute(
    "select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1",
  );
  // The refund mirror's cursor is moved by its worker on a timer, whatever the requests do.
  const tables = (listed as unknown as { rows: { table_name: string }[] }).rows
    .map((t) => t.table_name)
    .filter((t) => t !== "provider_cursors");
  const out: Record<string, unknown> = {};
  for (const t of tables) {
    const res = await api.database.db.execute(`select * from "${t}" order by 1`);
    out[t] = (res as unknown as { rows: unknown[] }).rows;
  }
  return JSON.stringify(out);
}

/** The tables that differ between two snapshots, with their rows after (shortened). */
function changes(before: string, after: string): string {
  const [b, a] = [JSON.parse(before), JSON.parse(after)] as Record<string, unknown[]>[];
  return Object.keys({ ...b, ...a })
    .filter((t) => JSON.stringify(b![t]) !== JSON.stringify(a![t]))
    .map((t) => `${t}: ${JSON.stringify(a![t]).slice(0, 400)}`)
    .join("; ");
}

/**
 * The id the next transaction to write will be given (PostgreSQL's snapshot xmax): it moves only
 * when something wrote, or began to and rolled back, so the data is compared only then.
 */
async function nextWriteId(): Promise<string> {
  const res = await api.database.db.execute("select pg_snapshot_xmax(pg_current_snapshot())::text as xmax");
  return (res as unknown as { rows: { xmax: string }[] }).rows[0]!.xmax;
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

/** In a URL: percent-encoded UTF-8 (a lone surrogate has none: its would-be bytes instead). */
const HOSTILE_IN_URL = [
  ...HOSTILE.filter((h) => !/[\uD800-\uDFFF]/.test(h)).map(encodeURIComponent),
  "a%ED%A0%80b",
  "%C0%80",
];

describe("hostile text in every text input", () => {
  it("covers every route that takes a body, a path segment or an e-mail in the query", () => {
    const pattern = (url: string) => url.replace(/\{\}|[0-9a-f-]{36}/g, ":x").replace(/\?.*$/, "");
    const covered = new Set(TEXT_INPUTS.map((t) => `${t.method} ${pattern(t.url)}`));
    // Not here, for a reason: the provider's webhook takes only a body signed with the webhook
    // secret (anything else is refused before it is read: payments.integration.test.ts); the upload takes
    // multipart, not text (images.integration.test.ts, and forms/files.integration.test.ts for a form's
    // files); POST /logout reads nothing but the caller's token.
    const elsewhere = ["POST /webhooks/stripe", "POST /images", "POST /forms/:id/files", "POST /logout"];
    const takesText = ROUTES.filter(
      (r) =>
        r.path.includes(":") ||
        r.body ||
        r.method === "POST" ||
        r.method === "PUT" ||
        r.method === "PATCH" ||
        r.query.includes("email"),
    ).filter((r) => !elsewhere.includes(`${r.method} ${r.path}`));
    const missing = takesText.filter((r) => !covered.has(`${r.method} ${r.path.replace(/:\w+/g, ":x")}`));
    expect(missing).toEqual([]);
    // The routes of that list are still routes: a rename makes it fail instead of pass vacuously.
    expect(ROUTES.map((r) => `${r.method} ${r.path}`)).toEqual(expect.arrayContaining(elsewhere));
  });

  for (const input of TEXT_INPUTS) {
    for (const field of input.fields ?? []) {
      it(`${input.method} ${input.url}: ${field} with control or direction characters gets 400 naming it`, async () => {
        const before = await snapshot();
        for (const hostile of HOSTILE) {
          const body = structuredClone(input.body!);
          const [key, index] = field.split(".") as [string, string | undefined];
          if (index === undefined) body[key] = hostile;
          else (body[key] as Record<string, unknown>)[index] = hostile;
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

interface FuzzRequest {
  route: Route;
  method: string;
  url: string;
  as: Caller;
  headers: Record<string, string>;
  payload?: string;
}

/**
 * The fuzzer's requests, every choice made by `r` alone: the same seed, the same requests. Each
 * round of routes.length requests calls every route once, in an order of the PRNG's.
 */
function* fuzzRequests(r: () => number, routes: readonly Route[], n: number): Generator<FuzzRequest> {
  const callers: Caller[] = [undefined, SAM, MAYA, ADMIN];
  let round: Route[] = [];
  for (let i = 0; i < n; i++) {
    if (i % routes.length === 0) round = shuffled(r, routes);
    const route = round[i % routes.length]!;
    const { method, path } = route;
    let url = fillPath(r, path);
    if (r() < 0.5) {
      // The route's own query parameters as well as made-up ones.
      const names = [...route.query, ...KEYS];
      url += `?${Array.from({ length: Math.floor(r() * 5) }, () => {
        const value = randomValue(r);
        const text = r() < 0.5 && typeof value === "string" ? value : (JSON.stringify(value) ?? "");
        return `${names[Math.floor(r() * names.length)]}=${encodeURIComponent(text)}`;
      }).join("&")}`;
    }
    // POST /logout reads nothing but the caller's token: signed in, any request to it is a valid
    // sign-out, which would end the caller's sessions (every later request of theirs a 401), so it
    // is fuzzed signed out and with malformed tokens only.
    const caller = callers[Math.floor(r() * callers.length)];
    const as = path === "/logout" ? undefined : caller;
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
    yield { route, method, url, as: headers.authorization ? undefined : as, headers, payload };
  }
}

describe("fuzzing every route with malformed requests", () => {
  it("makes the same requests from the same seed (every random choice is the PRNG's)", () => {
    const digest = (seed: number) => {
      const hash = createHash("sha256");
      for (const q of fuzzRequests(prng(seed), ROUTES, 300)) {
        hash.update(
          JSON.stringify([q.method, q.url, q.as?.email, q.headers, q.payload?.length, q.payload?.slice(0, 200)]),
        );
      }
      return hash.digest("hex");
    };
    expect(digest(SEED), REPLAY).toBe(digest(SEED));
    expect(digest(SEED + 1)).not.toBe(digest(SEED));
  });

  it("never answers 5xx and leaves the data exactly as it was", async ({ annotate }) => {
    console.log(`fuzz.integration.test.ts: ${REPLAY}`);
    await annotate(REPLAY);
    // The data as the last request left it, and the requests the API accepted that wrote.
    let data = await snapshot();
    let writeId = await nextWriteId();
    const accepted: string[] = [];
    const statuses = new Map<number, number>();
    const fuzzed = new Set<Route>();
    const failures: string[] = [];
    const N = Number(process.env.FUZZ_REQUESTS ?? 3000);
    for (const { route, method, url, as, headers, payload } of fuzzRequests(prng(SEED), ROUTES, N)) {
      fuzzed.add(route);
      const res = await api.call({
        method: method as "GET",
        url,
        headers,
        ...(payload !== undefined && { payload }),
        ...(as && { as }),
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      // A random request is now and then a valid one (PATCH /users/me with {"name":"k2x"}): the
      // API may do what it asks. Every other answer must leave the data exactly as it was.
      const written = await nextWriteId();
      if (written !== writeId) {
        writeId = written;
        const now = await snapshot();
        if (now !== data) {
          const what = `${method} ${url} as ${as?.email ?? "anonymous"}: ${res.statusCode} ${changes(data, now)}`;
          if (res.statusCode >= 200 && res.statusCode < 300) accepted.push(what);
          else failures.push(`changed the data, answering ${what}`);
          data = now;
        }
      }
      if (res.statusCode >= 500)
        failures.push(`${method} ${url} as ${as?.email ?? "anonymous"}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      else if (res.statusCode >= 400 && !/"message"/.test(res.body))
        failures.push(`${method} ${url}: ${res.statusCode} without a message`);
    }
    if (accepted.length > 0)
      console.log(`fuzz.integration.test.ts: valid requests among the random ones:\n${accepted.join("\n")}`);
    expect(failures.slice(0, 10), REPLAY).toEqual([]);
    // Nothing wrote unseen (a write after its answer, say): the data is as the last request left it.
    const after = await snapshot();
    if (after !== data) expect.fail(`${REPLAY}: the data changed outside any request: ${changes(data, after)}`);
    // Every route was called (FUZZ_REQUESTS permitting), and the validators were exercised, not
    // only the 404 handler.
    expect(ROUTES.length).toBeGreaterThan(0);
    if (N >= ROUTES.length) expect(ROUTES.filter((route) => !fuzzed.has(route))).toEqual([]);
    expect(statuses.get(400) ?? 0, REPLAY).toBeGreaterThan(N / 10);
  }, 120_000);

  it("the routes still work afterwards", async () => {
    expect((await api.call({ method: "GET", url: "/classes" })).statusCode).toBe(200);
    expect((await api.call({ method: "GET", url: `/classes/${classId(1)}` })).statusCode).toBe(200);
  });
});
