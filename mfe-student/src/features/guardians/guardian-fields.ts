import type { Guardian, GuardiansInput } from "shared-auth";
import { PHONE_PATTERN, MESSAGES as CAMPER_MESSAGES } from "../campers/camper-fields";

/** The API's limits and words for a guardian's fields (api/src/guardians/fields.ts). */
export const LIMITS = {
  name: 80,
  relation: 40,
  address_line1: 120,
  address_line2: 120,
  city: 80,
  region: 80,
  postal_code: 20,
  email: 254,
} as const;

export const MESSAGES = {
  name: "Full name is required",
  relation: "Relation is required (for example: mother, father, grandmother, guardian)",
  phone: CAMPER_MESSAGES.phone,
  email: "Enter an e-mail address such as name@example.com",
  address_line1: "Street address is required",
  city: "Town or city is required",
  postal_code: "Postal code is required",
} as const;

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

export type TextKey = Exclude<keyof GuardianValues, "email">;
export const ADDRESS_KEYS = ["address_line1", "address_line2", "city", "region", "postal_code"] as const;

const empty = (name = ""): GuardianValues => ({
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

const valuesOf = (g: Guardian): GuardianValues => ({ ...empty(), ...g });

/** The form's values from what is kept; the account holder's name to start with when nothing is. */
export function toFormValues(list: Guardian[], accountName: string): GuardiansFormValues {
  const first = list.find((g) => g.position === 1);
  const second = list.find((g) => g.position === 2);
  return {
    first: first ? valuesOf(first) : empty(accountName),
    hasSecond: Boolean(second),
    second: second ? valuesOf(second) : empty(),
  };
}

/** Why a field's value is refused before sending, as the API would word it, or null. */
export function fieldProblem(key: keyof GuardianValues, value: string): string | null {
  const v = value.trim();
  if (key === "phone") return PHONE_PATTERN.test(v) ? null : MESSAGES.phone;
  if (key === "email") return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) && v.length <= LIMITS.email ? null : MESSAGES.email;
  if (!v && key in MESSAGES) return MESSAGES[key as keyof typeof MESSAGES];
  if (v.length > LIMITS[key]) return `At most ${LIMITS[key]} characters`;
  return null;
}

const trimmed = (v: GuardianValues) => ({
  name: v.name.trim(),
  relation: v.relation.trim(),
  phone: v.phone.trim(),
  address_line1: v.address_line1.trim(),
  address_line2: v.address_line2.trim(),
  city: v.city.trim(),
  region: v.region.trim(),
  postal_code: v.postal_code.trim(),
});

/** What PUT /guardians is sent: the first always, the second only when the family keeps one. */
export function toInput(values: GuardiansFormValues): GuardiansInput {
  return {
    first: trimmed(values.first),
    second: values.hasSecond ? { ...trimmed(values.second), email: values.second.email.trim() } : null,
  };
}
