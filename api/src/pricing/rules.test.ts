import { describe, expect, it } from "vitest";
import {
  codeSummary,
  dayInWords,
  priceOn,
  priceOrder,
  shareProportionally,
  type LineInput,
  type PromoCode,
} from "./rules.js";

const TODAY = "2026-05-20";

const line = (key: string, camperId: string, priceCents: number, extra: Partial<LineInput> = {}): LineInput => ({
  key,
  classId: `class-${key}`,
  camperId,
  className: `Camp ${key}`,
  sport: "soccer",
  priceCents,
  earlyPriceCents: null,
  earlyPriceUntil: null,
  ...extra,
});

const code = (extra: Partial<PromoCode> = {}): PromoCode => ({
  id: "code-1",
  code: "SPRING",
  name: "Spring flyer",
  percentOff: 10,
  amountOffCents: null,
  validFrom: null,
  validUntil: null,
  maxUses: null,
  maxUsesPerFamily: null,
  classIds: [],
  sports: [],
  minOrderCents: 0,
  paused: false,
  ...extra,
});

const SIBLING = { id: "s", name: "Sibling discount", percentOff: 15 };
const MULTI = { id: "m", name: "Multi-class discount", percentOff: 10, minSeats: 3 };
const withCode = (discount: PromoCode, usesTotal = 0, usesByFamily = 0) => ({ discount, usesTotal, usesByFamily });

describe("the early-bird price", () => {
  const early = line("a", "kid1", 20_000, { earlyPriceCents: 17_500, earlyPriceUntil: "2026-05-20" });

  it("applies through its last day (academy calendar), included", () => {
    const quote = priceOrder({ today: "2026-05-20", lines: [early] });
    expect(quote.lines[0]).toMatchObject({
      listCents: 20_000,
      paidCents: 17_500,
      discounts: [{ kind: "early_bird", name: "Early-bird price until 20 May", cents: 2_500 }],
    });
    expect(quote).toMatchObject({ subtotalCents: 20_000, discountCents: 2_500, totalCents: 17_500 });
  });

  it("is gone the day after", () => {
    const quote = priceOrder({ today: "2026-05-21", lines: [early] });
    expect(quote.lines[0]).toMatchObject({ paidCents: 20_000, discounts: [] });
    expect(quote.totalCents).toBe(20_000);
  });

  it("is what the class lists call today's price, and until when, on every day the quote prices", () => {
    expect(priceOn(early, "2026-05-19")).toEqual({ cents: 17_500, until: "2026-05-20" });
    expect(priceOn(early, "2026-05-20")).toEqual({ cents: 17_500, until: "2026-05-20" });
    expect(priceOn(early, "2026-05-21")).toEqual({ cents: 20_000, until: null });
    expect(priceOn(line("b", "kid1", 9_900), "2026-05-20")).toEqual({ cents: 9_900, until: null });
    for (const today of ["2026-05-19", "2026-05-20", "2026-05-21"]) {
      expect(priceOn(early, today).cents).toBe(priceOrder({ today, lines: [early] }).totalCents);
    }
  });
});

describe("sibling and multi-class discounts", () => {
  it("the sibling percent is on the second camper's seats only; the first camper is the one whose seats cost most", () => {
    const quote = priceOrder({
      today: TODAY,
      lines: [line("a", "kid1", 10_000), line("b", "kid2", 12_999)],
      sibling: SIBLING,
    });
    // kid2's seat costs more: kid2 is the first camper, kid1's seat gets 15% of 10 000 = 1 500.
    expect(quote.lines.map((l) => l.paidCents)).toEqual([8_500, 12_999]);
    expect(quote.lines[0]!.discounts).toEqual([{ kind: "sibling", name: "Sibling discount", cents: 1_500 }]);
    expect(quote.totalCents).toBe(21_499);
  });

  it("one camper alone gets no sibling discount", () => {
    const quote = priceOrder({
      today: TODAY,
      lines: [line("a", "kid1", 10_000), line("b", "kid1", 9_000)],
      sibling: SIBLING,
    });
    expect(quote.totalCents).toBe(19_000);
  });

  it("rounds each line's discount down to the cent", () => {
    // 15% of 9 999 = 1 499.85: 1 499 off, 8 500 paid.
    const quote = priceOrder({
      today: TODAY,
      lines: [line("a", "kid1", 20_000), line("b", "kid2", 9_999)],
      sibling: SIBLING,
    });
    expect(quote.lines[1]).toMatchObject({ paidCents: 8_500, discounts: [{ cents: 1_499 }] });
    expect(quote.totalCents).toBe(28_500);
    expect(quote.discountCents).toBe(1_499);
  });

  it("multi-class needs N seats: N-1 get nothing, N get the percent on every seat", () => {
    const two = priceOrder({
      today: TODAY,
      lines: [line("a", "k", 10_000), line("b", "k", 10_000)],
      multiClass: MULTI,
    });
    expect(two.totalCents).toBe(20_000);
    const three = priceOrder({
      today: TODAY,
      lines: [line("a", "k", 10_000), line("b", "k", 10_000), line("c", "k", 5_005)],
      multiClass: MULTI,
    });
    // 10% of 5 005 = 500.5: 500 off.
    expect(three.lines.map((l) => l.paidCents)).toEqual([9_000, 9_000, 4_505]);
    expect(three.totalCents).toBe(22_505);
  });

  it("the better of the two per line, never both", () => {
    const quote = priceOrder({
      today: TODAY,
      lines: [line("a", "kid1", 10_000), line("b", "kid1", 10_000), line("c", "kid2", 10_000)],
      sibling: SIBLING,
      multiClass: MULTI,
    });
    // kid1 first (20 000): multi-class 10% on its seats; kid2's seat: sibling 15% beats 10%.
    expect(quote.lines.map((l) => l.discounts.map((d) => d.kind))).toEqual([
      ["multi_class"],
      ["multi_class"],
      ["sibling"],
    ]);
    expect(quote.lines.map((l) => l.paidCents)).toEqual([9_000, 9_000, 8_500]);
    expect(quote.totalCents).toBe(26_500);
  });

  it("family discounts are taken from the early-bird price", () => {
    const quote = priceOrder({
      today: TODAY,
      lines: [
        line("a", "kid1", 20_000, { earlyPriceCents: 18_000, earlyPriceUntil: "2026-06-01" }),
        line("b", "kid2", 20_000, { earlyPriceCents: 18_000, earlyPriceUntil: "2026-06-01" }),
      ],
      sibling: SIBLING,
    });
    // kid1 and kid2 tie: the first by id (kid1). kid2: 15% of 18 000 = 2 700.
    expect(quote.lines[1]!.discounts.map((d) => d.cents)).toEqual([2_000, 2_700]);
    expect(quote.lines.map((l) => l.paidCents)).toEqual([18_000, 15_300]);
    expect(quote.totalCents).toBe(33_300);
  });
});

describe("promo codes", () => {
  const two = [line("a", "kid1", 20_000, { sport: "tennis" }), line("b", "kid2", 10_000)];

  it("a percent code is taken from what is left of each line, after the family discount", () => {
    const quote = priceOrder({ today: TODAY, lines: two, sibling: SIBLING, code: withCode(code({ percentOff: 10 })) });
    // kid2: 10 000 - 1 500 sibling = 8 500, then 10% = 850 → 7 650. kid1: 20 000 - 2 000 = 18 000.
    expect(quote.lines.map((l) => l.paidCents)).toEqual([18_000, 7_650]);
    expect(quote.lines[1]!.discounts).toEqual([
      { kind: "sibling", name: "Sibling discount", cents: 1_500 },
      { kind: "code", name: "Spring flyer (SPRING)", cents: 850 },
    ]);
    expect(quote.code).toMatchObject({ applied: true, reason: null, cents: 2_850, summary: "10% off" });
    expect(quote).toMatchObject({ subtotalCents: 30_000, discountCents: 4_350, totalCents: 25_650 });
  });

  it("a fixed code is shared between its lines in proportion; the shares add up exactly", () => {
    const lines = [line("a", "k", 10_000), line("b", "k", 10_000), line("c", "k", 10_000)];
    const quote = priceOrder({
      today: TODAY,
      lines,
      code: withCode(code({ percentOff: null, amountOffCents: 1_000 })),
    });
    // 1 000 / 3 = 333.33 each: 333, 333, 333 and the cent left to the first of the largest.
    expect(quote.lines.map((l) => l.discounts[0]!.cents)).toEqual([334, 333, 333]);
    expect(quote.totalCents).toBe(29_000);
    expect(quote.code!.cents).toBe(1_000);
  });

  it("a fixed code larger than the order brings it to zero, never below", () => {
    const quote = priceOrder({
      today: TODAY,
      lines: [line("a", "k", 3_000)],
      code: withCode(code({ percentOff: null, amountOffCents: 5_000 })),
    });
    expect(quote.totalCents).toBe(0);
    expect(quote.code!.cents).toBe(3_000);
  });

  it("a code for a sport or a class is taken from those lines only", () => {
    const quote = priceOrder({ today: TODAY, lines: two, code: withCode(code({ sports: ["tennis"] })) });
    expect(quote.lines.map((l) => l.paidCents)).toEqual([18_000, 10_000]);
    const byClass = priceOrder({ today: TODAY, lines: two, code: withCode(code({ classIds: ["class-b"] })) });
    expect(byClass.lines.map((l) => l.paidCents)).toEqual([20_000, 9_000]);
  });

  it("says why a code cannot apply, and prices the order without it", () => {
    const reason = (c: PromoCode, usesTotal = 0, usesByFamily = 0, lines = two) => {
      const quote = priceOrder({ today: TODAY, lines, code: withCode(c, usesTotal, usesByFamily) });
      if (quote.code!.applied) return null;
      expect(quote.totalCents).toBe(lines.reduce((s, l) => s + l.priceCents, 0));
      return quote.code!.reason;
    };
    // Dates: both days included.
    expect(reason(code({ validUntil: "2026-05-20" }))).toBeNull();
    expect(reason(code({ validUntil: "2026-05-19" }))).toBe("This code expired on 19 May.");
    expect(reason(code({ validUntil: "2025-06-01" }))).toBe("This code expired on 1 June 2025.");
    expect(reason(code({ validFrom: "2026-05-20" }))).toBeNull();
    expect(reason(code({ validFrom: "2026-05-21" }))).toBe("This code can be used from 21 May.");
    // Use limits: the last use is there, then none.
    expect(reason(code({ maxUses: 5 }), 4)).toBeNull();
    expect(reason(code({ maxUses: 5 }), 5)).toBe("This code has been used up.");
    expect(reason(code({ maxUsesPerFamily: 1 }), 3, 0)).toBeNull();
    expect(reason(code({ maxUsesPerFamily: 1 }), 3, 1)).toBe("You have already used this code.");
    expect(reason(code({ maxUsesPerFamily: 2 }), 3, 2)).toBe(
      "You have already used this code 2 times, its limit per family.",
    );
    // Scope.
    expect(reason(code({ sports: ["golf"] }))).toBe("This code is not for these classes.");
    expect(reason(code({ classIds: ["other"] }), 0, 0, [two[0]!])).toBe("This code is not for this class.");
    // Minimum order: exactly the minimum is enough.
    expect(reason(code({ minOrderCents: 30_000 }))).toBeNull();
    expect(reason(code({ minOrderCents: 30_001 }))).toBe(
      "This code needs an order of at least $300.01 (yours comes to $300.00).",
    );
    expect(reason(code({ paused: true }))).toBe("This code is not in use at the moment.");
  });

  it("the minimum order is judged after early-bird and family discounts", () => {
    const quote = priceOrder({
      today: TODAY,
      lines: two,
      sibling: SIBLING,
      code: withCode(code({ minOrderCents: 30_000 })),
    });
    expect(quote.code!.reason).toBe("This code needs an order of at least $300.00 (yours comes to $285.00).");
  });

  it("the issue's family: two children, two early-bird classes each, a sibling discount and a code", () => {
    const classes = [
      { priceCents: 25_000, earlyPriceCents: 22_500, earlyPriceUntil: "2026-06-01" },
      { priceCents: 18_000, earlyPriceCents: 16_333, earlyPriceUntil: "2026-06-01" },
    ];
    const lines = ["kid1", "kid2"].flatMap((kid) =>
      classes.map((c, i) => line(`${kid}-${i}`, kid, c.priceCents, { ...c, classId: `class-${i}` })),
    );
    const quote = priceOrder({ today: TODAY, lines, sibling: SIBLING, code: withCode(code({ percentOff: 10 })) });
    // kid1 (first): 22 500 → code 2 250 → 20 250; 16 333 → code 1 633 → 14 700.
    // kid2: 22 500 → sibling 3 375 → 19 125 → code 1 912 → 17 213;
    //       16 333 → sibling 2 449 → 13 884 → code 1 388 → 12 496.
    expect(quote.lines.map((l) => l.paidCents)).toEqual([20_250, 14_700, 17_213, 12_496]);
    expect(quote.totalCents).toBe(64_659);
    expect(quote.subtotalCents).toBe(86_000);
    expect(quote.discountCents).toBe(86_000 - 64_659);
    for (const l of quote.lines) expect(l.listCents - l.discounts.reduce((s, d) => s + d.cents, 0)).toBe(l.paidCents);
  });
});

describe("helpers", () => {
  it("shares a fixed amount exactly", () => {
    expect(shareProportionally(100, [1, 1, 1])).toEqual([1, 1, 1]);
    expect(shareProportionally(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(shareProportionally(1_000, [0, 500, 1_500])).toEqual([0, 250, 750]);
    expect(shareProportionally(5, [0, 0])).toEqual([0, 0]);
  });

  it("words", () => {
    expect(dayInWords("2026-06-01", "2026-05-20")).toBe("1 June");
    expect(codeSummary({ percentOff: null, amountOffCents: 2_005 })).toBe("$20.05 off");
  });
});
