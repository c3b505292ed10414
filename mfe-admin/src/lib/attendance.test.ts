import { describe, expect, it } from "vitest";
import { reportCells, type ReportCamper } from "./attendance";

const base: ReportCamper = {
  _id: "k",
  name: "Mia Parent",
  absence_reported: false,
  late_pickup: false,
  day: {
    camper_id: "k",
    day: "2027-07-06",
    state: null,
    checked_in_at: null,
    checked_in_by: null,
    absent_at: null,
    checked_out_at: null,
    checked_out_by: null,
    departure: null,
    collected_by: null,
    override_note: null,
  },
};
// 9:05 and 12:20 in Portland in July.
const inAt = { checked_in_at: "2027-07-06T16:05:00.000Z", checked_in_by: "Maya Torres" };
const outAt = { checked_out_at: "2027-07-06T19:20:00.000Z", checked_out_by: "Avery Admin" };

describe("the day's report in cells", () => {
  it("says each state, the times with who, and the override's note with a late pick-up", () => {
    expect(reportCells(base)).toEqual({ state: "Not seen", arrived: "", left: "", note: "" });
    expect(reportCells({ ...base, absence_reported: true }).state).toBe("Reported absent");
    expect(reportCells({ ...base, absence_reported: true, day: { ...base.day, state: "absent" } }).state).toBe(
      "Absent (reported)",
    );
    expect(reportCells({ ...base, day: { ...base.day, state: "in", ...inAt } })).toMatchObject({
      state: "Present",
      arrived: "9:05 AM, Maya Torres",
    });
    const override = {
      ...base,
      late_pickup: true,
      day: {
        ...base.day,
        state: "out" as const,
        ...inAt,
        ...outAt,
        departure: "override" as const,
        override_note: "Aunt Jo",
      },
    };
    expect(reportCells(override)).toEqual({
      state: "Gone home",
      arrived: "9:05 AM, Maya Torres",
      left: "12:20 PM, override by Avery Admin",
      note: "Aunt Jo. Late pick-up",
    });
    const collected = {
      ...base,
      day: {
        ...base.day,
        state: "out" as const,
        ...inAt,
        ...outAt,
        departure: "pickup" as const,
        collected_by: "Rosa (grandmother)",
      },
    };
    expect(reportCells(collected).left).toBe("12:20 PM, Rosa (grandmother)");
  });
});
