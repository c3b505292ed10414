import { describe, expect, it } from "vitest";
import { cents } from "../pricing/money";
import { dollarsToCents } from "./dollars";

describe("dollars typed by a family", () => {
  it("become whole cents without float rounding", () => {
    expect(dollarsToCents("250")).toBe(25_000);
    expect(dollarsToCents(" 250.5 ")).toBe(25_050);
    expect(dollarsToCents("0.29")).toBe(29);
    expect(dollarsToCents("1.15")).toBe(115);
    expect(dollarsToCents("$1,234.56")).toBe(123_456);
    expect(dollarsToCents("100000")).toBe(10_000_000);
  });

  it("are not an amount when negative, over two decimals, badly grouped or empty", () => {
    for (const text of ["", "-5", "1.234", "12,34", "ten", "1e3", "."]) expect(dollarsToCents(text)).toBeNaN();
  });

  it("read back as the site shows money", () => {
    expect(cents(dollarsToCents("19.9"))).toBe("$19.90");
  });
});
