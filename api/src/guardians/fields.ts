import { z } from "zod";
import { PHONE_MESSAGE, phoneNumber } from "../platform/phone.js";
import { text } from "../platform/text.js";

/** A guardian's fields on the wire, in the camper fields' style (snake case), with their messages. */
export const MESSAGES = {
  name: "Full name is required",
  relation: "Relation is required (for example: mother, father, grandmother, guardian)",
  phone: PHONE_MESSAGE,
  email: "Enter an e-mail address such as name@example.com",
  address_line1: "Street address is required",
  city: "Town or city is required",
  postal_code: "Postal code is required",
} as const;

const guardianFields = {
  name: text({ required: MESSAGES.name, max: 80 }),
  relation: text({ required: MESSAGES.relation, max: 40 }),
  phone: phoneNumber().meta({ description: "A mobile phone to call on the day: digits, spaces, + ( ) - ." }),
  address_line1: text({ required: MESSAGES.address_line1, max: 120 }),
  address_line2: text({ max: 120 }).default(""),
  city: text({ required: MESSAGES.city, max: 80 }),
  region: text({ max: 80 }).default("").meta({ description: "State, county or province, where addresses have one" }),
  postal_code: text({ required: MESSAGES.postal_code, max: 20 }),
};

/** The account holder: reached at the account's own e-mail, so none is sent. */
export const firstGuardian = z.object(guardianFields).strict();
/** A second parent or guardian, with an e-mail of their own. */
export const secondGuardian = z
  .object({ ...guardianFields, email: z.email({ error: MESSAGES.email }).max(254, MESSAGES.email) })
  .strict();

export const guardiansEdit = z
  .object({
    first: firstGuardian.meta({ description: "The account holder, the family's first guardian" }),
    second: secondGuardian
      .nullable()
      .default(null)
      .meta({ description: "A second parent or guardian; null (or absent) removes the one kept" }),
  })
  .strict();
export type GuardiansEdit = z.infer<typeof guardiansEdit>;
export type GuardianInput = z.infer<typeof firstGuardian> & { email?: string };
