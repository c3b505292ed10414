import { describe, expect, it } from "vitest";
import { confirmCard, useTestApi } from "../../test/harness.js";
import { planFamilies } from "../../test/plan-families.js";

/**
 * A family pays a refused charge itself (decision 040), through the API against the payment
 * sandbox, on PGlite and PostgreSQL: the refusal's own intent confirmed with a new card, which the
 * plan keeps; and a payment confirmed but never reported, which the worker's retry finds paid
 * instead of charging again.
 */
const api = useTestApi();
const { rows, moveTo, threePayments, familyWithCart, payDeposit, replaceCard, instalmentsOf, paidOf, paymentsOf } =
  planFamilies(api);

/** A family whose first instalment (day 40) was refused by its bank (Stripe's 0341 card). */
async function refusedFamily(name: string) {
  const planId = await threePayments(name);
  const { parent } = await familyWithCart();
  const { orderId } = await payDeposit(parent, planId);
  await replaceCard(orderId, "pm_card_chargeCustomerFail");
  moveTo(40);
  await api.app.chargeInstalments();
  const [charge] = await rows<{ id: string }>(
    `select id from instalments where order_id = '${orderId}' and status = 'failed'`,
  );
  return { parent, orderId, chargeId: charge!.id };
}

const savedCard = async (orderId: string) =>
  (await rows<{ card: string }>(`select payment_method_id as card from orders where id = '${orderId}'`))[0]!.card;
const intentsOf = async (orderId: string) =>
  (await rows<{ count: number }>(`select count(*)::int as count from payments where order_id = '${orderId}'`))[0]!
    .count;

describe("a family paying a refused charge itself", () => {
  it("confirms the refusal's own intent with a new card: the charge is paid once, and the new card pays the rest", async () => {
    const { parent, orderId, chargeId } = await refusedFamily("Paid by the family");
    const declining = await savedCard(orderId);
    const pay = (what: "pay" | "settle") =>
      api.call({ method: "POST", url: `/balance/instalments/${chargeId}/${what}`, as: parent });

    // Not paid yet: the settle call says so, and nothing is recorded.
    const opened = await pay("pay");
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ paid: false, amountCents: 5_000, savedCard: declining });
    const early = await pay("settle");
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/has not gone through: nothing was charged/);

    // Another family cannot open it.
    const stranger = await familyWithCart();
    expect(
      (await api.call({ method: "POST", url: `/balance/instalments/${chargeId}/pay`, as: stranger.parent })).statusCode,
    ).toBe(404);

    expect(await confirmCard(opened.json().clientSecret, "4242424242424242")).toBe(200);
    const settled = await pay("settle");
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().plans[0].instalments.map((i: { status: string }) => i.status)).toEqual(["paid", "scheduled"]);
    expect(await paidOf(orderId)).toEqual({ paid: 10_000, refunded: 0 });
    expect((await pay("settle")).statusCode).toBe(200);
    expect((await pay("pay")).json()).toEqual({ paid: true });
    expect(await paymentsOf(orderId)).toEqual([
      { kind: "checkout", amount: 5_000 },
      { kind: "instalment", amount: 5_000 },
    ]);
    // The new card is the plan's now: the last instalment is charged to it on its day.
    expect(await savedCard(orderId)).not.toBe(declining);
    moveTo(79);
    await api.app.chargeInstalments();
    expect((await instalmentsOf(orderId)).map((i) => i.status)).toEqual(["paid", "paid"]);
    expect(await paidOf(orderId)).toEqual({ paid: 20_001, refunded: 0 });
  });

  it("a payment confirmed but never reported is found by the next retry, which records it instead of charging again", async () => {
    const { parent, orderId, chargeId } = await refusedFamily("Paid, not reported");
    const opened = await api.call({ method: "POST", url: `/balance/instalments/${chargeId}/pay`, as: parent });
    expect(await confirmCard(opened.json().clientSecret, "4242424242424242")).toBe(200);
    // The page was closed before it reported the payment, and no webhook came (none are set up here).
    moveTo(42);
    await api.app.chargeInstalments();
    expect((await instalmentsOf(orderId))[0]).toMatchObject({ status: "paid", attempts: 2 });
    expect(await intentsOf(orderId)).toBe(2);
    expect(await paidOf(orderId)).toEqual({ paid: 10_000, refunded: 0 });
  });

  it("a retry cancels the refusal's intent first: the family's page then says to look again, and nothing is charged twice", async () => {
    const { parent, orderId, chargeId } = await refusedFamily("Retried first");
    const opened = await api.call({ method: "POST", url: `/balance/instalments/${chargeId}/pay`, as: parent });
    const secret = opened.json().clientSecret as string;
    // The family left the page open past the retry day (still refused: the same bad card is tried).
    moveTo(42);
    await api.app.chargeInstalments();
    expect((await instalmentsOf(orderId))[0]).toMatchObject({ status: "failed", attempts: 2 });
    expect(await confirmCard(secret, "4242424242424242")).not.toBe(200);
    const stale = await api.call({ method: "POST", url: `/balance/instalments/${chargeId}/settle`, as: parent });
    expect(stale.statusCode).toBe(409);
    // The newer refusal's intent is the one to pay now.
    const again = await api.call({ method: "POST", url: `/balance/instalments/${chargeId}/pay`, as: parent });
    expect(again.json().clientSecret).not.toBe(secret);
    expect(await confirmCard(again.json().clientSecret, "4242424242424242")).toBe(200);
    const settled = await api.call({ method: "POST", url: `/balance/instalments/${chargeId}/settle`, as: parent });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(await paidOf(orderId)).toEqual({ paid: 10_000, refunded: 0 });
    expect(await intentsOf(orderId)).toBe(2);
  });
});

describe("a family replacing its plan's card", () => {
  it("saves a new card with a SetupIntent (nothing charged), and the next charges go to it", async () => {
    const planId = await threePayments("New card");
    const { parent } = await familyWithCart();
    const { orderId } = await payDeposit(parent, planId);
    const before = await savedCard(orderId);
    const opened = await api.call({ method: "POST", url: "/balance/card", as: parent });
    expect(opened.statusCode, opened.body).toBe(200);
    const secret = opened.json().clientSecret as string;
    expect(secret).toMatch(/^seti_/);
    const setupIntentId = secret.split("_secret_")[0];
    const settle = () =>
      api.call({ method: "POST", url: "/balance/card/settle", as: parent, payload: { setupIntentId } });

    // Not confirmed yet: nothing changes.
    expect((await settle()).statusCode).toBe(409);
    expect(await savedCard(orderId)).toBe(before);
    // Another family cannot take it for its own plans.
    const other = await familyWithCart();
    await payDeposit(other.parent, planId);
    expect(
      (await api.call({ method: "POST", url: "/balance/card/settle", as: other.parent, payload: { setupIntentId } }))
        .statusCode,
    ).toBe(409);

    expect(await confirmCard(secret, "5555555555554444")).toBe(200);
    const settled = await settle();
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().owedCents).toBe(15_001);
    const after = await savedCard(orderId);
    expect(after).not.toBe(before);
    expect(await paidOf(orderId)).toEqual({ paid: 5_000, refunded: 0 });

    moveTo(40);
    await api.app.chargeInstalments();
    expect((await instalmentsOf(orderId))[0]).toMatchObject({ status: "paid" });
    const [mail] = await rows<{ facts: { cardLast4: string | null } }>(
      `select payload as facts from notification_outbox where recipient = '${parent.email}' and kind = 'instalment-paid'`,
    );
    expect(mail!.facts.cardLast4).toBe("4444");
  });

  it("is refused when no plan has a payment to come", async () => {
    const { parent } = await familyWithCart();
    const res = await api.call({ method: "POST", url: "/balance/card", as: parent });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/no card to change/);
  });
});

describe("a family paying ahead", () => {
  it("pays one charge ahead, then the rest of the plan, each charged once to the saved card", async () => {
    const planId = await threePayments("Paid ahead");
    const { parent } = await familyWithCart();
    const { orderId } = await payDeposit(parent, planId);
    const [first] = await rows<{ id: string }>(
      `select id from instalments where order_id = '${orderId}' order by due_day limit 1`,
    );
    const ahead = (payload: object) => api.call({ method: "POST", url: "/balance/pay-early", as: parent, payload });

    expect((await ahead({})).statusCode).toBe(400);
    const one = await ahead({ instalmentId: first!.id });
    expect(one.statusCode, one.body).toBe(200);
    await api.app.chargeInstalments();
    expect((await instalmentsOf(orderId)).map((i) => i.status)).toEqual(["paid", "scheduled"]);
    expect(await paidOf(orderId)).toEqual({ paid: 10_000, refunded: 0 });

    const rest = await ahead({ orderId });
    expect(rest.statusCode, rest.body).toBe(200);
    await api.app.chargeInstalments();
    expect((await instalmentsOf(orderId)).map((i) => i.status)).toEqual(["paid", "paid"]);
    expect(await paidOf(orderId)).toEqual({ paid: 20_001, refunded: 0 });
    expect(await intentsOf(orderId)).toBe(3);
    const balance = (await api.call({ method: "GET", url: "/balance", as: parent })).json();
    expect(balance).toMatchObject({ owedCents: 0, next: null });
    expect((await ahead({ orderId })).statusCode).toBe(409);
    // The payment history names each payment's part of the plan.
    const history = (
      await api.call({ method: "GET", url: `/payments?email=${encodeURIComponent(parent.email)}`, as: parent })
    ).json() as { amountCents: number; plan: { name: string; part: string } | null }[];
    expect(history.map((p) => [p.plan?.part, p.amountCents]).sort()).toEqual([
      ["deposit", 5_000],
      ["instalment", 10_001],
      ["instalment", 5_000],
    ]);
    expect(history.every((p) => p.plan?.name === "Paid ahead")).toBe(true);
    // Another family's plan is not this family's to pay.
    const other = await familyWithCart();
    expect(
      (await api.call({ method: "POST", url: "/balance/pay-early", as: other.parent, payload: { orderId } }))
        .statusCode,
    ).toBe(404);
  });
});
