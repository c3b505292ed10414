import { describe, expect, it } from "vitest";
import { countdownText, msUntilOpening, registrationOpensText } from "./registration";

describe("registration opening", () => {
  it("says the opening in the academy's time, as the API does", () => {
    // 17:00 UTC on 1 March 2027 is 9:00 in Portland (PST).
    expect(registrationOpensText("2027-03-01T17:00:00Z")).toBe("Registration opens Mon 1 March, 9:00");
    expect(registrationOpensText("2027-07-05T16:30:00Z")).toBe("Registration opens Mon 5 July, 9:30");
  });

  it("counts down to it, and is open at and after it", () => {
    const at = Date.parse("2027-03-01T17:00:00Z");
    expect(msUntilOpening("2027-03-01T17:00:00Z", at - 1500)).toBe(1500);
    expect(msUntilOpening("2027-03-01T17:00:00Z", at)).toBe(0);
    expect(msUntilOpening(null, at)).toBe(0);
    expect(countdownText(1500)).toBe("2 seconds");
    expect(countdownText(61_000)).toBe("1 minute 1 second");
    expect(countdownText(3 * 3600_000 + 12 * 60_000)).toBe("3 hours 12 minutes");
    expect(countdownText(2 * 86_400_000 + 3 * 3600_000)).toBe("2 days 3 hours");
  });
});
