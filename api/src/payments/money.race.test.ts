import { createHmac, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expireOverdueCheckouts, type CheckoutDeps, type PaymentProvider } from "../booking/index.js";
import { selfCamper } from "../campers/index.js";
import { PublicCache } from "../catalog/index.js";
import * as clock from "../platform/clock.js";
import type { ApiConfig } from "../platform/config.js";
import type { ChangeFeed } from "../platform/database/change-feed.js";
import { cartItems, classes, users } from "../platform/database/schema.js";
import { createSealer } from "../platform/sealing.js";
import { createPaymentProvider } from "./provider.js";
import { reconcilePendingCheckouts } from "./reconcile.js";
import {
  confirmCard,
  createTestDatabaseUrl,
  driverName,
  MAYA,
  startTestApi,
  type TestApi,
} from "../../test/harness.js";
import { keepGuardian } from "../../test/families.js";
import { MONEY_RACES_SECRET_KEY } from "../../test/stripe-keys.js";

/**
 * The races where money and seats meet, each on two API processes sharing one
 * PostgreSQL, round after round: the expiry sweep against a payment being recorded, two processes
 * reconciling the same paid checkouts, and the signed webhook against the browser's report. Whoever
 * wins, the end state must hold: a payment has its seats and a seat its payment, the seat counts
 * are what the orders and enrolments say, and the provider's view agrees (a refund exactly when the
 * order was refunded). The two "processes" are two apps with their own connection pools, as in
 * test/read-then-write.race.test.ts; the sweep and the reconciler are called directly with each process's own
 * checkout dependencies (its pool, a change feed of its own, its provider, counted). PGlite runs one
 * transaction at a time, so this runs on PostgreSQL only.
 */

const SECRET_KEY = MONEY_RACES_SECRET_KEY;
const WEBHOOK_SECRET = "whsec_money_races";
const CLASS_NAME = "Money Race Camp";
const EMAIL_PREFIX = "money-race-";
const HOLD_SECONDS = 900;
/** How many orders one reconciler pass claims (payments/reconcile.ts). */
const BATCH = 25;

type Api = TestApi & { close(): Promise<void> };
type Caller = { id: string; email: string };

/** What one process asked of the payment provider, by intent. */
interface ProviderCalls {
  retrieve: string[];
  cancel: string[];
  refund: string[];
}

interface Process {
  name: string;
  api: Api;
  /** Checkout dependencies as the process's own timers have them: its pool, its provider (counted), a change feed. */
  deps: CheckoutDeps;
  calls: ProviderCalls;
  /** Warnings and errors the sweep or the reconciler logged (they swallow failures into the log). */
  warnings: string[];
  feed: ChangeFeed;
}

function countingProvider(real: PaymentProvider, calls: ProviderCalls): PaymentProvider {
  const counted = Object.create(real) as PaymentProvider;
  counted.retrieveIntent = (id) => {
    calls.retrieve.push(id);
    return real.retrieveIntent(id);
  };
  counted.cancelIntent = (id) => {
    calls.cancel.push(id);
    return real.cancelIntent(id);
  };
  counted.refund = (intentId, orderId) => {
    calls.refund.push(intentId);
    return real.refund(intentId, orderId);
  };
  return counted;
}

function recordingLog(base: FastifyBaseLogger, into: string[]): FastifyBaseLogger {
  const log = Object.create(base) as FastifyBaseLogger;
  const record = (obj: unknown, msg?: string) => {
    const err = (obj as { err?: { message?: string } } | null)?.err;
    into.push(`${typeof obj === "string" ? obj : (msg ?? "")}${err?.message ? `: ${err.message}` : ""}`);
  };
  log.warn = record as FastifyBaseLogger["warn"];
  log.error = record as FastifyBaseLogger["error"];
  return log;
}

async function startProcess(name: string, databaseUrl: string): Promise<Process> {
  const calls: ProviderCalls = { retrieve: [], cancel: [], refund: [] };
  let made: { config: ApiConfig; provider: PaymentProvider } | undefined;
  const api = await startTestApi(
    databaseUrl,
    {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      RATE_LIMIT_SENSITIVE: "100000",
      PAYMENT_HOLD_SECONDS: String(HOLD_SECONDS),
      // The processes' own reconcilers stay out of the way: the test runs them when it races them.
      RECONCILE_INTERVAL_MS: "3600000",
    },
    {
      paymentProvider: (config) => {
        made = { config, provider: countingProvider(createPaymentProvider(config.payments), calls) };
        return made.provider;
      },
    },
  );
  const { config, provider } = made!;
  const warnings: string[] = [];
  const log = recordingLog(api.app.log, warnings);
  const feed = api.database.openChangeFeed(log);
  await feed.start();
  const deps: CheckoutDeps = {
    db: api.database.db,
    cache: new PublicCache(api.database.db, feed, { log }),
    provider,
    config: config.payments,
    log,
    sealer: createSealer(config.camperDataKey, config.camperDataOldKeys),
  };
  return { name, api, deps, calls, warnings, feed };
}

/** Forgets what the processes asked of the provider and logged so far. */
function resetRecords(...processes: Process[]) {
  for (const p of processes) {
    p.calls.retrieve.length = 0;
    p.calls.cancel.length = 0;
    p.calls.refund.length = 0;
    p.warnings.length = 0;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` with the API's clock (both processes read this one) moved forward by `ms`. */
async function later<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const previous = clock.setClock(new Date(clock.nowMs() + ms));
  try {
    return await work();
  } finally {
    clock.restoreClock(previous);
  }
}

async function sandboxGet<T>(path: string): Promise<T> {
  const res = await fetch(`${inject("paymentSandboxUrl")}${path}`, {
    headers: { authorization: `Bearer ${SECRET_KEY}` },
  });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** The provider's view of an intent: its status, and how much of its charge went back. */
async function atProvider(intentId: string) {
  const pi = await sandboxGet<{
    status: string;
    amount: number;
    latest_charge: { amount_refunded: number } | null;
  }>(`/v1/payment_intents/${intentId}?expand[]=latest_charge`);
  return { status: pi.status, amount: pi.amount, refunded: pi.latest_charge?.amount_refunded ?? 0 };
}

/** The provider's own payment_intent.succeeded event of an intent, as it would deliver it. */
async function succeededEvent(intentId: string): Promise<object> {
  const list = await sandboxGet<{ data: { id: string; data: { object: { id: string } } }[] }>(
    "/v1/events?type=payment_intent.succeeded&limit=100",
  );
  const event = list.data.find((e) => e.data.object.id === intentId);
  expect(event, `the provider's event of ${intentId}`).toBeDefined();
  return event!;
}

/** A webhook request signed as Stripe signs it (t=..., v1=HMAC-SHA256 of "t.payload"). */
function deliver(to: Process, event: object) {
  const payload = JSON.stringify(event);
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac("sha256", WEBHOOK_SECRET).update(`${t}.${payload}`).digest("hex");
  return to.api.app.inject({
    method: "POST",
    url: "/webhooks/stripe",
    headers: { "content-type": "application/json", "stripe-signature": `t=${t},v1=${v1}` },
    payload,
  });
}

describe.runIf(driverName === "postgres")("money races on two processes sharing one PostgreSQL", () => {
  let a: Process;
  let b: Process;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const database = (await createTestDatabaseUrl())!;
    drop = database.drop;
    a = await startProcess("a", database.url);
    b = await startProcess("b", database.url);
  }, 60_000);

  afterAll(async () => {
    for (const p of [a, b]) {
      await p?.feed.close();
      await p?.api.close();
    }
    await drop?.();
  });

  const db = () => a.api.database.db;
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await db().execute(query)) as unknown as { rows: T[] }).rows;

  async function newStudent(): Promise<Caller> {
    const id = randomUUID();
    const email = `${EMAIL_PREFIX}${id}@example.com`;
    // A confirmed address: only those may pay (decision 028).
    await db()
      .insert(users)
      .values({ id, name: `Payer ${id.slice(0, 6)}`, email, role: "student", emailVerified: true });
    await keepGuardian(a.api, id);
    return { id, email };
  }

  async function newClass(seats: number): Promise<string> {
    const [row] = await db()
      .insert(classes)
      .values({
        name: CLASS_NAME,
        image: "https://example.com/money.png",
        instructorId: MAYA.id,
        availableSeats: seats,
        priceCents: 2500,
        status: "approved",
      })
      .returning({ id: classes.id });
    return row!.id;
  }

  async function inCart(studentId: string, classId: string): Promise<string> {
    const camper = await selfCamper(db(), studentId);
    const [row] = await db()
      .insert(cartItems)
      .values({ studentId, classId, camperId: camper.id })
      .returning({ id: cartItems.id });
    return row!.id;
  }

  interface Opened {
    orderId: string;
    paymentIntentId: string;
    clientSecret: string;
  }

  async function openCheckout(on: Process, student: Caller, cartItemIds: string[]): Promise<Opened> {
    const res = await on.api.call({
      method: "POST",
      url: "/create-payment-intent",
      as: student,
      payload: { cartItemIds },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Opened>();
  }

  /** A checkout opened and paid at the provider (what the browser's card form does), not yet reported. */
  async function paidCheckout(on: Process, student: Caller, cartItemIds: string[]): Promise<Opened> {
    const opened = await openCheckout(on, student, cartItemIds);
    expect(await confirmCard(opened.clientSecret)).toBe(200);
    return opened;
  }

  const report = (on: Process, student: Caller, transactionId: string) =>
    on.api.call({ method: "POST", url: "/payments", as: student, payload: { transactionId } });

  async function order(orderId: string) {
    const [row] = await rows<{ status: string; cancel_pending: boolean; payments: number; seats: number }>(sql`
      select o.status, o.cancel_pending,
             (select count(*)::int from payments p where p.order_id = o.id) as payments,
             (select count(*)::int from enrollments e where e.order_id = o.id) as seats
      from orders o where o.id = ${orderId}`);
    return row!;
  }

  async function seats(classId: string) {
    const [row] = await rows<{ held: number; enrolled: number; available: number }>(
      sql`select held_seats as held, enrolled_seats as enrolled, available_seats as available from classes where id = ${classId}`,
    );
    return row!;
  }

  /**
   * Everything money and seats must agree on, over every order and class these tests made: held and
   * enrolled counts equal what pending orders and enrolments say (test/read-then-write.race.test.ts's check); a paid
   * order has one payment and a seat for each of its items, any other none; every enrolment was
   * bought by a paid order.
   */
  async function expectMoneyConsistent(context: string) {
    const drift = await rows<{ id: string }>(sql`
      select c.id, c.held_seats, c.enrolled_seats from classes c
      where c.name = ${CLASS_NAME}
        and (c.held_seats <> (select count(*) from order_items oi join orders o on o.id = oi.order_id
                              where oi.class_id = c.id and o.status = 'pending')
             or c.enrolled_seats <> (select count(*) from enrollments e where e.class_id = c.id))`);
    expect(drift, `${context}: seat counts`).toEqual([]);
    const broken = await rows<{ id: string }>(sql`
      select o.id, o.status, p.n as payments, e.n as seats, i.n as items
      from orders o
      join users u on u.id = o.student_id
      cross join lateral (select count(*)::int as n from payments p where p.order_id = o.id) p
      cross join lateral (select count(*)::int as n from enrollments e where e.order_id = o.id) e
      cross join lateral (select count(*)::int as n from order_items oi where oi.order_id = o.id) i
      where u.email like ${`${EMAIL_PREFIX}%`}
        and not ((o.status = 'paid' and p.n = 1 and e.n = i.n) or (o.status <> 'paid' and p.n = 0 and e.n = 0))`);
    expect(broken, `${context}: a payment without its seats, or seats without a payment`).toEqual([]);
    const unpaid = await rows<{ id: string }>(sql`
      select e.id from enrollments e join users u on u.id = e.student_id
      where u.email like ${`${EMAIL_PREFIX}%`}
        and not exists (select 1 from orders o where o.id = e.order_id and o.status = 'paid')`);
    expect(unpaid, `${context}: enrolments no paid order bought`).toEqual([]);
  }

  const warningsOf = (...processes: Process[]) =>
    processes.flatMap((p) => p.warnings.map((w) => `${p.name}: ${w}`)).join("; ") || "none";

  it("the expiry sweep racing a payment being recorded: enrolled once, or refunded in full with the seat released", async () => {
    const ROUNDS = 30;
    // Who starts first is shifted a little from round to round, so that every order of events
    // comes up: the sweep before, during and after the payment's settlement.
    const DELAYS_MS = [0, 3, 6, 10, 15];
    const tally = { sweptFirst: 0, paid: 0, refunded: 0 };
    for (let i = 0; i < ROUNDS; i++) {
      resetRecords(a, b);
      // Every other round another student wants the same last seat at the same moment: if a sweep
      // frees it and they hold it before the payment is settled, the payment is refunded in full.
      const withRival = i % 2 === 1;
      const delay = DELAYS_MS[Math.floor(i / 2) % DELAYS_MS.length]!;
      const student = await newStudent();
      const classId = await newClass(1);
      const paid = await paidCheckout(a, student, [await inCart(student.id, classId)]);
      const rival = withRival ? await newStudent() : undefined;
      const rivalItem = rival ? await inCart(rival.id, classId) : undefined;

      // The card was confirmed in time; now the hold has run out on the clock both processes read.
      const [swept, reported, rivalCheckout] = await later((HOLD_SECONDS + 1) * 1000, () =>
        Promise.all([
          pause(withRival ? 0 : delay).then(() => expireOverdueCheckouts(a.deps)),
          pause(withRival ? delay : 0).then(() => report(b, student, paid.paymentIntentId)),
          rival &&
            a.api.call({
              method: "POST",
              url: "/create-payment-intent",
              as: rival,
              payload: { cartItemIds: [rivalItem] },
            }),
        ]),
      );

      const end = await order(paid.orderId);
      const provider = await atProvider(paid.paymentIntentId);
      const seat = await seats(classId);
      const all =
        `round ${i}${withRival ? " (with a rival)" : ""}: sweep ended ${swept}, report ${reported.statusCode} ${reported.body}, ` +
        `${rivalCheckout ? `rival ${rivalCheckout.statusCode} ${rivalCheckout.body}, ` : ""}` +
        `order ${JSON.stringify(end)}, seats ${JSON.stringify(seat)}, provider ${JSON.stringify(provider)}, ` +
        `warnings ${warningsOf(a, b)}`;

      expect(reported.statusCode, all).toBeLessThan(500);
      if (rivalCheckout) expect(rivalCheckout.statusCode, all).toBeLessThan(500);
      // Settled one way or the other, and nothing left for the reconciler to cancel.
      expect(["paid", "refunded"], all).toContain(end.status);
      tally.sweptFirst += swept;
      tally[end.status as "paid" | "refunded"]++;
      expect(end.cancel_pending, all).toBe(false);
      expect(provider.status, all).toBe("succeeded");
      if (end.status === "paid") {
        expect([200, 201], all).toContain(reported.statusCode);
        expect(reported.json().payment.transactionId, all).toBe(paid.paymentIntentId);
        expect({ payments: end.payments, seats: end.seats }, all).toEqual({ payments: 1, seats: 1 });
        expect(seat, all).toEqual({ held: 0, enrolled: 1, available: 1 });
        expect(provider.refunded, all).toBe(0);
        if (rivalCheckout) expect(rivalCheckout.statusCode, all).toBe(409);
      } else {
        expect(reported.statusCode, all).toBe(409);
        expect(reported.json().message, all).toMatch(/refunded in full/);
        expect({ payments: end.payments, seats: end.seats }, all).toEqual({ payments: 0, seats: 0 });
        // Refunded only because someone else took the seat the sweep freed: the rival holds it now.
        expect(rivalCheckout?.statusCode, all).toBe(201);
        expect(seat, all).toEqual({ held: 1, enrolled: 0, available: 1 });
        expect(provider.refunded, all).toBe(provider.amount);
      }
      // Anything logged is a refund's notice, never a failure swallowed.
      expect(
        [...a.warnings, ...b.warnings].filter((w) => !/seats no longer held: refunded/.test(w)),
        all,
      ).toEqual([]);
      await expectMoneyConsistent(all);
    }
    console.info(
      `expiry sweep against a payment, ${ROUNDS} rounds: this sweep ended the hold first in ${tally.sweptFirst}; ` +
        `${tally.paid} enrolled, ${tally.refunded} refunded`,
    );
    // Both endings happened, and the sweep won the race in some rounds and lost it in others: a run
    // whose requests never overlapped would show one ending only.
    expect(tally.paid, "rounds the payment was recorded in time").toBeGreaterThan(0);
    expect(tally.refunded, "rounds the payment was refunded").toBeGreaterThan(0);
    expect(tally.sweptFirst, "rounds the sweep ended the hold first").toBeGreaterThan(0);
    expect(tally.sweptFirst, "rounds the payment ended the hold first").toBeLessThan(ROUNDS);
  }, 120_000);

  it("two processes reconciling the same paid checkouts at once settle each exactly once, splitting the work", async () => {
    const ROUNDS = 6;
    // More than one pass's claim: each process must take part of the work.
    const ORDERS = BATCH + 5;
    const OLDER_THAN_MS = 60_000;
    const splits: string[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const classId = await newClass(ORDERS);
      const students = await Promise.all(Array.from({ length: ORDERS }, () => newStudent()));
      const items = await Promise.all(students.map((s) => inCart(s.id, classId)));
      // Cards confirmed, never reported, and no webhook: only the reconciler can settle these.
      const checkouts = await Promise.all(students.map((s, n) => paidCheckout(n % 2 ? a : b, s, [items[n]!])));
      const intents = new Set(checkouts.map((c) => c.paymentIntentId));
      expect(await seats(classId)).toEqual({ held: ORDERS, enrolled: 0, available: ORDERS });
      resetRecords(a, b);

      // A little over a minute later, both processes' timers fire at the same instant.
      const [byA, byB] = await later(OLDER_THAN_MS + 60_000, () =>
        Promise.all([
          reconcilePendingCheckouts(a.deps, OLDER_THAN_MS),
          reconcilePendingCheckouts(b.deps, OLDER_THAN_MS),
        ]),
      );

      const retrieved = [...a.calls.retrieve, ...b.calls.retrieve].filter((id) => intents.has(id));
      const perIntent = new Map<string, number>();
      for (const id of retrieved) perIntent.set(id, (perIntent.get(id) ?? 0) + 1);
      const twice = [...perIntent].filter(([, n]) => n > 1);
      const all =
        `round ${i}: a settled ${byA} (looked up ${a.calls.retrieve.length}), b settled ${byB} ` +
        `(looked up ${b.calls.retrieve.length}), looked up more than once: ${twice.length}, warnings ${warningsOf(a, b)}`;

      splits.push(`${byA}/${byB}`);
      // Each order was claimed by one process: looked up once at the provider, settled once. Claims
      // that overlap are split by SKIP LOCKED; a claim that starts once the other committed finds
      // those orders stamped (updated_at) as just looked at, and leaves them.
      expect(byA + byB, all).toBe(ORDERS);
      expect(twice, all).toEqual([]);
      expect(perIntent.size, all).toBe(ORDERS);
      // The claim is a batch: neither process took it all.
      expect(Math.min(byA, byB), all).toBeGreaterThan(0);
      expect(Math.max(byA, byB), all).toBeLessThanOrEqual(BATCH);
      expect([...a.calls.refund, ...b.calls.refund], all).toEqual([]);
      expect([...a.warnings, ...b.warnings], all).toEqual([]);
      const ends = await rows<{ status: string; payments: number; n: number }>(sql`
        select o.status, (select count(*)::int from payments p where p.order_id = o.id) as payments, count(*)::int as n
        from orders o where o.payment_intent_id in ${[...intents]} group by 1, 2`);
      expect(ends, all).toEqual([{ status: "paid", payments: 1, n: ORDERS }]);
      expect(await seats(classId), all).toEqual({ held: 0, enrolled: ORDERS, available: ORDERS });
      await expectMoneyConsistent(all);
    }
    console.info(
      `reconcilers racing, ${ROUNDS} rounds of ${ORDERS} paid checkouts: settled by a/b ${splits.join(", ")}`,
    );
  }, 180_000);

  it("the signed webhook on one process and the browser's report on the other, at once: one payment, one seat each", async () => {
    const ROUNDS = 20;
    let reportFirst = 0;
    for (let i = 0; i < ROUNDS; i++) {
      resetRecords(a, b);
      const student = await newStudent();
      const classIds = [await newClass(5), await newClass(5)];
      const items = [await inCart(student.id, classIds[0]!), await inCart(student.id, classIds[1]!)];
      const paid = await paidCheckout(a, student, items);
      const event = await succeededEvent(paid.paymentIntentId);

      const [hook, reported] = await Promise.all([deliver(a, event), report(b, student, paid.paymentIntentId)]);
      const all = `round ${i}: webhook ${hook.statusCode} ${hook.body}, report ${reported.statusCode} ${reported.body}`;
      expect(hook.statusCode, all).toBe(200);
      expect(hook.json(), all).toEqual({ received: true });
      expect([200, 201], all).toContain(reported.statusCode);
      if (reported.statusCode === 201) reportFirst++;
      const recorded = reported.json<{ result: { insertedId: string }; payment: { transactionId: string } }>();
      expect(recorded.payment.transactionId, all).toBe(paid.paymentIntentId);
      const settled = await order(paid.orderId);
      expect(settled, all).toEqual({ status: "paid", cancel_pending: false, payments: 1, seats: 2 });
      for (const classId of classIds) expect(await seats(classId), all).toEqual({ held: 0, enrolled: 1, available: 5 });
      await expectMoneyConsistent(all);

      // Replays, again on both processes at once: the provider retrying its event, the browser
      // reloading its result page. Nothing changes; the report finds the same record.
      const replays = await Promise.all([
        deliver(a, event),
        deliver(b, event),
        report(a, student, paid.paymentIntentId),
        report(b, student, paid.paymentIntentId),
      ]);
      const again = `${all}; replays ${replays.map((r) => `${r.statusCode} ${r.body}`).join(" | ")}`;
      for (const hookAgain of replays.slice(0, 2)) {
        expect(hookAgain.statusCode, again).toBe(200);
        expect(hookAgain.json(), again).toEqual({ received: true, duplicate: true });
      }
      for (const reportAgain of replays.slice(2)) {
        expect(reportAgain.statusCode, again).toBe(200);
        expect(reportAgain.json().result, again).toEqual({ insertedId: recorded.result.insertedId, deletedCount: 0 });
      }
      expect(await order(paid.orderId), again).toEqual(settled);
      for (const classId of classIds)
        expect(await seats(classId), again).toEqual({ held: 0, enrolled: 1, available: 5 });
      expect(await atProvider(paid.paymentIntentId), again).toMatchObject({ status: "succeeded", refunded: 0 });
      expect([...a.calls.refund, ...b.calls.refund], again).toEqual([]);
      await expectMoneyConsistent(again);
    }
    console.info(
      `webhook against report, ${ROUNDS} rounds: the report recorded the payment in ${reportFirst}, ` +
        `the webhook in ${ROUNDS - reportFirst}`,
    );
    // Each side recorded the payment in some rounds: the two really raced.
    expect(reportFirst, "rounds the browser's report recorded the payment").toBeGreaterThan(0);
    expect(reportFirst, "rounds the webhook recorded the payment").toBeLessThan(ROUNDS);
  }, 120_000);
});
