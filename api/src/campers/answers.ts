import { z } from "zod";
import { guardian } from "../guardians/index.js";
import { ROLES, SENSITIVE_READ_REASONS, WAITLIST_STATES } from "../platform/database/schema.js";

/**
 * What the campers routes answer (decision 038): a family's campers as the family, its data
 * download and staff read them. The names match the front ends' types (shared-auth's Camper,
 * CamperPerson, CamperEligibility; the admin's Family and AccessLogEntry).
 */

/** An instant as the API writes it: `Date.toISOString()`. */
const instant = (description: string) => z.iso.datetime().meta({ description: `${description} (ISO 8601, UTC)` });

/** A calendar day as the database keeps it (date columns are read as text). */
const day = (description: string) => z.string().meta({ description: `${description} (YYYY-MM-DD)` });

export const camperPerson = z
  .object({
    name: z.string(),
    relation: z.string().meta({ description: "How they are related to the camper, e.g. mother, neighbour" }),
    phone: z.string(),
  })
  .meta({ id: "CamperPerson", description: "A person to call about a camper, or to hand the camper to" });

/**
 * Decision 030: details whose sealed value did not open answer as empty with this flag (never as
 * a 500); the field is absent when the details opened.
 */
const detailsUnreadable = z
  .literal(true)
  .optional()
  .meta({
    description:
      "Present (true) when the sealed medical and contact details could not be opened (decision 030): " +
      "they answer as empty, and only all five together can replace them",
  });

/** The fields `camperToWire` sends (store.ts). */
const camperFields = {
  _id: z.string(),
  is_self: z.boolean().meta({ description: 'The account holder\'s own "Myself" camper' }),
  first_name: z.string().meta({ description: 'The account holder\'s name for "Myself"' }),
  last_name: z.string().meta({ description: 'Empty for "Myself"' }),
  name: z.string().meta({ description: 'First and last name; the account holder\'s name for "Myself"' }),
  date_of_birth: day("Date of birth").nullable().meta({
    description: 'Date of birth (YYYY-MM-DD); null for "Myself" when not given, and for a removed camper',
  }),
  allergies: z.string(),
  medical_notes: z.string(),
  medications: z.string(),
  emergency_contacts: z.array(camperPerson),
  pickup_people: z.array(camperPerson).meta({ description: "People allowed to pick the camper up" }),
  details_unreadable: detailsUnreadable,
  photo_consent: z.boolean(),
  createdAt: instant("When the camper was added"),
  updatedAt: instant("When the camper was last changed"),
};

export const camper = z.object(camperFields).meta({
  id: "Camper",
  description: "One of a family's campers with their details: the account holder's own \"Myself\", or a child",
});

export const camperAdded = z.object({
  insertedId: z.string().meta({ description: "The new camper's id" }),
  camper,
});

export const camperChanged = z.object({
  modifiedCount: z.int().meta({ description: "1: the camper was changed" }),
  camper,
});

export const camperRemoved = z.object({ deletedCount: z.int().meta({ description: "1: the camper was removed" }) });

export const camperEligibility = z
  .object({
    camperId: z.string(),
    name: z.string(),
    is_self: z.boolean(),
    eligible: z.boolean(),
    reason: z.string().nullable().meta({ description: "Why the camper may not take a seat; null when eligible" }),
  })
  .meta({ id: "CamperEligibility", description: "Whether one of the family's campers may take a seat in a class" });

/** One camper of a family on one class's waitlist (the family view and the family's download). */
export const waitlistPlace = z
  .object({
    entryId: z.string().meta({ description: "The waitlist entry (siblings waiting together share one)" }),
    classId: z.string(),
    class_name: z.string(),
    camperId: z.string(),
    camper: z.string().meta({ description: "The camper's name" }),
    state: z.enum(WAITLIST_STATES).meta({
      description:
        "waiting, offered (seats kept until offerExpiresAt), accepted, declined, expired, left, removed (by staff, or no longer eligible)",
    }),
    place: z.int().nullable().meta({ description: "Place in the line while waiting (1 is next); null otherwise" }),
    dropped_reason: z
      .string()
      .nullable()
      .meta({ description: "Why this camper was taken off the entry (no longer eligible); null when still on it" }),
    joinedAt: instant("When the family joined the line"),
    offeredAt: instant("When seats were offered").nullable(),
    offerExpiresAt: instant("When the offer runs out").nullable(),
  })
  .meta({ id: "WaitlistPlace", description: "One camper of a family on a class's waitlist: where and since when" });

export type WaitlistPlace = z.output<typeof waitlistPlace>;

/** The family's data download (GET /campers/export). */
export const familyExport = z
  .object({
    exportedAt: instant("When the download was made"),
    account: z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      photo: z.string().nullable(),
      role: z.enum(ROLES),
      createdAt: instant("When the account was made"),
    }),
    guardians: z.array(guardian).meta({ description: "The family's parents or guardians, the account holder first" }),
    campers: z.array(
      z.object({
        ...camperFields,
        removedAt: instant("When the family removed the camper").nullable(),
      }),
    ),
    enrolments: z.array(
      z.object({
        camper: z.string().meta({ description: "The camper's name" }),
        class_name: z.string(),
        start_date: day("The class's first day").nullable(),
        end_date: day("The class's last day").nullable(),
        enrolledAt: instant("When the seat was booked"),
      }),
    ),
    cart: z.array(
      z.object({
        camper: z.string().meta({ description: "The camper's name" }),
        class_name: z.string(),
        addedAt: instant("When it was added to the cart"),
      }),
    ),
    waitlist: z.array(waitlistPlace).meta({ description: "Every waitlist entry of the family, camper by camper" }),
    payments: z.array(
      z.object({
        transactionId: z.string(),
        price: z.number().meta({ description: "Dollars" }),
        date: instant("When it was paid"),
        status: z.string(),
        lines: z.array(
          z.object({
            camper: z.string().meta({ description: "The camper's name" }),
            class_name: z.string(),
            price: z.number().meta({ description: "Dollars" }),
          }),
        ),
      }),
    ),
  })
  .meta({
    id: "FamilyExport",
    description:
      "Everything the academy holds about a family: the account, its campers (removed ones too) with their details, seats, cart, waitlist entries and payments",
  });

/** One camper's medical details on a roster, read on demand (and recorded). */
export const rosterCamperMedical = z
  .object({
    _id: z.string(),
    allergies: z.string(),
    medical_notes: z.string(),
    medications: z.string(),
    details_unreadable: detailsUnreadable,
  })
  .meta({ id: "CamperMedicalDetails", description: "A camper's allergies, medical notes and medications" });

/** A family as an admin sees it (GET /users/:id/family). */
export const family = z
  .object({
    holder: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
    guardians: z.array(guardian).meta({ description: "The account holder first, then a second guardian if any" }),
    campers: z.array(
      z
        .object({
          ...camperFields,
          removed: z.boolean().meta({
            description: "Taken off the family by its holder: the name stays for the history, the details are gone",
          }),
          enrolments: z.array(
            z.object({
              _id: z.string().meta({ description: "The enrolment's id" }),
              classId: z.string(),
              class_name: z.string(),
              start_date: day("The class's first day").nullable(),
              end_date: day("The class's last day").nullable(),
            }),
          ),
          waitlist: z.array(waitlistPlace).meta({ description: "The camper's waitlist entries, newest first" }),
        })
        .meta({
          id: "FamilyCamper",
          description: "One of a family's campers with their details, seats and waitlist entries",
        }),
    ),
  })
  .meta({ id: "Family", description: "A family's account holder and campers, for admins" });

export const accessLogEntry = z
  .object({
    _id: z.string(),
    reader: z.object({
      _id: z.string(),
      name: z.string().nullable().meta({ description: "Null once the reader's account is gone (the e-mail was kept)" }),
      email: z.string(),
      role: z.string().meta({ description: "The reader's role when they read" }),
    }),
    camperId: z.string(),
    camper_name: z.string().nullable().meta({
      description: "As the family entered it; null once the camper's record is gone with its family's account",
    }),
    camper_removed: z.boolean().meta({ description: "Taken off the family (the name stays) or gone altogether" }),
    familyId: z.string(),
    classId: z
      .string()
      .nullable()
      .meta({ description: "Null for a family view or a day's medical report, or once the class was deleted" }),
    class_name: z.string().nullable(),
    reason: z.enum(SENSITIVE_READ_REASONS).meta({
      description:
        "roster: a class's roster; detail: one camper's medical details; family: an admin's view of a family; roster-export: the roster's CSV; form: forms' medical answers; today: the Today list; aid: an aid application; medical-report: the office's allergy and medical report of a day (no class)",
    }),
    readAt: instant("When the details were read"),
  })
  .meta({ id: "AccessLogEntry", description: "One recorded staff read of campers' medical and contact details" });

export const accessLogList = z.object({
  items: z.array(accessLogEntry),
  total: z.int(),
  page: z.int(),
  size: z.int(),
});
