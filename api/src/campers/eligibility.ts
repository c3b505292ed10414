import { and, eq, gte, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { academyToday } from "../platform/academy-day.js";
import type { Db, Tx } from "../platform/database/client.js";
import {
  campers,
  cartItems,
  classes,
  enrollments,
  orderItems,
  orders,
  type Weekday,
} from "../platform/database/schema.js";
import type { Sealer } from "../platform/sealing.js";
import { GUARDIAN_NEEDED, hasFirstGuardian } from "../guardians/index.js";
import { ageOn } from "./fields.js";
import { openDetails, ownCampers, type CamperRow } from "./store.js";

/**
 * Who may take a seat, decided by the server at every step (the booking dialog, adding
 * to the cart, opening the checkout): a camper's age on the class's first day is inside its age
 * range; one camper is never in two classes whose sessions meet at the same time; a child has an
 * emergency contact, and the account holder has given their own phone and address as the family's
 * first guardian, before the first booking. In a family with children, "Myself" is booked as a
 * camper too: only into a class open to every age, and with a date of birth and an emergency
 * contact (decision 044); an account without children books itself as the spec's students do.
 * Callers hold the family's row lock (booking's lockStudent), so two tabs or two API processes
 * booking one camper decide one after the other.
 */
export interface ClassSchedule {
  id: string;
  name: string;
  startDate: string | null;
  endDate: string | null;
  weekdays: Weekday[];
  startTime: string | null;
  endTime: string | null;
  ageMin: number | null;
  ageMax: number | null;
}

export const scheduleColumns = {
  id: classes.id,
  name: classes.name,
  startDate: classes.startDate,
  endDate: classes.endDate,
  weekdays: classes.weekdays,
  startTime: classes.startTime,
  endTime: classes.endTime,
  ageMin: classes.ageMin,
  ageMax: classes.ageMax,
};

const DAY_MS = 86_400_000;
const WEEKDAY_OF_UTC_DAY: Weekday[] = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

/** Whether two classes meet on one day at one time: their dates, weekdays and daily hours all overlap. */
export function sessionsOverlap(a: ClassSchedule, b: ClassSchedule): boolean {
  if (!a.startDate || !a.endDate || !b.startDate || !b.endDate) return false;
  if (!a.startTime || !a.endTime || !b.startTime || !b.endTime) return false;
  if (!(a.startTime < b.endTime && b.startTime < a.endTime)) return false;
  const from = a.startDate > b.startDate ? a.startDate : b.startDate;
  const to = a.endDate < b.endDate ? a.endDate : b.endDate;
  if (from > to) return false;
  // A day of the shared dates on which both meet (at most a week of days to look at).
  const first = Date.parse(`${from}T00:00:00Z`);
  const days = Math.min((Date.parse(`${to}T00:00:00Z`) - first) / DAY_MS + 1, 7);
  for (let i = 0; i < days; i++) {
    const weekday = WEEKDAY_OF_UTC_DAY[new Date(first + i * DAY_MS).getUTCDay()]!;
    if (a.weekdays.includes(weekday) && b.weekdays.includes(weekday)) return true;
  }
  return false;
}

const longDay = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
export const formatDay = (day: string) => longDay.format(new Date(`${day}T00:00:00Z`));

/** How a reason names the camper: "Mia is ...", or "You are ..." for the account holder's own seat. */
export function subject(camper: Pick<CamperRow, "isSelf" | "firstName">) {
  return camper.isSelf
    ? { name: "You", is: "You are", has: "You have", will: "You will" }
    : {
        name: camper.firstName,
        is: `${camper.firstName} is`,
        has: `${camper.firstName} has`,
        will: `${camper.firstName} will`,
      };
}

/** Whether a class is for some ages only (a class open to every age has no range). */
const hasAgeRange = (cls: ClassSchedule): cls is ClassSchedule & { ageMin: number; ageMax: number } =>
  cls.ageMin !== null && cls.ageMax !== null;

/** Why the camper's age rules this class out, or null (no age range, or no date of birth for "Myself"). */
export function ageProblem(camper: CamperRow, cls: ClassSchedule): string | null {
  if (!hasAgeRange(cls) || !cls.startDate || !camper.dateOfBirth) return null;
  const age = ageOn(camper.dateOfBirth, cls.startDate);
  if (age >= cls.ageMin && age <= cls.ageMax) return null;
  return `${subject(camper).will} be ${age} on ${formatDay(cls.startDate)}; this class is for ages ${cls.ageMin}-${cls.ageMax}.`;
}

type Commitment = ClassSchedule & { kind: "enrolled" | "held" | "cart"; cartItemId: string | null };

const KIND_ORDER: Commitment["kind"][] = ["enrolled", "held", "cart"];

/** A commitment's row: its schedule, whose it is, what kind, the cart line (cart lines only). */
const commitmentColumns = (kind: Commitment["kind"], camperId: PgColumn, cartItemId: SQL | PgColumn) => ({
  ...scheduleColumns,
  camperId: sql<string>`${camperId}`.as("camper_id"),
  kind: sql<Commitment["kind"]>`${kind}`.as("kind"),
  cartItemId: sql<string | null>`${cartItemId}`.as("cart_item_id"),
});

/**
 * What each camper is booked for or about to be: seats in classes that have not ended, seats held
 * by a checkout in progress, and (unless leaving them out) the camper's cart lines. One query for
 * any number of campers (a checkout asks about all of its campers at once).
 */
async function commitments(db: Db | Tx, camperIds: string[], withCart: boolean): Promise<Map<string, Commitment[]>> {
  const found = new Map<string, Commitment[]>(camperIds.map((id) => [id, []]));
  if (camperIds.length === 0) return found;
  const today = academyToday();
  const notEnded = or(isNull(classes.endDate), gte(classes.endDate, today));
  const enrolled = db
    .select(commitmentColumns("enrolled", enrollments.camperId, sql`null::uuid`))
    .from(enrollments)
    .innerJoin(classes, eq(classes.id, enrollments.classId))
    .where(and(inArray(enrollments.camperId, camperIds), notEnded));
  const held = db
    .select(commitmentColumns("held", orderItems.camperId, sql`null::uuid`))
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(classes, eq(classes.id, orderItems.classId))
    .where(and(inArray(orderItems.camperId, camperIds), eq(orders.status, "pending")));
  const cart = db
    .select(commitmentColumns("cart", cartItems.camperId, cartItems.id))
    .from(cartItems)
    .innerJoin(classes, eq(classes.id, cartItems.classId))
    .where(inArray(cartItems.camperId, camperIds));
  const rows = withCart ? await enrolled.unionAll(held).unionAll(cart) : await enrolled.unionAll(held);
  // Enrolled first, then held, then cart lines (the first that rules a seat out gives the reason).
  rows.sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
  for (const { camperId, ...commitment } of rows) found.get(camperId)?.push(commitment);
  return found;
}

export interface EligibilityOptions {
  /**
   * Opens the camper's details for the emergency-contact rule; null leaves that rule and the
   * first guardian's out (a waitlist offer re-checks ages and overlaps only: the checkout it leads
   * to checks the rest).
   */
  sealer: Sealer | null;
  /** Look at the camper's cart lines too (adding to the cart), or only at seats (the checkout). */
  withCart: boolean;
  /** Other lines of the same checkout for the same camper. */
  alongside?: ClassSchedule[];
}

/** Why this camper cannot take a seat in this class, or null when they can. */
export async function eligibilityProblem(
  db: Db | Tx,
  camper: CamperRow,
  cls: ClassSchedule,
  options: EligibilityOptions,
): Promise<string | null> {
  if (options.sealer && !(await hasFirstGuardian(db, camper.familyId))) return GUARDIAN_NEEDED;
  const booked = (await commitments(db, [camper.id], options.withCart)).get(camper.id) ?? [];
  const parent = camper.isSelf && (await hasChildren(db, camper.familyId));
  return problemWith(camper, cls, booked, { ...options, parent });
}

/** Whether the family has added a child (one not removed): its account holder then books "Myself" as a camper. */
async function hasChildren(db: Db | Tx, familyId: string): Promise<boolean> {
  const [child] = await db
    .select({ id: campers.id })
    .from(campers)
    .where(and(eq(campers.familyId, familyId), eq(campers.isSelf, false), isNull(campers.removedAt)))
    .limit(1);
  return child !== undefined;
}

/**
 * Why a parent may not book themselves into this class: a class with an age range is for the
 * children it names, and a parent at camp is a camper like any other (date of birth, someone to call).
 */
function parentProblem(camper: CamperRow, cls: ClassSchedule, sealer: Sealer | null): string | null {
  if (hasAgeRange(cls)) {
    return `"${cls.name}" is for ages ${cls.ageMin}-${cls.ageMax}: book it for one of your children. You can book yourself only into a class open to every age.`;
  }
  if (!camper.dateOfBirth) return "Give your date of birth under My Campers (Myself) before booking yourself.";
  if (!sealer) return null;
  const details = openDetails(sealer, camper);
  if (details.details_unreadable) {
    return "Your emergency contacts could not be read: enter them again under My Campers (Myself) before booking yourself.";
  }
  if (details.emergency_contacts.length === 0) {
    return "Add an emergency contact for yourself under My Campers (Myself) before booking yourself.";
  }
  return null;
}

/** The rules themselves, given what the camper is already committed to. */
function problemWith(
  camper: CamperRow,
  cls: ClassSchedule,
  booked: Commitment[],
  { sealer, alongside = [], parent }: Omit<EligibilityOptions, "withCart"> & { parent: boolean },
): string | null {
  const who = subject(camper);
  const asParent = parent && camper.isSelf && parentProblem(camper, cls, sealer);
  if (asParent) return asParent;
  const age = ageProblem(camper, cls);
  if (age) return age;
  if (sealer && !camper.isSelf) {
    const details = openDetails(sealer, camper);
    if (details.details_unreadable) {
      return `${who.name}'s emergency contacts could not be read: enter them again under My Campers before booking.`;
    }
    if (details.emergency_contacts.length === 0) {
      return `Add an emergency contact for ${who.name} under My Campers before booking.`;
    }
  }
  for (const other of booked) {
    if (other.id === cls.id) {
      if (other.kind === "cart") {
        return camper.isSelf
          ? "This class is already in your cart."
          : `${who.name} already has this class in the cart.`;
      }
      return camper.isSelf ? "You are already enrolled in this class." : `${who.is} already booked for this class.`;
    }
    if (sessionsOverlap(other, cls)) {
      return other.kind === "cart"
        ? `${who.has} an overlapping class in the cart: "${other.name}". Remove one of them first.`
        : `${who.is} already booked for an overlapping class: "${other.name}".`;
    }
  }
  const clash = alongside.find((other) => other.id !== cls.id && sessionsOverlap(other, cls));
  if (clash) return `${who.has} two overlapping classes in this checkout: "${clash.name}" and "${cls.name}".`;
  return null;
}

/** The first seat of a checkout that cannot be taken: its class is gone, or its camper may not take it. */
export type SeatProblem = { index: number; classGone: true } | { index: number; classGone: false; problem: string };

/**
 * Whether each seat's camper (one of the family's, or 404) may take it, for a whole checkout at
 * once: one query each for the campers, the classes and what the campers are already booked for,
 * whatever the number of seats (the checkout runs this under the family's lock, on opening day).
 * Cart lines are left out (a checkout's seats are its cart lines); the checkout's other seats for
 * the same camper are checked against each other.
 */
export async function checkoutProblem(
  db: Db | Tx,
  familyId: string,
  seats: readonly { camperId: string; classId: string }[],
  sealer: Sealer | null,
): Promise<SeatProblem | null> {
  if (sealer && seats.length > 0 && !(await hasFirstGuardian(db, familyId))) {
    return { index: 0, classGone: false, problem: GUARDIAN_NEEDED };
  }
  const family = await ownCampers(
    db,
    familyId,
    seats.map((s) => s.camperId),
  );
  const classIds = [...new Set(seats.map((s) => s.classId))];
  const schedules = new Map(
    (await db.select(scheduleColumns).from(classes).where(inArray(classes.id, classIds))).map((c) => [c.id, c]),
  );
  const booked = await commitments(db, [...family.keys()], false);
  const self = [...family.values()].find((camper) => camper.isSelf);
  const parent = self !== undefined && (await hasChildren(db, familyId));
  for (const [index, seat] of seats.entries()) {
    const cls = schedules.get(seat.classId);
    if (!cls) return { index, classGone: true };
    const alongside = seats.flatMap((other) =>
      other !== seat && other.camperId === seat.camperId ? [schedules.get(other.classId)].filter((c) => !!c) : [],
    );
    const problem = problemWith(family.get(seat.camperId)!, cls, booked.get(seat.camperId) ?? [], {
      sealer,
      alongside,
      parent,
    });
    if (problem) return { index, classGone: false, problem };
  }
  return null;
}

/** A class's schedule, for the checks above. */
export async function classSchedule(db: Db | Tx, classId: string): Promise<ClassSchedule | undefined> {
  return (await db.select(scheduleColumns).from(classes).where(eq(classes.id, classId)))[0];
}
