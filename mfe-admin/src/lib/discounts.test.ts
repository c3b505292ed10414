import { describe, expect, it } from "vitest";
import { bodyOf, emptyForm, formOf, toCents, type Discount } from "./discounts";

describe("the discount form", () => {
  it("turns dollars into cents exactly, and refuses what is not money", () => {
    expect(toCents("19.99")).toBe(1999);
    expect(toCents("0.29")).toBe(29);
    expect(toCents("20")).toBe(2000);
    expect(toCents("1.234")).toBeNaN();
    expect(toCents("-5")).toBeNaN();
  });

  it("sends a fixed-amount code in cents, with its limits", () => {
    const form = {
      ...emptyForm(),
      name: "Flyer",
      code: "flyer",
      type: "amount" as const,
      value: "12.50",
      maxUses: "10",
      minOrder: "100",
    };
    expect(bodyOf(form, false)).toEqual({
      problems: {},
      body: {
        kind: "code",
        name: "Flyer",
        code: "flyer",
        percentOff: null,
        amountOffCents: 1250,
        validFrom: null,
        validUntil: null,
        maxUses: 10,
        maxUsesPerFamily: null,
        minOrderCents: 10_000,
        sports: [],
        paused: false,
      },
    });
  });

  it("a sibling discount is a percent and nothing else; an edit does not send the kind", () => {
    const form = { ...emptyForm("sibling"), name: "Siblings", value: "10" };
    expect(bodyOf(form, true)).toEqual({ problems: {}, body: { name: "Siblings", percentOff: 10, paused: false } });
    expect(bodyOf({ ...form, value: "" }, true).problems).toEqual({ percentOff: "A whole percent from 1 to 100." });
  });

  it("reads a discount back into the form", () => {
    const d = {
      kind: "code",
      name: "X",
      code: "X1",
      percentOff: null,
      amountOffCents: 505,
      minSeats: null,
      validFrom: null,
      validUntil: "2027-06-01",
      maxUses: 3,
      maxUsesPerFamily: null,
      sports: ["golf"],
      minOrderCents: 0,
      paused: true,
    } as unknown as Discount;
    expect(formOf(d)).toMatchObject({
      type: "amount",
      value: "5.05",
      validUntil: "2027-06-01",
      maxUses: "3",
      sports: ["golf"],
      paused: true,
    });
  });
});
