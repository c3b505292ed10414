import { describe, expect, it } from "vitest";
import { ADMIN, clockDay, confirmCard, useTestApi } from "../../test/harness.js";
import { planFamilies } from "../../test/plan-families.js";
import { API_SUITE_SECRET_KEY } from "../../test/stripe-keys.js";
import { inject } from "vitest";
import { nowMs, setClock } from "../platform/clock.js";
import { readPaymentConfig } from "../platform/config/payments.js";
import { createPaymentProvider } from "../payments/index.js";
import { CLAIM_LOST_MS } from "./charging.js";
import { remindUpcoming } from "./reminders.js";

/**
 * A family pays a deposit and the rest in instalments (decision 040), through the API against the
 * payment sandbox, on PGlite and PostgreSQL: the schedule kept, each instalment charged on its day
 * once, the totals to the cent, a promo code applied before the split, the reminders of a busy week
 * each written once, a refused charge retried and e-mailed, a cancelled seat's charges still to come
 * cancelled with it.
 */
const api = useTestApi();

const {
  rows,
  day,
  moveTo,
  threePayments,
  familyWithCart,
  payDeposit,
  replaceCard,
  instalmentsOf,
  paidOf,
  paymentsOf,
  mailOf,
} = planFamilies(api);

describe("a payment plan, from the deposit to the last instalment", () => {
  it("charges the deposit now, then each instalment on its day, once, the totals adding up to the cent", async () => {
    const planId = await threePayments("Three payments");
    const { parent } = await familyWithCart();

    const checkout = await payDeposit(parent, planId);
    expect(checkout).toMatchObject({ amount: 50, totalCents: 20_001 });
    expect(checkout.plan).toMatchObject({ _id: planId, name: "Three payments" });
    expect(checkout.plan.schedule).toEqual([
      { due: clockDay(0), amountCents: 5_000, deposit: true },
      { due: clockDay(40), amountCents: 5_000, deposit: false },
      { due: clockDay(79), amountCents: 10_001, deposit: false },
    ]);
    expect(checkout.plan.consent).toMatch(
      /authorise Summit Sports Academy to save this card and charge it \$50\.00 on/,
    );
    // Where the family replaces the card, and how it withdraws the permission: both its own to do.
    expect(checkout.plan.consent).toMatch(/you can replace the card there at any time/);
    expect(checkout.plan.consent).toMatch(
      /To withdraw this permission, cancel the classes on My Enrolled Classes, .* or ask the academy's office to cancel the plan/,
    );
    expect(checkout.plan.consent).not.toMatch(/contact the academy/);
    const orderId = checkout.orderId as string;
    expect(await paidOf(orderId)).toEqual({ paid: 5_000, refunded: 0 });
    const [receipt] = await mailOf(parent.email, "payment-receipt");
    expect(receipt!.facts).toMatchObject({
      totalCents: 5_000,
      plan: {
        name: "Three payments",
        later: [
          { due: day(40), amountCents: 5_000 },
          { due: day(79), amountCents: 10_001 },
        ],
      },
    });
    expect(await instalmentsOf(orderId)).toEqual([
      { due: clockDay(40), amount: 5_000, status: "scheduled", attempts: 0, decline: null },
      { due: clockDay(79), amount: 10_001, status: "scheduled", attempts: 0, decline: null },
    ]);
    const [order] = await rows<{ method: string | null }>(
      `select payment_method_id as method from orders where id = '${orderId}'`,
    );
    expect(order!.method).toMatch(/^pm_/);

    // Nothing is due yet, and nothing is near enough to remind of.
    await api.app.chargeInstalments();
    expect(await mailOf(parent.email, "instalment-reminder")).toEqual([]);
    // Three days before, the family is reminded, once however often the pass runs.
    moveTo(37);
    await api.app.chargeInstalments();
    await api.app.chargeInstalments();
    const reminders = await mailOf(parent.email, "instalment-reminder");
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.facts).toMatchObject({
      amountCents: 5_000,
      dueDay: day(40),
      later: [{ amountCents: 10_001 }],
    });
    expect((await instalmentsOf(orderId)).map((i) => i.status)).toEqual(["scheduled", "scheduled"]);

    moveTo(40);
    await api.app.chargeInstalments();
    await api.app.chargeInstalments();
    expect((await instalmentsOf(orderId)).map((i) => [i.status, i.attempts])).toEqual([
      ["paid", 1],
      ["scheduled", 0],
    ]);
    expect(await paidOf(orderId)).toEqual({ paid: 10_000, refunded: 0 });
    expect(await paymentsOf(orderId)).toEqual([
      { kind: "checkout", amount: 5_000 },
      { kind: "instalment", amount: 5_000 },
    ]);
    const [paidMail] = await mailOf(parent.email, "instalment-paid");
    expect(paidMail!.facts).toMatchObject({ amountCents: 5_000, cardLast4: "4242", later: [{ amountCents: 10_001 }] });

    const owing = (await api.call({ method: "GET", url: "/balance", as: parent })).json();
    expect(owing).toMatchObject({ owedCents: 10_001, next: { due: day(79), amountCents: 10_001 }, atRisk: false });
    expect(owing.plans).toEqual([
      expect.objectContaining({
        orderId,
        name: "Three payments",
        totalCents: 20_001,
        paidCents: 10_000,
        refundedCents: 0,
        owedCents: 10_001,
        seats: [expect.objectContaining({ camperName: expect.stringMatching(/^Ivy /) })],
      }),
    ]);
    expect(owing.plans[0].instalments.map((i: { status: string }) => i.status)).toEqual(["paid", "scheduled"]);

    moveTo(85);
    await api.app.chargeInstalments();
    expect((await instalmentsOf(orderId)).map((i) => i.status)).toEqual(["paid", "paid"]);
    expect(await paidOf(orderId)).toEqual({ paid: 20_001, refunded: 0 });
    const charged = await paymentsOf(orderId);
    expect(charged.reduce((sum, p) => sum + p.amount, 0)).toBe(20_001);
    expect(charged).toHaveLength(3);
    expect((await api.call({ method: "GET", url: "/balance", as: parent })).json()).toMatchObject({
      owedCents: 0,
      next: null,
    });
  });

  it("refuses a plan not offered for the cart, naming the field", async () => {
    const { parent } = await familyWithCart();
    const paused = await threePayments("Paused");
    await api.call({ method: "PATCH", url: `/payment-plans/${paused}`, as: ADMIN, payload: { paused: true } });
    const res = await api.call({
      method: "POST",
      url: "/create-payment-intent",
      as: parent,
      payload: { paymentPlanId: paused },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields.paymentPlanId).toMatch(/not offered any more/);
  });

  it("cancelling the seat cancels its charges still to come, and refunds on what was paid", async () => {
    const planId = await threePayments("Cancellable");
    const { parent } = await familyWithCart();
    const { orderId } = await payDeposit(parent, planId);
    const [seat] = (await api.call({ method: "GET", url: "/enrollments", as: parent })).json();
    // What was paid, not the seat's price: the policy's refund is on it (100% this far ahead).
    expect(seat.paid).toBe(50);
    expect(seat.cancellation).toMatchObject({
      paidCents: 5_000,
      refundCents: 5_000,
      text: "You will get $50.00 back of $50.00.",
    });
    const cancelled = await api.call({ method: "POST", url: `/enrollments/${seat._id}/cancel`, as: parent });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await instalmentsOf(orderId)).map((i) => [i.status, i.amount])).toEqual([
      ["cancelled", 0],
      ["cancelled", 0],
    ]);
    expect(cancelled.json()).toMatchObject({ refundCents: 5_000, refundStatus: "succeeded" });
    expect(await paidOf(orderId)).toEqual({ paid: 5_000, refunded: 5_000 });
    moveTo(85);
    await api.app.chargeInstalments();
    expect(await paymentsOf(orderId)).toEqual([{ kind: "checkout", amount: 5_000 }]);
  });

  it("a seat cancelled after an instalment is refunded through both charges, each no more than it took", async () => {
    const planId = await threePayments("Two charges back");
    const { parent } = await familyWithCart();
    const { orderId } = await payDeposit(parent, planId);
    moveTo(40);
    await api.app.chargeInstalments();
    expect(await paidOf(orderId)).toEqual({ paid: 10_000, refunded: 0 });
    const [seat] = (await api.call({ method: "GET", url: "/enrollments", as: parent })).json();
    const cancelled = await api.call({ method: "POST", url: `/enrollments/${seat._id}/cancel`, as: parent });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ refundCents: 10_000, refundStatus: "succeeded" });
    const back = await rows<{ amount: number; status: string; instalment: boolean }>(
      `select r.amount_cents as amount, r.status, r.payment_intent_id is not null as instalment
       from refunds r where r.order_id = '${orderId}' order by r.payment_intent_id is null`,
    );
    expect(back).toEqual([
      { amount: 5_000, status: "succeeded", instalment: true },
      { amount: 5_000, status: "succeeded", instalment: false },
    ]);
    expect(await paidOf(orderId)).toEqual({ paid: 10_000, refunded: 10_000 });
    expect((await instalmentsOf(orderId)).map((i) => i.status)).toEqual(["paid", "cancelled"]);
  });
});

describe("a promo code with a plan", () => {
  it("takes the discount off before the split: the deposit and the instalments add up to the discounted total, to the cent", async () => {
    const planId = await threePayments("Discounted plan");
    const code = await api.call({
      method: "POST",
      url: "/discounts",
      as: ADMIN,
      payload: { kind: "code", name: "Flyer PLAN15", code: "PLAN15", percentOff: 15 },
    });
    expect(code.statusCode, code.body).toBe(201);
    const { parent } = await familyWithCart();
    const quoted = await api.call({
      method: "POST",
      url: "/carts/quote",
      as: parent,
      payload: { promoCode: "PLAN15" },
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    const discounted = quoted.json().totalCents as number;
    expect(discounted).toBeLessThan(20_001);

    const opened = await api.call({
      method: "POST",
      url: "/create-payment-intent",
      as: parent,
      payload: { paymentPlanId: planId, promoCode: "PLAN15" },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const checkout = opened.json();
    expect(checkout).toMatchObject({ promoCode: "PLAN15", totalCents: discounted, subtotalCents: 20_001 });
    expect(checkout.subtotalCents - checkout.discountCents).toBe(discounted);
    expect(checkout.items[0].priceCents).toBe(discounted);
    const schedule = checkout.plan.schedule as { amountCents: number; deposit: boolean }[];
    expect(schedule.reduce((sum, part) => sum + part.amountCents, 0)).toBe(discounted);
    // A quarter of the discounted price today, not of the list price.
    expect(schedule[0]).toMatchObject({ deposit: true, amountCents: Math.floor(discounted / 4) });
    expect(Math.round(checkout.amount * 100)).toBe(schedule[0]!.amountCents);

    expect(await confirmCard(checkout.clientSecret)).toBe(200);
    const paid = await api.call({
      method: "POST",
      url: "/payments",
      as: parent,
      payload: { transactionId: checkout.paymentIntentId },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const orderId = checkout.orderId as string;
    expect((await instalmentsOf(orderId)).map((i) => i.amount)).toEqual(schedule.slice(1).map((p) => p.amountCents));
    moveTo(85);
    await api.app.chargeInstalments();
    const charged = await paymentsOf(orderId);
    expect(charged).toHaveLength(3);
    expect(charged.reduce((sum, p) => sum + p.amount, 0)).toBe(discounted);
    expect(await paidOf(orderId)).toEqual({ paid: discounted, refunded: 0 });
  });
});

describe("the reminders of the days ahead", () => {
  it("reaches every instalment past the first batch, each reminded once", async () => {
    const planId = await threePayments("Busy week");
    const parents = [];
    for (let i = 0; i < 3; i += 1) {
      const { parent } = await familyWithCart();
      await payDeposit(parent, planId);
      parents.push(parent);
    }
    moveTo(37);
    // One at a time: three families' reminders take three batches, all in this pass.
    expect(await remindUpcoming(api.database.db, 1)).toBeGreaterThanOrEqual(3);
    expect(await remindUpcoming(api.database.db, 1)).toBe(0);
    await api.app.chargeInstalments();
    for (const parent of parents) {
      const reminders = await mailOf(parent.email, "instalment-reminder");
      expect(reminders, parent.email).toHaveLength(1);
      expect(reminders[0]!.facts).toMatchObject({ dueDay: day(40), amountCents: 5_000 });
    }
  });
});

describe("a refused instalment", () => {
  it("is e-mailed at once with the reason, tried again on the academy's days, then left at risk", async () => {
    const planId = await threePayments("Refused later");
    const { parent } = await familyWithCart();
    const { orderId } = await payDeposit(parent, planId);
    // The family's card is replaced by one its bank will decline.
    await replaceCard(orderId, "pm_card_chargeCustomerFail");

    moveTo(40);
    await api.app.chargeInstalments();
    expect(await instalmentsOf(orderId)).toMatchObject([
      { status: "failed", attempts: 1, decline: "generic_decline" },
      { status: "scheduled" },
    ]);
    const [mail] = await mailOf(parent.email, "instalment-failed");
    expect(mail!.facts).toMatchObject({
      amountCents: 5_000,
      declineCode: "generic_decline",
      nextAttemptDay: day(42),
      // The card refused, named by the provider's refusal: "the card ending in 0341".
      cardLast4: "0341",
    });
    expect(await paidOf(orderId)).toEqual({ paid: 5_000, refunded: 0 });

    // Not before its retry day; then every two days, three more times (the default), then no more.
    await api.app.chargeInstalments();
    expect((await instalmentsOf(orderId))[0]!.attempts).toBe(1);
    for (const later of [42, 44, 46]) {
      moveTo(later);
      await api.app.chargeInstalments();
    }
    const [refused] = await instalmentsOf(orderId);
    expect(refused).toMatchObject({ status: "failed", attempts: 4 });
    const [next] = await rows<{ next: string | null }>(
      `select next_attempt_at as next from instalments where order_id = '${orderId}' and status = 'failed'`,
    );
    expect(next!.next).toBeNull();
    const mails = await mailOf(parent.email, "instalment-failed");
    expect(mails).toHaveLength(4);
    expect(mails.at(-1)!.facts).toMatchObject({ nextAttemptDay: null });
    const atRisk = (await api.call({ method: "GET", url: "/balance", as: parent })).json();
    expect(atRisk).toMatchObject({ atRisk: true, owedCents: 15_001 });
    expect(atRisk.plans[0].instalments[0]).toMatchObject({
      status: "failed",
      problem: "Your bank declined the card.",
      atRisk: true,
      nextAttemptAt: null,
    });
    moveTo(50);
    await api.app.chargeInstalments();
    expect((await instalmentsOf(orderId))[0]!.attempts).toBe(4);
    expect(await paymentsOf(orderId)).toEqual([{ kind: "checkout", amount: 5_000 }]);
  });
});

describe("a charge whose answer was lost", () => {
  it("is asked again under the same key when its claim runs out: the provider answers the first charge, none is made twice", async () => {
    const planId = await threePayments("Lost answer");
    const { parent } = await familyWithCart();
    const { orderId } = await payDeposit(parent, planId);
    const [order] = await rows<{ customer: string; method: string }>(
      `select payment_customer_id as customer, payment_method_id as method from orders where id = '${orderId}'`,
    );
    const [first] = await rows<{ id: string; amount: number }>(
      `select id, amount_cents as amount from instalments where order_id = '${orderId}' order by due_day limit 1`,
    );
    // A process claimed it on its day and asked the provider, then stopped before recording the answer.
    moveTo(40);
    const claimedAt = new Date(nowMs()).toISOString();
    await api.database.db.execute(
      `update instalments set status = 'charging', attempts = 1, claimed_at = '${claimedAt}', claimed_by = 'stopped:1' where id = '${first!.id}'`,
    );
    const provider = createPaymentProvider(
      readPaymentConfig(
        { STRIPE_SECRET_KEY: API_SUITE_SECRET_KEY, STRIPE_API_URL: inject("paymentSandboxUrl") },
        false,
      ),
    );
    const charged = await provider.chargeSavedCard({
      customerId: order!.customer,
      paymentMethodId: order!.method,
      amountCents: first!.amount,
      currency: "usd",
      description: "Payment plan instalment",
      metadata: { planOrderId: orderId, instalmentId: first!.id },
      idempotencyKey: `instalment-${first!.id}-1`,
    });
    expect(charged.paid).toBe(true);

    // Within the claim's time nobody takes it; after, another process does, as the same attempt.
    await api.app.chargeInstalments();
    expect((await instalmentsOf(orderId))[0]).toMatchObject({ status: "charging", attempts: 1 });
    setClock(new Date(nowMs() + CLAIM_LOST_MS + 1_000));
    await api.app.chargeInstalments();
    expect((await instalmentsOf(orderId))[0]).toMatchObject({ status: "paid", attempts: 1 });
    const [recorded] = await rows<{ intent: string }>(
      `select payment_intent_id as intent from instalments where id = '${first!.id}'`,
    );
    expect(recorded!.intent).toBe(charged.paid && charged.intentId);
    const atProvider = await fetch(
      `${inject("paymentSandboxUrl")}/v1/payment_intents?customer=${order!.customer}&limit=100`,
      { headers: { authorization: `Bearer ${API_SUITE_SECRET_KEY}` } },
    );
    const intents = ((await atProvider.json()) as { data: { status: string; amount: number }[] }).data;
    expect(intents.map((pi) => [pi.status, pi.amount])).toEqual([
      ["succeeded", 5_000],
      ["succeeded", 5_000],
    ]);
  });
});
