import { describe, expect, it } from "vitest";
import { classLine, medicalLines, type MedicalCamper } from "./medical-report";

const camper: MedicalCamper = {
  _id: "k",
  name: "Wes Parent",
  allergies: "Peanuts",
  medical_notes: "  ",
  medications: "EpiPen",
  classes: [
    { _id: "c", name: "Soccer", instructor_name: "Maya", location: "Field 2", start_time: "09:00", end_time: "12:00" },
  ],
};

describe("the day's medical report", () => {
  it("lists what the family wrote, each with its label, and leaves out what is empty", () => {
    expect(medicalLines(camper)).toEqual([
      { label: "Allergies", text: "Peanuts" },
      { label: "Medications", text: "EpiPen" },
    ]);
  });

  it("says to ask the family when the details could not be opened", () => {
    expect(medicalLines({ ...camper, details_unreadable: true })).toEqual([
      { label: "Details", text: "Could not be opened: ask the family before the camper takes part." },
    ]);
  });

  it("names each class with its hours and place", () => {
    expect(classLine(camper.classes[0]!)).toBe("Soccer 09:00–12:00 (Field 2)");
    expect(classLine({ ...camper.classes[0]!, location: null })).toBe("Soccer 09:00–12:00");
  });
});
