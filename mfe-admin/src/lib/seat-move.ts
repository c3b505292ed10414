import { formatSession, type CampSession } from "shared-auth";
import { moveDifference, moveLines as sharedMoveLines } from "shared-auth/seat-move-lines";
import type { MoveQuote, paths, SeatMoved } from "shared-auth/wire";
import { dollarsToCents, isDay, moneyText, referenceLabel, type OfflineMethod } from "./front-desk";

/*
 * Moving a camper's seat to another class at the front desk (decision 048): the admin picks the
 * class and a transfer fee, reads the API's figures (what was paid, less the fee, pays the new
 * seat; the difference is owed or given back), then says what the figures ask for. The helpers
 * are pure, so the sums and the rules are tested without a page.
 */

export type { MoveQuote, SeatMoved };

/** POST /admin/enrollments/:id/move's body, as the API's document names it. */
export type MoveBody = NonNullable<
  paths["/admin/enrollments/{id}/move"]["post"]["requestBody"]
>["content"]["application/json"];
/** POST /admin/enrollments/:id/move-quote's body: the class and the fee, nothing else. */
export interface MoveQuoteBody {
  toClassId: string;
  feeCents: number;
}

/** How the office hands a difference back when no card paid the booking. */
export type RefundMethod = OfflineMethod;

/** The form as typed. `refundMethod` starts unchosen: giving money back is said on purpose. */
export interface MoveFormValues {
  toClassId: string;
  fee: string;
  dueDay: string;
  refundMethod: RefundMethod | "";
  refundReference: string;
  aheadOfLineReason: string;
  reason: string;
}

/** The form's keys are the request's own names, so the API's field messages land on them. */
export type MoveField =
  "toClassId" | "feeCents" | "dueDay" | "refundMethod" | "refundReference" | "aheadOfLineReason" | "reason";
export type MoveProblems = Partial<Record<MoveField, string>>;

/** The difference is due two weeks after the move unless the office says otherwise. */
export const DUE_IN_DAYS = 14;
/** The API's most for a fee (cents), a reference and a reason (characters). */
export const MAX_FEE_CENTS = 1_000_000;
export const MAX_REFERENCE = 60;
export const MAX_REASON = 300;

/** A day (YYYY-MM-DD) moved by whole days, counted on the calendar so no time zone shifts it. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** The form as it opens: no class yet, no fee, the difference (if any) due in two weeks. */
export const moveForm = (today: string): MoveFormValues => ({
  toClassId: "",
  fee: "0",
  dueDay: addDays(today, DUE_IN_DAYS),
  refundMethod: "",
  refundReference: "",
  aheadOfLineReason: "",
  reason: "",
});

/**
 * The fee typed in dollars ("10", "12.50", "$1,000") as whole cents, counted on the digits; a
 * blank field is no fee. NaN when it is not an amount: "12.345", "-5", "ten".
 */
export const feeToCents = (text: string): number => (text.trim() === "" ? 0 : dollarsToCents(text));

/** The class and the fee, checked before the API is asked for figures. */
export function quoteRequest(values: Pick<MoveFormValues, "toClassId" | "fee">): {
  body: MoveQuoteBody | null;
  problems: MoveProblems;
} {
  const problems: MoveProblems = {};
  if (!values.toClassId) problems.toClassId = "Choose the class to move to.";
  const feeCents = feeToCents(values.fee);
  if (Number.isNaN(feeCents)) problems.feeCents = "Enter the fee in dollars, such as 10 or 12.50, or 0 for none.";
  else if (feeCents > MAX_FEE_CENTS) problems.feeCents = `The fee is at most ${moneyText(MAX_FEE_CENTS)}.`;
  if (Object.keys(problems).length > 0) return { body: null, problems };
  return { body: { toClassId: values.toClassId, feeCents }, problems };
}

/** Whether families wait in the new class's line: the quote said so, or the API refused the move for it. */
const lineToPass = (quote: MoveQuote, lineAsked: boolean) => quote.aheadOfLine || lineAsked;

/** Whether the office hands the difference back itself (a desk booking) rather than the card. */
const officeGivesBack = (quote: MoveQuote, atTheDesk: boolean) => quote.refundCents > 0 && atTheDesk;

/** The fields the form shows once it has figures, in the form's order (the first problem is focused). */
export function shownFields(
  quote: MoveQuote,
  values: Pick<MoveFormValues, "refundMethod">,
  { atTheDesk, lineAsked = false }: { atTheDesk: boolean; lineAsked?: boolean },
): MoveField[] {
  const shown: MoveField[] = ["toClassId", "feeCents"];
  if (quote.owedCents > 0) shown.push("dueDay");
  if (officeGivesBack(quote, atTheDesk)) {
    shown.push("refundMethod");
    if (values.refundMethod && referenceLabel(values.refundMethod)) shown.push("refundReference");
  }
  if (lineToPass(quote, lineAsked)) shown.push("aheadOfLineReason");
  shown.push("reason");
  return shown;
}

/**
 * POST /admin/enrollments/:id/move's body for the figures of `quote`, or the problems in the
 * admin's words, as the API would refuse them: the day a difference owed is due, how the office
 * gives a difference back on a desk booking (a card booking's goes back to the card), the reason
 * to go ahead of a waiting line.
 */
export function moveRequest(
  values: MoveFormValues,
  quote: MoveQuote,
  { atTheDesk, today, lineAsked = false }: { atTheDesk: boolean; today: string; lineAsked?: boolean },
): { body: MoveBody | null; problems: MoveProblems } {
  const { body: asked, problems } = quoteRequest(values);
  // The figures are for one fee: another one asks for new figures first.
  if (asked && asked.feeCents !== quote.feeCents) problems.feeCents = "The fee changed: see the figures again.";
  if (quote.owedCents > 0) {
    if (!isDay(values.dueDay)) problems.dueDay = `Say when the ${moneyText(quote.owedCents)} difference is due.`;
    else if (values.dueDay < today) problems.dueDay = "The difference cannot be due before today.";
  }
  const reference = values.refundReference.trim();
  const givesBack = officeGivesBack(quote, atTheDesk);
  if (givesBack) {
    if (!values.refundMethod)
      problems.refundMethod = `Choose how the office gives the ${moneyText(quote.refundCents)} back.`;
    else if (values.refundMethod === "cheque" && !reference)
      problems.refundReference = "The cheque number is required.";
    else if (values.refundMethod === "bank_transfer" && !reference)
      problems.refundReference = "The transfer's reference is required.";
    else if (values.refundMethod !== "cash" && reference.length > MAX_REFERENCE)
      problems.refundReference = `At most ${MAX_REFERENCE} characters.`;
  }
  const lineReason = values.aheadOfLineReason.trim();
  const passesLine = lineToPass(quote, lineAsked);
  if (passesLine && !lineReason) problems.aheadOfLineReason = "Say why this camper goes ahead of the waiting families.";
  else if (passesLine && lineReason.length > MAX_REASON)
    problems.aheadOfLineReason = `At most ${MAX_REASON} characters.`;
  const reason = values.reason.trim();
  if (reason.length > MAX_REASON) problems.reason = `At most ${MAX_REASON} characters.`;
  if (!asked || Object.keys(problems).length > 0) return { body: null, problems };

  const method = givesBack ? values.refundMethod : "";
  const body: MoveBody = {
    ...asked,
    ...(quote.owedCents > 0 && { dueDay: values.dueDay }),
    ...(method && { refundMethod: method }),
    ...(method && method !== "cash" && { refundReference: reference }),
    ...(reason && { reason }),
    ...(passesLine && { aheadOfLineReason: lineReason }),
  };
  return { body, problems };
}

/**
 * The API's `fields` of a refused quote or move by the form's keys, for the fields the form shows;
 * the messages of the others are said with the form's alert.
 */
export function placeMoveErrors(
  fields: Record<string, string>,
  shown: readonly MoveField[],
): { placed: MoveProblems; other: string[] } {
  const placed: MoveProblems = {};
  const other: string[] = [];
  for (const [key, message] of Object.entries(fields)) {
    if ((shown as readonly string[]).includes(key)) placed[key as MoveField] ??= message;
    else other.push(message);
  }
  return { placed, other };
}

/** One line of a move's figures: `sign` says whether it adds to the difference or takes from it. */
export interface MoveLine {
  label: string;
  cents: number;
  sign: 1 | -1;
  /** Said under the line: the new seat's discounts, already in its price. */
  details: string[];
}

/**
 * The figures as lines that add up to the difference (shared-auth/seat-move-lines): the new seat's
 * price (its discounts under it), less what was paid for the old seat, plus the academy's fee.
 */
export function moveLines(quote: MoveQuote): MoveLine[] {
  return sharedMoveLines(quote).map((line) => ({
    label: line.label,
    cents: Math.abs(line.cents),
    sign: line.cents < 0 ? -1 : 1,
    details: line.discounts.map((d) => `${d.name} −${moneyText(d.cents)}`),
  }));
}

/** The lines' sum, in cents: positive is owed, negative given back. */
export const linesTotal = (lines: readonly MoveLine[]) => lines.reduce((sum, l) => sum + l.sign * l.cents, 0);

export { moveDifference };

/** Signed money as the figures show it: "−$35.00" with a true minus sign, "$45.00". */
export const signedMoney = (cents: number) => (cents < 0 ? `−${moneyText(-cents)}` : moneyText(cents));

/** What a card booking's difference does by itself, or null when the office acts or nothing goes back. */
export function cardRefundNote(quote: Pick<MoveQuote, "refundCents">, atTheDesk: boolean): string | null {
  return quote.refundCents > 0 && !atTheDesk ? `${moneyText(quote.refundCents)} goes back to the card.` : null;
}

/** An approved class as the list of classes to move to names it: its name, session and seats. */
export function classChoiceText(
  cls: CampSession & { class_name: string; available_seats: number; enrolled_seats: number },
): string {
  const free = cls.available_seats - cls.enrolled_seats;
  const seats = free <= 0 ? "full" : free === 1 ? "1 seat free" : `${free} seats free`;
  const session = formatSession(cls);
  return [cls.class_name, session, seats].filter(Boolean).join(" · ");
}

/** The move button's name: whose seat, in which class. */
export const moveButtonLabel = (seat: { camperName: string; className: string }) =>
  `Move to another class: ${seat.camperName}'s seat in ${seat.className}`;
