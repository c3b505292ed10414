import type { Role } from "../database/schema.js";
import { forbidden } from "../errors.js";

/**
 * Who may do what, as data. "own" means the record belongs to the caller; "any" means every
 * record. Checked on the server for every route; the shell's guards only mirror it.
 */
export type Access = "own" | "any";
export type Entity =
  | "class"
  | "cart"
  | "user"
  | "payment"
  | "enrollment"
  | "contact"
  | "newsletter"
  | "image"
  | "role"
  | "roster"
  | "stats"
  // A signed-in session (an access token): "own" ends the caller's own on sign-out, "any" ends all of a user's.
  | "session"
  // A family's campers: their names, dates of birth, medical notes and contact people.
  | "camper"
  // A family's parents or guardians: the account holder and at most one more, with phone and address.
  | "guardian"
  // Staff's view of a family: its campers with their details and seats (each read recorded).
  | "family"
  // The record of every staff read of a camper's medical and contact details.
  | "camper-log"
  // A family's own waitlist entries: join, read, accept or decline an offer, leave.
  | "waitlist"
  // A class's whole line (its families in order): its instructor and admins read it, admins move or remove entries.
  | "line"
  // The academy's cancellation policy: everyone reads it, admins set it.
  | "policy"
  // Money sent back to a card: admins send goodwill refunds and follow those not done.
  | "refund"
  // The e-mail outbox's state: what waits, what failed.
  | "outbox"
  // Discounts: promo codes, the sibling and the multi-class discount; admins manage them.
  | "discount"
  // Payment plans (decision 040): a deposit at checkout, the rest in instalments; admins set them.
  | "payment-plan"
  // The forms the academy asks for before the first day (waivers, releases): admins build and publish them.
  | "form"
  // A family's answers to those forms, its signatures and its consent to sign electronically.
  | "form-answer"
  // A signed form's copy (a PDF): the family's own, and every one for admins.
  | "signature"
  // Who may collect a family's campers at the end of the day (each with a PIN), and who may leave alone.
  | "pickup"
  // A camper's day in a class: checked in, absent, checked out and by whom; the class's Today list.
  | "attendance"
  // A family's own camp days: the times its campers came and went, and the absences it reports ahead.
  | "camp-day"
  // A message to a class's families (e-mailed to each guardian, a copy kept on the class).
  | "class-message"
  // The office's reports of camp days: a day's attendance across every class, and its CSV.
  | "attendance-report"
  // The office's allergy and medical report of a day: every camper of the classes meeting that day with notes (each read recorded).
  | "medical-report"
  // The office's exports: every enrolment, payment and refund of a span of days, as a page and a CSV.
  | "office-export"
  // The front desk (decision 047): families registered, booked and paid for by the office.
  | "front-desk"
  // Year-end statements per child (decision 049).
  | "statement"
  // Financial aid (decision 050): a family's applications per camper; admins set the season and award.
  | "aid"
  // The academy's own facts (decision 051): its name, address, contacts, tax id; admins change them.
  | "academy";
export type Action = "create" | "read" | "update" | "delete" | "review";

type Rules = Partial<Record<`${Action}:${Entity}`, Access>>;

const student: Rules = {
  "read:user": "own",
  "update:user": "own",
  "read:role": "own",
  "create:cart": "own",
  "read:cart": "own",
  "delete:cart": "own",
  "read:payment": "own",
  "create:payment": "own",
  "read:enrollment": "own",
  // Cancelling one of the family's seats, for the policy's refund.
  "delete:enrollment": "own",
  // Moving one of them to another class, within the academy's number of days (decision 048).
  "update:enrollment": "own",
  "delete:session": "own",
  // A profile photo of their own, served by the API: no third party learns who looks at it.
  "create:image": "own",
  // The family's children (and the account holder's own "Myself"): kept, changed, removed, downloaded.
  "create:camper": "own",
  "read:camper": "own",
  "update:camper": "own",
  "delete:camper": "own",
  // The family's parents or guardians (the account holder first), needed before the first booking.
  "read:guardian": "own",
  "update:guardian": "own",
  "create:waitlist": "own",
  "read:waitlist": "own",
  "update:waitlist": "own",
  "delete:waitlist": "own",
  // The forms their campers need, answered and signed; the signed copies.
  "read:form-answer": "own",
  "update:form-answer": "own",
  "read:signature": "own",
  // Who may collect their campers, each with a PIN; whether a camper may leave alone.
  "create:pickup": "own",
  "read:pickup": "own",
  "update:pickup": "own",
  "delete:pickup": "own",
  // Their campers' days at camp, and absences told ahead.
  "read:camp-day": "own",
  // A statement per child of each ended year, for a dependent-care account or taxes.
  "read:statement": "own",
  // Applying for financial aid for their campers, and reading the office's answers.
  "create:aid": "own",
  "read:aid": "own",
  "create:camp-day": "own",
  "delete:camp-day": "own",
};

export const PERMISSIONS: Record<Role, Rules> = {
  student,
  instructor: {
    "read:user": "own",
    "update:user": "own",
    "read:role": "own",
    "create:class": "own",
    "read:class": "own",
    "update:class": "own",
    "delete:class": "own",
    "create:image": "own",
    // The students enrolled in the instructor's own classes (name, e-mail, date enrolled).
    "read:roster": "own",
    // The line of their own classes (families' names, group sizes, offers).
    "read:line": "own",
    // Today's campers of their own classes: checked in, absent, checked out with a pick-up's PIN.
    "read:attendance": "own",
    "update:attendance": "own",
    // Messages to their own classes' families.
    "create:class-message": "own",
    "read:class-message": "own",
    // What they bought as a student before a promotion stays theirs to see (no new bookings).
    "read:payment": "own",
    "read:enrollment": "own",
    "delete:session": "own",
  },
  admin: {
    "read:user": "any",
    "update:user": "own",
    "delete:user": "any",
    "read:role": "any",
    "update:role": "any",
    "read:class": "any",
    "update:class": "any",
    "review:class": "any",
    "delete:class": "any",
    "read:contact": "any",
    "update:contact": "any",
    "read:stats": "any",
    "read:newsletter": "any",
    "create:image": "own",
    "read:payment": "any",
    "read:enrollment": "any",
    "read:roster": "any",
    // Ends every session of a user (a lost phone, a shared computer): their tokens and Firebase sign-ins.
    "delete:session": "any",
    // A family's campers and enrolments (Manage Users), each read recorded; and that record itself.
    "read:family": "any",
    "read:camper-log": "any",
    "read:line": "any",
    "update:line": "any",
    // Any seat cancelled, with the policy's refund, a full one or an amount typed.
    "delete:enrollment": "any",
    "update:policy": "any",
    "create:refund": "any",
    "read:refund": "any",
    "read:outbox": "any",
    "create:discount": "any",
    "read:discount": "any",
    "update:discount": "any",
    "delete:discount": "any",
    "create:payment-plan": "any",
    "read:payment-plan": "any",
    "update:payment-plan": "any",
    "delete:payment-plan": "any",
    // The forms families fill before the first day, and every signed copy.
    "create:form": "any",
    "read:form": "any",
    "update:form": "any",
    "delete:form": "any",
    "read:signature": "any",
    // Every class's day; an admin alone checks a camper out without a PIN (an override, with a note).
    "read:attendance": "any",
    "update:attendance": "any",
    "create:class-message": "any",
    "read:class-message": "any",
    "read:attendance-report": "any",
    "read:medical-report": "any",
    "read:office-export": "any",
    // Register a family, book for it, record cash, cheques and transfers (each in the office log).
    "create:front-desk": "any",
    "read:front-desk": "any",
    "update:front-desk": "any",
    // Any family's year-end statements (the office answers for them).
    "read:statement": "any",
    // Every family's aid applications (each statement's read recorded), the season's budget, awards.
    "read:aid": "any",
    "update:aid": "any",
    "update:academy": "any",
  },
};

export interface Actor {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** The address was confirmed at the last sign-in (Firebase's claim): required to pay. */
  emailVerified: boolean;
}

/** Owner id for a check about records that are not the caller's own (every user, someone else's). */
export const OTHERS = "others";

export function can(actor: Actor, action: Action, entity: Entity, ownerId?: string): boolean {
  const access = PERMISSIONS[actor.role][`${action}:${entity}`];
  if (access === "any") return true;
  if (access === "own") return ownerId === undefined || ownerId === actor.id;
  return false;
}

/** Throws 403 unless the actor may do this to a record owned by ownerId (or to its own). */
export function requirePermission(actor: Actor, action: Action, entity: Entity, ownerId?: string): void {
  if (!can(actor, action, entity, ownerId)) throw forbidden();
}
