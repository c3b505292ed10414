/**
 * The class form's fields and their rules (spec section 5), as data: the form renders this list,
 * so a later field (dates, ages, level, place) is one more entry here.
 */
import type { RegisterOptions } from "react-hook-form";
import { academyWallTimeToIso, isoToAcademyWallTime } from "shared-auth/academy-time";
import { AGE_MAX, AGE_MIN, LEVEL_LABELS, SPORTS, WEEKDAYS, type CampSession, type Weekday } from "shared-auth";

export interface ClassFormValues {
  class_name: string;
  price: string;
  available_seats: string;
  enrolled_seats: string;
  details: string;
  /** The camp session; the API's names. */
  sport: string;
  start_date: string;
  end_date: string;
  weekdays: string[];
  start_time: string;
  end_time: string;
  age_min: string;
  age_max: string;
  level: string;
  location: string;
  /** What a parent needs on the day: the venue's address ("" for the academy's), drop-off and pick-up ("" for the class's hours), what to bring. */
  venue_address: string;
  drop_off: string;
  pick_up: string;
  what_to_bring: string;
  /** When families may book: the academy's wall clock, "2027-03-01T09:00"; "" opens on approval. */
  registration_opens_at: string;
  /** Early-bird price: dollars as typed, lower than the price, and its last day; both "" for none. */
  early_price: string;
  early_price_until: string;
}

export type ClassFieldName = "class_name" | "price" | "available_seats" | "enrolled_seats" | "details";

export interface ClassField {
  name: ClassFieldName;
  label: string;
  kind: "text" | "money" | "count" | "multiline";
  hint?: string;
  /** Shown when adding only: the server counts enrolled seats itself once the class exists. */
  addOnly?: boolean;
  rules: RegisterOptions<ClassFormValues, ClassFieldName>;
}

const WHOLE = /^\d+$/;
const MONEY = /^\d+(\.\d{1,2})?$/;

export const CLASS_FIELDS: ClassField[] = [
  {
    name: "class_name",
    label: "Class name",
    kind: "text",
    rules: {
      validate: (v) => v.trim().length > 0 || "Class name is required",
      maxLength: { value: 120, message: "Class name must be at most 120 characters" },
    },
  },
  {
    name: "price",
    label: "Price (USD)",
    kind: "money",
    rules: {
      validate: (v) => {
        const s = v.trim();
        if (!s) return "Price is required";
        if (!MONEY.test(s)) return "Price must be an amount in dollars with at most 2 decimals";
        const n = Number(s);
        if (n <= 0) return "Price must be more than $0";
        if (n > 100_000) return "Price must be at most $100,000";
        return true;
      },
    },
  },
  {
    name: "available_seats",
    label: "Available seats",
    kind: "count",
    rules: {
      validate: (v) => {
        const s = v.trim();
        if (!s) return "Available seats is required";
        if (!WHOLE.test(s)) return "Available seats must be a whole number, not negative";
        const n = Number(s);
        if (n < 1) return "At least 1 seat";
        if (n > 10_000) return "At most 10,000 seats";
        return true;
      },
    },
  },
  {
    name: "enrolled_seats",
    label: "Enrolled seats",
    kind: "count",
    addOnly: true,
    hint: "A new class starts with 0 enrolled students.",
    rules: {
      validate: (v, all) => {
        const s = v.trim();
        if (!s) return "Enrolled seats is required";
        if (!WHOLE.test(s)) return "Enrolled seats must be a whole number, not negative";
        const available = Number(all.available_seats);
        if (WHOLE.test(all.available_seats.trim()) && Number(s) > available)
          return "Enrolled seats cannot be more than available seats";
        return true;
      },
    },
  },
  {
    name: "details",
    label: "Details (optional)",
    kind: "multiline",
    rules: { maxLength: { value: 2000, message: "Details must be at most 2000 characters" } },
  },
];

export type SessionFieldName = Exclude<keyof ClassFormValues, ClassFieldName>;

/** Everything the form holds: the fields above and the uploaded image's URL. */
export type ClassFormState = ClassFormValues & { image: string };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const isDate = (v: string) => DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
const isAge = (v: string) => WHOLE.test(v.trim()) && Number(v) >= AGE_MIN && Number(v) <= AGE_MAX;

/**
 * The session's rules, with the API's messages (the class's wire fields). The API accepts a
 * class without a session (its older clients); this form asks for it, since parents decide by it.
 */
export const SESSION_RULES: {
  [K in SessionFieldName]: RegisterOptions<ClassFormValues, K>;
} = {
  sport: { validate: (v) => Object.hasOwn(SPORTS, v) || "Choose a sport from the list" },
  start_date: { validate: (v) => isDate(v) || "Enter the first day of the session" },
  end_date: {
    validate: (v, all) => {
      if (!isDate(v)) return "Enter the last day of the session";
      return !isDate(all.start_date) || v >= all.start_date || "The last day cannot be before the first day";
    },
  },
  weekdays: { validate: (v) => v.length > 0 || "Pick at least one weekday" },
  start_time: { validate: (v) => TIME.test(v) || "Enter the daily start time" },
  end_time: {
    validate: (v, all) => {
      if (!TIME.test(v)) return "Enter the daily end time";
      return !TIME.test(all.start_time) || v > all.start_time || "The class must end after it starts";
    },
  },
  age_min: { validate: (v) => isAge(v) || "Ages must be whole numbers from 5 to 18" },
  age_max: {
    validate: (v, all) => {
      if (!isAge(v)) return "Ages must be whole numbers from 5 to 18";
      return !isAge(all.age_min) || Number(v) >= Number(all.age_min) || "The oldest age cannot be below the youngest";
    },
  },
  level: { validate: (v) => Object.hasOwn(LEVEL_LABELS, v) || "Choose a level" },
  location: { maxLength: { value: 120, message: "Place is at most 120 characters" } },
  venue_address: { maxLength: { value: 300, message: "The venue's address is at most 300 characters" } },
  drop_off: {
    validate: (v, all) => {
      if (v === "") return true;
      if (!TIME.test(v)) return "Enter the drop-off time as HH:MM, or leave it empty";
      return !TIME.test(all.start_time) || v <= all.start_time || "Drop-off must be at or before the daily start time";
    },
  },
  pick_up: {
    validate: (v, all) => {
      if (v === "") return true;
      if (!TIME.test(v)) return "Enter the pick-up time as HH:MM, or leave it empty";
      return !TIME.test(all.end_time) || v >= all.end_time || "Pick-up must be at or after the daily end time";
    },
  },
  what_to_bring: { maxLength: { value: 1000, message: "What to bring is at most 1000 characters" } },
  registration_opens_at: {
    validate: (v) =>
      v === "" || academyWallTimeToIso(v) !== null || "Enter the opening as a date and a time, or leave it empty",
  },
  early_price: {
    validate: (v, all) => {
      const typed = v.trim();
      if (typed === "") return all.early_price_until === "" || "Enter the early-bird price, or clear its last day";
      if (!MONEY.test(typed) || Number(typed) <= 0) return "Enter the early-bird price in dollars, such as 99 or 89.50";
      return (
        !MONEY.test(all.price.trim()) ||
        Number(typed) < Number(all.price.trim()) ||
        "The early-bird price must be lower than the price"
      );
    },
  },
  early_price_until: {
    validate: (v, all) =>
      (v === "" ? all.early_price.trim() === "" : isDate(v)) || "Enter the early-bird price's last day",
  },
};

/**
 * A class's first or last day is not in the past (the API's rule, by its clock; here by the
 * browser's, on the academy's calendar). A day the class already has is kept, so a class already
 * running can be edited without touching its dates. Returns the earliest day the field offers
 * (its `min`) and its check.
 */
export function notInThePast(which: "first" | "last", today: string, kept = "") {
  return {
    min: kept !== "" && kept < today ? kept : today,
    validate: (v: string) =>
      v === "" ||
      v === kept ||
      v >= today ||
      `The ${which} day cannot be in the past: choose ${today} (today) or later.`,
  };
}

/** The form's fields in the order a server error should take focus to them. */
export const FIELD_ORDER: (keyof ClassFormValues)[] = [
  "class_name",
  "sport",
  "price",
  "available_seats",
  "enrolled_seats",
  "start_date",
  "end_date",
  "weekdays",
  "start_time",
  "end_time",
  "age_min",
  "age_max",
  "level",
  "location",
  "venue_address",
  "drop_off",
  "pick_up",
  "what_to_bring",
  "registration_opens_at",
  "early_price",
  "early_price_until",
  "details",
];

export const EMPTY_CLASS: ClassFormValues = {
  class_name: "",
  price: "",
  available_seats: "",
  enrolled_seats: "0",
  details: "",
  sport: "",
  start_date: "",
  end_date: "",
  weekdays: [],
  start_time: "",
  end_time: "",
  age_min: "",
  age_max: "",
  level: "",
  location: "",
  venue_address: "",
  drop_off: "",
  pick_up: "",
  what_to_bring: "",
  registration_opens_at: "",
  early_price: "",
  early_price_until: "",
};

/** A class's session as the form holds it (strings), for the edit form. */
export function sessionFormValues(
  cls: CampSession & {
    venue_address?: string | null;
    drop_off?: string | null;
    pick_up?: string | null;
    what_to_bring?: string | null;
    registration_opens_at?: string | null;
    early_price?: number | null;
    early_price_until?: string | null;
  },
): Partial<ClassFormValues> {
  return {
    sport: cls.sport ?? "",
    start_date: cls.start_date ?? "",
    end_date: cls.end_date ?? "",
    weekdays: cls.weekdays ?? [],
    start_time: cls.start_time ?? "",
    end_time: cls.end_time ?? "",
    age_min: cls.age_min == null ? "" : String(cls.age_min),
    age_max: cls.age_max == null ? "" : String(cls.age_max),
    level: cls.level ?? "",
    location: cls.location ?? "",
    venue_address: cls.venue_address ?? "",
    drop_off: cls.drop_off ?? "",
    pick_up: cls.pick_up ?? "",
    what_to_bring: cls.what_to_bring ?? "",
    registration_opens_at: isoToAcademyWallTime(cls.registration_opens_at),
    early_price: cls.early_price == null ? "" : String(cls.early_price),
    early_price_until: cls.early_price_until ?? "",
  };
}

/** The wire body: numbers as numbers (spec: price converted to a decimal number). */
export function toWire(values: ClassFormValues) {
  return {
    class_name: values.class_name.trim(),
    price: Number(values.price.trim()),
    available_seats: Number(values.available_seats.trim()),
    details: values.details.trim(),
    sport: values.sport,
    start_date: values.start_date,
    end_date: values.end_date,
    // Monday first, no repeats, as the API stores them.
    weekdays: WEEKDAYS.filter((d) => values.weekdays.includes(d)) as Weekday[],
    start_time: values.start_time,
    end_time: values.end_time,
    age_min: Number(values.age_min),
    age_max: Number(values.age_max),
    level: values.level,
    location: values.location.trim() || null,
    // Empty: the academy's address, the class's own hours, nothing listed.
    venue_address: values.venue_address.trim() || null,
    drop_off: values.drop_off || null,
    pick_up: values.pick_up || null,
    what_to_bring: values.what_to_bring.trim() || null,
    registration_opens_at: values.registration_opens_at ? academyWallTimeToIso(values.registration_opens_at) : null,
    // Both or neither (the API checks it again); null removes the early-bird price.
    early_price: values.early_price.trim() === "" ? null : Number(values.early_price.trim()),
    early_price_until: values.early_price.trim() === "" ? null : values.early_price_until,
  };
}
