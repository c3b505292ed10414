import { describe, expect, it } from "vitest";
import { actionsFor, classCounts, dayLine, expectedDay, type CampDay } from "./today";

const blank: CampDay = {
  camper_id: "c1",
  day: "2027-07-05",
  state: null,
  checked_in_at: null,
  checked_in_by: null,
  absent_at: null,
  checked_out_at: null,
  checked_out_by: null,
  departure: null,
  collected_by: null,
  override_note: null,
};
// 9:05 and 15:02 in Portland in July (UTC-7).
const morning = "2027-07-05T16:05:00.000Z";
const afternoon = "2027-07-05T22:02:00.000Z";
const checkedIn: CampDay = { ...blank, state: "in", checked_in_at: morning, checked_in_by: "Maya Torres" };

describe("a camper's day in words", () => {
  it("says each state with the academy's times and who did it", () => {
    expect(dayLine(blank)).toBe("Not checked in");
    expect(dayLine({ ...blank, state: "absent", absent_at: morning })).toBe("Absent (marked 9:05 AM)");
    expect(dayLine(checkedIn)).toBe("Checked in 9:05 AM by Maya Torres");
    const out = { ...checkedIn, state: "out" as const, checked_out_at: afternoon, checked_out_by: "Maya Torres" };
    expect(dayLine({ ...out, departure: "pickup", collected_by: "Rosa Parent (grandmother)" })).toBe(
      "Checked in 9:05 AM by Maya Torres. Collected 3:02 PM by Rosa Parent (grandmother)",
    );
    expect(dayLine({ ...out, departure: "alone" })).toBe("Checked in 9:05 AM by Maya Torres. Left alone 3:02 PM");
    expect(dayLine({ ...out, departure: "override", override_note: "Aunt Jo" })).toBe(
      "Checked in 9:05 AM by Maya Torres. Checked out 3:02 PM by Maya Torres (override: Aunt Jo)",
    );
  });

  it("offers what the state allows", () => {
    expect(actionsFor(null)).toEqual({ checkIn: true, absent: true, checkOut: false, undo: false });
    expect(actionsFor("absent")).toEqual({ checkIn: true, absent: false, checkOut: false, undo: true });
    expect(actionsFor("in")).toEqual({ checkIn: false, absent: false, checkOut: true, undo: true });
    expect(actionsFor("out")).toEqual({ checkIn: false, absent: false, checkOut: false, undo: true });
  });

  it("counts a class's campers by state", () => {
    const list = [blank, checkedIn, checkedIn, { ...blank, state: "absent" as const }].map((attendance) => ({
      attendance,
    }));
    expect(classCounts(list)).toEqual({ here: 2, gone: 0, absent: 1, notYet: 1, total: 4 });
  });

  it("shows a check-in or an absence waiting to send as done, and leaves what the API decides to it", () => {
    const body = { camper_id: "c1", client_id: "abcdefgh" };
    expect(expectedDay(blank, { ...body, action: "check_in" }, "Maya Torres", morning)).toMatchObject({
      state: "in",
      checked_in_by: "Maya Torres",
    });
    expect(expectedDay(checkedIn, { ...body, action: "check_in" }, "Admin", afternoon)).toBe(checkedIn);
    expect(expectedDay(blank, { ...body, action: "absent" }, "Maya Torres", morning).state).toBe("absent");
    expect(expectedDay(checkedIn, { ...body, action: "check_out" }, "Maya Torres", afternoon)).toBe(checkedIn);
  });
});
