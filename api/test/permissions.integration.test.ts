import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { classes } from "../src/platform/database/schema.js";
import { guarded, PUBLIC } from "./guarded-routes.js";
import { JONAS, useTestApi } from "./harness.js";
import { FAMILY_CASES } from "./permission-cases-families.js";
import { AID_CASES } from "./permission-cases-aid.js";
import { ACADEMY_CASES } from "./permission-cases-academy.js";
import { SITE_CASES } from "./permission-cases-site.js";
import { ALL, callers, JONAS_CLASS } from "./permission-rows.js";

/**
 * Every route, for every kind of caller: the status the server must answer (the rows:
 * permission-cases-*.ts), and authentication and rights before validation (guarded-routes.ts).
 */
const cases = [...SITE_CASES, ...FAMILY_CASES, ...AID_CASES, ...ACADEMY_CASES];

/** A small PNG as a browser's form would send it. */
async function imageForm() {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#f80" } })
    .png()
    .toBuffer();
  const data = new FormData();
  data.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "picture.png");
  const res = new Response(data);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { "content-type": res.headers.get("content-type")! },
  };
}

describe("permissions of every route for every role", () => {
  for (const c of cases) {
    for (const who of ALL) {
      it(`${c.name}: ${who} gets ${c.expect[who]}`, async () => {
        // A fresh API per row would be slow; each row's success leaves the others valid (see above).
        const api = apis[who];
        const caller = who === "anonymous" ? null : callers[who];
        const own =
          caller && c.ownToken && api.app.jwt.sign({ sub: caller.id, email: caller.email, jti: randomUUID() });
        const res = await api.call({
          method: c.method,
          url: c.url,
          ...(c.body !== undefined && { payload: c.body as object }),
          ...(c.upload && (await imageForm())),
          ...(own ? { headers: { authorization: `Bearer ${own}` } } : caller && { as: caller }),
        });
        expect(res.statusCode, res.body).toBe(c.expect[who]);
        if (res.statusCode >= 400)
          expect(Object.keys(res.json())).toEqual(expect.arrayContaining(["error", "message"]));
      });
    }
  }
});

// One seeded API per caller, so a successful write by one role cannot change another role's row.
const apis = { anonymous: useTestApi(), student: useTestApi(), instructor: useTestApi(), admin: useTestApi() };
beforeAll(async () => {
  for (const api of Object.values(apis)) {
    await api.database.db.insert(classes).values({
      id: JONAS_CLASS,
      name: "Jonas's Empty Clinic",
      image: "/images/seed/classes/baseball.svg",
      instructorId: JONAS.id,
      availableSeats: 10,
      priceCents: 9900,
      status: "approved",
    });
  }
});

describe("authentication and rights come before validation", () => {
  it("every route of the API is either public or listed here", () => {
    const doc = apis.anonymous.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const listed = new Set([
      ...PUBLIC,
      ...guarded.map((g) => `${g.method} ${g.url.replace(/\?.*$/, "").replace(/not-an-(id|email)/, (m) => m)}`),
    ]);
    const shape = (route: string) => route.replace(/\{\w+\}|not-an-(id|email)/g, "*");
    const shapes = new Set([...listed].map(shape));
    expect(routes.filter((r) => !shapes.has(shape(r)))).toEqual([]);
  });

  for (const g of guarded) {
    for (const who of ALL) {
      const lacks = who !== "anonymous" && g.lacking.includes(who);
      if (who !== "anonymous" && !lacks) continue;
      const status = who === "anonymous" ? 401 : 403;
      it(`${g.method} ${g.url} with invalid input: ${who} gets ${status}`, async () => {
        const api = apis[who];
        const as = who === "anonymous" ? {} : { as: callers[who] };
        const bodies: { payload?: string; headers?: Record<string, string> }[] =
          g.method === "GET" || g.method === "DELETE"
            ? [{}]
            : [
                { payload: JSON.stringify(g.body ?? {}), headers: { "content-type": "application/json" } },
                { payload: "{not json", headers: { "content-type": "application/json" } },
                { payload: "x=1", headers: { "content-type": "text/plain" } },
              ];
        for (const body of bodies) {
          const res = await api.call({ method: g.method, url: g.url, ...body, ...as });
          expect(res.statusCode, `${body.payload ?? ""}: ${res.body}`).toBe(status);
          expect(res.json().fields).toBeUndefined();
        }
      });
    }
  }
});
