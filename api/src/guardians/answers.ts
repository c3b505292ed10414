import { z } from "zod";

/**
 * What the guardians routes answer (decision 038). The names match the front ends' types
 * (shared-auth's Guardian, Guardians and GuardianContact).
 */

export const guardian = z
  .object({
    position: z
      .union([z.literal(1), z.literal(2)])
      .meta({ description: "1: the account holder; 2: a second guardian" }),
    name: z.string(),
    relation: z.string().meta({ description: "How they are related to the children, e.g. mother, guardian" }),
    phone: z.string(),
    email: z.string().meta({ description: "The account's e-mail for the first guardian" }),
    address_line1: z.string(),
    address_line2: z.string(),
    city: z.string(),
    region: z.string(),
    postal_code: z.string(),
  })
  .meta({ id: "Guardian", description: "A parent or guardian of a family, with where to reach them" });

export const guardians = z
  .object({
    guardians: z.array(guardian).meta({ description: "The account holder first, then a second guardian if any" }),
    complete: z.boolean().meta({
      description: "Whether the account holder's own details are complete: needed before the family's first booking",
    }),
  })
  .meta({ id: "Guardians", description: "A family's parents or guardians" });

/** What rosters and the office's exports show of a guardian: who, and the phone to call. */
export const guardianContact = z
  .object({ name: z.string(), relation: z.string(), phone: z.string() })
  .meta({ id: "GuardianContact", description: "A parent or guardian of the camper's family, and their phone" });
