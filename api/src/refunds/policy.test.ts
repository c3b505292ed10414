import { describe, expect, it } from "vitest";
import { academyToday, DEFAULT_POLICY, daysBetween, policyText, quoteRefund, quoteText, shareAmong } from "./policy.js";

const FIRST_DAY = "2027-07-05";
const line = (paidCents: number, refundedCents = 0) => ({ paidCents, refundedCents, firstDay: FIRST_DAY });
const on = (daysBefore: number) => {
  const d = new Date(`${FIRST_DAY}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - daysBefore);
  return d.toISOString().slice(0, 10);
};

describe("the cancellation policy's arithmetic", () => {
  it("gives everything back until 14 days before, half until 7, nothing after, at each boundary", () => {
    const at = (days: number) => quoteRefund(DEFAULT_POLICY, line(14_900), on(days));
    expect(at(20)).toMatchObject({ window: "full", percent: 100, refundCents: 14_900, daysBefore: 20 });
    expect(at(14)).toMatchObject({ window: "full", refundCents: 14_900 });
    expect(at(13)).toMatchObject({ window: "partial", percent: 50, refundCents: 7_450 });
    expect(at(7)).toMatchObject({ window: "partial", refundCents: 7_450 });
    expect(at(6)).toMatchObject({ window: "none", percent: 0, refundCents: 0 });
    expect(at(1)).toMatchObject({ window: "none", refundCents: 0 });
    expect(at(0)).toMatchObject({ window: "started", refundCents: 0 });
    expect(at(-3)).toMatchObject({ window: "started", refundCents: 0 });
  });

  it("refunds nothing of a payment no card made, and says why instead of the policy's share", () => {
    const quote = quoteRefund(DEFAULT_POLICY, { ...line(14_900), byCard: false }, on(20));
    expect(quote).toMatchObject({ window: "full", refundCents: 0, feeCents: 0, noCard: true });
    expect(quoteText(quote)).toBe(
      "This seat was not paid by card (sample data): cancelling it refunds nothing of the $149.00.",
    );
    expect(quoteRefund(DEFAULT_POLICY, line(14_900), on(20))).toMatchObject({ refundCents: 14_900, noCard: false });
  });

  it("rounds a share down to the cent and keeps the fee once, never below zero", () => {
    const policy = { ...DEFAULT_POLICY, partialPercent: 33, feeCents: 250 };
    expect(quoteRefund(policy, line(7_999), on(10))).toMatchObject({ refundCents: 2_639 - 250, feeCents: 250 });
    expect(quoteRefund(policy, line(7_999), on(30))).toMatchObject({ refundCents: 7_749, feeCents: 250 });
    expect(quoteRefund({ ...policy, feeCents: 5_000 }, line(4_000), on(10))).toMatchObject({
      refundCents: 0,
      feeCents: 0,
    });
    expect(quoteRefund(policy, line(7_999), on(3))).toMatchObject({ refundCents: 0, feeCents: 0 });
  });

  it("never gives back more than is left of the line after earlier refunds", () => {
    expect(quoteRefund(DEFAULT_POLICY, line(14_900, 10_000), on(30)).refundCents).toBe(4_900);
    expect(quoteRefund(DEFAULT_POLICY, line(14_900, 14_900), on(30)).refundCents).toBe(0);
  });

  it("refunds a class without dates in full (no first day to count from)", () => {
    expect(
      quoteRefund(DEFAULT_POLICY, { paidCents: 5_000, refundedCents: 0, firstDay: null }, "2027-07-01"),
    ).toMatchObject({
      window: "full",
      refundCents: 5_000,
      daysBefore: null,
    });
  });

  it("counts days on the academy's calendar, whatever the hour in UTC", () => {
    // 06:30 UTC on 21 June is still 20 June in Portland.
    expect(academyToday(new Date("2027-06-21T06:30:00Z"))).toBe("2027-06-20");
    expect(daysBetween("2027-06-20", FIRST_DAY)).toBe(15);
    expect(daysBetween("2027-03-13", "2027-03-15")).toBe(2);
  });

  it("says the policy and the quote in plain words", () => {
    expect(policyText(DEFAULT_POLICY)).toBe(
      "Full refund until 14 days before the first day, 50% until 7 days before, no refund after that or once the class has started. If cancelling a seat means the seats you keep no longer earn a discount (multi-class, sibling, or a promo code's minimum order), the refund is reduced by the discount they no longer earn. On a payment plan, a refund is of what was paid so far, and cancelling ends the payments still to come: nothing more is owed, even when nothing is refunded.",
    );
    expect(policyText({ ...DEFAULT_POLICY, feeCents: 500 })).toMatch(
      /A processing fee of \$5\.00 is kept from any refund\.$/,
    );
    expect(quoteText(quoteRefund(DEFAULT_POLICY, line(14_900), on(10)))).toBe("You will get $74.50 back of $149.00.");
    expect(quoteText(quoteRefund(DEFAULT_POLICY, line(14_900), on(0)))).toMatch(/^This class has started/);
    expect(quoteText(quoteRefund(DEFAULT_POLICY, line(14_900), on(2)))).toMatch(/nothing is refunded/);
  });
});

describe("an order-wide refund shared among the lines (a Dashboard refund)", () => {
  const sum = (shares: number[]) => shares.reduce((a, b) => a + b, 0);
  it("shares in proportion to what is left of each line, to the cent, adding up to the refund", () => {
    expect(shareAmong(10_000, [14_900, 7_450, 0])).toEqual([6_667, 3_333, 0]);
    expect(shareAmong(100, [1, 1, 1])).toEqual([1, 1, 1]);
    expect(shareAmong(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(shareAmong(1, [3, 5])).toEqual([0, 1]);
    const odd = shareAmong(9_999, [7_999, 12_345, 101]);
    expect(sum(odd)).toBe(9_999);
    odd.forEach((share, i) => expect(share).toBeLessThanOrEqual([7_999, 12_345, 101][i]!));
  });

  it("never gives a line more than is left of it, and nothing when nothing is left", () => {
    expect(shareAmong(50_000, [14_900, 7_450])).toEqual([14_900, 7_450]);
    expect(shareAmong(500, [0, 0])).toEqual([0, 0]);
    expect(shareAmong(0, [100])).toEqual([0]);
    expect(shareAmong(10, [])).toEqual([]);
  });

  it("adds up exactly for any amount up to the rest (exhaustive over small lines)", () => {
    const lines = [7, 13, 1, 29];
    for (let amount = 0; amount <= 50; amount++) {
      const shares = shareAmong(amount, lines);
      expect(sum(shares)).toBe(amount);
      shares.forEach((share, i) => expect(share).toBeLessThanOrEqual(lines[i]!));
    }
  });
});
