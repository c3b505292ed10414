import { z } from "zod";
import { text } from "../platform/text.js";
import { imageUrl, isIsoDate, price, seats } from "../platform/wire.js";
import { checkNewSession, checkSession, sessionFields } from "./camp-session.js";

/** A class's fields as the class routes accept them (a new class, an edit), and the early-bird price's rule. */

/** A class's own fields; a new class needs all but its details, an edit names those it changes. */
const classFields = z.object({
  class_name: text({ required: "Class name is required", max: 120 }),
  image: imageUrl,
  available_seats: seats,
  price,
  details: text({ max: 2000, multiLine: true }),
  /** Early-bird price: dollars, lower than the price, until the end of `early_price_until`; null for none. */
  early_price: price.nullable(),
  early_price_until: z
    .string({ error: "The early-bird price's last day must be a date (YYYY-MM-DD)." })
    .refine(isIsoDate, { error: "The early-bird price's last day must be a date (YYYY-MM-DD)." })
    .nullable(),
});

/** The early-bird price's rule (the database's classes_early_price_check) with a message per field. */
export function earlyProblems(
  priceCents: number,
  earlyCents: number | null,
  until: string | null,
): Record<string, string> {
  if (earlyCents === null && until === null) return {};
  if (earlyCents === null) return { early_price: "Give the early-bird price, or clear its last day." };
  if (until === null) return { early_price_until: "Give the early-bird price's last day." };
  if (earlyCents >= priceCents) return { early_price: "The early-bird price must be lower than the price." };
  return {};
}

/** A new class (POST /classes). */
export const newClass = classFields
  .partial({ details: true, early_price: true, early_price_until: true })
  .extend({
    // Sent by the spec's form; ignored: the server takes them from the token and starts at 0.
    instructor: text({ max: 120 }).optional(),
    email: text({ max: 254 }).optional(),
    enrolled_seats: z.number().optional(),
    ...sessionFields,
  })
  .superRefine(checkNewSession);

/** An edit of a class (PATCH /classes/:id): only the fields it changes. */
export const classEdit = classFields
  .partial()
  .extend(sessionFields)
  .strict()
  .refine((o) => Object.keys(o).length > 0, { error: "Nothing to change." })
  .superRefine(checkSession);
