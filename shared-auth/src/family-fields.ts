/**
 * A family's own forms, its guardians and its campers, as rules: the API's limits and words
 * (api/src/guardians/fields.ts and api/src/campers/fields.ts, word for word where it has one), why
 * a field is refused before sending, and how a form becomes its request body. The family's pages
 * and the office's front desk both check with these, so the office asks exactly what the family
 * is asked; apps never import each other, so the one copy lives here. The API checks everything
 * again either way. Pure, no React: a subpath of its own (`shared-auth/family-fields`) that each
 * form compiles in; the shared singleton stays as it is.
 */
import type { CamperInput, CamperPerson, Guardian, GuardiansInput } from "./queries/types";

/** The API's phone rule, for a guardian and for a camper's people alike. */
export const PHONE_PATTERN = /^\+?[0-9 ()\-.]{6,20}$/;
const PHONE_MESSAGE = "Enter a phone number: digits, spaces, + ( ) - only, 6 to 20 characters";

/** The API's e-mail rule, for a second guardian and for a new account alike. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX = 254;
const EMAIL_MESSAGE = "Enter an e-mail address such as name@example.com";

export function phoneProblem(value: string): string | null {
  return PHONE_PATTERN.test(value.trim()) ? null : PHONE_MESSAGE;
}

export function emailProblem(value: string): string | null {
  const v = value.trim();
  return EMAIL_PATTERN.test(v) && v.length <= EMAIL_MAX ? null : EMAIL_MESSAGE;
}

/** A required single-line text's problem, or null. */
export function requiredTextProblem(value: string, max: number, required: string, tooLong: string): string | null {
  const v = value.trim();
  if (!v) return required;
  if (v.length > max) return tooLong;
  return null;
}

/** A guardian's bounds (PUT /guardians, and the office's PUT /admin/families/:id/guardians). */
export const GUARDIAN_LIMITS = {
  name: 80,
  relation: 40,
  address_line1: 120,
  address_line2: 120,
  city: 80,
  region: 80,
  postal_code: 20,
  email: EMAIL_MAX,
} as const;

/** The words for a refused guardian field; a field named here is also required. */
export const GUARDIAN_MESSAGES = {
  name: "Full name is required",
  relation: "Relation is required (for example: mother, father, grandmother, guardian)",
  phone: PHONE_MESSAGE,
  email: EMAIL_MESSAGE,
  address_line1: "Street address is required",
  city: "Town or city is required",
  postal_code: "Postal code is required",
} as const;

/** One guardian as the form holds it: every field the API keeps, as text. */
export type GuardianValues = Omit<Guardian, "position">;

export interface GuardiansFormValues {
  first: GuardianValues;
  hasSecond: boolean;
  second: GuardianValues;
}

export const emptyGuardian = (name = ""): GuardianValues => ({
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

/**
 * The form from the guardians kept. When the family has none yet, the first starts from what the
 * account already knows (its holder's name, and the phone the office was given).
 */
export function guardiansFormValues(kept: Guardian[], start: Partial<GuardianValues>): GuardiansFormValues {
  const first = kept.find((g) => g.position === 1);
  const second = kept.find((g) => g.position === 2);
  return {
    first: { ...emptyGuardian(), ...(first ?? start) },
    hasSecond: Boolean(second),
    second: { ...emptyGuardian(), ...second },
  };
}

/** Why one guardian field is refused before sending, as the API would word it, or null. */
export function guardianFieldProblem(key: keyof GuardianValues, value: string): string | null {
  if (key === "phone") return phoneProblem(value);
  if (key === "email") return emailProblem(value);
  const v = value.trim();
  if (!v && key in GUARDIAN_MESSAGES) return GUARDIAN_MESSAGES[key as keyof typeof GUARDIAN_MESSAGES];
  if (v.length > GUARDIAN_LIMITS[key]) return `At most ${GUARDIAN_LIMITS[key]} characters`;
  return null;
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

/**
 * The guardians' request body: the first always, without an e-mail (the first guardian is reached
 * at the account's), and the second, with theirs, only when the family keeps one.
 */
export function guardiansInput(values: GuardiansFormValues): GuardiansInput {
  return {
    first: trimmedGuardian(values.first),
    second: values.hasSecond ? { ...trimmedGuardian(values.second), email: values.second.email.trim() } : null,
  };
}

/** A camper's bounds (POST /campers, and the office's POST /admin/families/:id/campers). */
export const CAMPER_LIMITS = {
  name: 60,
  personName: 80,
  relation: 40,
  allergies: 1000,
  medical_notes: 2000,
  medications: 1000,
  emergency_contacts: 5,
  pickup_people: 10,
  /** The oldest a child camper may be, in years. */
  age: 25,
  /** The oldest anyone's date of birth may be ("Myself" is the account holder, of any grown-up age). */
  anyAge: 120,
} as const;

export const CAMPER_MESSAGES = {
  first_name: "First name is required",
  last_name: "Last name is required",
  first_name_long: `First name must be at most ${CAMPER_LIMITS.name} characters`,
  last_name_long: `Last name must be at most ${CAMPER_LIMITS.name} characters`,
  date_of_birth_required: "Date of birth is required",
  date_of_birth: "Enter the date of birth as YYYY-MM-DD",
  born_in_future: "The date of birth cannot be in the future",
  too_old: `A camper is at most ${CAMPER_LIMITS.age} years old`,
  too_old_for_anyone: `A date of birth is at most ${CAMPER_LIMITS.anyAge} years ago`,
  /** "Myself" had a date of birth: the API keeps one once given. */
  date_of_birth_kept: "Your date of birth can be changed but not removed",
  contact_name: "Contact name is required",
  contact_name_long: `Contact name must be at most ${CAMPER_LIMITS.personName} characters`,
  relation: "Relation is required (for example: mother, grandfather, neighbour)",
  relation_long: `Relation must be at most ${CAMPER_LIMITS.relation} characters`,
  phone: PHONE_MESSAGE,
  allergies_long: `Allergies must be at most ${CAMPER_LIMITS.allergies} characters`,
  medical_notes_long: `Medical notes must be at most ${CAMPER_LIMITS.medical_notes} characters`,
  medications_long: `Medications must be at most ${CAMPER_LIMITS.medications} characters`,
  emergency_contacts: `At most ${CAMPER_LIMITS.emergency_contacts} emergency contacts`,
  pickup_people: `At most ${CAMPER_LIMITS.pickup_people} people allowed to pick up`,
} as const;

export interface CamperFormValues {
  first_name: string;
  last_name: string;
  /** YYYY-MM-DD, or "" when not given (allowed for the account holder's "Myself" only). */
  date_of_birth: string;
  allergies: string;
  medical_notes: string;
  medications: string;
  emergency_contacts: CamperPerson[];
  pickup_people: CamperPerson[];
  photo_consent: boolean;
}

export type PeopleField = "emergency_contacts" | "pickup_people";

export const emptyPerson = (): CamperPerson => ({ name: "", relation: "", phone: "" });

/** A new child: one emergency contact row to fill, since a child cannot be booked without one. */
export function emptyCamperValues(): CamperFormValues {
  return {
    first_name: "",
    last_name: "",
    date_of_birth: "",
    allergies: "",
    medical_notes: "",
    medications: "",
    emergency_contacts: [emptyPerson()],
    pickup_people: [],
    photo_consent: false,
  };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a YYYY-MM-DD names a real day (not 2019-02-30). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** Full years of someone born on `birth` on `day` (both YYYY-MM-DD), as the API counts them. */
export function ageOn(birth: string, day: string): number {
  const [by, bm, bd] = birth.split("-").map(Number) as [number, number, number];
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/**
 * The date of birth's rule: a real day, not in the future, at most 25 years ago for a child (the
 * account holder's own, `adult`, is any grown-up's); required for a child, and for "Myself" once
 * given (the API cannot take it away again). `today` is the API's day, since its clock decides.
 */
export function dateOfBirthProblem(
  value: string,
  { required, today, adult = false }: { required: boolean; today: string; adult?: boolean },
) {
  const v = value.trim();
  if (!v) return required ? CAMPER_MESSAGES.date_of_birth_required : null;
  if (!isIsoDate(v)) return CAMPER_MESSAGES.date_of_birth;
  if (v > today) return CAMPER_MESSAGES.born_in_future;
  if (ageOn(v, today) > CAMPER_LIMITS.anyAge) return CAMPER_MESSAGES.too_old_for_anyone;
  if (!adult && ageOn(v, today) > CAMPER_LIMITS.age) return CAMPER_MESSAGES.too_old;
  return null;
}

const trimPeople = (people: CamperPerson[]): CamperPerson[] =>
  people.map((p) => ({ name: p.name.trim(), relation: p.relation.trim(), phone: p.phone.trim() }));

/** A new child's request body, trimmed. */
export function newCamperInput(values: CamperFormValues): CamperInput {
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
