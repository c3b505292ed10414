import { describe, expect, it } from "vitest";
import type { Camper } from "shared-auth";
import {
  camperChanges,
  camperTitle,
  camperToValues,
  emptyCamperValues,
  formatBirth,
  formatPerson,
  needsEmergencyContact,
  placeServerErrors,
} from "./camper-fields";

const mia: Camper = {
  _id: "c-1",
  is_self: false,
  first_name: "Mia",
  last_name: "Rivera",
  name: "Mia Rivera",
  date_of_birth: "2017-03-12",
  allergies: "Peanuts",
  medical_notes: "",
  medications: "",
  emergency_contacts: [{ name: "Ana Rivera", relation: "mother", phone: "+1 555 0100" }],
  pickup_people: [],
  photo_consent: false,
  createdAt: "2026-05-01T10:00:00.000Z",
  updatedAt: "2026-05-01T10:00:00.000Z",
};
const myself: Camper = {
  ...mia,
  _id: "c-0",
  is_self: true,
  first_name: "Sam Student",
  last_name: "",
  name: "Sam Student",
  date_of_birth: null,
  allergies: "",
  emergency_contacts: [],
};

describe("camper to form and back", () => {
  it("sends only what changed", () => {
    const values = camperToValues(mia);
    expect(camperChanges(mia, values)).toEqual({});
    values.allergies = "Peanuts, bee stings";
    values.pickup_people = [{ name: "Tom Rivera", relation: "uncle", phone: "555 0101" }];
    values.photo_consent = true;
    expect(camperChanges(mia, values)).toEqual({
      allergies: "Peanuts, bee stings",
      pickup_people: [{ name: "Tom Rivera", relation: "uncle", phone: "555 0101" }],
      photo_consent: true,
    });
  });
  it("replaces details that could not be read whole: all five, once any of them is entered", () => {
    const unreadable: Camper = {
      ...mia,
      allergies: "",
      medical_notes: "",
      medications: "",
      emergency_contacts: [],
      pickup_people: [],
      details_unreadable: true,
    };
    const values = camperToValues(unreadable);
    values.photo_consent = true;
    expect(camperChanges(unreadable, values)).toEqual({ photo_consent: true });
    values.emergency_contacts = [{ name: "Ana Rivera", relation: "mother", phone: "+1 555 0100" }];
    expect(camperChanges(unreadable, values)).toEqual({
      allergies: "",
      medical_notes: "",
      medications: "",
      emergency_contacts: [{ name: "Ana Rivera", relation: "mother", phone: "+1 555 0100" }],
      pickup_people: [],
      photo_consent: true,
    });
  });
  it("never sends the account holder's name, nor an empty date of birth", () => {
    const values = { ...camperToValues(myself), first_name: "Someone Else", last_name: "X" };
    expect(camperChanges(myself, values)).toEqual({});
    values.date_of_birth = "1990-01-01";
    expect(camperChanges(myself, values)).toEqual({ date_of_birth: "1990-01-01" });
  });
  it("does not edit the camper it was made from", () => {
    const values = camperToValues(mia);
    values.emergency_contacts[0]!.phone = "000000";
    expect(mia.emergency_contacts[0]!.phone).toBe("+1 555 0100");
  });
});

describe("placeServerErrors", () => {
  it("puts the API's field messages under the form's fields, in the form's order, and says the rest", () => {
    const values = camperToValues(mia);
    const { placed, other } = placeServerErrors(
      {
        "emergency_contacts.0.phone": "Enter a phone number",
        first_name: "First name is required",
        pickup_people: "At most 10 people allowed to pick up",
      },
      values,
    );
    expect(placed).toEqual([
      ["first_name", "First name is required"],
      ["emergency_contacts.0.phone", "Enter a phone number"],
    ]);
    expect(other).toEqual(["At most 10 people allowed to pick up"]);
  });
  it("is empty without fields", () => {
    expect(placeServerErrors(undefined, emptyCamperValues())).toEqual({ placed: [], other: [] });
  });
});

describe("how the page names campers", () => {
  it('calls the account holder "Myself" with their name', () => {
    expect(camperTitle(myself)).toBe("Myself (Sam Student)");
    expect(camperTitle(mia)).toBe("Mia Rivera");
  });
  it("flags a child without an emergency contact, never the account holder", () => {
    expect(needsEmergencyContact({ ...mia, emergency_contacts: [] })).toBe(true);
    expect(needsEmergencyContact(mia)).toBe(false);
    expect(needsEmergencyContact(myself)).toBe(false);
  });
  it("says a birthday and a person in words", () => {
    expect(formatBirth("2017-03-12", "2026-11-25")).toBe("12 March 2017 (age 9)");
    expect(formatPerson(mia.emergency_contacts[0]!)).toBe("Ana Rivera (mother), +1 555 0100");
  });
});
