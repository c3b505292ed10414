import { describe, expect, it } from "vitest";
import { offerPeriod, waitlistRule } from "./waitlist-queries";

describe("the waitlist's rule in words", () => {
  it("says the academy's offer period in the largest whole unit", () => {
    expect(offerPeriod(24 * 3600)).toBe("24 hours");
    expect(offerPeriod(3600)).toBe("1 hour");
    expect(offerPeriod(90 * 60)).toBe("90 minutes");
    expect(offerPeriod(20)).toBe("20 seconds");
  });

  it("names the period once the class's live state says it, and points to the deadline until then", () => {
    expect(waitlistRule(48 * 3600)).toMatch(/An offer keeps its seats for 48 hours\.$/);
    expect(waitlistRule()).toMatch(/An offer keeps its seats until the deadline it shows\.$/);
    expect(waitlistRule()).toContain("in the order they joined");
  });
});
