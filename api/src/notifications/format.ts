import { academyFacts, addressOnOneLine } from "../academy/index.js";
/**
 * How the messages say money, days and hours: in the academy's words and its own time zone
 * (Portland, Oregon), whatever zone the server runs in.
 */
export const ACADEMY_TIME_ZONE = "America/Los_Angeles";

/**
 * The academy as its messages sign them: its facts as this process knows them now (the academy's
 * settings, decision 051), read when each message is made. The time zone stays the code's.
 */
export const ACADEMY = {
  get name() {
    return academyFacts().name;
  },
  /** The name on receipts and year-end statements, and its US employer identification number. */
  get legalName() {
    return academyFacts().legalName;
  },
  get taxId() {
    return academyFacts().taxId;
  },
  /** The academy's clock: every time an e-mail shows is said in it. */
  timeZone: ACADEMY_TIME_ZONE,
  get address() {
    return addressOnOneLine();
  },
  get email() {
    return academyFacts().email;
  },
  get phone() {
    return academyFacts().phone;
  },
  /** As the contact page says it. */
  get replyTime() {
    return academyFacts().replyTime;
  },
};

const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** "$1,234.50" from integer cents. */
export function formatCents(cents: number): string {
  if (!Number.isInteger(cents)) throw new Error(`an amount in cents must be a whole number, got ${cents}`);
  return dollars.format(cents / 100);
}

const WEEKDAY_NAMES: Record<string, string> = {
  mon: "Mon",
  tue: "Tue",
  wed: "Wed",
  thu: "Thu",
  fri: "Fri",
  sat: "Sat",
  sun: "Sun",
};

/** "Mon, Wed, Fri" from the class's weekday ids (Monday first). */
export const formatWeekdays = (weekdays: readonly string[]) => weekdays.map((d) => WEEKDAY_NAMES[d] ?? d).join(", ");

const dayFormat = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "Mon 5 July 2027" from a calendar day (YYYY-MM-DD): a day is the same day in every zone. */
export function formatDay(day: string): string {
  const parts = Object.fromEntries(dayFormat.formatToParts(new Date(`${day}T00:00:00Z`)).map((p) => [p.type, p.value]));
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
}

const academyDayFormat = new Intl.DateTimeFormat("en-CA", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  timeZone: ACADEMY_TIME_ZONE,
});

/** The calendar day (YYYY-MM-DD) the academy's clocks show at an instant. */
export const academyDay = (at: Date) => academyDayFormat.format(at);

/** A calendar day moved by whole days. */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

const clockFormat = new Intl.DateTimeFormat("en-US", {
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
  timeZoneName: "short",
  timeZone: ACADEMY.timeZone,
});

/**
 * "3:57 p.m. PDT": an instant's time on the academy's 12-hour clock, with the zone's abbreviation
 * that day (PDT in summer, PST in winter); `withZone: false` leaves the zone out (the first time of
 * a range, "9:00 a.m.–12:00 p.m. PDT"). Every time an e-mail shows goes through here.
 */
export function formatClock(at: Date | string, { withZone = true } = {}): string {
  const parts = Object.fromEntries(clockFormat.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  const period = parts.dayPeriod?.toUpperCase() === "AM" ? "a.m." : "p.m.";
  return `${parts.hour}:${parts.minute} ${period}${withZone ? ` ${parts.timeZoneName}` : ""}`;
}

/**
 * "9:00 a.m.–12:00 p.m. PDT": a class's hours (HH:MM[:SS], written in the academy's zone) on a day
 * it meets, which says whether its clocks are on summer or winter time.
 */
export const formatHours = (day: string, start: string, end: string) =>
  `${formatClock(academyInstant(day, start), { withZone: false })}–${formatClock(academyInstant(day, end))}`;

const instantFormat = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "long",
  timeZone: ACADEMY.timeZone,
});

/** "Tue 6 July, 9:30 a.m. PDT": an instant (a payment, a deadline) in the academy's time. */
export function formatInstant(at: Date | string): string {
  const parts = Object.fromEntries(instantFormat.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return `${parts.weekday} ${parts.day} ${parts.month}, ${formatClock(at)}`;
}

/** The zone's offset from UTC (ms) at an instant. */
function zoneOffsetMs(instantMs: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(new Date(instantMs))
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - instantMs;
}

/** The instant at which the academy's clocks show `day` at `time` (HH:MM[:SS]). */
export function academyInstant(day: string, time: string, timeZone = ACADEMY_TIME_ZONE): Date {
  const [h = 0, m = 0, s = 0] = time.split(":").map(Number);
  const wall = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), h, m, s);
  let instant = wall - zoneOffsetMs(wall, timeZone);
  // Once more from the first guess: right also when the offset changes between the two readings.
  instant = wall - zoneOffsetMs(instant, timeZone);
  return new Date(instant);
}
