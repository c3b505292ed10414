import { afterEach, beforeEach, expect, inject } from "vitest";
import { authenticateCard } from "../../tools/card-payment.mjs";
import { restoreClock, setClock } from "../src/platform/clock.js";
import { addDays } from "../src/plans/index.js";
import { family, lineClass, type Person } from "./families.js";
import { ADMIN, clockDay, confirmCard, type ApiClient } from "./harness.js";
import { API_SUITE_SECRET_KEY } from "./stripe-keys.js";

/**
 * Families on payment plans for the plans' API tests (decision 040): a plan, a cart, the deposit
 * paid through the sandbox, the API's clock moved day by day (put back after each test).
 */
export function planFamilies(api: ApiClient) {
  const rows = async <T>(sql: string) => ((await api.database.db.execute(sql)) as unknown as { rows: T[] }).rows;

  let previousClock: number | null = null;
  afterEach(() => {
    if (previousClock !== null) restoreClock(previousClock);
    previousClock = null;
  });
  let today = clockDay(0);
  beforeEach(() => {
    today = clockDay(0);
  });
  /** A day from today as the test began, wherever the clock has been moved since. */
  const day = (offsetDays: number) => addDays(today, offsetDays);
  /** Moves the API's clock to noon (Pacific) of a day from the test's today. */
  const moveTo = (offsetDays: number) => {
    const previous = setClock(`${day(offsetDays)}T20:00:00Z`);
    previousClock ??= previous;
  };

  async function threePayments(name: string) {
    const res = await api.call({
      method: "POST",
      url: "/payment-plans",
      as: ADMIN,
      payload: {
        name,
        deposit: { percent: 25 },
        instalments: [{ due: { daysBeforeStart: 60 }, share: { percent: 25 } }, { due: { daysBeforeStart: 21 } }],
        cutoffDays: 30,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json()._id as string;
  }

  /** A family with one child, a seat of a class starting in 100 days at $200.01 in the cart. */
  async function familyWithCart() {
    const classId = await lineClass(api, 10, { startDate: clockDay(100), endDate: clockDay(104), priceCents: 20_001 });
    const parent = await family(api, ["Ivy"]);
    const added = await api.call({
      method: "POST",
      url: "/carts",
      as: parent,
      payload: { classItemId: classId, camperId: parent.kids[0] },
    });
    expect(added.statusCode, added.body).toBe(201);
    return { parent, classId };
  }

  async function payDeposit(parent: Person, planId: string, card = "4242424242424242") {
    const opened = await api.call({
      method: "POST",
      url: "/create-payment-intent",
      as: parent,
      payload: { paymentPlanId: planId },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(await confirmCard(opened.json().clientSecret, card)).toBe(200);
    const paid = await api.call({
      method: "POST",
      url: "/payments",
      as: parent,
      payload: { transactionId: opened.json().paymentIntentId },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    return opened.json();
  }

  /**
   * The plan's saved card replaced by a test card of Stripe's, attached to the family's Customer:
   * `pm_card_chargeCustomerFail` (4000 0000 0000 0341) is declined at every charge.
   */
  async function replaceCard(orderId: string, testCard: string) {
    const [order] = await rows<{ customer: string }>(
      `select payment_customer_id as customer from orders where id = '${orderId}'`,
    );
    const attached = await fetch(`${inject("paymentSandboxUrl")}/v1/payment_methods/${testCard}/attach`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${API_SUITE_SECRET_KEY}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ customer: order!.customer }),
    });
    expect(attached.status).toBe(200);
    const { id: card } = (await attached.json()) as { id: string };
    await api.database.db.execute(`update orders set payment_method_id = '${card}' where id = '${orderId}'`);
  }

  /**
   * The family replaces its plans' card on its Balance page (a SetupIntent), as a browser does:
   * the card entered, the bank's check completed when it asks for one, the page reporting it.
   */
  async function cardFromBalance(parent: Person, number: string) {
    const opened = await api.call({ method: "POST", url: "/balance/card", as: parent });
    expect(opened.statusCode, opened.body).toBe(200);
    const secret = opened.json().clientSecret as string;
    expect(await confirmCard(secret, number)).toBe(200);
    const [setupIntentId] = secret.split("_secret_");
    const asked = await fetch(`${inject("paymentSandboxUrl")}/v1/setup_intents/${setupIntentId}`, {
      headers: { authorization: `Bearer ${API_SUITE_SECRET_KEY}` },
    });
    if (((await asked.json()) as { status: string }).status === "requires_action") {
      expect(await authenticateCard(inject("paymentSandboxUrl"), secret)).toBe(200);
    }
    const settled = await api.call({
      method: "POST",
      url: "/balance/card/settle",
      as: parent,
      payload: { setupIntentId },
    });
    expect(settled.statusCode, settled.body).toBe(200);
  }

  const instalmentsOf = (orderId: string) =>
    rows<{ due: string; amount: number; status: string; attempts: number; decline: string | null }>(
      `select to_char(due_day, 'YYYY-MM-DD') as due, amount_cents as amount, status, attempts, decline_code as decline
       from instalments where order_id = '${orderId}' order by due_day`,
    );
  const paidOf = async (orderId: string) =>
    (
      await rows<{ paid: number; refunded: number }>(
        `select paid_cents as paid, refunded_cents as refunded from order_items where order_id = '${orderId}'`,
      )
    )[0]!;
  const paymentsOf = (orderId: string) =>
    rows<{ kind: string; amount: number }>(
      `select kind, amount_cents as amount from payments where order_id = '${orderId}' order by paid_at, kind`,
    );
  const mailOf = (to: string, kind: string) =>
    rows<{ facts: Record<string, unknown> }>(
      `select payload as facts from notification_outbox where recipient = '${to}' and kind = '${kind}' order by created_at`,
    );

  return {
    rows,
    day,
    moveTo,
    threePayments,
    familyWithCart,
    payDeposit,
    replaceCard,
    cardFromBalance,
    instalmentsOf,
    paidOf,
    paymentsOf,
    mailOf,
  };
}
