import type { PlanInstalment } from "../platform/database/schema.js";
import { usd } from "../platform/wire.js";
import type { Share } from "./schedule.js";

const DAY = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** "Apr 1, 2027" for an academy day (YYYY-MM-DD): the day as written, whatever the reader's zone. */
export const dayInWords = (day: string) => DAY.format(new Date(`${day}T00:00:00Z`));

const shareInWords = (share: Share) => ("percent" in share ? `${share.percent}%` : `${usd(share.amountCents)} a seat`);

const dueInWords = (due: PlanInstalment["due"]) =>
  "date" in due
    ? `on ${dayInWords(due.date)}`
    : `${due.daysBeforeStart} day${due.daysBeforeStart === 1 ? "" : "s"} before the first day`;

/** A plan in plain words: "25% today, 25% on Apr 1, 2027, the rest 30 days before the first day". */
export function planSummary(deposit: Share, instalments: readonly PlanInstalment[]): string {
  const parts = [`${shareInWords(deposit)} today`];
  for (const { due, share } of instalments) {
    parts.push(`${share === null ? "the rest" : shareInWords(share)} ${dueInWords(due)}`);
  }
  return parts.join(", ");
}
