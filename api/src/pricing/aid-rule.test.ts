import { describe, expect, it } from "vitest";
import { pricingTerms, priceUnderTerms } from "./terms.js";
import { priceOrder, type AidCredit, type LineInput, type PricingInput } from "./rules.js";

// Pure functions given "today" as an argument: fixed days here cannot expire.
const TODAY = "2027-02-10";

const line = (key: string, camperId: string, priceCents: number, firstDay = "2027-07-05"): LineInput => ({
  key,
  classId: `class-${key}`,
  camperId,
  className: `Camp ${key}`,
  sport: "soccer",
  priceCents,
  earlyPriceCents: null,
  earlyPriceUntil: null,
  firstDay,
});

const award = (camperId: string, leftCents: number, percent: number | null = null, season = 2027): AidCredit => ({
  applicationId: `aid-${camperId}`,
  camperId,
  season,
  percent,
  leftCents,
});

describe("financial aid in the pricing rule (step 4)", () => {
  it("pays a camper's seats after every discount, in the cart's order, until the award is used up", () => {
    const quote = priceOrder({
      today: TODAY,
      lines: [line("a", "mia", 30_000), line("b", "mia", 20_000), line("c", "leo", 10_000)],
      sibling: { id: "sib", name: "Sibling discount", percentOff: 10 },
      aid: [award("mia", 35_000)],
    });
    expect(quote.lines.map((l) => [l.key, l.paidCents])).toEqual([
      ["a", 0],
      ["b", 15_000],
      ["c", 9_000],
    ]);
    expect(quote.lines[1]!.discounts.at(-1)).toEqual({ kind: "aid", name: "Financial aid", cents: 5_000 });
    expect(quote.aidUses).toEqual([
      { key: "a", classId: "class-a", camperId: "mia", applicationId: "aid-mia", cents: 30_000 },
      { key: "b", classId: "class-b", camperId: "mia", applicationId: "aid-mia", cents: 5_000 },
    ]);
    expect(quote.totalCents).toBe(24_000);
    expect(quote.discountCents).toBe(36_000);
  });

  it("as a percent takes that part of each seat, rounded down, up to what is left", () => {
    const quote = priceOrder({
      today: TODAY,
      lines: [line("a", "mia", 12_345), line("b", "mia", 20_000)],
      aid: [award("mia", 10_000, 50)],
    });
    expect(quote.aidUses.map((u) => u.cents)).toEqual([6_172, 3_828]);
    expect(quote.totalCents).toBe(12_345 + 20_000 - 10_000);
  });

  it("pays nothing for another camper, nor for a class of another season", () => {
    const quote = priceOrder({
      today: TODAY,
      lines: [line("a", "leo", 10_000), line("b", "mia", 10_000, "2028-07-03")],
      aid: [award("mia", 10_000)],
    });
    expect(quote.aidUses).toEqual([]);
    expect(quote.totalCents).toBe(20_000);
  });

  it("is kept in the order's terms: a seat kept after a cancellation keeps its aid", () => {
    const input: PricingInput = {
      today: TODAY,
      lines: [line("a", "mia", 30_000), line("b", "leo", 20_000)],
      aid: [award("mia", 10_000)],
    };
    const quote = priceOrder(input);
    const terms = pricingTerms(input, false, quote.aidUses);
    expect(terms.aid).toEqual([{ classId: "class-a", camperId: "mia", cents: 10_000 }]);
    expect(priceUnderTerms(terms, [{ classId: "class-a", camperId: "mia" }])).toBe(20_000);
    expect(priceUnderTerms(terms, [{ classId: "class-b", camperId: "leo" }])).toBe(20_000);
  });
});
