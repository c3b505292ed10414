import { describe, expect, inject, it } from "vitest";
import { useTwoApiProcesses, waitFor, type ProcessApi } from "./api-processes.js";
import { family, lineClass } from "./families.js";
import { ADMIN, clockDay, confirmCard, driverName } from "./harness.js";
import { API_SUITE_SECRET_KEY } from "./stripe-keys.js";

/**
 * Payment plans' charging on two API server processes of their own (decision 040): both look for
 * due instalments every second; every instalment due is charged exactly once at the provider,
 * and both processes did claim some (the claim names its process).
 */
const FAMILIES = 24;

const rows = async <T>(api: ProcessApi, sql: string) =>
  ((await api.database.db.execute(sql)) as unknown as { rows: T[] }).rows;

describe.runIf(driverName === "postgres")("instalments due on two API server processes", () => {
  const { a, b } = useTwoApiProcesses({
    INSTALMENT_CHECK_SECONDS: "1",
    // Slow enough that one process cannot charge the whole morning before the other looks.
    INSTALMENT_CHARGES_PER_SECOND: "8",
    RATE_LIMIT_CHECKOUTS: "100000",
    RATE_LIMIT_SENSITIVE: "100000",
    RATE_LIMIT_FORMS: "100000",
  });

  it("each is charged once, by one process or the other, and both processes charge", async () => {
    const plan = await a.call({
      method: "POST",
      url: "/payment-plans",
      as: ADMIN,
      payload: { name: "Half now", deposit: { percent: 50 }, instalments: [{ due: { daysBeforeStart: 21 } }] },
    });
    expect(plan.statusCode, plan.body).toBe(201);
    const orders: string[] = [];
    for (let i = 0; i < FAMILIES; i++) {
      const api = i % 2 === 0 ? a : b;
      const classId = await lineClass(api, 5, {
        startDate: clockDay(60),
        endDate: clockDay(64),
        priceCents: 10_001 + i,
      });
      const parent = await family(api, ["Rae"]);
      const added = await api.call({
        method: "POST",
        url: "/carts",
        as: parent,
        payload: { classItemId: classId, camperId: parent.kids[0] },
      });
      expect(added.statusCode, added.body).toBe(201);
      const opened = await api.call({
        method: "POST",
        url: "/create-payment-intent",
        as: parent,
        payload: { paymentPlanId: plan.json()._id },
      });
      expect(opened.statusCode, opened.body).toBe(201);
      expect(await confirmCard(opened.json().clientSecret)).toBe(200);
      const paid = await api.call({
        method: "POST",
        url: "/payments",
        as: parent,
        payload: { transactionId: opened.json().paymentIntentId },
      });
      expect(paid.statusCode, paid.body).toBe(201);
      orders.push(opened.json().orderId);
    }
    const list = orders.map((id) => `'${id}'`).join(", ");
    // The morning their instalments fall due, all at once.
    await a.database.db.execute(`update instalments set due_day = current_date - 1 where order_id in (${list})`);
    await waitFor(
      async () =>
        (
          await rows<{ n: number }>(
            a,
            `select count(*)::int as n from instalments where order_id in (${list}) and status = 'paid'`,
          )
        )[0]!.n === FAMILIES,
      60_000,
    );

    const charged = await rows<{ status: string; attempts: number; by: string; amount: number; paid: number }>(
      a,
      `select i.status, i.attempts, i.claimed_by as by, i.amount_cents as amount,
         (select sum(p.amount_cents)::int from payments p where p.order_id = i.order_id) as paid
       from instalments i where i.order_id in (${list})`,
    );
    expect(charged.every((c) => c.status === "paid" && c.attempts === 1)).toBe(true);
    expect(new Set(charged.map((c) => c.by)).size, "both processes claimed instalments").toBe(2);
    const [totals] = await rows<{ lines: number; payments: number; prices: number }>(
      a,
      `select (select sum(paid_cents)::int from order_items where order_id in (${list})) as lines,
              (select sum(amount_cents)::int from payments where order_id in (${list})) as payments,
              (select sum(price_cents)::int from order_items where order_id in (${list})) as prices`,
    );
    expect(totals!.lines).toBe(totals!.prices);
    expect(totals!.payments).toBe(totals!.prices);

    // At the provider: each family's customer was charged twice (the deposit and the rest), no more.
    const customers = await rows<{ customer: string; price: number }>(
      a,
      `select o.payment_customer_id as customer, i.price_cents as price
       from orders o join order_items i on i.order_id = o.id where o.id in (${list})`,
    );
    for (const { customer, price } of customers) {
      const res = await fetch(`${inject("paymentSandboxUrl")}/v1/payment_intents?customer=${customer}&limit=100`, {
        headers: { authorization: `Bearer ${API_SUITE_SECRET_KEY}` },
      });
      const intents = ((await res.json()) as { data: { status: string; amount: number }[] }).data;
      expect(
        intents
          .filter((pi) => pi.status === "succeeded")
          .map((pi) => pi.amount)
          .sort((x, y) => x - y),
      ).toEqual([Math.floor(price / 2), price - Math.floor(price / 2)].sort((x, y) => x - y));
      expect(intents).toHaveLength(2);
    }
  }, 180_000);
});
