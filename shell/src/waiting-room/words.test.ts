import { describe, expect, it } from "vitest";
import { aboutHowLong, academyClock, nextAskMs, nextPath } from "./words";

describe("the waiting page's words", () => {
  it("says a wait in round words", () => {
    expect(aboutHowLong(0)).toBe("a moment");
    expect(aboutHowLong(5)).toBe("a moment");
    expect(aboutHowLong(37)).toBe("about 40 seconds");
    expect(aboutHowLong(61)).toBe("about 1 minute");
    expect(aboutHowLong(601)).toBe("about 10 minutes");
    expect(aboutHowLong(3_600)).toBe("about 1 hour");
    expect(aboutHowLong(5_460)).toBe("about 1 hour 31 minutes");
  });

  it("says times in the academy's zone", () => {
    expect(academyClock("2031-03-01T17:00:00Z")).toBe("9:00 AM");
  });

  it("asks again after a quarter of the wait, between 2 and 10 seconds", () => {
    expect(nextAskMs(0)).toBe(2_000);
    expect(nextAskMs(20)).toBe(5_000);
    expect(nextAskMs(600)).toBe(10_000);
  });

  it("goes on only to a path of this site, the classes by default", () => {
    expect(nextPath("?next=%2Fclasses%2F42")).toBe("/classes/42");
    expect(nextPath("")).toBe("/classes");
    for (const away of ["https://evil.example", "//evil.example", "/waiting-room", "javascript:alert(1)"])
      expect(nextPath(`?next=${encodeURIComponent(away)}`)).toBe("/classes");
  });
});
