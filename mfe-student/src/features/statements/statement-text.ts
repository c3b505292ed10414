/**
 * The words and figures of a year-end statement as Payment History shows it: money from cents,
 * calendar days in words, the days a child attended, the year picked first, the PDF's file name.
 * The same wording as the API's PDF, so the page and the paper say the same thing.
 */
import { academyToday } from "shared-auth/academy-time";
import type { Statement } from "shared-auth/wire";

export type StatementSeat = Statement["seats"][number];

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** "$1,234.50" from 123450 cents; "−$20.00" (a true minus sign) below nothing. */
export function money(cents: number): string {
  return `${cents < 0 ? "−" : ""}${usd.format(Math.abs(cents) / 100)}`;
}

/** What went back, taken off: "−$20.00"; "$0.00" when nothing did (not "−$0.00"). */
export function moneyBack(cents: number): string {
  return cents === 0 ? money(0) : money(-Math.abs(cents));
}

/** "By cheque no. 1042" from the API's "by cheque no. 1042": a table cell starts a sentence. */
export const howText = (methodText: string) => methodText.charAt(0).toUpperCase() + methodText.slice(1);

// Calendar days (YYYY-MM-DD) are days, not instants: read at UTC, they never shift by the browser's zone.
const longDay = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
const shortDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const shortDayYear = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});
const at = (day: string) => new Date(`${day}T00:00:00Z`);

/** "June 5, 2026" from "2026-06-05". */
export const dayText = (day: string) => longDay.format(at(day));

/**
 * A class on the statement: the days the child was checked in ("2 days attended: Jul 5, Jul 6"),
 * or, when none were kept, the class's dates ("Enrolled Jul 5 to Jul 9, 2027").
 */
export function attendedText(seat: StatementSeat): string {
  const days = seat.daysAttended;
  if (days.length > 0) {
    return `${days.length} day${days.length === 1 ? "" : "s"} attended: ${days.map((d) => shortDay.format(at(d))).join(", ")}`;
  }
  const { firstDay, lastDay } = seat;
  if (firstDay && lastDay) {
    if (firstDay === lastDay) return `Enrolled ${shortDayYear.format(at(firstDay))}`;
    // The year said once when both days are in it; a camp over New Year says both.
    const sameYear = firstDay.slice(0, 4) === lastDay.slice(0, 4);
    const from = (sameYear ? shortDay : shortDayYear).format(at(firstDay));
    return `Enrolled ${from} to ${shortDayYear.format(at(lastDay))}`;
  }
  if (firstDay) return `Enrolled from ${shortDayYear.format(at(firstDay))}`;
  if (lastDay) return `Enrolled until ${shortDayYear.format(at(lastDay))}`;
  return "Enrolled (no dates)";
}

/** The year of an instant on the academy's calendar: a payment at 11 p.m. on 31 December is that year's. */
export const academyYear = (iso: string): number | null => {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : Number(academyToday(t).slice(0, 4));
};

/**
 * The year the Year list shows: the family's own pick while the list still has it; else the newest
 * ended year the family paid something in (a family that paid nothing last year still finds its
 * statement first); else the newest ended year; null when no year has ended.
 */
export function chooseYear(
  years: readonly number[],
  paidYears: readonly number[],
  picked: number | null,
): number | null {
  if (picked !== null && years.includes(picked)) return picked;
  const newestPaid = years.find((y) => paidYears.includes(y));
  return newestPaid ?? years[0] ?? null;
}

/** "Mia Rivera's statement for 2025": what a statement is called on the page's buttons and blocks. */
export const statementName = (childName: string, year: number) => `${childName}'s statement for ${year}`;

/**
 * The PDF's file name: the API's own (Content-Disposition) when the browser may read it, else
 * "statement-2025-Mia-Rivera.pdf", made the way the API makes it.
 */
export function statementFilename(year: number, childName: string, disposition?: unknown): string {
  const given = /filename="([^"/\\]+)"/.exec(typeof disposition === "string" ? disposition : "")?.[1];
  if (given) return given;
  const child =
    childName
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 40) || "child";
  return `statement-${year}-${child}.pdf`;
}
