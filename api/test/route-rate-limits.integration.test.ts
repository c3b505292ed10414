import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { users } from "../src/platform/database/schema.js";
import { MAYA, SAM, useTestApi } from "./harness.js";

/**
 * The rate limits on the routes they protect (platform/rate-limits.ts; the plugin itself is
 * checked on a route of its own in src/messages/newsletter-and-limits.integration.test.ts), with budgets small
 * enough to spend in a few requests:
 *
 * - POST /create-payment-intent, POST /payments, POST /payments/:id and
 *   POST /checkouts/:orderId/extend: the sensitive limit, per signed-in caller and per route;
 *   opening a checkout is also counted per account each hour (RATE_LIMIT_CHECKOUTS).
 * - POST /images: the upload limit, per client address (whoever is signed in there).
 *
 * Every limit counts in an onRequest hook of its route: after the access check, which is an
 * onRequest hook of the whole API (a signed-out caller gets its 401 first, uncounted), and before
 * the body is read and validated. So a request refused for its input counts, one refused by the
 * handler counts, and once the budget is spent even a valid request gets the 429.
 */
const SENSITIVE = 3;
const UPLOADS = 2;
const CHECKOUTS = SENSITIVE + 2;
const api = useTestApi({
  RATE_LIMIT_SENSITIVE: String(SENSITIVE),
  RATE_LIMIT_UPLOADS: String(UPLOADS),
  RATE_LIMIT_CHECKOUTS: String(CHECKOUTS),
  // Out of the way: opening checkouts per address is checked in src/booking/seat-hoarding.integration.test.ts.
  RATE_LIMIT_CHECKOUTS_PER_ADDRESS: "1000",
});

type Who = { id: string; email: string };

/** A student of their own (every budget here is per caller): e-mail confirmed, empty cart. */
async function newStudent(): Promise<Who> {
  const email = `limits-${randomUUID().slice(0, 8)}@example.com`;
  const [row] = await api.database.db
    .insert(users)
    .values({ email, name: "Limit Tester", role: "student", emailVerified: true })
    .returning({ id: users.id, email: users.email });
  return row!;
}

let addresses = 0;
/** A client address no other test uses (the upload limit and signed-out callers count by address). */
const newAddress = () => `198.51.100.${++addresses}`;

const PER_MINUTE = /^Too many requests: try again in \d+ (second|minute)s?\.$/;

/** The limit's refusal: 429 in the API's error shape, with Retry-After in seconds. */
function expectRefused(res: LightMyRequestResponse, message = PER_MINUTE, maxWait = 60) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  expect(res.json()).toEqual({ error: "Too Many Requests", message: expect.stringMatching(message) });
  const wait = Number(res.headers["retry-after"]);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(maxWait);
}

const remaining = (res: LightMyRequestResponse) => res.headers["x-ratelimit-remaining"];

interface Limited {
  route: string;
  /** Refused by validation (a body or path that is not one), before the handler. */
  invalid(who: Who | undefined, remoteAddress?: string): Promise<LightMyRequestResponse>;
  invalidStatus: number;
  /** Well-formed, refused by the handler. */
  refused(who: Who | undefined, remoteAddress?: string): Promise<LightMyRequestResponse>;
  refusedStatus: number;
}

const call = (method: "POST", url: string, who: Who | undefined, payload: unknown, remoteAddress?: string) =>
  api.call({ method, url, payload: payload as Record<string, unknown>, ...(who && { as: who }), remoteAddress });

/** The routes the sensitive limit guards, per signed-in caller. */
const SENSITIVE_ROUTES: Limited[] = [
  {
    route: "POST /create-payment-intent",
    invalid: (who, at) => call("POST", "/create-payment-intent", who, { cartItemIds: "all" }, at),
    invalidStatus: 400,
    // An empty cart: nothing to check out.
    refused: (who, at) => call("POST", "/create-payment-intent", who, {}, at),
    refusedStatus: 409,
  },
  {
    route: "POST /payments",
    invalid: (who, at) => call("POST", "/payments", who, { transactionId: "not-a-payment" }, at),
    invalidStatus: 400,
    // Someone else's e-mail: refused before the payment provider is asked.
    refused: (who, at) => call("POST", "/payments", who, { transactionId: "pi_limits", email: SAM.email }, at),
    refusedStatus: 403,
  },
  {
    route: "POST /payments/:id",
    invalid: (who, at) => call("POST", "/payments/not-an-id", who, { transactionId: "pi_limits" }, at),
    invalidStatus: 400,
    refused: (who, at) =>
      call("POST", `/payments/${randomUUID()}`, who, { transactionId: "pi_limits", email: SAM.email }, at),
    refusedStatus: 403,
  },
  {
    route: "POST /checkouts/:orderId/extend",
    invalid: (who, at) => call("POST", "/checkouts/not-an-id/extend", who, undefined, at),
    invalidStatus: 400,
    // No such checkout of the caller's.
    refused: (who, at) => call("POST", `/checkouts/${randomUUID()}/extend`, who, undefined, at),
    refusedStatus: 404,
  },
];

describe("the sensitive limit on the payment routes", () => {
  for (const limited of SENSITIVE_ROUTES) {
    it(`${limited.route}: after ${SENSITIVE} requests in a minute the caller's next get 429, whatever they are`, async () => {
      const student = await newStudent();
      // Refused by validation or by the handler, every request counts.
      const spent = [];
      for (let i = 0; i < SENSITIVE; i++) spent.push(await (i % 2 ? limited.refused : limited.invalid)(student));
      expect(spent.map((r) => r.statusCode)).toEqual(
        spent.map((_, i) => (i % 2 ? limited.refusedStatus : limited.invalidStatus)),
      );
      expect(spent.map(remaining)).toEqual(spent.map((_, i) => String(SENSITIVE - 1 - i)));
      expect(spent.map((r) => r.headers["x-ratelimit-limit"])).toEqual(spent.map(() => String(SENSITIVE)));
      // Counted before the body is validated: the well-formed and the malformed alike.
      expectRefused(await limited.refused(student));
      expectRefused(await limited.invalid(student));
      // Another caller, from the same address, has a budget of their own.
      const other = await newStudent();
      const first = await limited.invalid(other);
      expect([first.statusCode, remaining(first)]).toEqual([limited.invalidStatus, String(SENSITIVE - 1)]);
      // A signed-out caller gets the access check's 401, never counted: never the 429.
      const address = newAddress();
      const signedOut = [];
      for (let i = 0; i <= SENSITIVE + 1; i++) signedOut.push((await limited.refused(undefined, address)).statusCode);
      expect(signedOut).toEqual(Array<number>(SENSITIVE + 2).fill(401));
    });
  }

  it("counts per route: a caller who spent one route's budget has each other route's whole", async () => {
    for (const spent of SENSITIVE_ROUTES) {
      const student = await newStudent();
      for (let i = 0; i < SENSITIVE; i++) expect((await spent.invalid(student)).statusCode).toBe(spent.invalidStatus);
      expectRefused(await spent.invalid(student));
      for (const other of SENSITIVE_ROUTES.filter((r) => r !== spent)) {
        const res = await other.refused(student);
        expect([spent.route, other.route, res.statusCode, remaining(res)]).toEqual([
          spent.route,
          other.route,
          other.refusedStatus,
          String(SENSITIVE - 1),
        ]);
      }
    }
  });
});

describe("opening checkouts, POST /create-payment-intent", () => {
  it("is counted against the sensitive limit each minute and the checkouts limit each hour, in that order", async () => {
    const student = await newStudent();
    const answers = [];
    for (let i = 0; i < SENSITIVE; i++) answers.push(await call("POST", "/create-payment-intent", student, {}));
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 409));
    // Requests SENSITIVE + 1 and + 2 are allowed by the hourly limit (CHECKOUTS of them): the
    // per-minute one refuses them.
    for (let i = 0; i < CHECKOUTS - SENSITIVE; i++)
      expectRefused(await call("POST", "/create-payment-intent", student, {}));
    // They still count by the hour, whose limit runs first: request CHECKOUTS + 1 is its refusal.
    const perHour = await call("POST", "/create-payment-intent", student, {});
    expectRefused(perHour, /^You have opened too many checkouts in the last hour: try again in \d+ minutes?\.$/, 3600);
    expect(Number(perHour.headers["retry-after"])).toBeGreaterThan(30 * 60);
    // Other routes' budgets are whole (another limit, another route).
    const payment = await call("POST", "/payments", student, { transactionId: "pi_limits", email: SAM.email });
    expect([payment.statusCode, remaining(payment)]).toEqual([403, String(SENSITIVE - 1)]);
  });
});

describe("the upload limit, POST /images", () => {
  const picture = (shade: number) =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: { r: shade, g: 90, b: 30 } } })
      .png()
      .toBuffer();
  async function upload(who: Who | undefined, remoteAddress: string, bytes?: Buffer) {
    const data = new FormData();
    if (bytes) data.append("image", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "picture.png");
    else data.append("image", "not a file");
    const body = new Response(data);
    return api.call({
      method: "POST",
      url: "/images",
      remoteAddress,
      headers: { "content-type": body.headers.get("content-type")! },
      payload: Buffer.from(await body.arrayBuffer()),
      ...(who && { as: who }),
    });
  }

  it(`counts per client address: after ${UPLOADS} uploads in a minute the next get 429, whoever sends them`, async () => {
    const address = newAddress();
    const spent = [await upload(MAYA, address, await picture(10)), await upload(MAYA, address)];
    // A stored picture, and a form without a file (refused by the handler): both count.
    expect(spent.map((r) => r.statusCode)).toEqual([201, 400]);
    expect(UPLOADS).toBe(spent.length);
    expect(spent.map(remaining)).toEqual(["1", "0"]);
    expectRefused(await upload(MAYA, address, await picture(20)));
    // The budget is the address's: another user there is refused as well.
    expectRefused(await upload(SAM, address, await picture(30)));
    // From another address, the same user uploads.
    const elsewhere = await upload(MAYA, newAddress(), await picture(40));
    expect([elsewhere.statusCode, remaining(elsewhere)]).toEqual([201, String(UPLOADS - 1)]);
  });

  it("does not count signed-out callers: their 401 comes first", async () => {
    const address = newAddress();
    const signedOut = [];
    for (let i = 0; i <= UPLOADS + 1; i++)
      signedOut.push((await upload(undefined, address, await picture(50))).statusCode);
    expect(signedOut).toEqual(Array<number>(UPLOADS + 2).fill(401));
    // The address's budget is whole.
    const first = await upload(MAYA, address, await picture(60));
    expect([first.statusCode, remaining(first)]).toEqual([201, String(UPLOADS - 1)]);
  });
});
