import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expireOverdueCheckouts } from "../booking/index.js";
import { reconcilePendingCheckouts } from "./reconcile.js";
import { createTestDatabaseUrl, driverName } from "../../test/harness.js";
import {
  atProvider,
  BATCH,
  deliver,
  HOLD_SECONDS,
  later,
  moneyRaceSteps,
  pause,
  type Process,
  resetRecords,
  startProcess,
  succeededEvent,
} from "../../test/money-race-processes.js";

/**
 * The races where money and seats meet, each on two API processes sharing one
 * PostgreSQL, round after round: the expiry sweep against a payment being recorded, two processes
 * reconciling the same paid checkouts, and the signed webhook against the browser's report. Whoever
 * wins, the end state must hold: a payment has its seats and a seat its payment, the seat counts
 * are what the orders and enrolments say, and the provider's view agrees (a refund exactly when the
 * order was refunded). The two "processes" are two apps with their own connection pools, as in
 * test/read-then-write.race.test.ts; the sweep and the reconciler are called directly with each process's own
 * checkout dependencies (its pool, a change feed of its own, its provider, counted). PGlite runs one
 * transaction at a time, so this runs on PostgreSQL only. The processes, and what the races do with
 * them: api/test/money-race-processes.ts.
 */

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

  const { rows, newStudent, newClass, inCart, paidCheckout, report, order, seats, expectMoneyConsistent, warningsOf } =
    moneyRaceSteps(() => a);

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
