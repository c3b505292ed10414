import { describe, expect, it } from "vitest";
import { refundCents, stageText, usd } from "./refunds";

describe("refund amounts typed by an admin", () => {
  it("takes dollars and cents as whole cents", () => {
    expect(refundCents("40", 10_000, "payment")).toBe(4_000);
    expect(refundCents(" 40.5 ", 10_000, "payment")).toBe(4_050);
    expect(refundCents("22.35", 10_000, "payment")).toBe(2_235);
    expect(refundCents("0.01", 10_000, "seat")).toBe(1);
  });

  it("says why an amount cannot be refunded", () => {
    expect(refundCents("40,50", 10_000, "payment")).toBe("Type the refund in dollars, like 40 or 40.50.");
    expect(refundCents("4.555", 10_000, "payment")).toBe("Type the refund in dollars, like 40 or 40.50.");
    expect(refundCents("-3", 10_000, "payment")).toBe("Type the refund in dollars, like 40 or 40.50.");
    expect(refundCents("0", 10_000, "payment")).toBe("Type an amount above $0.00.");
    expect(refundCents("0", 10_000, "seat")).toBe(0);
    expect(refundCents("100.01", 10_000, "payment")).toBe("At most $100.00 of this payment is left to refund.");
    expect(refundCents("150", 14_900, "seat")).toBe("At most $149.00 of this seat is left to refund.");
  });

  it("shows cents as dollars", () => {
    expect(usd(7_450)).toBe("$74.50");
    expect(usd(5)).toBe("$0.05");
  });
});

describe("a refund's state in words", () => {
  it("says what is happening and what failed", () => {
    expect(stageText({ stage: "waiting", error: null, attempts: 0 })).toBe("Waiting to be sent");
    expect(stageText({ stage: "waiting", error: "x", attempts: 2 })).toBe(
      "Waiting for the payment service (tried 2 times; retried by itself)",
    );
    expect(stageText({ stage: "processing", error: null, attempts: 1 })).toBe("Processing at the payment service");
    expect(stageText({ stage: "failed", error: "The card's bank sent the refund back.", attempts: 1 })).toBe(
      "Failed: The card's bank sent the refund back.",
    );
  });
});
