import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { readConfig } from "../platform/config.js";
import { classes, orders, users } from "../platform/database/schema.js";
import { nowMs, restoreClock, setClock } from "../platform/clock.js";
import { LEE, MAYA, SAM, user, useTestApi, type TestApi } from "../../test/harness.js";

/**
 * Seat hoarding (decision 011, its revision): three throwaway accounts held every seat of a class for
 * 2 h 45 min by extending their checkouts. One account now holds at most a few seats at once, a
 * hold lives at most 45 minutes from its checkout's opening whatever the extensions, and checkouts
 * are counted per account and per address. Time is moved with the API's clock, never slept.
 * (The same cap under two API processes racing on PostgreSQL: api/test/checkout-seats.race.test.ts.)
 */

const RAE = user("rae@example.com");
type Who = { id: string; email: string };
const MINUTE = 60_000;

/** Approved classes of their own, with no dates (never started) and a few seats each. */
async function newClasses(api: TestApi, n: number, seats = 5): Promise<string[]> {
  const rows = await api.database.db
    .insert(classes)
    .values(
      Array.from({ length: n }, (_, i) => ({
        name: `Hoard Camp ${i + 1} ${randomUUID().slice(0, 6)}`,
        image: "https://example.com/hoard.png",
        instructorId: MAYA.id,
        availableSeats: seats,
        priceCents: 2500,
        status: "approved" as const,
      })),
    )
    .returning({ id: classes.id });
  return rows.map((r) => r.id);
}

async function inCart(api: TestApi, who: Who, classIds: string[]): Promise<string[]> {
  const items: string[] = [];
  for (const classItemId of classIds) {
    const res = await api.call({ method: "POST", url: "/carts", as: who, payload: { classItemId } });
    expect(res.statusCode, res.body).toBe(201);
    items.push(res.json().insertedId as string);
  }
  return items;
}

const open = (api: TestApi, who: Who, cartItemIds?: string[]) =>
  api.call({ method: "POST", url: "/create-payment-intent", as: who, payload: cartItemIds ? { cartItemIds } : {} });

async function heldSeats(api: TestApi, classIds: string[]): Promise<number> {
  const rows = await api.database.db
    .select({ held: classes.heldSeats })
    .from(classes)
    .where(inArray(classes.id, classIds));
  return rows.reduce((sum, r) => sum + r.held, 0);
}

describe("the seats one account may hold at once", () => {
  const api = useTestApi();

  it("are at most six across its checkouts in progress, refused in plain words and holding nothing", async () => {
    const ids = await newClasses(api, 7);
    const items = await inCart(api, RAE, ids);

    const whole = await open(api, RAE);
    expect(whole.statusCode, whole.body).toBe(409);
    expect(whole.json().message).toBe(
      "One account can hold at most 6 seats at a time in checkouts in progress, and this one would bring yours to 7: pay for some of these classes first (each class in your cart has its own Pay button), then for the rest.",
    );
    expect(await heldSeats(api, ids)).toBe(0);

    const six = await open(api, RAE, items.slice(0, 6));
    expect(six.statusCode, six.body).toBe(201);
    expect(await heldSeats(api, ids)).toBe(6);
    // Refused while six are held: the checkout in progress is kept as it was.
    expect((await open(api, RAE)).statusCode).toBe(409);
    expect(await heldSeats(api, ids)).toBe(6);
    const [pending] = await api.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(sql`${orders.studentId} = ${RAE.id} and ${orders.status} = 'pending'`);
    expect(pending?.id).toBe(six.json().orderId);

    // A new selection replaces the checkout in progress: its seats do not add up with the old ones.
    const last = await open(api, RAE, items.slice(6));
    expect(last.statusCode, last.body).toBe(201);
    expect(await heldSeats(api, ids)).toBe(1);
    expect((await open(api, RAE, items.slice(1))).statusCode).toBe(201);
    expect(await heldSeats(api, ids)).toBe(6);
  });

  it("is PAYMENT_HOLD_SEATS_PER_ACCOUNT, a positive whole number", () => {
    expect(readConfig({ ACADEMY_DEV_DEFAULTS: "1" }).payments.heldSeatsPerAccount).toBe(6);
    expect(
      readConfig({ ACADEMY_DEV_DEFAULTS: "1", PAYMENT_HOLD_SEATS_PER_ACCOUNT: "2" }).payments.heldSeatsPerAccount,
    ).toBe(2);
    expect(() => readConfig({ ACADEMY_DEV_DEFAULTS: "1", PAYMENT_HOLD_SEATS_PER_ACCOUNT: "0" })).toThrow(
      /PAYMENT_HOLD_SEATS_PER_ACCOUNT/,
    );
  });
});

describe("how long a checkout holds its seats in all", () => {
  const api = useTestApi();
  let restore: number | undefined;
  /** Moves the API's clock (and so every hold's judge) forward. */
  const advance = (ms: number) => {
    const previous = setClock(new Date(nowMs() + ms));
    restore ??= previous;
  };
  afterEach(() => {
    if (restore !== undefined) restoreClock(restore);
    restore = undefined;
  });
  const extend = (who: Who, orderId: string) =>
    api.call({ method: "POST", url: `/checkouts/${orderId}/extend`, as: who });
  const near = (iso: string, expectedMs: number) => expect(Math.abs(Date.parse(iso) - expectedMs)).toBeLessThan(5_000);

  it("is 45 minutes from its opening, however often it is extended; the last extension answers the real expiry", async () => {
    const [classId] = await newClasses(api, 1, 1);
    const [item] = await inCart(api, SAM, [classId!]);
    const opened = await open(api, SAM, [item!]);
    expect(opened.statusCode, opened.body).toBe(201);
    const co = opened.json() as { orderId: string; expiresAt: string; maxExpiresAt: string };
    const start = nowMs();
    near(co.expiresAt, start + 15 * MINUTE);
    near(co.maxExpiresAt, start + 45 * MINUTE);

    // Extended each time the warning shows, a minute before the hold ends.
    for (const minute of [14, 28]) {
      advance(14 * MINUTE);
      const res = await extend(SAM, co.orderId);
      expect(res.statusCode, `minute ${minute}: ${res.body}`).toBe(200);
      near(res.json().expiresAt, nowMs() + 15 * MINUTE);
      expect(res.json().maxExpiresAt).toBe(co.maxExpiresAt);
    }
    advance(14 * MINUTE); // minute 42: a full hold would end at minute 57
    const last = await extend(SAM, co.orderId);
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json()).toEqual({ orderId: co.orderId, expiresAt: co.maxExpiresAt, maxExpiresAt: co.maxExpiresAt });
    const refused = await extend(SAM, co.orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "This hold has been extended as far as it can be: seats are held for at most 45 minutes from the start of a checkout. Pay before the countdown ends, or start again once it has.",
    );

    // Past the limit the seat is released: another student can hold it; the hold is not revived.
    advance(3 * MINUTE + 2_000);
    const late = await extend(SAM, co.orderId);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/ran out.*nothing was charged/);
    const [leeItem] = await inCart(api, LEE, [classId!]);
    const lee = await open(api, LEE, [leeItem!]);
    expect(lee.statusCode, lee.body).toBe(201);
    const [order] = await api.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, co.orderId));
    expect(order?.status).toBe("expired");
  });

  it("is not started over by reopening the page in the hold's last minute, nor by switching to another selection", async () => {
    const [first, second] = await newClasses(api, 2, 3);
    const [firstItem, secondItem] = await inCart(api, RAE, [first!, second!]);
    const opened = await open(api, RAE, [firstItem!]);
    expect(opened.statusCode, opened.body).toBe(201);
    const co = opened.json() as { orderId: string; maxExpiresAt: string };
    for (let i = 0; i < 3; i++) {
      advance(14 * MINUTE);
      expect((await extend(RAE, co.orderId)).statusCode).toBe(200);
    }
    // 30 seconds before the limit: a reload answers the same checkout, its end unchanged.
    advance(3 * MINUTE - 30_000);
    const reload = await open(api, RAE, [firstItem!]);
    expect(reload.statusCode, reload.body).toBe(200);
    expect(reload.json()).toMatchObject({ orderId: co.orderId, expiresAt: co.maxExpiresAt });

    // A selection sharing a held class replaces the checkout but keeps its limit.
    const both = await open(api, RAE, [firstItem!, secondItem!]);
    expect(both.statusCode, both.body).toBe(201);
    expect(both.json().orderId).not.toBe(co.orderId);
    expect(both.json()).toMatchObject({ expiresAt: co.maxExpiresAt, maxExpiresAt: co.maxExpiresAt });
    const extended = await extend(RAE, both.json().orderId);
    expect(extended.statusCode).toBe(409);
    expect(extended.json().message).toMatch(/extended as far as it can be/);
    // Once the seats were released, a new checkout starts a hold of its own.
    advance(31_000);
    const fresh = await open(api, RAE, [secondItem!]);
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect(Date.parse(fresh.json().maxExpiresAt) - nowMs()).toBeGreaterThan(44 * MINUTE);
  });

  it("is PAYMENT_HOLD_MAX_SECONDS, never less than one hold", () => {
    expect(readConfig({ ACADEMY_DEV_DEFAULTS: "1" }).payments).toMatchObject({
      holdSeconds: 900,
      holdMaxSeconds: 2700,
    });
    expect(readConfig({ ACADEMY_DEV_DEFAULTS: "1", PAYMENT_HOLD_SECONDS: "3600" }).payments.holdMaxSeconds).toBe(3600);
    expect(readConfig({ ACADEMY_DEV_DEFAULTS: "1", PAYMENT_HOLD_MAX_SECONDS: "1200" }).payments.holdMaxSeconds).toBe(
      1200,
    );
    expect(() => readConfig({ ACADEMY_DEV_DEFAULTS: "1", PAYMENT_HOLD_MAX_SECONDS: "600" })).toThrow(
      /PAYMENT_HOLD_MAX_SECONDS \(600\) must be at least PAYMENT_HOLD_SECONDS \(900\)/,
    );
  });
});

describe("opening checkouts", () => {
  const api = useTestApi({
    RATE_LIMIT_SENSITIVE: "1000",
    RATE_LIMIT_CHECKOUTS: "3",
    RATE_LIMIT_CHECKOUTS_PER_ADDRESS: "5",
  });
  const attempt = (who: Who, remoteAddress = "198.51.100.7") =>
    api.call({ method: "POST", url: "/create-payment-intent", as: who, remoteAddress, payload: {} });

  it("is limited per account and per client address, each hour", async () => {
    // Empty carts: refused (409) but counted, as every attempt is.
    const sam = [];
    for (let i = 0; i < 4; i++) sam.push(await attempt(SAM));
    expect(sam.map((r) => r.statusCode)).toEqual([409, 409, 409, 429]);
    expect(sam[3]!.json().message).toMatch(
      /^You have opened too many checkouts in the last hour: try again in \d+ minutes?\.$/,
    );
    expect(Number(sam[3]!.headers["retry-after"])).toBeGreaterThan(30 * 60);
    // Another account on the same network has an account budget of its own, not the address's.
    expect((await attempt(LEE)).statusCode).toBe(409);
    expect((await attempt(LEE)).statusCode).toBe(409);
    const network = await attempt(LEE);
    expect(network.statusCode).toBe(429);
    expect(network.json().message).toMatch(
      /^Too many checkouts have been opened from your network in the last hour: try again in \d+ minutes?\.$/,
    );
    // Elsewhere, the same accounts' budgets still count; a new account is free to start.
    expect((await attempt(SAM, "198.51.100.8")).statusCode).toBe(429);
    expect((await attempt(RAE, "198.51.100.8")).statusCode).toBe(409);
  });

  it("counts accepting a waitlist offer, which opens a checkout too, against the same budget", async () => {
    const [family] = await api.database.db
      .insert(users)
      .values({ email: `offers-${randomUUID().slice(0, 8)}@example.com`, name: "Kim Offers", emailVerified: true })
      .returning({ id: users.id, email: users.email });
    const accept = () =>
      api.call({ method: "POST", url: `/waitlist/${randomUUID()}/accept`, as: family!, remoteAddress: "198.51.100.9" });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await accept());
    expect(answers.map((r) => r.statusCode)).toEqual([404, 404, 404, 429]);
    expect(answers[3]!.json().message).toMatch(/^You have opened too many checkouts in the last hour/);
  });

  it("by default: twice RATE_LIMIT_SENSITIVE per account, six times per address", () => {
    expect(readConfig({ ACADEMY_DEV_DEFAULTS: "1" }).rateLimits).toMatchObject({
      checkouts: 20,
      checkoutsPerAddress: 60,
    });
    expect(readConfig({ ACADEMY_DEV_DEFAULTS: "1", RATE_LIMIT_SENSITIVE: "1000" }).rateLimits).toMatchObject({
      checkouts: 2000,
      checkoutsPerAddress: 6000,
    });
    expect(() => readConfig({ ACADEMY_DEV_DEFAULTS: "1", RATE_LIMIT_CHECKOUTS: "lots" })).toThrow(
      /RATE_LIMIT_CHECKOUTS/,
    );
  });
});
