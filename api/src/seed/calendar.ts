/**
 * Which summer the seed books (decision 027). The seed's sessions are written for one summer, the
 * template (2027), and moved by whole weeks into the next summer that is still far enough ahead
 * of the API's clock, so a seeded class never has started, whatever day the database is made,
 * and each keeps its weekdays (Monday starts stay Mondays).
 *
 * This module imports nothing: the end-to-end tests import it to know the seeded dates.
 */

/** The summer the seed's dates are written in. */
export const TEMPLATE_SUMMER = 2027;

/**
 * The seeded summer's camp opens at least this many days after the clock's today: a local
 * database seeded today still shows a camp whose classes can all be booked eight weeks later.
 */
export const MIN_LEAD_DAYS = 56;

const DAY_MS = 86_400_000;

const dayMs = (isoDay: string) => Date.parse(`${isoDay}T00:00:00Z`);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The camp's first day in a summer: the second Monday of June (14 June in 2027). */
export function campOpening(year: number): string {
  const first = Date.UTC(year, 5, 1);
  const firstMonday = first + ((8 - new Date(first).getUTCDay()) % 7) * DAY_MS;
  return isoDay(firstMonday + 7 * DAY_MS);
}

/** The summer the seed books at `now`: the first whose camp opens at least MIN_LEAD_DAYS after today. */
export function seedSummer(now: Date): number {
  const earliest = isoDay(dayMs(now.toISOString().slice(0, 10)) + MIN_LEAD_DAYS * DAY_MS);
  let year = now.getUTCFullYear();
  while (campOpening(year) < earliest) year++;
  return year;
}

/**
 * A day of the template summer moved into the summer the seed books at `now`: by the whole weeks
 * between the two openings, so it stays the same weekday ("2027-07-05", a Monday, is 3 July 2028).
 */
export function inSeedSummer(templateDay: string, now: Date): string {
  const weeks = Math.round((dayMs(campOpening(seedSummer(now))) - dayMs(campOpening(TEMPLATE_SUMMER))) / (7 * DAY_MS));
  return isoDay(dayMs(templateDay) + weeks * 7 * DAY_MS);
}
