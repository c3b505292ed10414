/**
 * A camper's form: its values, its rules and messages (the API's own, api/src/campers/
 * fields.ts, so the form says before sending what the server would say after), and how a camper
 * becomes the form and the form a request. Pure: the form and the page render from here. The
 * rules and messages are in shared-auth/family-fields, named here as the form knows them: the
 * office's front desk adds a child with them too, so both ask the same.
 */
import { serverNow, type Camper, type CamperInput, type CamperPerson } from "shared-auth";
import { ageOn, newCamperInput, type CamperFormValues } from "shared-auth/family-fields";

export {
  ageOn,
  CAMPER_LIMITS as LIMITS,
  CAMPER_MESSAGES as MESSAGES,
  dateOfBirthProblem,
  emptyCamperValues,
  emptyPerson,
  isIsoDate,
  newCamperInput,
  PHONE_PATTERN,
  phoneProblem,
  requiredTextProblem,
  type CamperFormValues,
  type PeopleField,
} from "shared-auth/family-fields";

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
