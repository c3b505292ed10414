import { describe, expect, it } from "vitest";
import { sampleGuardian } from "shared-auth/testing/fixtures";
import {
  camperProblems,
  emptyCamper,
  guardiansForm,
  guardiansProblems,
  newFamilyInput,
  newFamilyProblems,
} from "./front-desk-people";

const first = sampleGuardian();

describe("the guardians at the desk", () => {
  it("starts from the account's name and phone when nothing is kept", () => {
    const values = guardiansForm({ guardians: [], complete: false }, { name: "Ana Rivera", phone: "+1 555 0100" });
    expect(values.first).toMatchObject({ name: "Ana Rivera", phone: "+1 555 0100", city: "" });
    expect(values.hasSecond).toBe(false);
  });

  it("checks the first guardian as the API does (never their e-mail), the second only when kept", () => {
    const values = guardiansForm({ guardians: [{ ...first, phone: "call me" }], complete: false }, first);
    expect(guardiansProblems(values)).toEqual({
      "first.phone": "Enter a phone number: digits, spaces, + ( ) - only, 6 to 20 characters",
    });
    const withSecond = { ...values, first: { ...values.first, phone: "555 0100" }, hasSecond: true };
    expect(Object.keys(guardiansProblems(withSecond))).toEqual([
      "second.name",
      "second.relation",
      "second.phone",
      "second.email",
      "second.address_line1",
      "second.city",
      "second.postal_code",
    ]);
  });
});

describe("a child added at the desk", () => {
  const today = "2027-03-10";
  const child = {
    ...emptyCamper(),
    first_name: " Cai ",
    last_name: "Rivera",
    date_of_birth: "2017-05-02",
    emergency_contacts: [{ name: "Ana Rivera", relation: "mother", phone: "+1 555 0100" }],
  };

  it("needs names, a real date of birth up to 25 years ago, and complete people", () => {
    expect(camperProblems(child, today)).toEqual({});
    expect(camperProblems(emptyCamper(), today)).toEqual({
      first_name: "First name is required",
      last_name: "Last name is required",
      date_of_birth: "Date of birth is required",
      "emergency_contacts.0.name": "Contact name is required",
      "emergency_contacts.0.relation": "Relation is required (for example: mother, grandfather, neighbour)",
      "emergency_contacts.0.phone": "Enter a phone number: digits, spaces, + ( ) - only, 6 to 20 characters",
    });
    expect(camperProblems({ ...child, date_of_birth: "2017-02-30" }, today).date_of_birth).toBe(
      "Enter the date of birth as YYYY-MM-DD",
    );
    expect(camperProblems({ ...child, date_of_birth: "2027-03-11" }, today).date_of_birth).toBe(
      "The date of birth cannot be in the future",
    );
    expect(camperProblems({ ...child, date_of_birth: "2001-03-09" }, today).date_of_birth).toBe(
      "A camper is at most 25 years old",
    );
    expect(camperProblems({ ...child, allergies: "x".repeat(1001) }, today).allergies).toBe(
      "Allergies must be at most 1000 characters",
    );
  });
});

describe("a new family", () => {
  it("needs an e-mail and a name, sent trimmed", () => {
    expect(newFamilyProblems({ email: "ana@", name: " " })).toEqual({
      email: "Enter an e-mail address such as name@example.com",
      name: "Name is required",
    });
    expect(newFamilyProblems({ email: "ana@example.com", name: "A".repeat(121) })).toHaveProperty("name");
    expect(newFamilyProblems({ email: "ana@example.com", name: "Ana" })).toEqual({});
    expect(newFamilyInput({ email: " ana@example.com ", name: " Ana Rivera " })).toEqual({
      email: "ana@example.com",
      name: "Ana Rivera",
    });
  });
});
