/**
 * The guardians' form. Its rules and messages (the API's, api/src/guardians/fields.ts) are in
 * shared-auth/family-fields, named here as the form knows them: the office's front desk keeps a
 * family's guardians with them too, so both ask the same.
 */
import type { Guardian } from "shared-auth";
import { guardiansFormValues, type GuardiansFormValues, type GuardianValues } from "shared-auth/family-fields";

export {
  GUARDIAN_LIMITS as LIMITS,
  GUARDIAN_MESSAGES as MESSAGES,
  guardianFieldProblem as fieldProblem,
  guardiansInput as toInput,
  type GuardiansFormValues,
  type GuardianValues,
} from "shared-auth/family-fields";

export type TextKey = Exclude<keyof GuardianValues, "email">;
export const ADDRESS_KEYS = ["address_line1", "address_line2", "city", "region", "postal_code"] as const;

/** The form's values from what is kept; the account holder's name to start with when nothing is. */
export function toFormValues(list: Guardian[], accountName: string): GuardiansFormValues {
  return guardiansFormValues(list, { name: accountName });
}
