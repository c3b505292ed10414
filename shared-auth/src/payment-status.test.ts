import { describe, expect, it } from "vitest";
import { paymentStatusLabel } from "./payment-status";

describe("paymentStatusLabel", () => {
  it("says Paid for the spec's stored value, and the refund states in plain words", () => {
    expect(paymentStatusLabel("service pending")).toBe("Paid");
    expect(paymentStatusLabel("partially refunded")).toBe("Partly refunded");
    expect(paymentStatusLabel("refunded")).toBe("Refunded");
  });

  it("shows a state it does not know as the API wrote it, capitalised", () => {
    expect(paymentStatusLabel("disputed")).toBe("Disputed");
  });
});
