import { describe, expect, it } from "vitest";
import { academyWallTimeToIso, isoToAcademyWallTime } from "./academy-time";

describe("the academy's wall clock (America/Los_Angeles)", () => {
  it("says a winter and a summer time with their offsets", () => {
    expect(academyWallTimeToIso("2027-03-01T09:00")).toBe("2027-03-01T09:00:00-08:00");
    expect(academyWallTimeToIso("2027-06-14T08:30")).toBe("2027-06-14T08:30:00-07:00");
  });

  it("reads an instant back as the academy's wall time, whatever the browser's zone", () => {
    expect(isoToAcademyWallTime("2027-03-01T17:00:00Z")).toBe("2027-03-01T09:00");
    expect(isoToAcademyWallTime("2027-06-14T15:30:00.000Z")).toBe("2027-06-14T08:30");
    expect(isoToAcademyWallTime(null)).toBe("");
  });

  it("moves a time the clocks skip in spring on by the hour, and reads a time of the repeated autumn hour back the same", () => {
    // 14 March 2027: 2:00 becomes 3:00 in Portland.
    expect(academyWallTimeToIso("2027-03-14T02:30")).toBe("2027-03-14T03:30:00-07:00");
    // 7 November 2027: 1:00-2:00 happens twice.
    const repeated = academyWallTimeToIso("2027-11-07T01:30")!;
    expect(isoToAcademyWallTime(repeated)).toBe("2027-11-07T01:30");
  });

  it("refuses what is not a date and time", () => {
    expect(academyWallTimeToIso("")).toBeNull();
    expect(academyWallTimeToIso("2027-02-30T09:00")).toBeNull();
    expect(academyWallTimeToIso("tomorrow")).toBeNull();
  });

  it("round-trips every two hours of a year", () => {
    for (let t = Date.UTC(2027, 0, 1); t < Date.UTC(2028, 0, 1); t += 2 * 3600_000) {
      const wall = isoToAcademyWallTime(new Date(t).toISOString());
      expect(isoToAcademyWallTime(academyWallTimeToIso(wall))).toBe(wall);
    }
  });
});
