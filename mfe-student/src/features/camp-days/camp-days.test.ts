import { describe, expect, it } from "vitest";
import { campDayLine, type CampDayRow } from "./camp-days";

const day: CampDayRow = {
  class_id: "c",
  camper_id: "k",
  day: "2027-07-06",
  state: "out",
  // 9:05 and 12:02 in Portland in July (UTC-7).
  checked_in_at: "2027-07-06T16:05:00.000Z",
  checked_out_at: "2027-07-06T19:02:00.000Z",
  departure: "pickup",
  collected_by: "Rosa Parent (grandmother)",
};

describe("a camp day in the family's words", () => {
  it("says when the camper came and went, and with whom", () => {
    expect(campDayLine(day)).toBe("Tue, Jul 6: arrived 9:05 AM, left 12:02 PM with Rosa Parent (grandmother)");
    expect(campDayLine({ ...day, departure: "alone", collected_by: null })).toBe(
      "Tue, Jul 6: arrived 9:05 AM, left 12:02 PM on their own, as you allowed",
    );
    expect(campDayLine({ ...day, departure: "override", collected_by: null })).toBe(
      "Tue, Jul 6: arrived 9:05 AM, left 12:02 PM (checked out by the office)",
    );
    expect(campDayLine({ ...day, state: "in", checked_out_at: null, departure: null })).toBe(
      "Tue, Jul 6: arrived 9:05 AM, still at camp",
    );
    expect(campDayLine({ ...day, state: "absent", checked_in_at: null, checked_out_at: null })).toBe(
      "Tue, Jul 6: absent",
    );
  });
});
