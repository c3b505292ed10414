import { z } from "zod";
import { PHONE_MESSAGE, phoneNumber } from "../platform/phone.js";
import { text } from "../platform/text.js";

/** Camp days on the wire: pick-up people with their PINs, and a camper's day in a class. */

export const MESSAGES = {
  name: "Full name is required",
  relation: "Relation is required (for example: grandmother, neighbour, nanny)",
  phone: PHONE_MESSAGE,
  email: "Enter an e-mail address such as name@example.com",
  note: "Say why (3 to 500 characters): it is kept and shown in the day's report",
  pin: "A PIN is six digits",
} as const;

export const pickupPersonEdit = z
  .object({
    camper_id: z.uuid({ error: "Not a valid id." }).meta({ description: "The camper this person may collect" }),
    name: text({ required: MESSAGES.name, max: 80 }),
    relation: text({ required: MESSAGES.relation, max: 40 }),
    phone: phoneNumber(),
    email: z
      .email({ error: MESSAGES.email })
      .max(254, MESSAGES.email)
      .nullable()
      .default(null)
      .meta({ description: "Where the person can be reached (optional)" }),
  })
  .strict();
export type PickupPersonEdit = z.infer<typeof pickupPersonEdit>;

export const pickupPerson = z
  .object({
    _id: z.uuid(),
    camper_id: z
      .uuid()
      .nullable()
      .meta({ description: "Null for a guardian's own PIN (collects any of the family's campers)" }),
    guardian_position: z
      .int()
      .min(1)
      .max(2)
      .nullable()
      .meta({ description: "1 or 2 for a guardian's own PIN, else null" }),
    name: z.string(),
    relation: z.string(),
    phone: z.string(),
    email: z.string().nullable(),
    confirmed_season: z
      .int()
      .meta({ description: "The last season (the academy's year) the family confirmed this person for" }),
    current: z.boolean().meta({ description: "Confirmed for this season: only then may the person collect" }),
  })
  .meta({
    description: "A person allowed to collect a camper, or a guardian's own PIN (never the PIN itself)",
  });
export type PickupPersonWire = z.infer<typeof pickupPerson>;

export const newPinAnswer = z
  .object({
    person: pickupPerson,
    pin: z
      .string()
      .regex(/^[0-9]{6}$/)
      .meta({ description: "The person's PIN, shown this once: it is kept only as a hash" }),
  })
  .meta({ id: "NewPickupPin", description: "A pick-up person and their new PIN, shown this once" });

export const familyPickup = z
  .object({
    season: z.int(),
    guardians: z.array(
      z.object({
        position: z.union([z.literal(1), z.literal(2)]),
        name: z.string(),
        relation: z.string(),
        pin: pickupPerson.nullable().meta({ description: "The guardian's pick-up PIN, when one was made" }),
      }),
    ),
    campers: z.array(
      z.object({
        camper_id: z.uuid(),
        name: z.string(),
        may_leave_alone: z.boolean(),
        people: z.array(pickupPerson),
      }),
    ),
  })
  .meta({
    id: "FamilyPickup",
    description: "Who may collect each of a family's campers this season, the guardians' PINs, and who may leave alone",
  });

export const departureEdit = z.object({ may_leave_alone: z.boolean({ error: "Say yes or no." }) }).strict();

export const attendanceActionBody = z
  .object({
    camper_id: z.uuid({ error: "Not a valid id." }),
    action: z.enum(["check_in", "absent", "check_out", "undo"], {
      error: "Choose check in, absent, check out or undo.",
    }),
    client_id: z
      .string({ error: "Give each action an id of its own (8 to 64 characters)." })
      .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: "Give each action an id of its own (8 to 64 characters)." })
      .meta({ description: "The phone's own id for this action: sent again, it is done once" }),
    departure: z
      .discriminatedUnion(
        "kind",
        [
          z.object({
            kind: z.literal("pickup"),
            person_id: z.uuid({ error: "Choose who is collecting." }),
            pin: z.string({ error: MESSAGES.pin }).regex(/^[0-9]{6}$/, { error: MESSAGES.pin }),
          }),
          z.object({ kind: z.literal("alone") }),
          z.object({
            kind: z.literal("override"),
            note: text({ required: MESSAGES.note, max: 500 }).pipe(z.string().min(3, MESSAGES.note)),
          }),
        ],
        { error: "Say how the camper leaves: with a pick-up person's PIN, alone, or an admin's override." },
      )
      .optional()
      .meta({ description: "With check_out only: who collects the camper" }),
  })
  .strict();
export type AttendanceActionBody = z.infer<typeof attendanceActionBody>;

export const campDay = z
  .object({
    camper_id: z.uuid(),
    day: z.iso.date(),
    state: z.enum(["in", "absent", "out"]).nullable().meta({ description: "Null: nothing recorded yet today" }),
    checked_in_at: z.iso.datetime().nullable(),
    checked_in_by: z.string().nullable(),
    absent_at: z.iso.datetime().nullable(),
    checked_out_at: z.iso.datetime().nullable(),
    checked_out_by: z.string().nullable(),
    departure: z.enum(["pickup", "guardian", "alone", "override"]).nullable(),
    collected_by: z.string().nullable(),
    override_note: z.string().nullable(),
  })
  .meta({
    id: "CampDay",
    description: "A camper's day in a class: checked in, absent or checked out, when, by whom, and who collected them",
  });
export type CampDayWire = z.infer<typeof campDay>;

export const actionAnswer = z
  .object({
    day: campDay,
    outcome: z.enum(["done", "already", "replayed"]).meta({
      description:
        "done; already: another coach had done it (nothing changed); replayed: this action id was done before",
    }),
  })
  .meta({ id: "CampDayAction", description: "The camper's day after the action, and whether the action was done now" });

export const todayAnswer = z
  .object({
    day: z.iso.date(),
    classes: z.array(
      z.object({
        _id: z.uuid(),
        name: z.string(),
        instructor_name: z.string(),
        location: z.string().nullable(),
        start_time: z.string(),
        end_time: z.string(),
        campers: z.array(
          z.object({
            _id: z.uuid(),
            name: z.string(),
            photo_consent: z.boolean(),
            medical_flag: z.boolean(),
            details_unreadable: z.literal(true).optional(),
            forms: z.enum(["none", "complete", "missing", "late"]),
            may_leave_alone: z.boolean(),
            pickup_people: z.array(
              z.object({ _id: z.uuid(), name: z.string(), relation: z.string(), guardian: z.boolean() }),
            ),
            attendance: campDay,
            absence_reported: z
              .object({ note: z.string().nullable() })
              .nullable()
              .meta({ description: "The family said ahead the camper would miss today (with its note)" }),
            not_here_yet: z
              .boolean()
              .meta({ description: "Not checked in (nor marked absent) 30 minutes after the start" }),
            late_pickup: z.boolean().meta({ description: "Still checked in 15 minutes after the end" }),
          }),
        ),
      }),
    ),
  })
  .meta({
    id: "Today",
    description: "Today's classes (the caller's own, every one for an admin), each with its campers' day",
  });

export const absenceBody = z
  .object({
    class_id: z.uuid({ error: "Not a valid id." }),
    camper_id: z.uuid({ error: "Not a valid id." }),
    day: z.iso.date({ error: "Choose a day (YYYY-MM-DD)." }),
    note: text({ max: 300 })
      .nullable()
      .default(null)
      .meta({ description: "What the coach should know (optional): it is shown on the day's list" }),
  })
  .strict();

export const absenceReport = z.object({
  _id: z.uuid(),
  class_id: z.uuid(),
  camper_id: z.uuid(),
  day: z.iso.date(),
  note: z.string().nullable(),
});

export const familyCampDays = z
  .object({
    days: z.array(
      z.object({
        class_id: z.uuid(),
        camper_id: z.uuid(),
        day: z.iso.date(),
        state: z.enum(["in", "absent", "out"]),
        checked_in_at: z.iso.datetime().nullable(),
        checked_out_at: z.iso.datetime().nullable(),
        departure: z.enum(["pickup", "guardian", "alone", "override"]).nullable(),
        collected_by: z.string().nullable(),
      }),
    ),
    absences: z.array(absenceReport),
  })
  .meta({
    id: "FamilyCampDays",
    description:
      "Each day of the family's campers at camp so far (times, who collected them) and the absences it reported",
  });

export const classMessageBody = z
  .object({
    subject: text({ required: "Give the message a subject", max: 120 }),
    body: text({ required: "Write the message", max: 4000, multiLine: true }),
  })
  .strict();

export const classMessage = z.object({
  _id: z.uuid(),
  class_id: z.uuid(),
  sender_name: z.string(),
  subject: z.string(),
  body: z.string(),
  recipients: z.int().meta({ description: "How many guardians' addresses it was e-mailed to" }),
  sent_at: z.iso.datetime(),
});

export const classMessages = z
  .object({ messages: z.array(classMessage) })
  .meta({ id: "ClassMessages", description: "The messages sent to a class's families, newest first" });

export const sentToClasses = z.object({
  classes: z.int().meta({ description: "How many classes it went to" }),
  recipients: z.int().meta({ description: "How many guardians' addresses in all" }),
  messages: z.array(classMessage),
});

export const reportQuery = z
  .object({
    day: z.iso.date({ error: "Choose a day (YYYY-MM-DD)." }).optional().meta({ description: "Today when absent" }),
  })
  .strict();

export const dayReport = z
  .object({
    day: z.iso.date(),
    totals: z.object({
      seats: z.int(),
      present: z.int().meta({ description: "Checked in (still in, or gone home)" }),
      absent: z.int(),
      not_seen: z.int().meta({ description: "Neither checked in nor marked absent" }),
      late_pickups: z.int().meta({ description: "Checked out 15 minutes or more after the end, or still in then" }),
      overrides: z.int(),
    }),
    classes: z.array(
      z.object({
        _id: z.uuid(),
        name: z.string(),
        instructor_name: z.string(),
        start_time: z.string(),
        end_time: z.string(),
        campers: z.array(
          z.object({
            _id: z.uuid(),
            name: z.string(),
            day: campDay,
            absence_reported: z.boolean(),
            late_pickup: z.boolean(),
          }),
        ),
      }),
    ),
  })
  .meta({
    id: "DayReport",
    description: "A day's attendance across the classes that met: who came, who did not, late pick-ups, overrides",
  });

export const sessionSheet = z
  .object({
    class: z.object({
      _id: z.uuid(),
      name: z.string(),
      instructor_name: z.string(),
      start_date: z.iso.date().nullable(),
      end_date: z.iso.date().nullable(),
      start_time: z.string().nullable(),
      end_time: z.string().nullable(),
    }),
    days: z.array(
      z.object({
        day: z.iso.date(),
        upcoming: z.boolean().meta({ description: "After today: nothing can be recorded yet" }),
      }),
    ),
    campers: z.array(
      z.object({
        _id: z.uuid(),
        name: z.string(),
        seat_cancelled: z
          .boolean()
          .meta({ description: "The seat was cancelled; the days recorded before stay on the sheet" }),
        present: z.int().meta({ description: "Days checked in (still in, or gone home)" }),
        absent: z.int(),
        days: z
          .array(campDay.extend({ absence_reported: z.boolean() }))
          .meta({ description: "One for each of the class's meeting days, in the order of `days`" }),
      }),
    ),
  })
  .meta({
    id: "SessionAttendance",
    description:
      "A class's attendance over its session: each meeting day and camper, present, absent or not recorded, the times, who collected them and overrides",
  });

export const medicalReport = z
  .object({
    day: z.iso.date(),
    campers_in_classes: z.int().meta({ description: "Campers holding a seat in a class that meets that day" }),
    campers: z.array(
      z.object({
        _id: z.uuid(),
        name: z.string(),
        allergies: z.string(),
        medical_notes: z.string(),
        medications: z.string(),
        details_unreadable: z
          .literal(true)
          .optional()
          .meta({ description: "The camper's details could not be opened: ask the family" }),
        classes: z.array(
          z.object({
            _id: z.uuid(),
            name: z.string(),
            instructor_name: z.string(),
            location: z.string().nullable(),
            start_time: z.string(),
            end_time: z.string(),
          }),
        ),
      }),
    ),
  })
  .meta({
    id: "MedicalReport",
    description:
      "A day's allergy and medical report: every camper of the classes meeting that day with allergies, medical notes or medications (each read recorded)",
  });
