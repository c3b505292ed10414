/**
 * A class's camp session in a parent's words: when it runs, for which ages, at what
 * level. Every remote that shows a class reads these, so the wording is the same everywhere.
 */
import { serverNow } from "./server-clock";

/**
 * The summer the academy sells at `now`: the first whose camp, opening on the second Monday of
 * June, is at least eight weeks away. The same rule picks the summer of the API's seeded classes
 * (api/src/seed/calendar.ts, decision 027), so a page's "Summer camp 2028" matches the classes it
 * lists: from about mid-April the next summer is on sale.
 */
export function campSeason(now: Date = new Date(serverNow())): number {
  const day = 86_400_000;
  const earliest = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + 56 * day;
  for (let year = now.getUTCFullYear(); ; year++) {
    const first = Date.UTC(year, 5, 1);
    const opening = first + ((8 - new Date(first).getUTCDay()) % 7) * day + 7 * day;
    if (opening >= earliest) return year;
  }
}

/** The sports a class may be (the API's list, in its order). */
export const SPORTS = {
  soccer: "Soccer",
  basketball: "Basketball",
  tennis: "Tennis",
  swimming: "Swimming",
  athletics: "Athletics",
  volleyball: "Volleyball",
  "martial-arts": "Martial arts",
  climbing: "Climbing",
  cycling: "Cycling",
  baseball: "Baseball",
  gymnastics: "Gymnastics",
  "table-tennis": "Table tennis",
  golf: "Golf",
} as const;
export type Sport = keyof typeof SPORTS;

export const LEVEL_LABELS = {
  beginner: "Beginner",
  intermediate: "Intermediate",
  advanced: "Advanced",
  all: "All levels",
} as const;
export type Level = keyof typeof LEVEL_LABELS;

/** Monday first, as the wire orders them. */
export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  mon: "Mon",
  tue: "Tue",
  wed: "Wed",
  thu: "Thu",
  fri: "Fri",
  sat: "Sat",
  sun: "Sun",
};

export const AGE_MIN = 5;
export const AGE_MAX = 18;

/** The session fields of a class on the wire; null (or [] for weekdays) when unset. */
export interface CampSession {
  sport?: Sport | null;
  start_date?: string | null;
  end_date?: string | null;
  weekdays?: Weekday[];
  start_time?: string | null;
  end_time?: string | null;
  age_min?: number | null;
  age_max?: number | null;
  level?: Level | null;
  location?: string | null;
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

interface Day {
  year: number;
  month: number;
  day: number;
}

function parseDay(iso: string): Day {
  const [year = 0, month = 1, day = 1] = iso.split("-").map(Number);
  return { year, month, day };
}

/** "6-17 July 2027", "28 June - 9 July 2027", "29 December 2027 - 2 January 2028", "6 July 2027". */
export function formatDateRange(start: string, end: string): string {
  const a = parseDay(start);
  const b = parseDay(end);
  const month = (d: Day) => MONTHS[d.month - 1];
  if (start === end) return `${a.day} ${month(a)} ${a.year}`;
  if (a.year !== b.year) return `${a.day} ${month(a)} ${a.year} - ${b.day} ${month(b)} ${b.year}`;
  if (a.month !== b.month) return `${a.day} ${month(a)} - ${b.day} ${month(b)} ${b.year}`;
  return `${a.day}-${b.day} ${month(a)} ${a.year}`;
}

/** "09:00" -> "9:00"; "13:30" stays. */
export function formatTime(time: string): string {
  return time.replace(/^0(\d)/, "$1");
}

/** Runs of three or more consecutive days read as a range ("Mon-Fri"), others are listed ("Mon, Wed"). */
export function formatWeekdays(days: readonly Weekday[]): string {
  const runs: Weekday[][] = [];
  let previous = -2;
  WEEKDAYS.forEach((day, index) => {
    if (!days.includes(day)) return;
    if (index === previous + 1) runs[runs.length - 1]!.push(day);
    else runs.push([day]);
    previous = index;
  });
  return runs
    .flatMap((run) =>
      run.length >= 3
        ? [`${WEEKDAY_LABELS[run[0]!]}-${WEEKDAY_LABELS[run[run.length - 1]!]}`]
        : run.map((d) => WEEKDAY_LABELS[d]),
    )
    .join(", ");
}

/** "Mon-Fri, 9:00-12:00, 6-17 July 2027"; null when the class has no dates. */
export function formatSession(cls: CampSession): string | null {
  if (!cls.start_date || !cls.end_date) return null;
  const parts: string[] = [];
  if (cls.weekdays && cls.weekdays.length > 0) parts.push(formatWeekdays(cls.weekdays));
  if (cls.start_time && cls.end_time) parts.push(`${formatTime(cls.start_time)}-${formatTime(cls.end_time)}`);
  parts.push(formatDateRange(cls.start_date, cls.end_date));
  return parts.join(", ");
}

/** "Ages 8-12", "Age 10", "Ages 12 and up" ...; null when unset. */
export function formatAges(cls: CampSession): string | null {
  const { age_min: min, age_max: max } = cls;
  if (min == null && max == null) return null;
  if (min != null && max != null) return min === max ? `Age ${min}` : `Ages ${min}-${max}`;
  if (min != null) return `Ages ${min} and up`;
  return `Ages up to ${max}`;
}

export function levelLabel(level: string | null | undefined): string | null {
  return level && Object.hasOwn(LEVEL_LABELS, level) ? LEVEL_LABELS[level as Level] : null;
}

export function sportLabel(sport: string | null | undefined): string | null {
  return sport && Object.hasOwn(SPORTS, sport) ? SPORTS[sport as Sport] : null;
}

const minutes = (time: string) => {
  const [h = 0, m = 0] = time.split(":").map(Number);
  return h * 60 + m;
};

/**
 * Whether a child could not attend both classes: their dates overlap, they meet on a shared
 * weekday, and their daily hours overlap (touching ends, 12:00 and 12:00, do not). Classes
 * without a full schedule never overlap anything: there is nothing to compare.
 */
export function sessionsOverlap(a: CampSession, b: CampSession): boolean {
  if (!a.start_date || !a.end_date || !b.start_date || !b.end_date) return false;
  if (!a.start_time || !a.end_time || !b.start_time || !b.end_time) return false;
  // ISO dates compare as text.
  if (a.start_date > b.end_date || b.start_date > a.end_date) return false;
  const shared = (a.weekdays ?? []).filter((d) => (b.weekdays ?? []).includes(d));
  if (shared.length === 0) return false;
  if (!sharedWeekdayInRange(shared, maxOf(a.start_date, b.start_date), minOf(a.end_date, b.end_date))) return false;
  return minutes(a.start_time) < minutes(b.end_time) && minutes(b.start_time) < minutes(a.end_time);
}

const maxOf = (x: string, y: string) => (x > y ? x : y);
const minOf = (x: string, y: string) => (x < y ? x : y);

/** Whether one of these weekdays falls within the common dates (a two-day overlap may miss it). */
function sharedWeekdayInRange(days: Weekday[], from: string, to: string): boolean {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = start, n = 0; t <= end && n < 7; t += 86_400_000, n++) {
    // getUTCDay: 0 is Sunday.
    const day = WEEKDAYS[(new Date(t).getUTCDay() + 6) % 7]!;
    if (days.includes(day)) return true;
  }
  return false;
}

/** Today's date as the server counts it (UTC), "YYYY-MM-DD". */
export const todayUtc = (now = new Date(serverNow())) => now.toISOString().slice(0, 10);

/** A class whose first day is before today has started and can no longer be booked. */
export function hasStarted(cls: CampSession, now = new Date(serverNow())): boolean {
  return !!cls.start_date && cls.start_date < todayUtc(now);
}
