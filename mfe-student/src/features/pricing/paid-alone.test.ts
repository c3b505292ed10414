import { describe, expect, it } from "vitest";
import { familyDiscountsLost, paidAloneSentence, type PricedLine } from "./paid-alone";

const line = (priceCents: number, ...discounts: [PricedLine["discounts"][number]["kind"], number][]) => ({
  priceCents,
  discounts: discounts.map(([kind, cents]) => ({ kind, cents })),
});

describe("a cart row paid alone", () => {
  it("loses the sibling discount the cart's quote gave it", () => {
    const lost = familyDiscountsLost(line(13_410, ["sibling", 1_490]), line(14_900));
    expect(lost).toEqual([{ kind: "sibling", cents: 1_490 }]);
    expect(paidAloneSentence(14_900, lost)).toBe(
      "Paid alone, this class costs $149.00: the sibling discount ($14.90) applies only when the classes are paid together.",
    );
  });

  it("loses the multi-class discount, and keeps the early-bird price and the code out of it", () => {
    const inCart = line(10_449, ["early_bird", 1_900], ["multi_class", 700], ["code", 1_850]);
    const alone = line(10_920, ["early_bird", 1_900], ["code", 2_080]);
    const lost = familyDiscountsLost(inCart, alone);
    expect(lost).toEqual([{ kind: "multi_class", cents: 700 }]);
    expect(paidAloneSentence(10_920, lost)).toBe(
      "Paid alone, this class costs $109.20: the multi-class discount ($7.00) applies only when the classes are paid together.",
    );
  });

  it("names both when both were lost, to the cent", () => {
    const lost = familyDiscountsLost(line(7_000, ["sibling", 1], ["multi_class", 999]), line(8_000));
    expect(paidAloneSentence(8_000, lost)).toBe(
      "Paid alone, this class costs $80.00: the sibling discount ($0.01) and the multi-class discount ($9.99) apply only when the classes are paid together.",
    );
  });

  it("says nothing when the row keeps its discounts, had none, or a price is missing", () => {
    expect(familyDiscountsLost(line(14_900), line(14_900))).toEqual([]);
    expect(familyDiscountsLost(line(13_410, ["sibling", 1_490]), line(13_410, ["sibling", 1_490]))).toEqual([]);
    expect(familyDiscountsLost(line(13_000, ["code", 1_900]), line(12_000, ["code", 2_900]))).toEqual([]);
    expect(familyDiscountsLost(undefined, line(14_900))).toEqual([]);
    expect(familyDiscountsLost(line(13_410, ["sibling", 1_490]), null)).toEqual([]);
    expect(paidAloneSentence(14_900, [])).toBeNull();
  });
});
