/**
 * Wall-clock times in the academy's zone: staff type a registration opening as the
 * academy's own date and time ("9:00 in Portland"), whatever zone their browser is in. A subpath of
 * its own (`shared-auth/academy-time`): only the class forms load it, not every page.
 */

import { ACADEMY } from "./academy-facts";

const partsFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: ACADEMY.timeZone,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

function wallParts(instant: number) {
  const p = Object.fromEntries(partsFormat.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
  return { y: +p.year!, mo: +p.month!, d: +p.day!, h: +p.hour!, mi: +p.minute!, s: +p.second! };
}

/** Minutes the academy's clock is ahead of UTC at an instant (-420 in a Pacific summer). */
function offsetMinutes(instant: number): number {
  const w = wallParts(instant);
  const asUtc = Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

const pad = (n: number) => String(n).padStart(2, "0");

const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * "2027-03-01T09:00" (a datetime-local value, the academy's wall clock) as an ISO instant with its
 * offset, "2027-03-01T09:00:00-08:00"; null when the value is not such a time. A time the clocks
 * skip in spring is moved on by the skipped hour (as calendars do).
 */
export function academyWallTimeToIso(value: string): string | null {
  const m = WALL.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const guess = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(guess) || new Date(guess).getUTCDate() !== d) return null;
  // Two passes settle the offset around a change of clocks.
  let offset = offsetMinutes(guess - offsetMinutes(guess) * 60_000);
  offset = offsetMinutes(guess - offset * 60_000);
  const instant = guess - offset * 60_000;
  // Said with the offset in force at that instant (a skipped time comes out an hour later).
  const real = offsetMinutes(instant);
  const abs = Math.abs(real);
  return `${isoToAcademyWallTime(new Date(instant).toISOString())}:00${real < 0 ? "-" : "+"}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** An instant as the academy's wall clock, for a datetime-local input ("2027-03-01T09:00"); "" for none. */
export function isoToAcademyWallTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return "";
  const w = wallParts(t);
  return `${w.y}-${pad(w.mo)}-${pad(w.d)}T${pad(w.h)}:${pad(w.mi)}`;
}

/**
 * Today on the academy's calendar (YYYY-MM-DD, Portland) by this browser's clock: what a date
 * field offers as its earliest day. The API checks again by its own clock.
 */
export const academyToday = (now: number = Date.now()): string =>
  isoToAcademyWallTime(new Date(now).toISOString()).slice(0, 10);
