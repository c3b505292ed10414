import { describe, expect, it } from "vitest";
import { dayLabel, sessionCell, sessionCsvName, type SessionCell } from "./class-attendance";

const base: SessionCell = {
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
  absence_reported: false,
};
// 9:05 and 12:20 in Portland in July.
const inAt = { checked_in_at: "2027-07-06T16:05:00.000Z", checked_in_by: "Maya Torres" };
const outAt = { checked_out_at: "2027-07-06T19:20:00.000Z", checked_out_by: "Avery Admin" };

describe("a class's session in cells", () => {
  it("says each state, with the times, who collected and an override's note", () => {
    expect(sessionCell(base, false)).toEqual({ state: "Not recorded", detail: [] });
    expect(sessionCell(base, true)).toEqual({ state: "Upcoming", detail: [] });
    expect(sessionCell({ ...base, absence_reported: true }, false).state).toBe("Reported absent");
    expect(sessionCell({ ...base, state: "absent", absent_at: inAt.checked_in_at }, false).state).toBe("Absent");
    expect(sessionCell({ ...base, state: "in", ...inAt }, false)).toEqual({
      state: "Present",
      detail: ["In 9:05 AM (Maya Torres)"],
    });
    expect(
      sessionCell(
        { ...base, state: "out", ...inAt, ...outAt, departure: "pickup", collected_by: "Rosa (aunt)" },
        false,
      ),
    ).toEqual({ state: "Gone home", detail: ["In 9:05 AM (Maya Torres)", "Out 12:20 PM, Rosa (aunt)"] });
    expect(
      sessionCell({ ...base, state: "out", ...inAt, ...outAt, departure: "override", override_note: "Dentist" }, false)
        .detail,
    ).toEqual(["In 9:05 AM (Maya Torres)", "Out 12:20 PM, override by Avery Admin", "Note: Dentist"]);
  });

  it("names the day and the file as the API does", () => {
    expect(dayLabel("2027-07-06")).toBe("Tue, Jul 6");
    expect(sessionCsvName("Soccer: Juniors (AM)")).toBe("attendance-soccer-juniors-am.csv");
    expect(sessionCsvName("¡!")).toBe("attendance-class.csv");
  });
});
