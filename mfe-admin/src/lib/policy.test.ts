import { describe, expect, it } from "vitest";
import { policyFromForm } from "./policy";

const form = { full: "14", partial: "7", percent: "50", fee: "2.50" };

describe("the cancellation policy form", () => {
  it("turns the fields into the API's numbers (the fee in cents)", () => {
    expect(policyFromForm(form)).toEqual({
      problems: {},
      policy: { fullRefundDays: 14, partialRefundDays: 7, partialPercent: 50, feeCents: 250 },
    });
    expect(policyFromForm({ ...form, fee: "" }).policy.feeCents).toBe(0);
    expect(policyFromForm({ ...form, fee: "0.1" }).policy.feeCents).toBe(10);
  });

  it("says what is wrong with each field", () => {
    expect(policyFromForm({ ...form, full: "-1" }).problems.full).toBe("A whole number of days from 0 to 365.");
    expect(policyFromForm({ ...form, full: "400" }).problems.full).toBe("A whole number of days from 0 to 365.");
    expect(policyFromForm({ ...form, partial: "20" }).problems.partial).toBe(
      "The partial refund cannot last longer than the full one.",
    );
    expect(policyFromForm({ ...form, percent: "101" }).problems.percent).toBe("A whole percentage from 0 to 100.");
    expect(policyFromForm({ ...form, fee: "2.505" }).problems.fee).toBe("An amount in dollars from $0 to $1,000.");
  });
});
