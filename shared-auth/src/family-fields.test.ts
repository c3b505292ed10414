import { describe, expect, it } from "vitest";
import {
  ageOn,
  CAMPER_MESSAGES,
  dateOfBirthProblem,
  emailProblem,
  emptyCamperValues,
  GUARDIAN_MESSAGES,
  guardianFieldProblem,
  guardiansFormValues,
  guardiansInput,
  isIsoDate,
  newCamperInput,
  phoneProblem,
  requiredTextProblem,
} from "./family-fields";
import { sampleGuardian } from "./testing/fixtures";

const first = sampleGuardian();

describe("shared field rules", () => {
  it("requires trimmed text within its bound", () => {
    expect(requiredTextProblem("  ", 60, "First name is required", "too long")).toBe("First name is required");
    expect(requiredTextProblem("x".repeat(61), 60, "req", "too long")).toBe("too long");
    expect(requiredTextProblem(" Mia ", 60, "req", "too long")).toBeNull();
  });
  it("takes the API's phone numbers", () => {
    for (const ok of ["+1 555 0100", "(020) 7946-0018", "555.0100"]) expect(phoneProblem(ok), ok).toBeNull();
    for (const bad of ["12345", "call me", "+1 555 0100 ext 4", "1".repeat(21)]) {
      expect(phoneProblem(bad), bad).toBe(CAMPER_MESSAGES.phone);
    }
  });
  it("takes the API's e-mail addresses, up to 254 characters", () => {
    expect(emailProblem(" ana@example.com ")).toBeNull();
    expect(emailProblem("ana@")).toBe(GUARDIAN_MESSAGES.email);
    expect(emailProblem(`${"a".repeat(243)}@example.com`)).toBe(GUARDIAN_MESSAGES.email);
  });
});

describe("a guardian's form", () => {
  it("starts from what the account knows when nothing is kept, and from what is kept otherwise", () => {
    const fresh = guardiansFormValues([], { name: "Ana Rivera" });
    expect(fresh.first).toMatchObject({ name: "Ana Rivera", phone: "", city: "" });
    expect(fresh.hasSecond).toBe(false);
    expect(fresh.second.name).toBe("");
    const kept = guardiansFormValues([first, sampleGuardian({ position: 2, name: "Bo Rivera" })], { name: "Someone" });
    expect(kept.first.name).toBe("Ana Rivera");
    expect(kept.hasSecond).toBe(true);
    expect(kept.second.name).toBe("Bo Rivera");
  });

  it("words each refused field as the API does", () => {
    expect(guardianFieldProblem("phone", "call me")).toBe(GUARDIAN_MESSAGES.phone);
    expect(guardianFieldProblem("email", "bo@")).toBe(GUARDIAN_MESSAGES.email);
    expect(guardianFieldProblem("city", " ")).toBe(GUARDIAN_MESSAGES.city);
    expect(guardianFieldProblem("address_line2", "")).toBeNull();
    expect(guardianFieldProblem("region", "x".repeat(81))).toBe("At most 80 characters");
    expect(guardianFieldProblem("postal_code", " 97201 ")).toBeNull();
  });

  it("sends the first trimmed without an e-mail, and the second only when kept", () => {
    const values = guardiansFormValues([first], { name: "Ana Rivera" });
    const input = guardiansInput({ ...values, first: { ...values.first, city: " Salem " } });
    expect(input.first).not.toHaveProperty("email");
    expect(input.first.city).toBe("Salem");
    expect(input.second).toBeNull();
    const second = { ...first, email: " bo@example.com " };
    expect(guardiansInput({ ...values, hasSecond: true, second }).second?.email).toBe("bo@example.com");
  });
});

describe("dateOfBirthProblem", () => {
  const today = "2026-11-25";
  it("asks a child's date of birth, as a real day", () => {
    expect(dateOfBirthProblem("", { required: true, today })).toBe(CAMPER_MESSAGES.date_of_birth_required);
    expect(dateOfBirthProblem("12/03/2017", { required: true, today })).toBe(CAMPER_MESSAGES.date_of_birth);
    expect(dateOfBirthProblem("2017-02-30", { required: true, today })).toBe(CAMPER_MESSAGES.date_of_birth);
    expect(dateOfBirthProblem("2017-03-12", { required: true, today })).toBeNull();
  });
  it("lets the account holder leave it out", () => {
    expect(dateOfBirthProblem("", { required: false, today })).toBeNull();
  });
  it("refuses a day after today and a camper older than 25, as the API does", () => {
    expect(dateOfBirthProblem("2026-11-26", { required: true, today })).toBe(CAMPER_MESSAGES.born_in_future);
    expect(dateOfBirthProblem("2026-11-25", { required: true, today })).toBeNull();
    expect(dateOfBirthProblem("2000-11-26", { required: true, today })).toBeNull();
    expect(dateOfBirthProblem("2000-11-25", { required: true, today })).toBe(CAMPER_MESSAGES.too_old);
  });
  it("takes a grown-up's date for the account holder's own, up to 120 years ago, as the API does", () => {
    expect(dateOfBirthProblem("1988-04-02", { required: false, today, adult: true })).toBeNull();
    expect(dateOfBirthProblem("1905-11-26", { required: false, today, adult: true })).toBeNull();
    expect(dateOfBirthProblem("1905-11-25", { required: false, today, adult: true })).toBe(
      CAMPER_MESSAGES.too_old_for_anyone,
    );
    expect(dateOfBirthProblem("1988-04-02", { required: true, today })).toBe(CAMPER_MESSAGES.too_old);
  });
});

describe("ageOn and isIsoDate", () => {
  it("counts full years, a birthday counting on its day", () => {
    expect(ageOn("2017-03-12", "2027-03-11")).toBe(9);
    expect(ageOn("2017-03-12", "2027-03-12")).toBe(10);
    expect(ageOn("2016-02-29", "2027-02-28")).toBe(10);
    expect(ageOn("2016-02-29", "2027-03-01")).toBe(11);
  });
  it("knows real days", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2023-02-29")).toBe(false);
    expect(isIsoDate("2023-2-1")).toBe(false);
  });
});

describe("a new child", () => {
  it("starts with one empty emergency contact row", () => {
    const values = emptyCamperValues();
    expect(values.emergency_contacts).toEqual([{ name: "", relation: "", phone: "" }]);
    expect(values.pickup_people).toEqual([]);
  });
  it("is sent trimmed", () => {
    const values = {
      ...emptyCamperValues(),
      first_name: " Leo ",
      last_name: "Rivera ",
      date_of_birth: "2019-06-01",
      allergies: "  ",
      emergency_contacts: [{ name: " Ana Rivera", relation: "mother ", phone: " +1 555 0100 " }],
    };
    expect(newCamperInput(values)).toEqual({
      first_name: "Leo",
      last_name: "Rivera",
      date_of_birth: "2019-06-01",
      allergies: "",
      medical_notes: "",
      medications: "",
      emergency_contacts: [{ name: "Ana Rivera", relation: "mother", phone: "+1 555 0100" }],
      pickup_people: [],
      photo_consent: false,
    });
  });
});
