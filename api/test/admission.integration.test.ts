import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowMs } from "../src/platform/clock.js";
import { readConfig } from "../src/platform/config.js";
import { waitingRoomPapers } from "../src/waiting-room/index.js";
import { seatCounts } from "../src/waitlist/index.js";
import { family, lineClass } from "./families.js";
import { MAYA, startTestApi, useTestApi } from "./harness.js";

/**
 * Admission control (platform/admission.ts, decision 035) with a deliberately tiny limit: two
 * requests in flight per process. Past it a request is refused at once with 503, Retry-After and
 * words that say the site is very busy, before anything is read or changed; the health checks
 * and CORS preflights are always served.
 */
const RETRY_AFTER = 3;
const api = useTestApi({
  ADMISSION_MAX_IN_FLIGHT: "2",
  ADMISSION_RETRY_AFTER_SECONDS: String(RETRY_AFTER),
  // Out of the way: every family here opens one checkout.
  RATE_LIMIT_SENSITIVE: "1000",
  RATE_LIMIT_CHECKOUTS_PER_ADDRESS: "100000",
});

function expectBusy(res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.headers["retry-after"]).toBe(String(RETRY_AFTER));
  expect(JSON.parse(res.body)).toEqual({
    error: "Service Unavailable",
    message: `The site is very busy right now. Please try again in ${RETRY_AFTER} seconds: nothing was changed.`,
  });
}

describe("requests in flight past the limit", () => {
  let base = "";
  beforeAll(async () => {
    await api.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
  });

  /**
   * An upload whose file never finishes arriving: in flight until it is torn down. (A request
   * counts once its body has arrived; an upload's file is read by the route itself, in flight.
   * A JSON body that never finishes is not in flight: test/slow-clients.integration.test.ts.)
   */
  function hangingRequest() {
    const req = http.request(`${base}/images`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${api.token(MAYA)}`,
        "Content-Type": "multipart/form-data; boundary=hanging",
        "Content-Length": "100000",
      },
    });
    req.on("error", () => {});
    req.write(
      '--hanging\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    );
    return req;
  }
  const get = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${base}${path}`, init);
    return { statusCode: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
  };
  const waitFor = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(check()).toBe(true);
  };

  it("refuses with 503 and Retry-After, serves health and preflights, and takes requests again once they end", async () => {
    // The list answered twice: the second time by the cached lists' front path (decision 036).
    const frontServed = async () => JSON.parse((await get("/health")).body).frontServed as number;
    for (let i = 0; i < 2; i++) {
      expect((await get("/classes", { headers: { Origin: "http://localhost:3000" } })).statusCode).toBe(200);
    }
    expect(await frontServed()).toBe(1);
    const hanging = [hangingRequest(), hangingRequest()];
    await waitFor(() => api.app.admission().inFlight === 2);

    // Busy: the answer the front path learned is still replayed (it is never in flight and costs
    // less than a refusal); a read it has not learned (another page) is refused by the normal route.
    expect((await get("/classes", { headers: { Origin: "http://localhost:3000" } })).statusCode).toBe(200);
    expect(await frontServed()).toBe(2);
    const refused = await get("/classes?page=2", { headers: { Origin: "http://localhost:3000" } });
    expectBusy(refused);
    // The page reads the refusal across origins, Retry-After included.
    expect(refused.headers["access-control-allow-origin"]).toBe("http://localhost:3000");
    expect(refused.headers["access-control-expose-headers"]).toMatch(/Retry-After/);

    const health = await get("/health");
    expect(health.statusCode).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({
      admission: { inFlight: 2, maxInFlight: 2, refused: 1 },
      frontServed: 2,
    });
    expect((await get("/health/ready")).statusCode).toBe(200);
    const preflight = await get("/create-payment-intent", {
      method: "OPTIONS",
      headers: {
        Origin: "http://localhost:3000",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization,content-type",
      },
    });
    expect(preflight.statusCode).toBe(204);

    // A client that gives up frees its place.
    for (const req of hanging) req.destroy();
    await waitFor(() => api.app.admission().inFlight === 0);
    expect((await get("/classes")).statusCode).toBe(200);
    expect(api.app.admission().refused).toBeGreaterThanOrEqual(1);
  });

  it("serves a family the waiting room let in, and the room's own questions, whatever the limit; a forged or expired pass is refused as anybody", async () => {
    const papers = waitingRoomPapers(readConfig({ ACADEMY_DEV_DEFAULTS: "1" }).jwtSecret);
    const now = nowMs();
    const pass = (expiresAt: number) =>
      papers.pass({ opensAt: now, place: 1, admittedAt: now, userId: MAYA.id, expiresAt });
    const hanging = [hangingRequest(), hangingRequest()];
    await waitFor(() => api.app.admission().inFlight === 2);
    // A page each time: a list page answered once is answered again before Fastify (decision 036).
    let page = 10;
    const withPass = (text: string) => get(`/classes?page=${++page}`, { headers: { "Waiting-Room-Pass": text } });
    expect((await withPass(pass(now + 60_000))).statusCode).toBe(200);
    expectBusy(await withPass(pass(now - 1)));
    expectBusy(await withPass(`${pass(now + 60_000)}x`));
    // The waiting room's own questions, answered from memory, are never refused either.
    expect((await get("/waiting-room")).statusCode).toBe(200);
    for (const req of hanging) req.destroy();
    await waitFor(() => api.app.admission().inFlight === 0);
  });

  it("keeps half the places for changes: with one in flight a read waits, a change is still served", async () => {
    const hanging = hangingRequest();
    await waitFor(() => api.app.admission().inFlight === 1);
    // Busy: reads are refused, and the e-mail worker waits.
    expect(api.app.admission().busy).toBe(true);
    expectBusy(await get("/classes?page=3"));
    // A family in the middle of something (here a contact form with a field missing) is answered.
    const change = await get("/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Ana" }),
    });
    expect(change.statusCode, change.body).toBe(400);
    hanging.destroy();
    await waitFor(() => api.app.admission().inFlight === 0);
    expect(api.app.admission().busy).toBe(false);
  });
});

describe("a rush of checkouts", () => {
  it("answers each one with a seat, a full class or 503, never another 5xx, and a refused one holds nothing", async () => {
    const seats = 5;
    const classId = await lineClass(api, seats);
    const families = await Promise.all(Array.from({ length: 16 }, () => family(api)));
    // Each family's cart line first, one after the other (under the limit).
    const lines = new Map<string, string>();
    for (const f of families) {
      for (;;) {
        const added = await api.call({ method: "POST", url: "/carts", as: f, payload: { classItemId: classId } });
        if (added.statusCode === 503) continue;
        expect(added.statusCode, added.body).toBe(201);
        lines.set(f.id, added.json().insertedId);
        break;
      }
    }

    const answers: LightMyRequestResponse[] = await Promise.all(
      families.map((f) =>
        api.call({ method: "POST", url: "/create-payment-intent", as: f, payload: { cartItemIds: [lines.get(f.id)] } }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    const held = answers.filter((a) => a.statusCode === 201).length;
    expect(statuses.filter((s) => s === 503).length, statuses.join(",")).toBeGreaterThan(0);
    expect(held, statuses.join(",")).toBeGreaterThan(0);
    expect(held).toBeLessThanOrEqual(seats);
    for (const a of answers) {
      if (a.statusCode === 503) expectBusy({ statusCode: a.statusCode, headers: a.headers, body: a.body });
      else expect([201, 409], a.body).toContain(a.statusCode);
    }

    // The seats held are the answered checkouts', and a refused family has no order at all.
    const counts = await seatCounts(api.database.db, classId);
    expect(counts.problems).toEqual([]);
    expect(counts.held).toBe(held);
    for (const [i, f] of families.entries()) {
      if (answers[i]!.statusCode !== 503) continue;
      const orders = (await api.database.db.execute(
        sql`select count(*)::int as n from orders where student_id = ${f.id}`,
      )) as unknown as { rows: { n: number }[] };
      expect(Number(orders.rows[0]!.n)).toBe(0);
    }

    // Sent again after Retry-After (here at once, nothing else in flight), a refused checkout is served.
    const again = families.findIndex((_, i) => answers[i]!.statusCode === 503);
    const retried = await api.call({
      method: "POST",
      url: "/create-payment-intent",
      as: families[again]!,
      payload: { cartItemIds: [lines.get(families[again]!.id)] },
    });
    expect([201, 409], retried.body).toContain(retried.statusCode);
  });
});

describe("a process whose event loop lags", () => {
  let lagging: Awaited<ReturnType<typeof startTestApi>>;
  beforeAll(async () => {
    lagging = await startTestApi(undefined, {
      ADMISSION_MAX_IN_FLIGHT: "0",
      ADMISSION_MAX_LOOP_DELAY_MS: "200",
      ADMISSION_RETRY_AFTER_SECONDS: String(RETRY_AFTER),
    });
  });
  afterAll(() => lagging.close());

  it("refuses requests once @fastify/under-pressure measured the lag, and still answers its health checks", async () => {
    // Over a second of work that never lets the event loop turn, then one turn for the measure.
    const until = Date.now() + 1_300;
    while (Date.now() < until);
    await new Promise((r) => setTimeout(r, 20));
    const refused = await lagging.call({ method: "GET", url: "/classes" });
    expectBusy(refused);
    expect((await lagging.call({ method: "GET", url: "/health" })).statusCode).toBe(200);
    // A change is not refused for the lag (only by the limit of requests in flight).
    const change = await lagging.call({ method: "POST", url: "/contact", payload: { name: "Ana" } });
    expect(change.statusCode, change.body).toBe(400);
  });
});

describe("its settings", () => {
  it("are read from the environment, 0 turning a limit off", () => {
    const on = readConfig({ ACADEMY_DEV_DEFAULTS: "1" }).admission;
    expect(on).toEqual({
      maxInFlight: 24,
      maxEventLoopDelayMs: 1000,
      maxEventLoopUtilization: 0,
      bodyGraceMs: 500,
      maxPerAddress: 50,
      retryAfterSeconds: 2,
    });
    expect(readConfig({ ACADEMY_DEV_DEFAULTS: "1" }).httpTimeouts).toEqual({
      requestMs: 60_000,
      headersMs: 10_000,
      checkEveryMs: 1_000,
    });
    expect(readConfig({ ACADEMY_DEV_DEFAULTS: "1", HTTP_REQUEST_TIMEOUT_MS: "2000" }).httpTimeouts).toEqual({
      requestMs: 2_000,
      headersMs: 2_000,
      checkEveryMs: 500,
    });
    expect(() =>
      readConfig({ ACADEMY_DEV_DEFAULTS: "1", HTTP_REQUEST_TIMEOUT_MS: "5000", HTTP_HEADERS_TIMEOUT_MS: "6000" }),
    ).toThrow(/HTTP_HEADERS_TIMEOUT_MS/);
    expect(
      readConfig({ ACADEMY_DEV_DEFAULTS: "1", ADMISSION_MAX_IN_FLIGHT: "0", ADMISSION_MAX_LOOP_DELAY_MS: "0" })
        .admission,
    ).toMatchObject({
      maxInFlight: 0,
      maxEventLoopDelayMs: 0,
    });
    expect(() => readConfig({ ACADEMY_DEV_DEFAULTS: "1", ADMISSION_MAX_IN_FLIGHT: "-1" })).toThrow(
      /ADMISSION_MAX_IN_FLIGHT/,
    );
    expect(() => readConfig({ ACADEMY_DEV_DEFAULTS: "1", ADMISSION_MAX_LOOP_UTILIZATION: "1.5" })).toThrow(
      /UTILIZATION/,
    );
    expect(() => readConfig({ ACADEMY_DEV_DEFAULTS: "1", ADMISSION_RETRY_AFTER_SECONDS: "0" })).toThrow(
      /ADMISSION_RETRY_AFTER_SECONDS/,
    );
  });
});
