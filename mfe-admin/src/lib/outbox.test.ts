import { describe, expect, it } from "vitest";
import { waitedFor } from "./outbox";

describe("how long the oldest e-mail has waited", () => {
  const now = new Date("2026-07-01T12:00:00Z");
  const ago = (ms: number) => waitedFor(new Date(now.getTime() - ms), now);
  it("in the largest unit that reads at a glance", () => {
    expect(ago(20_000)).toBe("less than a minute");
    expect(ago(60_000)).toBe("1 minute");
    expect(ago(59 * 60_000)).toBe("59 minutes");
    expect(ago(60 * 60_000)).toBe("1 hour");
    expect(ago(47 * 3_600_000)).toBe("47 hours");
    expect(ago(3 * 86_400_000)).toBe("3 days");
  });
  it("never in the future (clocks that disagree by a little)", () => {
    expect(ago(-90_000)).toBe("less than a minute");
  });
});
