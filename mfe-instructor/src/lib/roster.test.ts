import { describe, expect, it } from "vitest";
import { ageLabel, medicalLines, rosterFileName, rosterPrintCss, sortRoster, type RosterEntry } from "./roster";

const row = (camper: string, email: string): RosterEntry => ({
  name: "Ana Rivera",
  email,
  enrolledAt: "2027-05-01T10:00:00.000Z",
  guardians: [],
  forms: "none",
  camper: {
    _id: `${camper}-${email}`,
    name: camper,
    is_self: false,
    age: 9,
    medical_flag: false,
    emergency_contacts: [],
    pickup_people: [],
    photo_consent: true,
  },
});

describe("sortRoster", () => {
  it("puts the campers in roll-call order, whatever the order of booking, ignoring case", () => {
    const sorted = sortRoster([
      row("mia Rivera", "a@x.test"),
      row("Kai Rivera", "b@x.test"),
      row("Zoe Quill", "c@x.test"),
    ]);
    expect(sorted.map((r) => r.camper.name)).toEqual(["Kai Rivera", "mia Rivera", "Zoe Quill"]);
  });

  it("orders two campers of one name by their parent's e-mail, and leaves the answer as it was", () => {
    const answer = [row("Sam Lee", "z@x.test"), row("Sam Lee", "a@x.test")];
    expect(sortRoster(answer).map((r) => r.email)).toEqual(["a@x.test", "z@x.test"]);
    expect(answer.map((r) => r.email)).toEqual(["z@x.test", "a@x.test"]);
  });
});

describe("ageLabel", () => {
  it("shows the age on the first day, or says it is not known", () => {
    expect(ageLabel(9)).toBe("9");
    expect(ageLabel(0)).toBe("0");
    expect(ageLabel(null)).toBe("Not given");
  });
});

describe("medicalLines", () => {
  it("labels each detail and says when one is empty", () => {
    expect(medicalLines({ allergies: "Peanuts", medical_notes: "  ", medications: "Inhaler before sport" })).toEqual([
      { label: "Allergies", text: "Peanuts" },
      { label: "Medical notes", text: "None given" },
      { label: "Medications", text: "Inhaler before sport" },
    ]);
  });
});

describe("rosterFileName", () => {
  it("names the file as the API does", () => {
    expect(rosterFileName("Junior Soccer Skills")).toBe("roster-junior-soccer-skills.csv");
    expect(rosterFileName("  Track & Field: Sprints! ")).toBe("roster-track-field-sprints.csv");
    expect(rosterFileName("Ćwiczenia")).toBe("roster-wiczenia.csv");
    expect(rosterFileName("!!!")).toBe("roster-class.csv");
  });
});

describe("rosterPrintCss", () => {
  const css = rosterPrintCss();
  const body = css.slice(css.indexOf("{") + 1, css.lastIndexOf("}"));

  it("is for paper only: one @media print block, and nothing outside it", () => {
    expect(css.startsWith("@media print {")).toBe(true);
    expect(css.trimEnd().endsWith("}")).toBe(true);
    expect(body).not.toContain("@media");
  });

  it("applies only while a roster is on the page, and names none of the shell's elements", () => {
    for (const rule of body.split("\n").filter((l) => l.trim())) {
      expect(rule, rule).toMatch(/data-roster-print/);
    }
    expect(body).not.toMatch(/\b(nav|header|footer|aside|main)\b|#main|\.mfe-|\.hidden/);
  });

  it("leaves out everything that neither holds a roster nor is inside one; with Print pressed, only that roster", () => {
    expect(body).toContain(
      "body:has([data-roster-print]):not(:has([data-roster-print][data-printing])) *:not(:has([data-roster-print]), [data-roster-print], [data-roster-print] *) { display: none !important; }",
    );
    expect(body).toContain(
      "body:has([data-roster-print][data-printing]) *:not(:has([data-roster-print][data-printing]), [data-roster-print][data-printing], [data-roster-print][data-printing] *) { display: none !important; }",
    );
  });

  it("prints black on white and never splits a row across two pages", () => {
    expect(body).toMatch(/\[data-roster-print\], \[data-roster-print\] \* \{ color: #000 !important; background: #fff/);
    expect(body).toContain("[data-roster-print] tr { break-inside: avoid; }");
  });
});
