import { z } from "zod";

/** How a phone number is refused, in the words every form shows beside the field. */
export const PHONE_MESSAGE = "Enter a phone number: digits, spaces, + ( ) - only, 6 to 20 characters";

/**
 * A phone number as people write them (+1 555 0100, (555) 010-0100): kept as typed, so it reads
 * back the way the family wrote it, and only what dials (digits and the usual separators) is let in.
 */
export const phoneNumber = () =>
  z
    .string({ error: PHONE_MESSAGE })
    .trim()
    .regex(/^\+?[0-9 ()\-.]{6,20}$/, { error: PHONE_MESSAGE });
