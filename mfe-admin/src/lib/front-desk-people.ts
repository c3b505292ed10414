import type { CamperInput, CamperPerson, Guardians, GuardiansInput } from "shared-auth";

/*
 * A family's guardians and a new child, as the office types them at the front desk: the same
 * fields, limits and words as the family's own forms on My Campers (the API's rules,
 * api/src/guardians/fields.ts and api/src/campers/fields.ts). Apps never import each other, so
 * the family's rules are written again here; the API checks everything again either way.
 */

/** The API's phone rule. */
export const PHONE_PATTERN = /^\+?[0-9 ()\-.]{6,20}$/;
const PHONE_MESSAGE = "Enter a phone number: digits, spaces, + ( ) - only, 6 to 20 characters";
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const GUARDIAN_LIMITS = {
  name: 80,
  relation: 40,
  address_line1: 120,
  address_line2: 120,
  city: 80,
  region: 80,
  postal_code: 20,
  email: 254,
} as const;

const GUARDIAN_REQUIRED: Partial<Record<keyof GuardianValues, string>> = {
  name: "Full name is required",
  relation: "Relation is required (for example: mother, father, grandmother, guardian)",
  address_line1: "Street address is required",
  city: "Town or city is required",
  postal_code: "Postal code is required",
};

export interface GuardianValues {
  name: string;
  relation: string;
  phone: string;
  email: string;
  address_line1: string;
  address_line2: string;
  city: string;
  region: string;
  postal_code: string;
}

export interface GuardiansFormValues {
  first: GuardianValues;
  hasSecond: boolean;
  second: GuardianValues;
}

const emptyGuardian = (name = ""): GuardianValues => ({
  name,
  relation: "",
  phone: "",
  email: "",
  address_line1: "",
  address_line2: "",
  city: "",
  region: "",
  postal_code: "",
});

/** The form from what is kept; the account's name and phone to start with when nothing is. */
export function guardiansForm(kept: Guardians, family: { name: string; phone: string | null }): GuardiansFormValues {
  const first = kept.guardians.find((g) => g.position === 1);
  const second = kept.guardians.find((g) => g.position === 2);
  return {
    first: first ? { ...emptyGuardian(), ...first } : { ...emptyGuardian(family.name), phone: family.phone ?? "" },
    hasSecond: Boolean(second),
    second: second ? { ...emptyGuardian(), ...second } : emptyGuardian(),
  };
}

/** Why one guardian field is refused, in the API's words, or null. */
export function guardianFieldProblem(key: keyof GuardianValues, value: string): string | null {
  const v = value.trim();
  if (key === "phone") return PHONE_PATTERN.test(v) ? null : PHONE_MESSAGE;
  if (key === "email")
    return EMAIL_PATTERN.test(v) && v.length <= GUARDIAN_LIMITS.email
      ? null
      : "Enter an e-mail address such as name@example.com";
  const required = GUARDIAN_REQUIRED[key];
  if (!v && required) return required;
  if (v.length > GUARDIAN_LIMITS[key]) return `At most ${GUARDIAN_LIMITS[key]} characters`;
  return null;
}

const GUARDIAN_KEYS = [
  "name",
  "relation",
  "phone",
  "email",
  "address_line1",
  "address_line2",
  "city",
  "region",
  "postal_code",
] as const;

/** Every problem of the form, by the API's paths ("first.phone"), in the form's order. */
export function guardiansProblems(values: GuardiansFormValues): Record<string, string> {
  const problems: Record<string, string> = {};
  const who = values.hasSecond ? (["first", "second"] as const) : (["first"] as const);
  for (const w of who) {
    for (const key of GUARDIAN_KEYS) {
      // The first guardian is reached at the account's e-mail: the form does not ask for it.
      if (w === "first" && key === "email") continue;
      const problem = guardianFieldProblem(key, values[w][key]);
      if (problem) problems[`${w}.${key}`] = problem;
    }
  }
  return problems;
}

const trimmedGuardian = (v: GuardianValues) => ({
  name: v.name.trim(),
  relation: v.relation.trim(),
  phone: v.phone.trim(),
  address_line1: v.address_line1.trim(),
  address_line2: v.address_line2.trim(),
  city: v.city.trim(),
  region: v.region.trim(),
  postal_code: v.postal_code.trim(),
});

/** PUT /admin/families/:id/guardians's body: the first always, the second only when kept. */
export function guardiansInput(values: GuardiansFormValues): GuardiansInput {
  return {
    first: trimmedGuardian(values.first),
    second: values.hasSecond ? { ...trimmedGuardian(values.second), email: values.second.email.trim() } : null,
  };
}

export const CAMPER_LIMITS = {
  name: 60,
  personName: 80,
  relation: 40,
  allergies: 1000,
  medical_notes: 2000,
  medications: 1000,
  emergency_contacts: 5,
  pickup_people: 10,
  /** The oldest a camper may be, in years. */
  age: 25,
} as const;

export type PeopleKey = "emergency_contacts" | "pickup_people";

export interface CamperValues {
  first_name: string;
  last_name: string;
  date_of_birth: string;
  allergies: string;
  medical_notes: string;
  medications: string;
  emergency_contacts: CamperPerson[];
  pickup_people: CamperPerson[];
  photo_consent: boolean;
}

export const emptyPerson = (): CamperPerson => ({ name: "", relation: "", phone: "" });

export const emptyCamper = (): CamperValues => ({
  first_name: "",
  last_name: "",
  date_of_birth: "",
  allergies: "",
  medical_notes: "",
  medications: "",
  emergency_contacts: [emptyPerson()],
  pickup_people: [],
  photo_consent: false,
});

/** Full years of someone born on `birth` on `day` (both YYYY-MM-DD), as the API counts them. */
function ageOn(birth: string, day: string): number {
  const [by, bm, bd] = birth.split("-").map(Number) as [number, number, number];
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

function isRealDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

const textProblem = (value: string, max: number, required: string, tooLong: string) => {
  const v = value.trim();
  if (!v) return required;
  return v.length > max ? tooLong : null;
};

/**
 * Every problem of a new child, by the API's paths ("emergency_contacts.0.phone"), in the form's
 * order. A child's date of birth is required; `today` is the academy's (the API's clock decides).
 */
export function camperProblems(values: CamperValues, today: string): Record<string, string> {
  const L = CAMPER_LIMITS;
  const problems: Record<string, string> = {};
  const put = (path: string, problem: string | null) => {
    if (problem) problems[path] = problem;
  };
  put(
    "first_name",
    textProblem(values.first_name, L.name, "First name is required", `First name must be at most ${L.name} characters`),
  );
  put(
    "last_name",
    textProblem(values.last_name, L.name, "Last name is required", `Last name must be at most ${L.name} characters`),
  );
  const dob = values.date_of_birth.trim();
  if (!dob) put("date_of_birth", "Date of birth is required");
  else if (!isRealDay(dob)) put("date_of_birth", "Enter the date of birth as YYYY-MM-DD");
  else if (dob > today) put("date_of_birth", "The date of birth cannot be in the future");
  else if (ageOn(dob, today) > L.age) put("date_of_birth", `A camper is at most ${L.age} years old`);
  for (const key of ["allergies", "medical_notes", "medications"] as const) {
    if (values[key].trim().length > L[key]) {
      const label = key === "allergies" ? "Allergies" : key === "medical_notes" ? "Medical notes" : "Medications";
      put(key, `${label} must be at most ${L[key]} characters`);
    }
  }
  for (const key of ["emergency_contacts", "pickup_people"] as const) {
    values[key].forEach((p, i) => {
      put(
        `${key}.${i}.name`,
        textProblem(
          p.name,
          L.personName,
          "Contact name is required",
          `Contact name must be at most ${L.personName} characters`,
        ),
      );
      put(
        `${key}.${i}.relation`,
        textProblem(
          p.relation,
          L.relation,
          "Relation is required (for example: mother, grandfather, neighbour)",
          `Relation must be at most ${L.relation} characters`,
        ),
      );
      put(`${key}.${i}.phone`, PHONE_PATTERN.test(p.phone.trim()) ? null : PHONE_MESSAGE);
    });
  }
  return problems;
}

const trimPeople = (people: CamperPerson[]): CamperPerson[] =>
  people.map((p) => ({ name: p.name.trim(), relation: p.relation.trim(), phone: p.phone.trim() }));

/** POST /admin/families/:id/campers's body: the family's own POST /campers body. */
export function camperInput(values: CamperValues): CamperInput {
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    date_of_birth: values.date_of_birth.trim(),
    allergies: values.allergies.trim(),
    medical_notes: values.medical_notes.trim(),
    medications: values.medications.trim(),
    emergency_contacts: trimPeople(values.emergency_contacts),
    pickup_people: trimPeople(values.pickup_people),
    photo_consent: values.photo_consent,
  };
}

/** The new family's form (POST /admin/families): e-mail and name required, a phone if given. */
export function newFamilyProblems(values: { email: string; name: string }): Record<string, string> {
  const problems: Record<string, string> = {};
  const email = values.email.trim();
  if (!EMAIL_PATTERN.test(email) || email.length > GUARDIAN_LIMITS.email)
    problems.email = "Enter an e-mail address such as name@example.com";
  const name = values.name.trim();
  if (!name) problems.name = "Name is required";
  else if (name.length > 120) problems.name = "Name must be at most 120 characters";
  return problems;
}

/** POST /admin/families's body. */
export function newFamilyInput(values: { email: string; name: string }) {
  return { email: values.email.trim(), name: values.name.trim() };
}
