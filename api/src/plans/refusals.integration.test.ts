import { describe, expect, it } from "vitest";
import { ADMIN, MAYA, useTestApi } from "../../test/harness.js";
import { planFamilies } from "../../test/plan-families.js";

/**
 * Refused instalments (decision 040), through the API against the payment sandbox, on PGlite and
 * PostgreSQL: Stripe's test cards for saved cards refused off-session, each reason and card in the
 * family's e-mail, and the academy's retry schedule (its plan settings) read, changed and followed.
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
  cardFromBalance,
  instalmentsOf,
  mailOf,
} = planFamilies(api);

const settings = (payload?: object) =>
  api.call({ method: payload ? "PATCH" : "GET", url: "/admin/plan-settings", as: ADMIN, payload });
const DEFAULTS = { graceDays: 7, atRiskAction: "keep", retries: 3, retryDays: 2 };

describe("a saved card refused off-session", () => {
  it.each([
    // Its bank asks for authentication on every payment: off-session it never goes through.
    ["4000002760003184", "authentication_required", "3184"],
    // Set up after authentication, then declined for insufficient funds.
    ["4000008260003178", "insufficient_funds", "3178"],
  ])("card %s: refused for %s, the e-mail naming the reason and the card", async (number, reason, last4) => {
    const planId = await threePayments(`Refused ${reason}`);
    const { parent } = await familyWithCart();
    const { orderId } = await payDeposit(parent, planId);
    // The family put this card on its plan from its Balance page, through its bank's check.
    await cardFromBalance(parent, number);

    moveTo(40);
    await api.app.chargeInstalments();
    expect((await instalmentsOf(orderId))[0]).toMatchObject({ status: "failed", attempts: 1, decline: reason });
    const [mail] = await mailOf(parent.email, "instalment-failed");
    expect(mail!.facts).toMatchObject({
      amountCents: 5_000,
      declineCode: reason,
      cardLast4: last4,
      nextAttemptDay: day(42),
    });
    const [refused] = await rows<{ intent: string | null }>(
      `select payment_intent_id as intent from instalments where order_id = '${orderId}' and status = 'failed'`,
    );
    // The refusal's own intent is kept: the family confirms that one when the bank asks to.
    expect(refused!.intent).toMatch(/^pi_/);
  });
});

describe("the academy's retry schedule", () => {
  it("is read and changed by admins, each field checked and named when out of range", async () => {
    const current = await settings();
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json()).toMatchObject(DEFAULTS);
    expect(current.json().text).toMatch(/^A refused charge is tried again 3 times, 2 days apart\. /);

    const bad = await settings({ graceDays: 7, atRiskAction: "keep", retries: 11, retryDays: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: expect.any(String),
      message: expect.any(String),
      fields: {
        retries: "The number of retries must be at most 10.",
        retryDays: "The days between retries must be at least 1.",
      },
    });
    const fractional = await settings({ graceDays: 7, atRiskAction: "keep", retries: 1.5, retryDays: 15 });
    expect(fractional.statusCode).toBe(400);
    expect(fractional.json().fields).toEqual({
      retries: "The number of retries must be a whole number.",
      retryDays: "The days between retries must be at most 14.",
    });
    expect((await settings({ ...DEFAULTS, retries: -1 })).json().fields).toEqual({
      retries: "The number of retries must be at least 0.",
    });
    expect(
      (await api.call({ method: "PATCH", url: "/admin/plan-settings", as: MAYA, payload: { ...DEFAULTS, retries: 1 } }))
        .statusCode,
    ).toBe(403);
    expect((await settings()).json()).toMatchObject(DEFAULTS);

    try {
      const saved = await settings({ graceDays: 7, atRiskAction: "keep", retries: 0, retryDays: 14 });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ retries: 0, retryDays: 14 });
      expect(saved.json().text).toMatch(/^A refused charge is not tried again\. /);
      // Left out, the retry schedule keeps its value (a client that knows only the other rules).
      const kept = await settings({ graceDays: 5, atRiskAction: "keep" });
      expect(kept.json()).toMatchObject({ graceDays: 5, retries: 0, retryDays: 14 });
      expect((await settings()).json()).toMatchObject({ graceDays: 5, retries: 0, retryDays: 14 });
    } finally {
      await settings(DEFAULTS);
    }
  });

  it("a refused charge is tried again as often and as far apart as the academy says, then left at risk", async () => {
    const planId = await threePayments("Academy's retries");
    const { parent } = await familyWithCart();
    const { orderId } = await payDeposit(parent, planId);
    await replaceCard(orderId, "pm_card_chargeCustomerFail");
    try {
      expect((await settings({ ...DEFAULTS, retries: 1, retryDays: 5 })).statusCode).toBe(200);

      moveTo(40);
      await api.app.chargeInstalments();
      expect((await instalmentsOf(orderId))[0]).toMatchObject({ status: "failed", attempts: 1 });
      expect((await mailOf(parent.email, "instalment-failed"))[0]!.facts).toMatchObject({
        nextAttemptDay: day(45),
        cardLast4: "0341",
      });
      // Not on the default's day 42, nor the day before its own: five days later.
      for (const early of [42, 44]) {
        moveTo(early);
        await api.app.chargeInstalments();
        expect((await instalmentsOf(orderId))[0]!.attempts).toBe(1);
      }
      moveTo(45);
      await api.app.chargeInstalments();
      expect((await instalmentsOf(orderId))[0]).toMatchObject({ status: "failed", attempts: 2 });
      const mails = await mailOf(parent.email, "instalment-failed");
      expect(mails).toHaveLength(2);
      // One retry allowed, and it was refused: none is left.
      expect(mails[1]!.facts).toMatchObject({ nextAttemptDay: null });
      const [atRisk] = await rows<{ next: string | null; since: string | null }>(
        `select next_attempt_at as next, at_risk_since as since from instalments where order_id = '${orderId}' and status = 'failed'`,
      );
      expect(atRisk).toMatchObject({ next: null, since: expect.anything() });
      moveTo(60);
      await api.app.chargeInstalments();
      expect((await instalmentsOf(orderId))[0]!.attempts).toBe(2);
    } finally {
      await settings(DEFAULTS);
    }
  });
});
