/**
 * A camper's form: its values, its rules and messages (the API's own, api/src/campers/
 * fields.ts, so the form says before sending what the server would say after), and how a camper
 * becomes the form and the form a request. Pure: the form and the page render from here.
 */
import { serverNow, type Camper, type CamperInput, type CamperPerson } from "shared-auth";

export interface CamperFormValues {
  first_name: string;
  last_name: string;
  /** YYYY-MM-DD, or "" when not given (allowed for "Myself" only). */
  date_of_birth: string;
  allergies: string;
  medical_notes: string;
  medications: string;
  emergency_contacts: CamperPerson[];
  pickup_people: CamperPerson[];
  photo_consent: boolean;
}

export type PeopleField = "emergency_contacts" | "pickup_people";

/** The API's bounds on each field. */
export const LIMITS = {
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

/** The API's messages (api/src/campers/fields.ts), word for word where it has one. */
export const MESSAGES = {
  first_name: "First name is required",
  last_name: "Last name is required",
  first_name_long: `First name must be at most ${LIMITS.name} characters`,
  last_name_long: `Last name must be at most ${LIMITS.name} characters`,
  date_of_birth_required: "Date of birth is required",
  date_of_birth: "Enter the date of birth as YYYY-MM-DD",
  born_in_future: "The date of birth cannot be in the future",
  too_old: `A camper is at most ${LIMITS.age} years old`,
  /** "Myself" had a date of birth: the API keeps one once given. */
  date_of_birth_kept: "Your date of birth can be changed but not removed",
  contact_name: "Contact name is required",
  contact_name_long: `Contact name must be at most ${LIMITS.personName} characters`,
  relation: "Relation is required (for example: mother, grandfather, neighbour)",
  relation_long: `Relation must be at most ${LIMITS.relation} characters`,
  phone: "Enter a phone number: digits, spaces, + ( ) - only, 6 to 20 characters",
  allergies_long: `Allergies must be at most ${LIMITS.allergies} characters`,
  medical_notes_long: `Medical notes must be at most ${LIMITS.medical_notes} characters`,
  medications_long: `Medications must be at most ${LIMITS.medications} characters`,
  emergency_contacts: `At most ${LIMITS.emergency_contacts} emergency contacts`,
  pickup_people: `At most ${LIMITS.pickup_people} people allowed to pick up`,
} as const;

/** The API's phone rule. */
export const PHONE_PATTERN = /^\+?[0-9 ()\-.]{6,20}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const emptyPerson = (): CamperPerson => ({ name: "", relation: "", phone: "" });

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

export function camperToValues(camper: Camper): CamperFormValues {
  return {
    first_name: camper.first_name,
    last_name: camper.last_name,
    date_of_birth: camper.date_of_birth ?? "",
    allergies: camper.allergies,
    medical_notes: camper.medical_notes,
    medications: camper.medications,
    emergency_contacts: camper.emergency_contacts.map((p) => ({ ...p })),
    pickup_people: camper.pickup_people.map((p) => ({ ...p })),
    photo_consent: camper.photo_consent,
  };
}

/** Today in UTC, as the API's clock names days. */
export const todayUtc = (now = new Date(serverNow())) => now.toISOString().slice(0, 10);

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
 * The date of birth's rule: a real day, not in the future, at most 25 years ago; required for a
 * child, and for "Myself" once given (the API cannot take it away again).
 */
export function dateOfBirthProblem(value: string, { required, today }: { required: boolean; today: string }) {
  const v = value.trim();
  if (!v) return required ? MESSAGES.date_of_birth_required : null;
  if (!isIsoDate(v)) return MESSAGES.date_of_birth;
  if (v > today) return MESSAGES.born_in_future;
  if (ageOn(v, today) > LIMITS.age) return MESSAGES.too_old;
  return null;
}

/** A required single-line text's problem, or null. */
export function requiredTextProblem(value: string, max: number, required: string, tooLong: string): string | null {
  const v = value.trim();
  if (!v) return required;
  if (v.length > max) return tooLong;
  return null;
}

export function phoneProblem(value: string): string | null {
  return PHONE_PATTERN.test(value.trim()) ? null : MESSAGES.phone;
}

const trimPeople = (people: CamperPerson[]): CamperPerson[] =>
  people.map((p) => ({ name: p.name.trim(), relation: p.relation.trim(), phone: p.phone.trim() }));

/** A new child, as POST /campers takes it. */
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

const samePeople = (a: CamperPerson[], b: CamperPerson[]) =>
  a.length === b.length &&
  a.every((p, i) => p.name === b[i]!.name && p.relation === b[i]!.relation && p.phone === b[i]!.phone);

/**
 * What PATCH /campers/:id is sent: only the fields that changed. "Myself" never sends names (the
 * account holder's name is changed in Settings), nor an empty date of birth.
 */
export function camperChanges(camper: Camper, values: CamperFormValues): Partial<CamperInput> {
  const next = newCamperInput(values);
  const changes: Partial<CamperInput> = {};
  if (!camper.is_self) {
    if (next.first_name !== camper.first_name) changes.first_name = next.first_name;
    if (next.last_name !== camper.last_name) changes.last_name = next.last_name;
  }
  if (next.date_of_birth && next.date_of_birth !== (camper.date_of_birth ?? "")) {
    changes.date_of_birth = next.date_of_birth;
  }
  for (const key of ["allergies", "medical_notes", "medications"] as const) {
    if (next[key] !== camper[key]) changes[key] = next[key];
  }
  for (const key of ["emergency_contacts", "pickup_people"] as const) {
    if (!samePeople(next[key], camper[key])) changes[key] = next[key];
  }
  if (next.photo_consent !== camper.photo_consent) changes.photo_consent = next.photo_consent;
  // Details that could not be read are replaced whole or not at all: the API refuses a part of
  // them, which would merge into values nobody can see.
  if (camper.details_unreadable && DETAIL_FIELDS.some((key) => key in changes)) {
    for (const key of DETAIL_FIELDS) changes[key] = next[key] as never;
  }
  return changes;
}

/** The sealed details, which a family replaces together when they could not be read. */
const DETAIL_FIELDS = ["allergies", "medical_notes", "medications", "emergency_contacts", "pickup_people"] as const;

/** The form's leaf fields, by the API's dotted names ("emergency_contacts.0.phone"). */
export function formFieldPaths(values: CamperFormValues): string[] {
  const paths = ["first_name", "last_name", "date_of_birth", "allergies", "medical_notes", "medications"];
  for (const key of ["emergency_contacts", "pickup_people"] as const) {
    values[key].forEach((_, i) => paths.push(`${key}.${i}.name`, `${key}.${i}.relation`, `${key}.${i}.phone`));
  }
  paths.push("photo_consent");
  return paths;
}

/**
 * The API's 400 `fields`: those the form shows (under their field, in the form's order) and the
 * rest (a whole list's limit, a field the form does not show), said above the buttons.
 */
export function placeServerErrors(
  fields: Record<string, string> | undefined,
  values: CamperFormValues,
): { placed: [path: string, message: string][]; other: string[] } {
  const order = formFieldPaths(values);
  const entries = Object.entries(fields ?? {});
  const placed = entries
    .filter(([path]) => order.includes(path))
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
  const other = entries.filter(([path]) => !order.includes(path)).map(([, message]) => message);
  return { placed, other };
}

/** How the list names a camper: "Myself (Sam Student)" for the account holder. */
export function camperTitle(camper: Pick<Camper, "is_self" | "name">): string {
  return camper.is_self ? `Myself (${camper.name})` : camper.name;
}

/** A child without an emergency contact cannot be booked yet (the API's rule). */
export function needsEmergencyContact(camper: Pick<Camper, "is_self" | "emergency_contacts">): boolean {
  return !camper.is_self && camper.emergency_contacts.length === 0;
}

const longDay = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** "12 March 2016 (age 10)". */
export function formatBirth(dateOfBirth: string, today: string): string {
  return `${longDay.format(new Date(`${dateOfBirth}T00:00:00Z`))} (age ${ageOn(dateOfBirth, today)})`;
}

/** "Ana Rivera (mother), +1 555 0100". */
export function formatPerson(person: CamperPerson): string {
  return `${person.name} (${person.relation}), ${person.phone}`;
}
