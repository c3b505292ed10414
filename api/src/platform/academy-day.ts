import { now as clockNow } from "./clock.js";

/** The academy's zone: Portland, Oregon (shared-auth's ACADEMY.timeZone says the same to the pages). */
export const ACADEMY_TIME_ZONE = "America/Los_Angeles";

const dayInPortland = new Intl.DateTimeFormat("en-CA", {
  timeZone: ACADEMY_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/**
 * Today's date at the academy (YYYY-MM-DD, by the API's clock). Every rule about "today" (has a
 * class started, is a date of birth in the future, which seats are still ahead) reads this, never
 * UTC's date: from 16:00 or 17:00 Pacific UTC is already on the next day.
 */
export const academyToday = (at: Date = clockNow()): string => dayInPortland.format(at);

/** The first instant (ms) whose academy day is after `day`: found by halving, so it needs no zone rules. */
function dayEndsAt(day: string): number {
  const utcMidnightAfter = Date.parse(`${day}T00:00:00Z`) + 86_400_000;
  // Every zone's midnight lies within 14 hours of UTC's.
  let before = utcMidnightAfter - 15 * 3_600_000;
  let after = utcMidnightAfter + 15 * 3_600_000;
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (academyToday(new Date(middle)) > day) after = middle;
    else before = middle;
  }
  return after;
}

let lastBounds: { day: string; startMs: number; endMs: number } | undefined;

/**
 * The instants the academy day `day` (YYYY-MM-DD) runs over: from `startMs` (its midnight in
 * Portland) until before `endMs` (the next one), 23, 24 or 25 hours. What is kept for one day
 * (the cached public lists, which say today's prices) checks a time against these two numbers
 * rather than formatting the date on every request.
 */
export function academyDayBounds(day: string): { startMs: number; endMs: number } {
  if (lastBounds?.day !== day) {
    const dayBefore = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    lastBounds = { day, startMs: dayEndsAt(dayBefore), endMs: dayEndsAt(day) };
  }
  return { startMs: lastBounds.startMs, endMs: lastBounds.endMs };
}

/** Today at the academy with the instants it runs over (`fromMs` until before `untilMs`, API clock). */
export function academyDayNow(at: Date = clockNow()): { today: string; fromMs: number; untilMs: number } {
  const today = academyToday(at);
  const { startMs, endMs } = academyDayBounds(today);
  return { today, fromMs: startMs, untilMs: endMs };
}

/** Whether an instant (ms) lies in such a day. */
export const isWithin = (day: { fromMs: number; untilMs: number }, ms: number) => ms >= day.fromMs && ms < day.untilMs;
