import { createHmac, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { expect, inject } from "vitest";
import { type CheckoutDeps, type PaymentProvider } from "../src/booking/index.js";
import { selfCamper } from "../src/campers/index.js";
import { PublicCache } from "../src/catalog/index.js";
import { createPaymentProvider } from "../src/payments/index.js";
import * as clock from "../src/platform/clock.js";
import type { ApiConfig } from "../src/platform/config.js";
import type { ChangeFeed } from "../src/platform/database/change-feed.js";
import { cartItems, classes, users } from "../src/platform/database/schema.js";
import { createSealer } from "../src/platform/sealing.js";
import { keepGuardian } from "./families.js";
import { confirmCard, MAYA, startTestApi, type TestApi } from "./harness.js";
import { MONEY_RACES_SECRET_KEY } from "./stripe-keys.js";

/**
 * The two API processes of the money races (api/src/payments/money.race.test.ts) and what the races do
 * with them: each process an app with its own connection pool, change feed and counted provider; a
 * student, a class and a cart made in the database; a checkout opened, paid and reported; and the
 * state money and seats must agree on, read back.
 */

export const SECRET_KEY = MONEY_RACES_SECRET_KEY;
export const WEBHOOK_SECRET = "whsec_money_races";
export const CLASS_NAME = "Money Race Camp";
export const EMAIL_PREFIX = "money-race-";
export const HOLD_SECONDS = 900;
/** How many orders one reconciler pass claims (payments/reconcile.ts). */
export const BATCH = 25;

export type Api = TestApi & { close(): Promise<void> };
export type Caller = { id: string; email: string };

/** What one process asked of the payment provider, by intent. */
export interface ProviderCalls {
  retrieve: string[];
  cancel: string[];
  refund: string[];
}

export interface Process {
  name: string;
  api: Api;
  /** Checkout dependencies as the process's own timers have them: its pool, its provider (counted), a change feed. */
  deps: CheckoutDeps;
  calls: ProviderCalls;
  /** Warnings and errors the sweep or the reconciler logged (they swallow failures into the log). */
  warnings: string[];
  feed: ChangeFeed;
}

export function countingProvider(real: PaymentProvider, calls: ProviderCalls): PaymentProvider {
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

export function recordingLog(base: FastifyBaseLogger, into: string[]): FastifyBaseLogger {
  const log = Object.create(base) as FastifyBaseLogger;
  const record = (obj: unknown, msg?: string) => {
    const err = (obj as { err?: { message?: string } } | null)?.err;
    into.push(`${typeof obj === "string" ? obj : (msg ?? "")}${err?.message ? `: ${err.message}` : ""}`);
  };
  log.warn = record as FastifyBaseLogger["warn"];
  log.error = record as FastifyBaseLogger["error"];
  return log;
}

export async function startProcess(name: string, databaseUrl: string): Promise<Process> {
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
export function resetRecords(...processes: Process[]) {
  for (const p of processes) {
    p.calls.retrieve.length = 0;
    p.calls.cancel.length = 0;
    p.calls.refund.length = 0;
    p.warnings.length = 0;
  }
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` with the API's clock (both processes read this one) moved forward by `ms`. */
export async function later<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const previous = clock.setClock(new Date(clock.nowMs() + ms));
  try {
    return await work();
  } finally {
    clock.restoreClock(previous);
  }
}

export async function sandboxGet<T>(path: string): Promise<T> {
  const res = await fetch(`${inject("paymentSandboxUrl")}${path}`, {
    headers: { authorization: `Bearer ${SECRET_KEY}` },
  });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** The provider's view of an intent: its status, and how much of its charge went back. */
export async function atProvider(intentId: string) {
  const pi = await sandboxGet<{
    status: string;
    amount: number;
    latest_charge: { amount_refunded: number } | null;
  }>(`/v1/payment_intents/${intentId}?expand[]=latest_charge`);
  return { status: pi.status, amount: pi.amount, refunded: pi.latest_charge?.amount_refunded ?? 0 };
}

/** The provider's own payment_intent.succeeded event of an intent, as it would deliver it. */
export async function succeededEvent(intentId: string): Promise<object> {
  const list = await sandboxGet<{ data: { id: string; data: { object: { id: string } } }[] }>(
    "/v1/events?type=payment_intent.succeeded&limit=100",
  );
  const event = list.data.find((e) => e.data.object.id === intentId);
  expect(event, `the provider's event of ${intentId}`).toBeDefined();
  return event!;
}

/** A webhook request signed as Stripe signs it (t=..., v1=HMAC-SHA256 of "t.payload"). */
export function deliver(to: Process, event: object) {
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

/** What the races do on their processes; `first` is the process the database is read through. */
export function moneyRaceSteps(first: () => Process) {
  const db = () => first().api.database.db;
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await db().execute(query)) as unknown as { rows: T[] }).rows;

  async function newStudent(): Promise<Caller> {
    const id = randomUUID();
    const email = `${EMAIL_PREFIX}${id}@example.com`;
    // A confirmed address: only those may pay (decision 028).
    await db()
      .insert(users)
      .values({ id, name: `Payer ${id.slice(0, 6)}`, email, role: "student", emailVerified: true });
    await keepGuardian(first().api, id);
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
   * enrolled counts equal what pending orders and enrolments say (read-then-write-steps.ts's check); a paid
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

  return {
    db,
    rows,
    newStudent,
    newClass,
    inCart,
    openCheckout,
    paidCheckout,
    report,
    order,
    seats,
    expectMoneyConsistent,
    warningsOf,
  };
}
