import { z } from "zod";
import { CLASS_STATUSES, LEVELS, SPORTS, WEEKDAYS } from "../platform/database/schema.js";
import { guardianContact } from "../guardians/index.js";

/**
 * The catalog's answers (decision 038): what classes.ts (classToWire), the instructor lists and
 * the roster send. The public lists are also sent from the cache's bytes, without going through
 * these schemas (public-cache.ts): the schemas must say exactly what those bytes hold.
 */

const day = (description: string) => z.string().meta({ description: `${description} (YYYY-MM-DD)` });
const clock = (description: string) => z.string().meta({ description: `${description} (HH:MM, 24 h)` });
/** Instants are written by Date.toISOString(), so every value has its form. */
const instant = (description: string) => z.iso.datetime().meta({ description });

/** A class's public fields. */
const publicClass = z.object({
  _id: z.uuid(),
  class_name: z.string(),
  image: z.string().meta({ description: "An http(s) URL, or the path of an image served by this API" }),
  instructor: z.string().meta({ description: "The instructor's name" }),
  email: z.string().meta({ description: "The instructor's e-mail" }),
  instructorId: z.uuid(),
  available_seats: z.int(),
  enrolled_seats: z.int(),
  price: z.number().meta({ description: "Dollars" }),
  early_price: z
    .number()
    .nullable()
    .meta({ description: "The early-bird price in dollars, until the end of `early_price_until`; null: none" }),
  early_price_until: day("The early-bird price's last day, in the academy's calendar").nullable(),
  price_today: z.number().meta({
    description:
      "What a seat costs today, in dollars: the early-bird price while it holds, else `price` (the checkout starts from it on the API's day)",
  }),
  price_today_until: day(
    "The last day `price_today` holds when it is the early-bird price (then `price`), in the academy's calendar; null when it is the full price",
  ).nullable(),
  details: z.string().meta({ description: 'The class\'s description ("" when none)' }),
  sport: z.enum(SPORTS).nullable(),
  start_date: day("The session's first day").nullable(),
  end_date: day("The session's last day").nullable(),
  weekdays: z.array(z.enum(WEEKDAYS)).meta({ description: "The days of the week it runs, Monday first" }),
  start_time: clock("Daily start").nullable(),
  end_time: clock("Daily end").nullable(),
  age_min: z.int().nullable(),
  age_max: z.int().nullable(),
  level: z.enum(LEVELS).nullable(),
  location: z.string().nullable(),
  venue_address: z
    .string()
    .nullable()
    .meta({ description: "The venue's postal address, one line or more; null: the academy's own address" }),
  drop_off: clock("When campers may be dropped off, at or before the start; null: at the start").nullable(),
  pick_up: clock("When campers must be picked up, at or after the end; null: at the end").nullable(),
  what_to_bring: z.string().nullable().meta({ description: "What a camper brings, as the instructor wrote it (text)" }),
  registration_opens_at: instant("When booking opens; null: open now").nullable(),
});

/** Changes proposed to an approved class (decision 039): the reviewed fields it would change, with their new values. */
export const proposedChanges = publicClass
  .pick({
    class_name: true,
    details: true,
    price: true,
    early_price: true,
    early_price_until: true,
    sport: true,
    start_date: true,
    end_date: true,
    weekdays: true,
    start_time: true,
    end_time: true,
    age_min: true,
    age_max: true,
    level: true,
    location: true,
    venue_address: true,
    drop_off: true,
    pick_up: true,
  })
  .partial()
  .meta({
    id: "ProposedChanges",
    description: "The fields an instructor proposed to change on an approved class, with their new values",
  });

/** A class as every reader gets it, with the fields only its instructor and admins read. */
export const classItem = publicClass
  .extend({
    // Only for admins and the class's own instructor.
    status: z.enum(CLASS_STATUSES).optional().meta({ description: "Only for admins and the class's instructor" }),
    feedback: z
      .string()
      .optional()
      .meta({ description: "An admin's feedback (\"\" when none); only for admins and the class's instructor" }),
    waiting_entries: z
      .int()
      .optional()
      .meta({ description: "Entries on the class's waitlist; only for admins and the class's instructor" }),
    offered_seats: z
      .int()
      .optional()
      .meta({ description: "Seats kept for open waitlist offers; only for admins and the class's instructor" }),
    proposed_changes: proposedChanges.nullable().optional().meta({
      description:
        "Changes its instructor proposed, waiting for an admin (the class stays on the site as it is meanwhile); null when none. Only for admins and the class's instructor",
    }),
    proposed_at: instant("When those changes were proposed; only for admins and the class's instructor")
      .nullable()
      .optional(),
    createdAt: instant("When the class was added; only for admins and the class's instructor").optional(),
    updatedAt: instant("When it last changed; only for admins and the class's instructor").optional(),
  })
  .meta({
    id: "ClassItem",
    description:
      "A class. Everyone gets the public fields; its instructor and admins also get status, feedback, the waitlist's counts and its dates",
  });

/** One page of a public list (ADR 013): no total, `hasMore` instead. */
const openPage = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.int(),
    size: z.int(),
    hasMore: z.boolean().meta({ description: "Whether a next page has items" }),
  });

/** One page of a private list (ADR 009), with the total of matches. */
export const totalPage = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.int().meta({ description: "Items matching, over every page" }),
    page: z.int(),
    size: z.int(),
  });

export const classPage = openPage(classItem).meta({
  id: "ClassPage",
  description: "One page of the approved classes (GET /classes with any parameter)",
});

/** GET /classes: the bare list (the spec's call) or, with any parameter, one page. */
export const classList = z
  .union([
    z.array(classItem).meta({ description: "Without parameters: every approved class (every class for an admin)" }),
    classPage,
  ])
  .meta({ description: "The classes: the whole list, or one page when the request has any parameter" });

/** The staff's fields, which a class always has for its instructor and the admins. */
const { status, feedback, waiting_entries, offered_seats, proposed_changes, proposed_at, createdAt, updatedAt } =
  classItem.shape;

/** A class as its instructor and the admins read it: with its review, its line and its dates. */
export const staffClass = classItem
  .extend({
    status: status.unwrap(),
    feedback: feedback.unwrap(),
    waiting_entries: waiting_entries.unwrap(),
    offered_seats: offered_seats.unwrap(),
    proposed_changes: proposed_changes.unwrap(),
    proposed_at: proposed_at.unwrap(),
    createdAt: createdAt.unwrap(),
    updatedAt: updatedAt.unwrap(),
  })
  .meta({
    id: "StaffClass",
    description: "A class with its review, its line and its dates, for its instructor and admins",
  });

export const myClassPage = totalPage(staffClass).meta({
  id: "MyClassPage",
  description: "One page of the caller's classes",
});

/** An instructor's public fields. */
const instructorFields = {
  _id: z.uuid(),
  name: z.string(),
  email: z.string(),
  photo: z.string().meta({ description: 'The photo\'s URL or path ("" when none)' }),
};

export const instructor = z
  .object({ ...instructorFields, classCount: z.int().meta({ description: "Approved classes they teach" }) })
  .meta({ id: "Instructor", description: "An instructor's public fields and how many approved classes they teach" });

export const instructorPage = openPage(instructor).meta({
  id: "InstructorPage",
  description: "One page of the instructors (GET /instructors with any parameter)",
});

export const instructorList = z
  .union([z.array(instructor).meta({ description: "Without parameters: every instructor, by name" }), instructorPage])
  .meta({ description: "The instructors: the whole list, or one page when the request has any parameter" });

export const instructorWithClasses = z
  .object({ instructor: z.object(instructorFields), classes: z.array(classItem) })
  .meta({ id: "InstructorWithClasses", description: "An instructor's public fields and approved classes" });

const person = z.object({ name: z.string(), relation: z.string(), phone: z.string() });

/** One seat of a roster: the family that booked it and the camper in it. */
export const rosterEntry = z
  .object({
    name: z.string().meta({ description: "The account holder's name" }),
    email: z.string().meta({ description: "The account holder's e-mail" }),
    enrolledAt: instant("When the seat was booked"),
    guardians: z
      .array(guardianContact)
      .meta({ description: "The family's parents or guardians to call, the account holder first" }),
    forms: z.enum(["complete", "missing", "late", "none"]).meta({
      description:
        "The camper's forms this class needs (decision 045): all complete, one missing, one late, or none needed",
    }),
    camper: z.object({
      _id: z.uuid(),
      name: z.string().meta({ description: "The camper's name (the account holder's for their own seat)" }),
      is_self: z.boolean().meta({ description: "The account holder's own seat" }),
      age: z
        .int()
        .nullable()
        .meta({ description: "Age on the class's first day; null without a birth date or first day" }),
      medical_flag: z
        .boolean()
        .meta({ description: "Whether allergies, medical notes or medications are on file (read them on demand)" }),
      emergency_contacts: z.array(person),
      pickup_people: z.array(person),
      photo_consent: z.boolean(),
      details_unreadable: z
        .literal(true)
        .optional()
        .meta({ description: "The camper's details could not be opened (decision 030): ask the family" }),
    }),
  })
  .meta({ id: "RosterEntry", description: "A seat of a class's roster: who booked it and the camper in it" });

export const roster = z
  .union([
    z.array(rosterEntry).meta({ description: "Without parameters: every seat, first booked first" }),
    totalPage(rosterEntry).meta({ id: "RosterPage", description: "One page of a class's roster" }),
  ])
  .meta({ description: "The class's seats: all of them, or one page when the request has any parameter" });

export const classRevenue = z
  .object({
    paidSeats: z.int().meta({ description: "Seats paid for in the caller's classes" }),
    revenue: z.number().meta({ description: "Dollars paid for them, net of refunds" }),
  })
  .meta({ id: "ClassRevenue" });

/** The spec's answers of a write (section 3). */
export const inserted = z.object({ insertedId: z.uuid().meta({ description: "The new class's id" }) });
export const modified = z.object({ modifiedCount: z.int().meta({ description: "Classes changed (0 or 1)" }) });
export const deleted = z.object({ deletedCount: z.int().meta({ description: "Classes deleted (0 or 1)" }) });
