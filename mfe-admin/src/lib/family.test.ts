import { describe, expect, it } from "vitest";
import {
  accessLogQuery,
  ageOn,
  birthLine,
  camperLabel,
  classLabel,
  detailText,
  enrolmentDates,
  personLine,
  readerLabel,
  readTime,
  reasonLabel,
  waitlistLine,
} from "./family";

describe("reasonLabel", () => {
  it("says what each recorded read was", () => {
    expect(reasonLabel("roster")).toBe("Class roster");
    expect(reasonLabel("detail")).toBe("Medical details");
    expect(reasonLabel("family")).toBe("Family view");
    expect(reasonLabel("roster-export")).toBe("Roster CSV export");
    expect(reasonLabel("medical-report")).toBe("Day's allergy and medical report");
  });

  it("shows a reason it does not know as the API wrote it", () => {
    expect(reasonLabel("audit")).toBe("audit");
  });
});

describe("ageOn and birthLine", () => {
  it("counts full years, the birthday itself included", () => {
    expect(ageOn("2016-03-04", "2027-03-03")).toBe(10);
    expect(ageOn("2016-03-04", "2027-03-04")).toBe(11);
    expect(ageOn("2016-12-31", "2027-01-01")).toBe(10);
  });

  it("writes the date of birth out with the age today", () => {
    expect(birthLine({ date_of_birth: "2016-03-04", removed: false }, "2027-07-01")).toBe("4 March 2016 (age 11)");
  });

  it("says why there is no date: never given, or deleted with the camper", () => {
    expect(birthLine({ date_of_birth: null, removed: false }, "2027-07-01")).toBe("Not given");
    expect(birthLine({ date_of_birth: null, removed: true }, "2027-07-01")).toBe("Deleted with the camper");
  });
});

describe("details as text", () => {
  it("shows what was written, or what its absence means", () => {
    expect(detailText("Peanuts", false)).toBe("Peanuts");
    expect(detailText("  ", false)).toBe("None given");
    expect(detailText("", true)).toBe("Deleted with the camper");
  });

  it("names a contact with their relation and number", () => {
    expect(personLine({ name: "Ana Parent", relation: "mother", phone: "+1 555 0100" })).toBe(
      "Ana Parent (mother), +1 555 0100",
    );
  });

  it("writes an enrolment's dates as the site does, or says it has none", () => {
    expect(enrolmentDates({ start_date: "2027-07-05", end_date: "2027-07-16" })).toBe("5-16 July 2027");
    expect(enrolmentDates({ start_date: null, end_date: null })).toBe("No dates yet");
  });
});

describe("accessLogQuery", () => {
  it("asks for one page, and for one camper's reads only when a camper is given", () => {
    expect(accessLogQuery({ page: 2, size: 20 })).toEqual({ page: 2, size: 20 });
    expect(accessLogQuery({ page: 1, size: 10, camperId: "c1" })).toEqual({ page: 1, size: 10, camperId: "c1" });
    expect(accessLogQuery({ page: 1, size: 10, camperId: "" })).toEqual({ page: 1, size: 10 });
  });
});

describe("the access log's names", () => {
  it("names the camper as the family entered it, and says when they were removed or are gone", () => {
    expect(camperLabel({ camper_name: "Mia Rivera", camper_removed: false })).toEqual({
      text: "Mia Rivera",
      known: true,
    });
    expect(camperLabel({ camper_name: "Mia Rivera", camper_removed: true })).toEqual({
      text: "Mia Rivera (removed)",
      known: true,
    });
    expect(camperLabel({ camper_name: null, camper_removed: true })).toEqual({
      text: "A removed camper",
      known: false,
    });
  });

  it("names the class, says when it was deleted, and that a family view has none", () => {
    expect(classLabel({ classId: "c1", class_name: "Soccer Camp", reason: "roster" })).toEqual({
      text: "Soccer Camp",
      known: true,
    });
    expect(classLabel({ classId: null, class_name: null, reason: "roster" })).toEqual({
      text: "A deleted class",
      known: false,
    });
    expect(classLabel({ classId: null, class_name: null, reason: "family" })).toEqual({ text: "None", known: false });
    expect(classLabel({ classId: null, class_name: null, reason: "medical-report" })).toEqual({
      text: "None",
      known: false,
    });
  });

  it("names the reader, or falls back on the e-mail kept with the read", () => {
    const reader = { _id: "u1", email: "maya@summitsports.academy", role: "instructor" };
    expect(readerLabel({ ...reader, name: "Maya Torres" })).toEqual({ text: "Maya Torres", known: true });
    expect(readerLabel({ ...reader, name: null })).toEqual({ text: "maya@summitsports.academy", known: false });
  });
});

describe("waitlistLine", () => {
  const entry = {
    entryId: "e1",
    classId: "c1",
    class_name: "Soccer Week",
    camperId: "mia",
    camper: "Mia Rivera",
    state: "waiting" as const,
    place: 3,
    dropped_reason: null,
    joinedAt: "2027-06-02T17:00:00.000Z",
    offeredAt: null,
    offerExpiresAt: null,
  };

  it("says the state, the place while waiting and the dates", () => {
    expect(waitlistLine(entry)).toBe(`Waiting, 3rd in line, joined ${readTime(entry.joinedAt)}`);
    expect(waitlistLine({ ...entry, place: 11 })).toMatch(/^Waiting, 11th in line,/);
    expect(
      waitlistLine({
        ...entry,
        state: "offered",
        place: null,
        offeredAt: "2027-06-04T17:00:00.000Z",
        offerExpiresAt: "2027-06-05T17:00:00.000Z",
      }),
    ).toBe(
      `Offered a seat, joined ${readTime(entry.joinedAt)}, offered ${readTime("2027-06-04T17:00:00.000Z")}, offer until ${readTime("2027-06-05T17:00:00.000Z")}`,
    );
  });

  it("says why a camper was taken off the entry", () => {
    expect(waitlistLine({ ...entry, state: "removed", place: null, dropped_reason: "Mia will be 13." })).toBe(
      `Removed, joined ${readTime(entry.joinedAt)}, taken off the entry: Mia will be 13.`,
    );
  });
});
