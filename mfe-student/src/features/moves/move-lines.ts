/*
 * A family moving its own seat to another class (decision 048), the parts without a page: which
 * seats the academy's rule lets a family move, the classes it may pick, and the API's figures as
 * lines that add up to the difference. The API decides every figure and checks every rule again;
 * these only word its cents and spare the family a button the API would refuse.
 */
import { formatSession, type CampSession, type ClassItem } from "shared-auth";
import { linesTotal, moveDifference, moveLines as sharedMoveLines } from "shared-auth/seat-move-lines";
import type { MoveQuote } from "shared-auth/wire";
import { signedDollars } from "../history/moved-seat";

export { signedDollars };

/** Whole days from `from` to `to` (YYYY-MM-DD), counted on the calendar as the API counts them. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * Whether the family may move this seat itself today: the academy lets families move seats
 * (`moveDays` a number), the seat was booked online (the office moves a desk booking), and its
 * first day is at least `moveDays` days away. A seat without a first day is the office's too.
 * `atTheDesk` unknown (the seats could not be read) leaves the API to say.
 */
export function mayMoveSeat(
  seat: { atTheDesk?: boolean | undefined; firstDay: string | null | undefined },
  moveDays: number | null | undefined,
  today: string,
): boolean {
  if (typeof moveDays !== "number") return false;
  if (seat.atTheDesk === true || !seat.firstDay) return false;
  return daysBetween(today, seat.firstDay) >= moveDays;
}

/**
 * The button's name starts with its visible words (so a voice command of what is seen works),
 * then says whose seat in which class; a seat without a name (an answer from before campers) is "your seat".
 */
export function moveButtonLabel(seat: { camperName: string; className: string }): string {
  const whose = seat.camperName.trim() ? `${seat.camperName.trim()}'s seat` : "your seat";
  return `Move to another class: ${whose} in ${seat.className}`;
}

/** A class the family may pick, as the list says it. */
export interface ClassChoice {
  id: string;
  text: string;
  full: boolean;
}

type ChoiceClass = Pick<
  ClassItem,
  "_id" | "class_name" | "available_seats" | "enrolled_seats" | "price_today" | "status"
> &
  CampSession;

/**
 * The classes to move to: approved ones that have not started (the API books no seat in those),
 * without the seat's own class, each with its session, today's price and its free seats.
 */
export function classChoices(classes: readonly ChoiceClass[], fromClassId: string, today: string): ClassChoice[] {
  return classes
    .filter((c) => c._id !== fromClassId && (c.status === undefined || c.status === "approved"))
    .filter((c) => !c.start_date || c.start_date >= today)
    .map((c) => {
      const free = c.available_seats - c.enrolled_seats;
      const seats = free <= 0 ? "full" : free === 1 ? "1 seat free" : `${free} seats free`;
      const price = signedDollars(Math.round(c.price_today * 100));
      return {
        id: c._id,
        text: [c.class_name, formatSession(c), price, seats].filter(Boolean).join(" · "),
        full: free <= 0,
      };
    });
}

/** One line of the figures, in signed cents: what adds to the difference, or takes from it (−). */
export interface MoveLine {
  label: string;
  cents: number;
  /** Said under the line: the new seat's discounts, already taken off its price. */
  details: string[];
}

type Figures = Pick<
  MoveQuote,
  "className" | "toClassName" | "heldCents" | "feeCents" | "priceCents" | "discounts" | "owedCents" | "refundCents"
>;

/**
 * The figures as lines that add up to the difference (shared-auth/seat-move-lines): the new seat's
 * price (its discounts under it), less what was paid for the old seat, plus the academy's fee.
 */
export function moveLines(quote: Figures): MoveLine[] {
  return sharedMoveLines(quote).map((line) => ({
    label: line.label,
    cents: line.cents,
    details: line.discounts.map((d) => `${d.name}: ${signedDollars(-d.cents)}, already off the price`),
  }));
}

export { linesTotal, moveDifference };

/** The link to pay a difference owed, or null when nothing is owed. */
export const payLinkText = (owedCents: number): string | null =>
  owedCents > 0 ? `Pay ${signedDollars(owedCents)} on My Balance` : null;
