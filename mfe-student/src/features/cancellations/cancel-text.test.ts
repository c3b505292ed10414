import { describe, expect, it } from "vitest";
import { confirmText, type SeatQuote } from "./cancel-text";

const quote = (cancellation: Partial<SeatQuote["cancellation"]>): SeatQuote => ({
  class_name: "Soccer Week",
  camper: "Ava",
  cancellation: {
    refundCents: 7_000,
    paidCents: 7_000,
    discountGivenBackCents: 0,
    window: "full",
    cancellable: true,
    text: "You will get $70.00 back of $70.00.",
    ...cancellation,
  },
});

describe("the cancel dialog's question", () => {
  it("states the refund in the server's words", () => {
    expect(confirmText(quote({}))).toBe(
      'Ava\'s seat in "Soccer Week" will be cancelled. You will get $70.00 back of $70.00. The refund goes back to the card you paid with.',
    );
  });

  it("shows the discount given back as its own line when the seats kept no longer earn it", () => {
    const text = confirmText(
      quote({
        refundCents: 1_000,
        discountGivenBackCents: 6_000,
        text: "You will get $10.00 back of $70.00. The policy gives $70.00, less $60.00 of discount given back: the seats you keep no longer earn it.",
      }),
    );
    expect(text).toContain("Discount given back: $60.00.");
    expect(confirmText(quote({ discountGivenBackCents: 123_456 }))).toContain("Discount given back: $1,234.56.");
    expect(confirmText(quote({ discountGivenBackCents: 0 }))).not.toContain("Discount given back");
  });
});
