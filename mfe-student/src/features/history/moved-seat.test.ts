import { describe, expect, it } from "vitest";
import { moveRows, signedDollars, type SeatMove } from "./moved-seat";

const move: SeatMove = {
  fromClass: "Soccer Week 1",
  toClass: "Tennis Week 2",
  camperName: "Mia",
  heldCents: 12_500,
  feeCents: 1_000,
  priceCents: 16_000,
  owedCents: 4_500,
  refundCents: 0,
};

describe("a moved seat's lines", () => {
  it("add up to the difference to pay: the new price, the payment carried, the fee", () => {
    const rows = moveRows(move);
    expect(rows.map((r) => r.label)).toEqual([
      "Tennis Week 2 (new seat)",
      "Soccer Week 1: paid, carried over",
      "Transfer fee",
      "Difference to pay",
    ]);
    const [price, carried, fee, owed] = rows.map((r) => r.cents);
    expect(price! + carried! + fee!).toBe(owed);
  });

  it("give the difference back for a cheaper class, and leave out a fee of nothing", () => {
    const rows = moveRows({ ...move, feeCents: 0, priceCents: 9_000, owedCents: 0, refundCents: 3_500 });
    expect(rows.map((r) => [r.label, signedDollars(r.cents)])).toEqual([
      ["Tennis Week 2 (new seat)", "$90.00"],
      ["Soccer Week 1: paid, carried over", "−$125.00"],
      ["Difference given back", "−$35.00"],
    ]);
    expect(rows[0]!.cents + rows[1]!.cents).toBe(rows[2]!.cents);
  });
});
