import { z } from "zod";
import { academyToday } from "../platform/academy-day.js";
import { PHONE_MESSAGE, phoneNumber } from "../platform/phone.js";
import { text } from "../platform/text.js";
import { isIsoDate } from "../platform/wire.js";

/** A camper's fields on the wire, in the class fields' style (snake case), with their messages. */
export const MESSAGES = {
  first_name: "First name is required",
  last_name: "Last name is required",
  date_of_birth: "Enter the date of birth as YYYY-MM-DD",
  born_in_future: "The date of birth cannot be in the future",
  too_old: "A camper is at most 25 years old",
  too_old_for_anyone: "A date of birth is at most 120 years ago",
  contact_name: "Contact name is required",
  relation: "Relation is required (for example: mother, grandfather, neighbour)",
  phone: PHONE_MESSAGE,
  emergency_contacts: "At most 5 emergency contacts",
  pickup_people: "At most 10 people allowed to pick up",
  photo_consent: "Photo consent is yes or no",
} as const;

const person = z.object({
  name: text({ required: MESSAGES.contact_name, max: 80 }),
  relation: text({ required: MESSAGES.relation, max: 40 }),
  phone: phoneNumber(),
});
export type Person = z.infer<typeof person>;

/** The oldest a child camper may be; the account holder's own "Myself" is any adult's age. */
export const CHILD_MAX_AGE = 25;

/** A date of birth: a real day, not in the future, of someone alive (a child's age is checked on top). */
const anyBirthDate = z
  .string({ error: MESSAGES.date_of_birth })
  .refine(isIsoDate, { error: MESSAGES.date_of_birth })
  .refine((d) => d <= academyToday(), { error: MESSAGES.born_in_future })
  .refine((d) => ageOn(d, academyToday()) <= 120, { error: MESSAGES.too_old_for_anyone });

/** Whether a date of birth is a child's (at most 25 years ago). */
export const childBirthDate = (d: string) => ageOn(d, academyToday()) <= CHILD_MAX_AGE;

const birthDate = anyBirthDate.refine(childBirthDate, { error: MESSAGES.too_old }).meta({ description: "YYYY-MM-DD" });

/** The sealed part: medical notes and the people to call or to hand the child to. */
const details = {
  allergies: text({ max: 1000, multiLine: true }),
  medical_notes: text({ max: 2000, multiLine: true }),
  medications: text({ max: 1000, multiLine: true }),
  emergency_contacts: z.array(person, { error: MESSAGES.emergency_contacts }).max(5, MESSAGES.emergency_contacts),
  pickup_people: z.array(person, { error: MESSAGES.pickup_people }).max(10, MESSAGES.pickup_people),
};

export const newCamper = z.object({
  first_name: text({ required: MESSAGES.first_name, max: 60 }),
  last_name: text({ required: MESSAGES.last_name, max: 60 }),
  date_of_birth: birthDate,
  allergies: details.allergies.default(""),
  medical_notes: details.medical_notes.default(""),
  medications: details.medications.default(""),
  emergency_contacts: details.emergency_contacts.default([]),
  pickup_people: details.pickup_people.default([]),
  photo_consent: z.boolean({ error: MESSAGES.photo_consent }).default(false),
});
export type NewCamper = z.infer<typeof newCamper>;

export const camperEdit = z
  .object({
    first_name: text({ required: MESSAGES.first_name, max: 60 }),
    last_name: text({ required: MESSAGES.last_name, max: 60 }),
    date_of_birth: anyBirthDate.meta({
      description: 'YYYY-MM-DD: a child is at most 25 years old; "Myself" is the account holder, of any age',
    }),
    ...details,
    photo_consent: z.boolean({ error: MESSAGES.photo_consent }),
  })
  .partial()
  .strict()
  .refine((o) => Object.keys(o).length > 0, { error: "Nothing to change." });
export type CamperEdit = z.infer<typeof camperEdit>;

/** What is sealed (platform/sealing.ts): never stored or logged as text. */
export interface SensitiveDetails {
  allergies: string;
  medical_notes: string;
  medications: string;
  emergency_contacts: Person[];
  pickup_people: Person[];
}

export const NO_DETAILS: SensitiveDetails = {
  allergies: "",
  medical_notes: "",
  medications: "",
  emergency_contacts: [],
  pickup_people: [],
};

/** Full years of someone born on `birth` (YYYY-MM-DD) on `day` (YYYY-MM-DD); 29 February counts from 1 March. */
export function ageOn(birth: string, day: string): number {
  const [by, bm, bd] = birth.split("-").map(Number) as [number, number, number];
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}
