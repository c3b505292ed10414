/*
 * What a class is to the student looking at it, and to each camper of their family: the
 * pure rules behind the "Add To Booking" button, its note and the camper dialog.
 */
import {
  hasStarted,
  type Camper,
  type CamperEligibility,
  type CartItem,
  type ClassItem,
  type EnrolledClass,
} from "shared-auth";
import { plural, seatsLeft } from "./format";
import { countdownText, msUntilOpening, registrationOpensText } from "./registration";
import { isFull } from "./public-queries";

/** What a class card shows about one class for the person looking at it. */
export type BookingState = "full" | "enrolled" | "in-cart" | "started" | "not-open" | "open";

/** Spec section 4: the toast once a class went into the cart. */
export const ADDED_MESSAGE = "Class added on the Cart.";

/** Why the button cannot be pressed, under it (a state other than open). */
export const NOTE: Record<Exclude<BookingState, "open">, string> = {
  full: "Class full: no seats left",
  "in-cart": "In your cart",
  enrolled: "You are enrolled",
  started: "This class has already started",
  "not-open": "Registration has not opened yet",
};

/** Registration for the class opens later: nobody can book it yet. */
export const opensLater = (item: Pick<ClassItem, "registration_opens_at">, now?: Date) =>
  msUntilOpening(item.registration_opens_at, now?.getTime()) > 0;

// The API names the camper of every line; the tests' lines without one stand for the account holder.
type CartLine = Pick<CartItem, "classItemId"> & Partial<Pick<CartItem, "camperId">>;
type EnrolledLine = Pick<EnrolledClass, "_id"> & Partial<Pick<EnrolledClass, "camperId">>;
/** A camper as the button and its note need them. */
export type FamilyMember = Pick<Camper, "_id" | "is_self" | "first_name">;

/**
 * What a class is to the student looking at it: one they have (enrolled, or in the cart) first,
 * then one nobody can book (started, full), else open. An account with only "Myself" is this,
 * exactly as before families.
 */
export function bookingState(
  item: ClassItem,
  cart: readonly Pick<CartItem, "classItemId">[] | undefined,
  enrolled: readonly Pick<ClassItem, "_id">[] | undefined,
  now?: Date,
): BookingState {
  if (enrolled?.some((c) => c._id === item._id)) return "enrolled";
  if (cart?.some((c) => c.classItemId === item._id)) return "in-cart";
  if (hasStarted(item, now)) return "started";
  if (opensLater(item, now)) return "not-open";
  if (isFull(item)) return "full";
  return "open";
}

/** Whether the account has campers besides "Myself": then "Add To Booking" asks whose seat it is. */
export function hasChildren(campers: readonly unknown[] | undefined): boolean {
  return (campers?.length ?? 0) > 1;
}

/** Who of the family holds a seat in one class: enrolled, in the cart, or neither (free). */
export interface FamilySeats {
  enrolled: FamilyMember[];
  inCart: FamilyMember[];
  free: FamilyMember[];
}

/** Each camper's seat in this class. A line that names no camper is the account holder's own. */
export function familySeats(
  classId: string,
  campers: readonly FamilyMember[],
  cart: readonly CartLine[] | undefined,
  enrolled: readonly EnrolledLine[] | undefined,
): FamilySeats {
  const self = campers.find((c) => c.is_self)?._id;
  const whose = (line: { camperId?: string }) => line.camperId ?? self;
  const enrolledIds = new Set(enrolled?.filter((l) => l._id === classId).map(whose));
  const cartIds = new Set(cart?.filter((l) => l.classItemId === classId).map(whose));
  const seats: FamilySeats = { enrolled: [], inCart: [], free: [] };
  for (const camper of campers) {
    if (enrolledIds.has(camper._id)) seats.enrolled.push(camper);
    else if (cartIds.has(camper._id)) seats.inCart.push(camper);
    else seats.free.push(camper);
  }
  return seats;
}

/**
 * The button's state for a family. A parent books a class camper by camper: Mia today, her brother
 * once his emergency contact is in. So the button stays pressable while some camper of the family
 * has no seat in the class yet and the class still takes bookings, and the note says who is booked
 * ("In your cart for Mia"); it reads "in cart" or "enrolled" only once every camper has a seat, or
 * when the class is full or has started and those booked are all the family will get. Whether a
 * camper without a seat may go (age, a class at the same time, an emergency contact) is the
 * server's answer, shown beside each name in the dialog: guessing it here could disable a button a
 * parent could use, or disagree with the dialog that opens. Without children: bookingState.
 */
export function familyBookingState(
  item: ClassItem,
  campers: readonly FamilyMember[] | undefined,
  cart: readonly CartLine[] | undefined,
  enrolled: readonly EnrolledLine[] | undefined,
  now?: Date,
): BookingState {
  if (!campers || !hasChildren(campers)) return bookingState(item, cart, enrolled, now);
  const seats = familySeats(item._id, campers, cart, enrolled);
  // Enrolled only when every seat the family holds is paid for; a line still in the cart says so.
  const held: BookingState = seats.inCart.length > 0 ? "in-cart" : "enrolled";
  if (seats.free.length === 0) return held;
  const closed = hasStarted(item, now) ? "started" : opensLater(item, now) ? "not-open" : isFull(item) ? "full" : null;
  if (!closed) return "open";
  return seats.inCart.length + seats.enrolled.length > 0 ? held : closed;
}

/**
 * Whether "Join waitlist" is offered: the class is full, still to start and open for
 * registration, and someone of the family has no seat in it yet (in the cart or enrolled). One
 * child holding a seat does not keep a brother or sister from waiting for one; who of them may
 * wait (ages, other classes) is the server's answer, shown in the waitlist dialog.
 */
export function canJoinLine(
  item: ClassItem,
  campers: readonly FamilyMember[] | undefined,
  cart: readonly CartLine[] | undefined,
  enrolled: readonly EnrolledLine[] | undefined,
  now?: Date,
): boolean {
  if (!isFull(item) || hasStarted(item, now) || opensLater(item, now)) return false;
  if (!campers || !hasChildren(campers)) return bookingState(item, cart, enrolled, now) === "full";
  return familySeats(item._id, campers, cart, enrolled).free.length > 0;
}

/** "Mia", "Mia and Leo", "you, Mia and Leo". */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

const nameIn = (camper: FamilyMember) => (camper.is_self ? "you" : camper.first_name);
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Who of the family is booked, for the note: "In your cart for Mia. Leo is enrolled", or null. */
export function familyNote(seats: FamilySeats): string | null {
  const parts: string[] = [];
  if (seats.inCart.length > 0) parts.push(`In your cart for ${listNames(seats.inCart.map(nameIn))}`);
  if (seats.enrolled.length > 0) {
    const one = seats.enrolled.length === 1 && !seats.enrolled[0]!.is_self;
    parts.push(capitalized(`${listNames(seats.enrolled.map(nameIn))} ${one ? "is" : "are"} enrolled`));
  }
  return parts.length > 0 ? parts.join(". ") : null;
}

/**
 * The note beside the button: the seats left of an open class, or why it cannot be pressed; for
 * a family (seats given), who is booked already, then the seats left or why nobody else can be.
 */
export function bookingNote(item: ClassItem, state: BookingState, seats: FamilySeats | null, now?: Date): string {
  const left = `${plural(seatsLeft(item), "seat", "seats")} left of ${item.available_seats}`;
  const booked = seats && familyNote(seats);
  if (!booked) return state === "open" ? left : state === "not-open" ? openingNote(item, now) : NOTE[state];
  const closed = hasStarted(item, now)
    ? NOTE.started
    : opensLater(item, now)
      ? openingNote(item, now)
      : isFull(item)
        ? NOTE.full
        : null;
  const tail = state === "open" ? left : seats.free.length > 0 ? closed : null;
  return tail ? `${booked}. ${tail}` : booked;
}

/** "Registration opens Mon 1 March, 9:00 (in 2 hours 3 minutes)": the countdown the card shows. */
export function openingNote(item: Pick<ClassItem, "registration_opens_at">, now?: Date): string {
  const opensAt = item.registration_opens_at!;
  return `${registrationOpensText(opensAt)} (in ${countdownText(msUntilOpening(opensAt, now?.getTime()))})`;
}

/** A camper's name in the dialog: the account holder's own seat is "Myself". */
export function camperLabel(camper: Pick<CamperEligibility, "name" | "is_self">): string {
  if (!camper.is_self) return camper.name;
  return camper.name ? `Myself (${camper.name})` : "Myself";
}

/** A camper the server would not book, and its reason as it gave it. */
export interface Refusal {
  camperId: string;
  name: string;
  message: string;
}

/** What one "Add" of the camper dialog did: who went into the cart, who the server refused. */
export interface BookingOutcome {
  added: { camperId: string; name: string }[];
  refused: Refusal[];
}

/**
 * Books the class for each ticked camper, one request after the other (each is decided by the
 * server under the family's lock; one refusal does not stop the others).
 */
export async function bookEach(
  campers: readonly { camperId: string; name: string }[],
  add: (camperId: string) => Promise<unknown>,
  messageOf: (error: unknown) => string,
): Promise<BookingOutcome> {
  const outcome: BookingOutcome = { added: [], refused: [] };
  for (const camper of campers) {
    try {
      await add(camper.camperId);
      outcome.added.push({ camperId: camper.camperId, name: camper.name });
    } catch (error) {
      outcome.refused.push({ camperId: camper.camperId, name: camper.name, message: messageOf(error) });
    }
  }
  return outcome;
}
