// Dates for tests that stay true whatever day the tests run on: a child's date of birth from the
// age they must have on a class's first day (the classes are dated from the API's clock, so a fixed
// date of birth ages the child out of the class in a year or two), and a card expiry that is always
// in the future. Used by the API tests, the end-to-end specs and the tools.

/**
 * A date of birth (YYYY-MM-DD) for a child who is `age` on `onDay` (YYYY-MM-DD, e.g. a class's
 * first day), `daysLater` days after their birthday (a child born on 29 February counts as born on
 * 1 March in other years; a day later makes them one day short of the age).
 */
export function birthDateForAge(age, onDay, { monthsOver = 0, daysLater = 0 } = {}) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(onDay)) throw new Error(`birthDateForAge: onDay must be YYYY-MM-DD, got "${onDay}"`);
  const d = new Date(`${onDay}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - age);
  d.setUTCMonth(d.getUTCMonth() - monthsOver);
  d.setUTCDate(d.getUTCDate() + daysLater);
  return d.toISOString().slice(0, 10);
}

/**
 * A card expiry three years after `now` (the payment sandbox checks it against the real clock):
 * the month and the four-digit year of the API's fields, and the "MM / YY" a card field takes.
 */
export function cardExpiry(now = new Date()) {
  const year = String(now.getUTCFullYear() + 3);
  return { month: "12", year, typed: `12 / ${year.slice(2)}` };
}
