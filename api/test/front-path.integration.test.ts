import http from "node:http";
import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { restoreClock, setClock } from "../src/platform/clock.js";
import { ADMIN, classId, MAYA, useTestApi } from "./harness.js";

/**
 * The cached public lists' front path (catalog/front-path.ts, decision 036), over real HTTP (it
 * sits on the server, before Fastify: app.inject does not reach it). The route answers a copy
 * once per shape of request; the same request again is answered by the front path, byte for byte
 * as the route answered it but for Date.
 */
const api = useTestApi();

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

let base = "";
beforeAll(async () => {
  await api.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
});

/** A request with exactly these headers (fetch would add its own Accept-Encoding and decode). */
function raw(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

const served = async () =>
  ((await api.call({ method: "GET", url: "/health" })).json() as { frontServed: number }).frontServed;

/** The answer but for Date (and the connection's own headers, which Node adds to every answer). */
const withoutDate = ({ status, headers, body }: Raw) => {
  const { date: _date, connection: _connection, "keep-alive": _keepAlive, ...rest } = headers;
  return { status, headers: rest, body: body.toString("base64") };
};

/** The same request twice: the route answers the first, the front path the second, alike. */
async function twice(path: string, headers: Record<string, string> = {}) {
  const first = await raw(path, headers);
  const before = await served();
  const second = await raw(path, headers);
  expect(await served(), `${path} ${JSON.stringify(headers)} from the front path`).toBe(before + 1);
  expect(withoutDate(second)).toEqual(withoutDate(first));
  expect(second.headers.date).toMatch(/GMT$/);
  return second;
}

/** The same request twice, both answered by the route. */
async function neverFront(path: string, headers: Record<string, string> = {}, method = "GET") {
  const before = await served();
  const answers = [await raw(path, headers, method), await raw(path, headers, method)];
  expect(await served(), `${method} ${path} ${JSON.stringify(headers)} not from the front path`).toBe(before);
  return answers;
}

describe("the cached lists' front path", () => {
  it("answers a list again as the route answered it: each coding, 304, CORS for the site alone", async () => {
    const shapes: Record<string, string>[] = [
      {},
      { "accept-encoding": "gzip, deflate" },
      { "accept-encoding": "gzip, deflate, br" },
      { "accept-encoding": "deflate" },
      { "accept-encoding": "br;q=0, *" },
      { origin: "http://localhost:3000", "accept-encoding": "br" },
      { origin: "https://evil.example" },
    ];
    for (const path of [
      "/classes",
      "/classes?page=1&size=9",
      "/classes?sport=soccer&sort=name",
      "/instructors",
      "/instructors?page=1",
    ]) {
      for (const headers of shapes) await twice(path, headers);
    }
    const br = await twice("/classes", { "accept-encoding": "br" });
    expect(br.headers["content-encoding"]).toBe("br");
    const site = await twice("/classes", { origin: "http://localhost:3000" });
    expect(site.headers["access-control-allow-origin"]).toBe("http://localhost:3000");
    expect(site.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(site.headers["x-content-type-options"]).toBe("nosniff");
    const stranger = await twice("/classes", { origin: "https://evil.example" });
    expect(stranger.headers["access-control-allow-origin"]).toBeUndefined();

    const etag = String(site.headers.etag);
    const notModified = await twice("/classes", { "if-none-match": etag });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    // An ETag of the same list in another coding names it too.
    expect((await twice("/classes", { "if-none-match": `W/${etag.slice(0, -1)}-gzip"` })).status).toBe(304);
    expect((await twice("/classes", { "if-none-match": '"classes-other"' })).status).toBe(200);
  });

  it("leaves to the route what it did not answer from the cache: tokens on the whole list, bad queries, HEAD, bodies", async () => {
    await raw("/classes");
    const admin = { authorization: `Bearer ${api.token(ADMIN)}` };
    const [asAdmin] = await neverFront("/classes", admin);
    const visitor = JSON.parse((await raw("/classes")).body.toString()) as unknown[];
    // An admin gets every class, pending ones too.
    expect((JSON.parse(asAdmin!.body.toString()) as unknown[]).length).toBeGreaterThan(visitor.length);
    expect((await neverFront("/classes", { authorization: "Bearer nonsense" }))[0]!.status).toBe(401);
    for (const query of ["page=0", "colour=red", "size=49", "min_price=90&max_price=50"]) {
      expect((await neverFront(`/classes?${query}`))[0]!.status, query).toBe(400);
    }
    await neverFront("/classes", {}, "HEAD");
    await neverFront("/classes", { "content-length": "0" });
    await neverFront("/classes/", {});
    // A page's answer is the same whoever asks: a token does not keep it from the front path.
    await twice("/classes?page=1&size=9", { authorization: `Bearer ${api.token(MAYA)}` });
  });

  it("serves a change on the very next read, then answers the new copy again", async () => {
    const list = async () => JSON.parse((await raw("/classes")).body.toString()) as { _id: string }[];
    await twice("/classes");
    const id = classId(1);
    expect((await list()).some((c) => c._id === id)).toBe(true);
    // An admin takes the class off the site: it leaves the public list.
    const edit = await api.call({
      method: "PATCH",
      url: `/classes/${id}/status`,
      as: ADMIN,
      payload: { status: "denied", feedback: "Taken off for now." },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const before = await served();
    expect((await list()).some((c) => c._id === id)).toBe(false);
    expect(await served()).toBe(before);
    await twice("/classes");
  });

  it("says the API's clock in Date", async () => {
    await twice("/classes");
    const previous = setClock("2031-03-01T10:00:00Z");
    try {
      // Another academy day: the copy of the day before is not replayed (its prices were that
      // day's, decision 034); the route loads that day's, then the front path replays it.
      const before = await served();
      await raw("/classes");
      expect(await served()).toBe(before);
      const moved = await twice("/classes");
      expect(moved.headers.date).toMatch(/^\w{3}, 01 Mar 2031 10:00:\d\d GMT$/);
    } finally {
      restoreClock(previous);
    }
  });
});
