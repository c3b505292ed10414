import { apiErrorStatus, asApiError } from "shared-auth";
import type { DeskCamper, DeskFamily, DeskFamilySummary, DeskOrder, DeskPayment, DeskQuote } from "shared-auth/wire";
import { countOf } from "shared-auth/plural";

/*
 * The front desk (decision 047): an admin finds or registers a family, books seats for it and
 * records the money the office received (cash, a cheque, a bank transfer), leaving a balance the
 * family pays later. The shapes are the API's (shared-auth/wire); the helpers are pure, so the
 * rules are tested without a page.
 */

export type OfflineMethod = "cash" | "cheque" | "bank_transfer";
export type PaymentMethod = "card" | OfflineMethod;
export type OrderStatus = "paid" | "partially paid" | "balance due";

/** One family a search found (GET /admin/families?q=). */
export type FamilySummary = DeskFamilySummary;
export type FrontDeskPayment = DeskPayment;
export type FrontDeskOrder = DeskOrder;
/** GET /admin/families/:id: the family as the office works with it (campers without medical details). */
export type FrontDeskFamily = DeskFamily;

/** A seat to book: one camper in one class. */
export interface SeatChoice {
  classId: string;
  camperId: string;
}

export type QuoteLine = DeskQuote["lines"][number];
/** POST /admin/families/:id/quote: each seat's price, as the booking would charge it. */
export type Quote = DeskQuote;

export interface OfflinePayment {
  method: OfflineMethod;
  amountCents: number;
  reference?: string;
  receivedOn: string;
}

export interface BookingBody {
  seats: SeatChoice[];
  payment: OfflinePayment | null;
  dueDay?: string;
  aheadOfLineReason?: string;
}

/** The least a search asks for, as the API does. */
export const SEARCH_MIN = 2;
/** The most families a search answers with. */
export const SEARCH_MAX = 20;

export const canSearch = (q: string) => q.trim().length >= SEARCH_MIN;

/** What the search found, said to everyone (a live region reads it out as it changes). */
export function searchStatus(term: string, found: FamilySummary[] | undefined, pending: boolean): string {
  if (!canSearch(term))
    return `Type at least ${SEARCH_MIN} characters of a name, an e-mail, a phone or a child's name.`;
  if (pending || !found) return "Looking for families…";
  if (found.length === 0) return `No family matches “${term}”.`;
  const count = `${countOf(found.length, "family", "families")} ${found.length === 1 ? "matches" : "match"} “${term}”.`;
  return found.length >= SEARCH_MAX ? `${count} Only the first ${SEARCH_MAX} show: type more to narrow it.` : count;
}

const currency = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
/** Whole cents as the office reads money: "$1,234.56". */
export const moneyText = (cents: number) => currency.format(cents / 100);

/** Cents as a dollars field starts: "1234.56". */
export const dollarsInput = (cents: number) => (cents / 100).toFixed(2);

const DOLLARS = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/**
 * Dollars as typed ("85", "85.5", "$1,234.56") to whole cents, counted on the digits so no float
 * rounding creeps in; NaN when it is not an amount (negative, three decimals, letters, empty).
 */
export function dollarsToCents(text: string): number {
  const match = DOLLARS.exec(text.trim());
  if (!match) return NaN;
  const whole = Number(match[1]!.replace(/,/g, ""));
  const fraction = Number((match[2] ?? "").padEnd(2, "0"));
  return whole * 100 + fraction;
}

/** Each way money comes in; "credit" is what a moved seat carried to its new booking. */
export const METHOD_LABELS: Record<PaymentMethod | "credit", string> = {
  card: "Card",
  cash: "Cash",
  cheque: "Cheque",
  bank_transfer: "Bank transfer",
  credit: "Credit from a moved seat",
};

/** The reference a method needs, named as the office calls it; null when it needs none. */
export function referenceLabel(method: PaymentMethod | "later"): string | null {
  if (method === "cheque") return "Cheque number";
  if (method === "bank_transfer") return "Transfer reference";
  return null;
}

const STATUS_LABELS: Record<OrderStatus, string> = {
  paid: "Paid",
  "partially paid": "Partially paid",
  "balance due": "Balance due",
};

/** An order's state in words: the API's status, and that its balance is overdue. */
export function statusText(order: Pick<FrontDeskOrder, "status" | "overdue" | "owedCents">): string {
  const words = STATUS_LABELS[order.status] ?? order.status;
  return order.overdue && order.owedCents > 0 ? `${words}, overdue` : words;
}

/** A calendar day as YYYY-MM-DD that exists. */
export const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));

/** What the payment part of a form holds: text as typed. "later" books without money received. */
export interface PaymentFormValues {
  method: OfflineMethod | "later";
  amount: string;
  reference: string;
  receivedOn: string;
  dueDay: string;
}

/** The form's keys are the request's own names, so the API's field messages land on them. */
export type PaymentField = "method" | "amountCents" | "reference" | "receivedOn" | "dueDay" | "aheadOfLineReason";
export type Problems = Partial<Record<PaymentField | "seats", string>>;

/** A payment form as it opens: the whole amount, received today. */
export const paymentForm = (amountCents: number, today: string): PaymentFormValues => ({
  method: "cash",
  amount: dollarsInput(amountCents),
  reference: "",
  receivedOn: today,
  dueDay: "",
});

/**
 * The money received, checked as the API checks it: an amount up to what is due, a cheque's
 * number or a transfer's reference, the day it came (not after today). `booking`: "Pay later"
 * may be chosen, and less than the total asks for the day the balance is due.
 */
function checkPayment(
  values: PaymentFormValues,
  { dueCents, today, booking }: { dueCents: number; today: string; booking: boolean },
): { payment: OfflinePayment | null; dueDay: string | null; problems: Problems } {
  const problems: Problems = {};
  let payment: OfflinePayment | null = null;
  let paidCents = 0;
  // An amount that is not money says so first; the balance it would leave is asked about after.
  let amountKnown = true;
  if (values.method === "later") {
    if (!booking) problems.method = "Choose how the money was paid.";
  } else {
    const cents = dollarsToCents(values.amount);
    if (Number.isNaN(cents)) problems.amountCents = "Enter an amount in dollars, such as 120 or 85.50.";
    else if (cents === 0)
      problems.amountCents = booking ? "Enter the amount received, or choose Pay later." : "Enter the amount received.";
    else if (cents > dueCents) problems.amountCents = `At most ${moneyText(dueCents)}, the amount due.`;
    const reference = values.reference.trim();
    if (values.method === "cheque" && !reference) problems.reference = "The cheque number is required.";
    if (values.method === "bank_transfer" && !reference) problems.reference = "The transfer's reference is required.";
    if (!isDay(values.receivedOn)) problems.receivedOn = "Enter the day the money was received.";
    else if (values.receivedOn > today) problems.receivedOn = "The day received cannot be after today.";
    if (Number.isNaN(cents)) amountKnown = false;
    else paidCents = cents;
    payment = {
      method: values.method,
      amountCents: Number.isNaN(cents) ? 0 : cents,
      ...(values.method !== "cash" && reference && { reference }),
      receivedOn: values.receivedOn,
    };
  }
  let dueDay: string | null = null;
  if (booking && amountKnown && paidCents < dueCents) {
    if (!isDay(values.dueDay)) problems.dueDay = "A balance due date is required when less than the total is paid.";
    else if (values.dueDay < today) problems.dueDay = "The balance cannot be due before today.";
    else dueDay = values.dueDay;
  }
  return { payment, dueDay, problems };
}

/**
 * POST /admin/families/:id/bookings's body for the seats priced at `totalCents`, or the problems
 * the API would answer with. A booking that costs nothing takes no payment.
 */
export function bookingRequest(
  values: PaymentFormValues,
  { seats, totalCents, today, reason }: { seats: SeatChoice[]; totalCents: number; today: string; reason?: string },
): { body: BookingBody; problems: Problems } {
  const checked =
    totalCents === 0
      ? { payment: null, dueDay: null, problems: {} as Problems }
      : checkPayment(values, { dueCents: totalCents, today, booking: true });
  const problems = { ...checked.problems };
  if (seats.length === 0) problems.seats = "Choose at least one seat: a class and a camper.";
  // Asked only once the API said families wait in the class's line: an empty reason would be refused again.
  if (reason !== undefined && !reason.trim())
    problems.aheadOfLineReason = "Say why this family books ahead of the line.";
  const body: BookingBody = {
    seats,
    payment: checked.payment,
    ...(checked.dueDay && { dueDay: checked.dueDay }),
    ...(reason !== undefined && reason.trim() && { aheadOfLineReason: reason.trim() }),
  };
  return { body, problems };
}

/** POST /admin/orders/:id/payments's body for an order owing `owedCents`, or the problems. */
export function paymentRequest(
  values: PaymentFormValues,
  { owedCents, today }: { owedCents: number; today: string },
): { body: OfflinePayment | null; problems: Problems } {
  const { payment, problems } = checkPayment(values, { dueCents: owedCents, today, booking: false });
  return { body: payment, problems };
}

const FIELDS: readonly string[] = [
  "method",
  "amountCents",
  "reference",
  "receivedOn",
  "dueDay",
  "aheadOfLineReason",
  "seats",
];

/**
 * The API's 400 `fields` of a booking or a payment ("payment.reference", "dueDay") by the form's
 * keys, and the messages of fields the form does not show (said with the form's alert).
 */
export function placeFieldErrors(fields: Record<string, string>): { placed: Problems; other: string[] } {
  const placed: Problems = {};
  const other: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    const key = path.replace(/^payment\./, "").replace(/^seats\..*$/, "seats");
    if (FIELDS.includes(key)) placed[key as keyof Problems] ??= message;
    else other.push(message);
  }
  return { placed, other };
}

/** The seat of one camper in one class, as a key. */
export const seatKey = (s: SeatChoice) => `${s.classId}\u0000${s.camperId}`;

/** The seats with `seat` added, or taken out when it is there already. */
export function toggleSeat(seats: SeatChoice[], seat: SeatChoice): SeatChoice[] {
  const key = seatKey(seat);
  return seats.some((s) => seatKey(s) === key) ? seats.filter((s) => seatKey(s) !== key) : [...seats, seat];
}

/** Whether a quote still prices exactly these seats (any change asks for a new quote). */
export function quoteFits(quote: Quote, seats: SeatChoice[]): boolean {
  const priced = new Set(quote.lines.map(seatKey));
  return priced.size === seats.length && seats.every((s) => priced.has(seatKey(s)));
}

/**
 * The API refused a booking because families wait in a class's line: a 409 whose fields ask for
 * `aheadOfLineReason`. The admin may book ahead of them with a reason.
 */
export function isWaitingLineRefusal(error: unknown): boolean {
  if (apiErrorStatus(error) !== 409) return false;
  const body = asApiError(error)?.response?.data as { fields?: Record<string, unknown> } | undefined;
  return typeof body?.fields?.aheadOfLineReason === "string";
}

/** A camper as the office picks one: "Myself (Sam Lee)" for the account holder. */
export const camperLabel = (c: Pick<DeskCamper, "is_self" | "name">) => (c.is_self ? `Myself (${c.name})` : c.name);
