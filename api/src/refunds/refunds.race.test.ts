import { eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LOCAL_SECRET_KEY } from "../../../tools/payment-sandbox.mjs";
import type { PaymentProvider } from "../booking/index.js";
import { createPaymentProvider } from "../payments/index.js";
import { orderItems, orders, refunds } from "../platform/database/schema.js";
import { setClock, restoreClock, nowMs } from "../platform/clock.js";
import { family, lineClass, paySeats, type Person } from "../../test/families.js";
import {
  ADMIN,
  clockDay,
  createTestDatabaseUrl,
  driverName,
  pause,
  staggered,
  startTestApi,
  useTwoTestApis,
  type TestApi,
} from "../../test/harness.js";
import { seatCounts } from "../waitlist/index.js";
import { mirrorRecentRefunds, mirrorRefunds, sendDueRefunds } from "./index.js";

/**
 * "One seat, one refund" when two API processes (one PostgreSQL, a pool each) cancel at the same
 * instant, and a refund asked while the provider is down: recorded with the
 * cancellation, sent once it answers, never twice.
 */
const LIMITS = { RATE_LIMIT_SENSITIVE: "100000", RATE_LIMIT_FORMS: "100000", RATE_LIMIT_CHECKOUTS: "100000" };

describe.runIf(driverName === "postgres")("cancellations when two API processes race", () => {
  const ROUNDS = 8;
  const { a, b } = useTwoTestApis(LIMITS);

  const seatsOf = async (t: TestApi, as: Person) => (await t.call({ method: "GET", url: "/enrollments", as })).json();
  const refundsOf = (orderId: string) =>
    a.database.db
      .select({ amount: refunds.amountCents, status: refunds.status })
      .from(refunds)
      .where(eq(refunds.orderId, orderId));
  const lines = (orderId: string) =>
    a.database.db
      .select({ price: orderItems.priceCents, refunded: orderItems.refundedCents })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));

  it("the same seat cancelled on both at once (two tabs, or the family and an admin): one cancellation, one refund", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const classId = await lineClass(a, 3, { startDate: clockDay(30), endDate: clockDay(34), priceCents: 9_900 });
      const parent = await family(a);
      const orderId = await paySeats(a, parent, [classId]);
      const [seat] = await seatsOf(a, parent);
      const second = round % 2 === 0 ? parent : ADMIN;
      const answers = await Promise.all([
        a.call({ method: "POST", url: `/enrollments/${seat._id}/cancel`, as: parent }),
        b.call({ method: "POST", url: `/enrollments/${seat._id}/cancel`, as: second }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404]);
      expect(await refundsOf(orderId)).toEqual([{ amount: 9_900, status: "succeeded" }]);
      expect(await lines(orderId)).toEqual([{ price: 9_900, refunded: 9_900 }]);
      expect((await seatCounts(a.database.db, classId)).problems).toEqual([]);
    }
  });

  it("two seats of one order cancelled at once: two partial refunds that add up to the order", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const first = await lineClass(a, 3, { startDate: clockDay(30), endDate: clockDay(34), priceCents: 4_999 });
      const second = await lineClass(a, 3, { startDate: clockDay(50), endDate: clockDay(54), priceCents: 7_501 });
      const parent = await family(a);
      const orderId = await paySeats(a, parent, [first, second]);
      const [s1, s2] = await seatsOf(a, parent);
      const answers = await Promise.all([
        a.call({ method: "POST", url: `/enrollments/${s1._id}/cancel`, as: parent }),
        b.call({ method: "POST", url: `/enrollments/${s2._id}/cancel`, as: parent }),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      const sent = await refundsOf(orderId);
      expect(sent.map((r) => r.status)).toEqual(["succeeded", "succeeded"]);
      expect(sent.reduce((n, r) => n + r.amount, 0)).toBe(4_999 + 7_501);
      const history = (
        await a.call({ method: "GET", url: "/payments", as: parent, query: { email: parent.email } })
      ).json();
      expect((Array.isArray(history) ? history : history.items)[0].status).toBe("refunded");
    }
  });
});

describe.runIf(driverName === "postgres")("a refund while the payment provider is down", () => {
  let down: Awaited<ReturnType<typeof startTestApi>>;
  let up: Awaited<ReturnType<typeof startTestApi>>;
  let drop: (() => Promise<void>) | undefined;
  let live: PaymentProvider;
  beforeAll(async () => {
    const db = (await createTestDatabaseUrl())!;
    drop = db.drop;
    up = await startTestApi(db.url, LIMITS, {
      paymentProvider: (config) => (live = createPaymentProvider(config.payments)),
    });
    // The real SDK, pointed at a port where nothing answers: the provider is down for this process.
    down = await startTestApi(db.url, LIMITS, {
      paymentProvider: (config) =>
        createPaymentProvider({ ...config.payments, apiUrl: new URL("http://127.0.0.1:9/") }),
    });
  }, 60_000);
  afterAll(async () => {
    await down?.close();
    await up?.close();
    await drop?.();
  });

  it("the cancellation is kept and says so; the refund goes when the provider answers, once", async () => {
    const classId = await lineClass(up, 3, { startDate: clockDay(30), endDate: clockDay(34), priceCents: 12_000 });
    const parent = await family(up);
    const orderId = await paySeats(up, parent, [classId]);
    const [seat] = await (await up.call({ method: "GET", url: "/enrollments", as: parent })).json();
    const answer = await down.call({ method: "POST", url: `/enrollments/${seat._id}/cancel`, as: parent });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ refundCents: 12_000, refundStatus: "pending" });
    expect(answer.json().message).toBe(
      "The seat is cancelled. The refund of $120.00 is recorded and goes to the card as soon as the payment service answers.",
    );
    const [pending] = await up.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(pending).toMatchObject({ status: "pending", attempts: 1 });
    expect(pending!.lastError).toMatch(/cannot be reached/);

    // Not due yet (its back-off): the sweep leaves it; once due, both processes sweep at once.
    expect(await sendDueRefunds({ db: up.database.db, provider: live, log: up.app.log })).toBe(0);
    const previous = setClock(new Date(nowMs() + 31_000));
    try {
      await Promise.all([
        sendDueRefunds({ db: up.database.db, provider: live, log: up.app.log }),
        sendDueRefunds({ db: up.database.db, provider: live, log: up.app.log }),
      ]);
    } finally {
      restoreClock(previous);
    }
    const [sent] = await up.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(sent).toMatchObject({ status: "succeeded", lastError: null });
    expect(sent!.providerRefundId).toMatch(/^re_/);
    const [count] = await up.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(refunds)
      .where(eq(refunds.orderId, orderId));
    expect(count!.n).toBe(1);
  });
});

describe.runIf(driverName === "postgres")(
  "refunds at the provider and goodwill refunds when two API processes race",
  () => {
    const ROUNDS = 6;
    let a: Awaited<ReturnType<typeof startTestApi>>;
    let b: Awaited<ReturnType<typeof startTestApi>>;
    let onA: PaymentProvider;
    let onB: PaymentProvider;
    let drop: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      const db = (await createTestDatabaseUrl())!;
      drop = db.drop;
      a = await startTestApi(db.url, LIMITS, { paymentProvider: (c) => (onA = createPaymentProvider(c.payments)) });
      b = await startTestApi(db.url, LIMITS, { paymentProvider: (c) => (onB = createPaymentProvider(c.payments)) });
    }, 60_000);
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await drop?.();
    });
    const lines = (orderId: string) =>
      a.database.db
        .select({ price: orderItems.priceCents, refunded: orderItems.refundedCents })
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId));
    const twoLines = async () => {
      const first = await lineClass(a, 3, { startDate: clockDay(30), endDate: clockDay(34), priceCents: 6_000 });
      const second = await lineClass(a, 3, { startDate: clockDay(50), endDate: clockDay(54), priceCents: 3_001 });
      const parent = await family(a);
      const orderId = await paySeats(a, parent, [first, second]);
      const [order] = await a.database.db.select().from(orders).where(eq(orders.id, orderId));
      return { parent, orderId, intent: order!.paymentIntentId! };
    };

    it("a Dashboard refund mirrored by one's webhook and the other's reconciliation at once: recorded once, shared once", async () => {
      const url = new URL(inject("paymentSandboxUrl"));
      const stripe = new Stripe(LOCAL_SECRET_KEY, { host: url.hostname, port: Number(url.port), protocol: "http" });
      for (let round = 0; round < ROUNDS; round++) {
        const { orderId, intent } = await twoLines();
        await stripe.refunds.create({ payment_intent: intent, amount: 5_001 });
        await Promise.all([
          mirrorRefunds({ db: a.database.db, provider: onA, log: a.app.log }, intent),
          mirrorRecentRefunds({ db: b.database.db, provider: onB, log: b.app.log }),
        ]);
        const rows = await a.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
        expect(rows.map((r) => [r.origin, r.amountCents, r.status])).toEqual([["provider", 5_001, "succeeded"]]);
        const now = await lines(orderId);
        expect(now.reduce((sum, l) => sum + l.refunded, 0)).toBe(5_001);
        expect(now.every((l) => l.refunded <= l.price)).toBe(true);
      }
    });

    it("an admin's goodwill refund of everything left while the family cancels a seat: never more than was paid", async () => {
      const outcomes = { goodwillFirst: 0, cancelFirst: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        const { parent, orderId } = await twoLines();
        const [seat] = await (await a.call({ method: "GET", url: "/enrollments", as: parent })).json();
        const [payment] = (
          await a.call({ method: "GET", url: "/payments", as: parent, query: { email: parent.email } })
        ).json();
        // One or the other starts a little later, round by round, so that each comes first in some.
        const start = staggered(round);
        const [goodwill, cancelled] = await Promise.all([
          pause(start.first).then(() =>
            a.call({
              method: "POST",
              url: `/admin/payments/${payment._id}/refund`,
              as: ADMIN,
              payload: { refundCents: 9_001, reason: "Camp closed" },
            }),
          ),
          pause(start.second).then(() =>
            b.call({ method: "POST", url: `/enrollments/${seat._id}/cancel`, as: parent }),
          ),
        ]);
        // Either the goodwill refund came first (the seat is cancelled with nothing left to refund),
        // or the cancellation did (the goodwill refund is refused: less is left than asked).
        expect(cancelled.statusCode, cancelled.body).toBe(200);
        if (goodwill.statusCode === 200) {
          outcomes.goodwillFirst++;
          expect(cancelled.json().refundCents).toBe(0);
        } else {
          outcomes.cancelFirst++;
          expect(goodwill.statusCode, goodwill.body).toBe(400);
          expect(cancelled.json().refundCents).toBe(6_000);
        }
        const rows = await a.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
        const total = rows.reduce((sum, r) => sum + r.amountCents, 0);
        const now = await lines(orderId);
        expect(now.reduce((sum, l) => sum + l.refunded, 0)).toBe(total);
        expect(total).toBeLessThanOrEqual(9_001);
      }
      console.info(`goodwill refund against a cancellation, ${ROUNDS} rounds: ${JSON.stringify(outcomes)}`);
      // Each came first in some rounds: the two really raced.
      expect(outcomes.goodwillFirst, JSON.stringify(outcomes)).toBeGreaterThan(0);
      expect(outcomes.cancelFirst, JSON.stringify(outcomes)).toBeGreaterThan(0);
    });

    it("two goodwill refunds of one payment at once (two admins, or a double click): never more than was paid", async () => {
      const outcomes = { onA: 0, onB: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        const { parent, orderId } = await twoLines();
        const [payment] = (
          await a.call({ method: "GET", url: "/payments", as: parent, query: { email: parent.email } })
        ).json();
        const start = staggered(round);
        const refund = (t: TestApi, ms: number) =>
          pause(ms).then(() =>
            t.call({
              method: "POST",
              url: `/admin/payments/${payment._id}/refund`,
              as: ADMIN,
              payload: { refundCents: 6_000, reason: "Rain week" },
            }),
          );
        const answers = await Promise.all([refund(a, start.first), refund(b, start.second)]);
        // 9,001 paid: the first 6,000 goes, the second is refused (3,001 is left).
        expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join("\n")).toEqual([200, 400]);
        if (answers[0]!.statusCode === 200) outcomes.onA++;
        else outcomes.onB++;
        const rows = await a.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
        expect(rows.map((r) => r.amountCents)).toEqual([6_000]);
        const now = await lines(orderId);
        expect(now.reduce((sum, l) => sum + l.refunded, 0)).toBe(6_000);
        expect(now.every((l) => l.refunded <= l.price)).toBe(true);
      }
      console.info(`two goodwill refunds of one payment, ${ROUNDS} rounds: ${JSON.stringify(outcomes)}`);
      expect(outcomes.onA, JSON.stringify(outcomes)).toBeGreaterThan(0);
      expect(outcomes.onB, JSON.stringify(outcomes)).toBeGreaterThan(0);
    });
  },
);
