import type { Guardians } from "shared-auth";
import {
  CAMPER_LIMITS,
  CAMPER_MESSAGES,
  dateOfBirthProblem,
  emailProblem,
  guardianFieldProblem,
  guardiansFormValues,
  phoneProblem,
  requiredTextProblem,
  type CamperFormValues,
  type GuardiansFormValues,
} from "shared-auth/family-fields";

/*
 * A family's guardians and a new child, as the office types them at the front desk: the same
 * fields, limits and words as the family's own forms on My Campers, from the one copy both apps
 * compile in (shared-auth/family-fields), named here as the desk's forms know them. The API
 * checks everything again either way.
 */
export {
  CAMPER_LIMITS,
  emptyCamperValues as emptyCamper,
  emptyPerson,
  GUARDIAN_LIMITS,
  guardianFieldProblem,
  guardiansInput,
  newCamperInput as camperInput,
  PHONE_PATTERN,
  type CamperFormValues as CamperValues,
  type GuardiansFormValues,
  type GuardianValues,
  type PeopleField as PeopleKey,
} from "shared-auth/family-fields";

/** The form from what is kept; the account's name and phone to start with when nothing is. */
export function guardiansForm(kept: Guardians, family: { name: string; phone: string | null }): GuardiansFormValues {
  return guardiansFormValues(kept.guardians, { name: family.name, phone: family.phone ?? "" });
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

/**
 * Every problem of a new child, by the API's paths ("emergency_contacts.0.phone"), in the form's
 * order. A child's date of birth is required; `today` is the academy's (the API's clock decides).
 */
export function camperProblems(values: CamperFormValues, today: string): Record<string, string> {
  const L = CAMPER_LIMITS;
  const M = CAMPER_MESSAGES;
  const problems: Record<string, string> = {};
  const put = (path: string, problem: string | null) => {
    if (problem) problems[path] = problem;
  };
  put("first_name", requiredTextProblem(values.first_name, L.name, M.first_name, M.first_name_long));
  put("last_name", requiredTextProblem(values.last_name, L.name, M.last_name, M.last_name_long));
  put("date_of_birth", dateOfBirthProblem(values.date_of_birth, { required: true, today }));
  for (const key of ["allergies", "medical_notes", "medications"] as const) {
    if (values[key].trim().length > L[key]) put(key, M[`${key}_long`]);
  }
  for (const key of ["emergency_contacts", "pickup_people"] as const) {
    values[key].forEach((p, i) => {
      put(`${key}.${i}.name`, requiredTextProblem(p.name, L.personName, M.contact_name, M.contact_name_long));
      put(`${key}.${i}.relation`, requiredTextProblem(p.relation, L.relation, M.relation, M.relation_long));
      put(`${key}.${i}.phone`, phoneProblem(p.phone));
    });
  }
  return problems;
}

/** The new family's form (POST /admin/families): e-mail and name required, a phone if given. */
export function newFamilyProblems(values: { email: string; name: string }): Record<string, string> {
  const problems: Record<string, string> = {};
  const email = emailProblem(values.email);
  if (email) problems.email = email;
  const name = values.name.trim();
  if (!name) problems.name = "Name is required";
  else if (name.length > 120) problems.name = "Name must be at most 120 characters";
  return problems;
}

/** POST /admin/families's body. */
export function newFamilyInput(values: { email: string; name: string }) {
  return { email: values.email.trim(), name: values.name.trim() };
}
