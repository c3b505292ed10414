import { describe, expect, it } from "vitest";
import type { PricingTerms } from "../platform/database/schema.js";
import { priceOrder, pricingTerms, type LineInput, type PricingInput } from "../pricing/index.js";
import { lostDiscountRefund } from "./lost-discount.js";
import { seatRefund, spreadRefund, type OrderFacts } from "./order-seats.js";
import { DEFAULT_POLICY, quoteRefund, quoteText, type Policy } from "./policy.js";

/**
 * A discount does not outlive the seats that earned it (decision 033): the refund of a cancelled
 * seat, worked out on an order priced by the real rule, one cancellation after the other.
 */

const DAY = "2027-05-01";
const FIRST_DAY = "2027-07-05";
const daysBefore = (days: number) => {
  const d = new Date(`${FIRST_DAY}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};

const line = (n: number, camperId: string, priceCents: number): LineInput => ({
  key: `c${n}/${camperId}`,
  classId: `c${n}`,
  camperId,
  className: `Camp ${n}`,
  sport: "soccer",
  priceCents,
  earlyPriceCents: null,
  earlyPriceUntil: null,
});

/** An order priced by the rule, its lines as bought, and the cancellations made so far. */
function order(input: Omit<PricingInput, "today">) {
  const priced = priceOrder({ ...input, today: DAY });
  const terms: PricingTerms = pricingTerms({ ...input, today: DAY }, priced.code?.applied ?? false);
  const facts: OrderFacts = {
    terms,
    lines: priced.lines.map((l) => ({
      classId: l.classId,
      camperId: l.camperId,
      priceCents: l.paidCents,
      paidCents: l.paidCents,
      refundedCents: 0,
      held: true,
    })),
    earlierPolicyCents: 0,
    earlierRefundCents: 0,
  };
  /** Cancels one seat `days` before the first day, as cancel.ts does; answers the quote. */
  const cancel = (classId: string, camperId = "a", days = 30, policy: Policy = DEFAULT_POLICY) => {
    const seat = facts.lines.find((l) => l.classId === classId && l.camperId === camperId)!;
    const quote = quoteRefund(
      policy,
      { paidCents: seat.priceCents, refundedCents: seat.refundedCents, firstDay: FIRST_DAY },
      daysBefore(days),
    );
    const refund = seatRefund(facts, seat, quote.refundCents);
    const spread = spreadRefund(refund.lines, refund.refundCents)!;
    for (const part of spread) {
      facts.lines.find((l) => l.classId === part.classId && l.camperId === part.camperId)!.refundedCents += part.cents;
    }
    expect(spread.reduce((sum, part) => sum + part.cents, 0)).toBe(refund.refundCents);
    seat.held = false;
    facts.earlierPolicyCents += quote.refundCents;
    facts.earlierRefundCents += refund.refundCents;
    return { ...quote, ...refund, policyRefundCents: quote.refundCents };
  };
  const refunded = () => facts.lines.reduce((sum, l) => sum + l.refundedCents, 0);
  return { priced, facts, cancel, refunded };
}

const multi = { id: "m", name: "Three weeks or more", percentOff: 30, minSeats: 3 };
const sibling = { id: "s", name: "Sibling discount", percentOff: 20 };

describe("the refund when the seats kept lose a discount", () => {
  it("30% off three $100 classes: two cancelled give back $10 then $100, the last $100: every cent in the end", () => {
    const o = order({ lines: [line(1, "a", 10_000), line(2, "a", 10_000), line(3, "a", 10_000)], multiClass: multi });
    expect(o.priced.totalCents).toBe(21_000);
    const first = o.cancel("c1");
    // Two seats at $100 each no longer earn the 30%: $60 of the $70 the policy gives is given back.
    expect(first).toMatchObject({ refundCents: 1_000, discountGivenBackCents: 6_000, earlierReturnedCents: 0 });
    expect(quoteText(first)).toBe(
      "You will get $10.00 back of $70.00. The policy gives $70.00, less $60.00 of discount given back: the seats you keep no longer earn it.",
    );
    // The family kept one class, which costs $100 alone: $110 of $210 back.
    const second = o.cancel("c2");
    expect(second).toMatchObject({ refundCents: 10_000, discountGivenBackCents: 0, earlierReturnedCents: 3_000 });
    expect(o.refunded()).toBe(11_000);
    // The last seat: nothing is kept, so nothing is given back; everything paid goes back.
    const last = o.cancel("c3");
    expect(last).toMatchObject({ refundCents: 10_000, discountGivenBackCents: 0 });
    expect(o.refunded()).toBe(21_000);
    expect(o.facts.lines.every((l) => l.refundedCents <= l.priceCents)).toBe(true);
  });

  it("keeps the discount when the seats kept still earn it (four seats, one cancelled)", () => {
    const o = order({
      lines: [line(1, "a", 10_000), line(2, "a", 10_000), line(3, "a", 10_000), line(4, "a", 10_000)],
      multiClass: multi,
    });
    expect(o.cancel("c4")).toMatchObject({ refundCents: 7_000, discountGivenBackCents: 0 });
  });

  it("rounds to the cent as the rule does: $99.99 seats at 15% off", () => {
    const o = order({
      lines: [line(1, "a", 9_999), line(2, "a", 9_999), line(3, "a", 9_999)],
      multiClass: { ...multi, percentOff: 15 },
    });
    // Each seat: $99.99 − $14.99 (15% rounded down) = $85.00.
    expect(o.priced.lines.map((l) => l.paidCents)).toEqual([8_500, 8_500, 8_500]);
    // Kept: two at $99.99 = $199.98; $255.00 − $199.98 = $55.02 back, $29.98 given back.
    expect(o.cancel("c2")).toMatchObject({ refundCents: 5_502, discountGivenBackCents: 2_998 });
    expect(o.cancel("c1")).toMatchObject({ refundCents: 8_500 + 1_499 });
    expect(o.cancel("c3")).toMatchObject({ refundCents: 8_500 + 1_499 });
    expect(o.refunded()).toBe(25_500);
  });

  it("in the partial window: never more than the policy's half, however much discount is lost", () => {
    const o = order({ lines: [line(1, "a", 10_000), line(2, "a", 10_000), line(3, "a", 10_000)], multiClass: multi });
    // 10 days before: the policy gives $35 of $70; the kept seats allow only $10.
    expect(o.cancel("c1", "a", 10)).toMatchObject({
      policyRefundCents: 3_500,
      refundCents: 1_000,
      discountGivenBackCents: 2_500,
    });
    // Then $35 and the $25 kept back before: $60, within the $100 the kept seat allows.
    expect(o.cancel("c2", "a", 10)).toMatchObject({ refundCents: 6_000, earlierReturnedCents: 2_500 });
    // Without the discount lost it would have been $35 + $35: the same $70 in the end.
    expect(o.refunded()).toBe(7_000);
    // Too close to the first day: nothing under the policy, and nothing more is owed.
    expect(o.cancel("c3", "a", 3)).toMatchObject({ refundCents: 0 });
  });

  it("a fee comes off once; the discount given back comes off what is left", () => {
    const o = order({ lines: [line(1, "a", 10_000), line(2, "a", 10_000), line(3, "a", 10_000)], multiClass: multi });
    const policy = { ...DEFAULT_POLICY, feeCents: 500 };
    expect(o.cancel("c1", "a", 30, policy)).toMatchObject({ policyRefundCents: 6_500, refundCents: 1_000 });
  });

  it("the sibling discount: the second child's seat cancelled, the first child's keeps its price", () => {
    const o = order({ lines: [line(1, "a", 20_000), line(1, "b", 15_000)], sibling });
    expect(o.priced.totalCents).toBe(20_000 + 12_000);
    expect(o.cancel("c1", "b")).toMatchObject({ refundCents: 12_000, discountGivenBackCents: 0 });
  });

  it("the sibling discount: the first child's seat cancelled, the second child's loses its 20%", () => {
    const o = order({ lines: [line(1, "a", 20_000), line(1, "b", 15_000)], sibling });
    // Kept: b's seat alone, $150; $320 paid: $170 back of the $200 the policy gives.
    expect(o.cancel("c1", "a")).toMatchObject({ refundCents: 17_000, discountGivenBackCents: 3_000 });
  });

  it("a promo code's minimum order: the seat kept no longer reaches it", () => {
    const code = {
      id: "k",
      code: "BIG",
      name: "Big order",
      percentOff: 10,
      amountOffCents: null,
      validFrom: null,
      validUntil: DAY,
      maxUses: 1,
      maxUsesPerFamily: 1,
      classIds: [],
      sports: [],
      minOrderCents: 15_000,
      paused: false,
    };
    // Its limits were met at purchase (one use, the last day): only the minimum is asked again.
    const o = order({
      lines: [line(1, "a", 10_000), line(2, "a", 10_000)],
      code: { discount: code, usesTotal: 0, usesByFamily: 0 },
    });
    expect(o.priced.totalCents).toBe(18_000);
    expect(o.cancel("c1")).toMatchObject({ refundCents: 8_000, discountGivenBackCents: 1_000 });
  });

  it("a fixed amount off shared by the seats: the seat kept gets more of it, the refund stays the policy's", () => {
    const code = {
      id: "k",
      code: "TWENTY",
      name: "Twenty off",
      percentOff: null,
      amountOffCents: 2_000,
      validFrom: null,
      validUntil: null,
      maxUses: null,
      maxUsesPerFamily: null,
      classIds: [],
      sports: [],
      minOrderCents: 0,
      paused: false,
    };
    const o = order({
      lines: [line(1, "a", 10_000), line(2, "a", 10_000)],
      code: { discount: code, usesTotal: 0, usesByFamily: 0 },
    });
    expect(o.cancel("c1")).toMatchObject({ refundCents: 9_000, discountGivenBackCents: 0, earlierReturnedCents: 0 });
  });
});

describe("the arithmetic alone", () => {
  const base = {
    policyRefundCents: 7_000,
    orderPaidCents: 21_000,
    keptCostCents: 20_000,
    keptPaidCents: 14_000,
    refundedGoneCents: 0,
    leftGoneCents: 7_000,
    earlierPolicyCents: 0,
    earlierRefundCents: 0,
  };

  it("is never negative, and a goodwill refund of a seat kept stays the family's", () => {
    expect(lostDiscountRefund({ ...base, keptCostCents: 30_000 })).toMatchObject({
      refundCents: 0,
      discountGivenBackCents: 7_000,
    });
    // $20 went back on a seat kept (not counted here): the same $10 as without it.
    expect(lostDiscountRefund(base).refundCents).toBe(1_000);
  });

  it("without the terms the order was priced with, the policy's refund as before", () => {
    expect(lostDiscountRefund({ ...base, keptCostCents: null })).toMatchObject({
      refundCents: 7_000,
      discountGivenBackCents: 0,
    });
  });

  it("never more than is left of the lines no longer held, nor more than the policy with what was kept back", () => {
    expect(lostDiscountRefund({ ...base, keptCostCents: 0, leftGoneCents: 6_000 }).refundCents).toBe(6_000);
    expect(
      lostDiscountRefund({
        ...base,
        keptCostCents: 0,
        leftGoneCents: 21_000,
        earlierPolicyCents: 7_000,
        earlierRefundCents: 5_000,
      }).refundCents,
    ).toBe(9_000);
  });
});
