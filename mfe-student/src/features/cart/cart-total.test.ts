import { describe, expect, it } from "vitest";
import { cartTotal } from "./cart-total";

describe("cartTotal", () => {
  it("adds prices without floating-point dust", () => {
    expect(cartTotal([{ price: 0.1 }, { price: 0.2 }])).toBe(0.3);
    expect(cartTotal([{ price: 19.99 }, { price: 25 }, { price: 0.01 }])).toBe(45);
  });
  it("is 0 for an empty cart", () => {
    expect(cartTotal([])).toBe(0);
  });
});
