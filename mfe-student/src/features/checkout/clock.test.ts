import { describe, expect, it } from "vitest";
import { clock } from "./clock";

describe("clock", () => {
  it("shows minutes and seconds left, rounding up so 00:00 means the hold is over", () => {
    expect(clock(15 * 60_000)).toBe("15:00");
    expect(clock(59_001)).toBe("01:00");
    expect(clock(61_500)).toBe("01:02");
    expect(clock(999)).toBe("00:01");
    expect(clock(0)).toBe("00:00");
  });
  it("never goes below zero", () => {
    expect(clock(-5_000)).toBe("00:00");
  });
});
