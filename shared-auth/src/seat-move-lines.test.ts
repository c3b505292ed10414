import { describe, expect, it } from "vitest";
import { linesTotal, moveDifference, moveLines } from "./seat-move-lines";

const dearer = {
  className: "Soccer Week 1",
  toClassName: "Tennis Week 2",
  heldCents: 12_500,
  feeCents: 1_000,
  priceCents: 16_000,
  owedCents: 4_500,
  refundCents: 0,
  discounts: [{ name: "Sibling", cents: 500 }],
};

describe("a moved seat's lines", () => {
  it("add up to what is owed: the new price, the payment carried over, the fee", () => {
    const lines = moveLines(dearer);
    expect(lines.map((l) => [l.label, l.cents])).toEqual([
      ["Tennis Week 2 (new seat)", 16_000],
      ["Soccer Week 1: paid, carried over", -12_500],
      ["Transfer fee", 1_000],
    ]);
    expect(lines[0]!.discounts).toEqual([{ name: "Sibling", cents: 500 }]);
    expect(linesTotal(lines)).toBe(dearer.owedCents);
    expect(moveDifference(dearer)).toEqual({ label: "Difference to pay", cents: 4_500 });
  });

  it("add up to what goes back for a cheaper class, with no fee line when there is none", () => {
    const cheaper = { ...dearer, feeCents: 0, priceCents: 9_000, owedCents: 0, refundCents: 3_500, discounts: [] };
    const lines = moveLines(cheaper);
    expect(lines).toHaveLength(2);
    expect(linesTotal(lines)).toBe(-3_500);
    expect(moveDifference(cheaper)).toEqual({ label: "Difference given back", cents: -3_500 });
    expect(moveDifference({ owedCents: 0, refundCents: 0 })).toEqual({ label: "Difference", cents: 0 });
  });
});
