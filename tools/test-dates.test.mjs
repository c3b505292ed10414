import { describe, expect, it } from "vitest";
import { birthDateForAge, cardExpiry } from "./test-dates.mjs";

describe("test dates", () => {
  it("gives a date of birth that makes the child the age asked on the day", () => {
    expect(birthDateForAge(8, "2031-07-07")).toBe("2023-07-07");
    expect(birthDateForAge(9, "2031-07-07", { monthsOver: 2 })).toBe("2022-05-07");
    expect(birthDateForAge(8, "2031-07-07", { daysLater: 1 })).toBe("2023-07-08");
    expect(birthDateForAge(10, "2032-02-29")).toBe("2022-03-01");
    expect(() => birthDateForAge(8, "July 2031")).toThrow(/YYYY-MM-DD/);
  });

  it("gives a card expiry three years ahead, in both forms", () => {
    expect(cardExpiry(new Date("2034-12-31T23:00:00Z"))).toEqual({ month: "12", year: "2037", typed: "12 / 37" });
    expect(Number(cardExpiry().year)).toBeGreaterThan(new Date().getUTCFullYear());
  });
});
