import { describe, expect, it } from "vitest";
import type { CampSession } from "shared-auth";
import {
  CLASS_FIELDS,
  EMPTY_CLASS,
  FIELD_ORDER,
  SESSION_RULES,
  sessionFormValues,
  toWire,
  type ClassFieldName,
  type ClassFormValues,
} from "./class-fields";

/** A field's validate rule run as react-hook-form runs it: the value, then the whole form. */
function check(rules: { validate?: unknown }, value: string | string[], form: Partial<ClassFormValues> = {}) {
  const validate = rules.validate as (v: string | string[], all: ClassFormValues) => string | boolean;
  return validate(value, { ...EMPTY_CLASS, ...form });
}

const field = (name: ClassFieldName) => CLASS_FIELDS.find((f) => f.name === name)!.rules;

describe("class name", () => {
  it('is required, in the spec\'s words: "Class name is required"', () => {
    expect(check(field("class_name"), "")).toBe("Class name is required");
    expect(check(field("class_name"), "   ")).toBe("Class name is required");
    expect(check(field("class_name"), "Junior Tennis")).toBe(true);
  });

  it("is at most 120 characters (spec section 5)", () => {
    expect(field("class_name").maxLength).toEqual({ value: 120, message: "Class name must be at most 120 characters" });
  });
});

describe("price", () => {
  it("is required", () => {
    expect(check(field("price"), "")).toBe("Price is required");
    expect(check(field("price"), "  ")).toBe("Price is required");
  });

  it.each(["79.99", "149.5", "149", " 20 ", "0.01", "100000"])("takes %j", (price) => {
    expect(check(field("price"), price)).toBe(true);
  });

  it.each(["abc", "1.234", "-5", "1e3", "$5", "1,000", "5."])("refuses %j as an amount", (price) => {
    expect(check(field("price"), price)).toBe("Price must be an amount in dollars with at most 2 decimals");
  });

  it("is more than $0 and at most $100,000", () => {
    expect(check(field("price"), "0")).toBe("Price must be more than $0");
    expect(check(field("price"), "0.00")).toBe("Price must be more than $0");
    expect(check(field("price"), "100000.01")).toBe("Price must be at most $100,000");
  });
});

describe("available seats", () => {
  it("is a whole number from 1 to 10,000", () => {
    expect(check(field("available_seats"), "")).toBe("Available seats is required");
    expect(check(field("available_seats"), "1.5")).toBe("Available seats must be a whole number, not negative");
    expect(check(field("available_seats"), "-1")).toBe("Available seats must be a whole number, not negative");
    expect(check(field("available_seats"), "0")).toBe("At least 1 seat");
    expect(check(field("available_seats"), "1")).toBe(true);
    expect(check(field("available_seats"), "10000")).toBe(true);
    expect(check(field("available_seats"), "10001")).toBe("At most 10,000 seats");
  });
});

describe("enrolled seats", () => {
  it("is a whole number, not negative", () => {
    expect(check(field("enrolled_seats"), "")).toBe("Enrolled seats is required");
    expect(check(field("enrolled_seats"), "-1")).toBe("Enrolled seats must be a whole number, not negative");
    expect(check(field("enrolled_seats"), "0", { available_seats: "20" })).toBe(true);
  });

  it("cannot be more than the available seats", () => {
    expect(check(field("enrolled_seats"), "21", { available_seats: "20" })).toBe(
      "Enrolled seats cannot be more than available seats",
    );
    expect(check(field("enrolled_seats"), "20", { available_seats: " 20 " })).toBe(true);
  });

  it("is not compared with available seats that are not a number yet (that field says why)", () => {
    expect(check(field("enrolled_seats"), "5", { available_seats: "" })).toBe(true);
    expect(check(field("enrolled_seats"), "5", { available_seats: "abc" })).toBe(true);
  });
});

describe("the camp session's rules (the API's messages)", () => {
  it("takes a sport and a level from their lists only", () => {
    expect(check(SESSION_RULES.sport, "soccer")).toBe(true);
    expect(check(SESSION_RULES.sport, "")).toBe("Choose a sport from the list");
    expect(check(SESSION_RULES.sport, "quidditch")).toBe("Choose a sport from the list");
    expect(check(SESSION_RULES.sport, "constructor")).toBe("Choose a sport from the list");
    expect(check(SESSION_RULES.level, "beginner")).toBe(true);
    expect(check(SESSION_RULES.level, "all")).toBe(true);
    expect(check(SESSION_RULES.level, "")).toBe("Choose a level");
    expect(check(SESSION_RULES.level, "expert")).toBe("Choose a level");
    expect(check(SESSION_RULES.level, "hasOwnProperty")).toBe("Choose a level");
  });

  it("needs real dates as YYYY-MM-DD", () => {
    expect(check(SESSION_RULES.start_date, "2027-07-05")).toBe(true);
    for (const date of ["", "2027-7-5", "05/07/2027", "2027-13-01", "2027-02-32"]) {
      expect(check(SESSION_RULES.start_date, date)).toBe("Enter the first day of the session");
    }
    expect(check(SESSION_RULES.end_date, "")).toBe("Enter the last day of the session");
  });

  it("ends on or after the first day", () => {
    expect(check(SESSION_RULES.end_date, "2027-07-04", { start_date: "2027-07-05" })).toBe(
      "The last day cannot be before the first day",
    );
    expect(check(SESSION_RULES.end_date, "2027-07-05", { start_date: "2027-07-05" })).toBe(true);
    expect(check(SESSION_RULES.end_date, "2027-08-01", { start_date: "2027-07-05" })).toBe(true);
    // Without a first day there is nothing to compare: the first day's own message says what is missing.
    expect(check(SESSION_RULES.end_date, "2027-07-04", { start_date: "" })).toBe(true);
  });

  it("needs at least one weekday", () => {
    expect(check(SESSION_RULES.weekdays, [])).toBe("Pick at least one weekday");
    expect(check(SESSION_RULES.weekdays, ["sat"])).toBe(true);
  });

  it("needs 24-hour times as HH:MM", () => {
    for (const time of ["00:00", "09:30", "23:59"]) expect(check(SESSION_RULES.start_time, time)).toBe(true);
    for (const time of ["", "9:30", "24:00", "12:60", "noon"]) {
      expect(check(SESSION_RULES.start_time, time)).toBe("Enter the daily start time");
    }
    expect(check(SESSION_RULES.end_time, "25:00")).toBe("Enter the daily end time");
  });

  it("ends after it starts", () => {
    expect(check(SESSION_RULES.end_time, "09:00", { start_time: "09:00" })).toBe("The class must end after it starts");
    expect(check(SESSION_RULES.end_time, "08:55", { start_time: "09:00" })).toBe("The class must end after it starts");
    expect(check(SESSION_RULES.end_time, "09:05", { start_time: "09:00" })).toBe(true);
    expect(check(SESSION_RULES.end_time, "09:05", { start_time: "" })).toBe(true);
  });

  it("takes ages 5 to 18, whole", () => {
    const message = "Ages must be whole numbers from 5 to 18";
    for (const age of ["5", "12", "18"]) expect(check(SESSION_RULES.age_min, age)).toBe(true);
    for (const age of ["", "4", "19", "7.5", "-6", "ten"]) {
      expect(check(SESSION_RULES.age_min, age)).toBe(message);
      expect(check(SESSION_RULES.age_max, age, { age_min: "5" })).toBe(message);
    }
  });

  it("has the oldest age at or above the youngest", () => {
    expect(check(SESSION_RULES.age_max, "9", { age_min: "10" })).toBe("The oldest age cannot be below the youngest");
    expect(check(SESSION_RULES.age_max, "10", { age_min: "10" })).toBe(true);
    // Compared as numbers, not as text ("9" > "10").
    expect(check(SESSION_RULES.age_max, "10", { age_min: "9" })).toBe(true);
    expect(check(SESSION_RULES.age_max, "9", { age_min: "" })).toBe(true);
  });
});

describe("FIELD_ORDER", () => {
  it("names every field of the form once, so a server error on any of them can take focus", () => {
    expect([...FIELD_ORDER].sort()).toEqual(Object.keys(EMPTY_CLASS).sort());
  });
});

const SESSION: Required<CampSession> = {
  sport: "tennis",
  start_date: "2027-07-05",
  end_date: "2027-07-16",
  weekdays: ["mon", "wed", "fri"],
  start_time: "09:00",
  end_time: "12:00",
  age_min: 8,
  age_max: 12,
  level: "beginner",
  location: "Court 3",
};

describe("sessionFormValues", () => {
  it("holds a class's session as the form's strings", () => {
    expect(sessionFormValues(SESSION)).toEqual({
      ...SESSION,
      age_min: "8",
      age_max: "12",
      venue_address: "",
      drop_off: "",
      pick_up: "",
      what_to_bring: "",
      registration_opens_at: "",
      early_price: "",
      early_price_until: "",
    });
    const logistics = { venue_address: "Park\n1 Main St", drop_off: "08:45", pick_up: "12:15", what_to_bring: "Cap" };
    expect(sessionFormValues({ ...SESSION, ...logistics })).toMatchObject(logistics);
  });

  it("drop-off empty or at or before the start, pick-up empty or at or after the end", () => {
    const dropOff = SESSION_RULES.drop_off.validate as (v: string, all: object) => true | string;
    const pickUp = SESSION_RULES.pick_up.validate as (v: string, all: object) => true | string;
    const all = { ...EMPTY_CLASS, start_time: "09:00", end_time: "12:00" };
    expect(dropOff("", all)).toBe(true);
    expect(dropOff("09:00", all)).toBe(true);
    expect(dropOff("08:45", all)).toBe(true);
    expect(dropOff("09:05", all)).toBe("Drop-off must be at or before the daily start time");
    expect(dropOff("8:45", all)).toBe("Enter the drop-off time as HH:MM, or leave it empty");
    expect(pickUp("", all)).toBe(true);
    expect(pickUp("12:00", all)).toBe(true);
    expect(pickUp("11:55", all)).toBe("Pick-up must be at or after the daily end time");
    expect(pickUp("25:00", all)).toBe("Enter the pick-up time as HH:MM, or leave it empty");
  });

  it("an early-bird price: both fields or neither, lower than the price; sent as dollars and a day, or null", () => {
    const price = SESSION_RULES.early_price.validate as (v: string, all: object) => true | string;
    const until = SESSION_RULES.early_price_until.validate as (v: string, all: object) => true | string;
    const all = { ...EMPTY_CLASS, price: "100", early_price: "80", early_price_until: "2027-06-01" };
    expect(price("80", all)).toBe(true);
    expect(price("100", all)).toBe("The early-bird price must be lower than the price");
    expect(price("8.999", all)).toBe("Enter the early-bird price in dollars, such as 99 or 89.50");
    expect(price("", all)).toBe("Enter the early-bird price, or clear its last day");
    expect(until("", all)).toBe("Enter the early-bird price's last day");
    expect(until("", { ...all, early_price: "" })).toBe(true);
    expect(toWire(all)).toMatchObject({ early_price: 80, early_price_until: "2027-06-01" });
    expect(toWire({ ...all, early_price: "" })).toMatchObject({ early_price: null, early_price_until: null });
    const back = sessionFormValues({ ...SESSION, early_price: 79.5, early_price_until: "2027-06-01" });
    expect(back).toMatchObject({ early_price: "79.5", early_price_until: "2027-06-01" });
  });

  it("shows a registration opening on the academy's clock, and sends it back as the same instant", () => {
    const values = sessionFormValues({ ...SESSION, registration_opens_at: "2027-03-01T17:00:00.000Z" });
    expect(values.registration_opens_at).toBe("2027-03-01T09:00");
    const wire = toWire({ ...EMPTY_CLASS, ...values });
    expect(Date.parse(wire.registration_opens_at!)).toBe(Date.parse("2027-03-01T17:00:00Z"));
    expect(toWire({ ...EMPTY_CLASS, ...values, registration_opens_at: "" }).registration_opens_at).toBeNull();
  });

  it("refuses an opening that is not a date and a time", () => {
    const rule = SESSION_RULES.registration_opens_at.validate as (v: string) => true | string;
    expect(rule("")).toBe(true);
    expect(rule("2027-03-01T09:00")).toBe(true);
    expect(rule("2027-02-30T09:00")).toBe("Enter the opening as a date and a time, or leave it empty");
  });

  it("leaves the fields of a class without a session empty", () => {
    const empty = { ...EMPTY_CLASS };
    for (const name of ["class_name", "price", "available_seats", "enrolled_seats", "details"] as const) {
      delete (empty as Partial<ClassFormValues>)[name];
    }
    expect(sessionFormValues({})).toEqual(empty);
    expect(
      sessionFormValues({ sport: null, start_date: null, age_min: null, age_max: null, level: null, location: null }),
    ).toEqual(empty);
  });
});

describe("toWire", () => {
  const form: ClassFormValues = {
    ...EMPTY_CLASS,
    ...sessionFormValues(SESSION),
    class_name: "  Junior Tennis ",
    price: " 79.99 ",
    available_seats: " 12 ",
    enrolled_seats: "3",
    details: "  Rackets provided.  ",
  };

  it("sends numbers as numbers and text trimmed (spec: the price as a decimal number)", () => {
    const wire = toWire(form);
    expect(wire).toMatchObject({
      class_name: "Junior Tennis",
      price: 79.99,
      available_seats: 12,
      details: "Rackets provided.",
      age_min: 8,
      age_max: 12,
    });
  });

  it("gives back the session it was filled from", () => {
    const { sport, start_date, end_date, weekdays, start_time, end_time, age_min, age_max, level, location } =
      toWire(form);
    expect({ sport, start_date, end_date, weekdays, start_time, end_time, age_min, age_max, level, location }).toEqual(
      SESSION,
    );
  });

  it("sends no enrolled seats: the server counts them once the class exists", () => {
    expect(toWire(form)).not.toHaveProperty("enrolled_seats");
  });

  it("orders the weekdays Monday first, each once", () => {
    expect(toWire({ ...form, weekdays: ["sun", "fri", "mon", "fri"] }).weekdays).toEqual(["mon", "fri", "sun"]);
  });

  it("sends the venue's address and what to bring trimmed (lines kept), empty ones and empty times as null", () => {
    expect(
      toWire({
        ...form,
        venue_address: " Park\n1 Main St ",
        what_to_bring: " Cap\nBottle ",
        drop_off: "08:45",
        pick_up: "",
      }),
    ).toMatchObject({
      venue_address: "Park\n1 Main St",
      what_to_bring: "Cap\nBottle",
      drop_off: "08:45",
      pick_up: null,
    });
    expect(toWire({ ...form, venue_address: "  ", what_to_bring: "" })).toMatchObject({
      venue_address: null,
      what_to_bring: null,
      drop_off: null,
    });
  });

  it("sends an empty place as null", () => {
    expect(toWire({ ...form, location: "   " }).location).toBeNull();
    expect(toWire({ ...form, location: " Field 2 " }).location).toBe("Field 2");
  });
});
