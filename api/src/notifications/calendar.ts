import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { tzlib_get_ical_block } from "timezones-ical-library";
import type { SessionFacts } from "./facts.js";
import { ACADEMY, ACADEMY_TIME_ZONE, academyInstant } from "./format.js";
import { whereText } from "./logistics.js";

/**
 * The sessions of classes as an iCalendar file (RFC 5545), made with ical-generator: one weekly
 * recurring event per class (and camper), on the class's weekdays, from its first to its last
 * day, at its hours in the academy's time zone (with that zone's VTIMEZONE).
 */

const BYDAY: Record<string, string> = { mon: "MO", tue: "TU", wed: "WE", thu: "TH", fri: "FR", sat: "SA", sun: "SU" };
const WEEKDAY_OF_UTC_DAY = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

/** The first day on or after `startDate` that is one of the weekdays (the series' first session). */
export function firstSessionDay(startDate: string, weekdays: readonly string[]): string {
  const day = new Date(`${startDate}T00:00:00Z`);
  for (let i = 0; i < 7; i++) {
    if (weekdays.includes(WEEKDAY_OF_UTC_DAY[day.getUTCDay()]!)) break;
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return day.toISOString().slice(0, 10);
}

/** Every day a class meets: its weekdays from its first to its last day. */
export function sessionDays(session: Pick<SessionFacts, "startDate" | "endDate" | "weekdays">): string[] {
  if (!session.startDate || !session.endDate) return [];
  const days: string[] = [];
  for (
    const day = new Date(`${session.startDate}T00:00:00Z`);
    day.toISOString().slice(0, 10) <= session.endDate;
    day.setUTCDate(day.getUTCDate() + 1)
  ) {
    if (session.weekdays.includes(WEEKDAY_OF_UTC_DAY[day.getUTCDay()]!)) days.push(day.toISOString().slice(0, 10));
  }
  return days;
}

/** "20270805T065959Z": an instant in RFC 5545's UTC form. */
const utcStamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** A local date-time string ical-generator writes as it is, with the event's TZID. */
const wallClock = (day: string, time: string) => `${day}T${time.length === 5 ? `${time}:00` : time}`;

export interface CalendarEvent {
  /** Stable: the same enrolment gives the same UID in every file (a calendar updates, not duplicates). */
  uid: string;
  session: SessionFacts;
  /** Who goes (a camper's name), said in the event's title. */
  camperName?: string | null;
}

/**
 * A published event's SEQUENCE, and its cancellation's: higher, so that a calendar takes the
 * cancellation over the event it already has (RFC 5546 2.1.4).
 */
const PUBLISHED_SEQUENCE = 0;
const CANCELLED_SEQUENCE = 1;

/**
 * The .ics text of the events whose class has a schedule (others are left out). `stamp` is the
 * DTSTAMP (when the information was made: the payment, for a receipt; the cancellation). With
 * `cancel`, the file cancels those events (METHOD:CANCEL, STATUS:CANCELLED, a higher SEQUENCE,
 * the same UIDs) for a calendar that has them to drop them.
 */
export function sessionsCalendar(
  events: readonly CalendarEvent[],
  stamp: Date,
  { name = ACADEMY.name, cancel = false }: { name?: string; cancel?: boolean } = {},
): string {
  const calendar = ical({
    name,
    // The maker a calendar names is the academy whose site made it (its name as now set).
    prodId: { company: ACADEMY.name, product: "camp-sessions", language: "EN" },
  });
  calendar.method(cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH);
  calendar.timezone({ name: ACADEMY_TIME_ZONE, generator: (tz) => tzlib_get_ical_block(tz)[0] ?? null });
  for (const { uid, session, camperName } of events) {
    const { startDate, endDate, startTime, endTime } = session;
    if (!startDate || !endDate || !startTime || !endTime || session.weekdays.length === 0) continue;
    const first = firstSessionDay(startDate, session.weekdays);
    if (first > endDate) continue;
    // UNTIL in UTC (RFC 5545 3.3.10, DTSTART has a TZID): the end of the last day in the academy's zone.
    const until = utcStamp(academyInstant(endDate, "23:59:59"));
    const byDay = session.weekdays.map((d) => BYDAY[d]).join(",");
    calendar.createEvent({
      id: uid,
      start: wallClock(first, startTime),
      end: wallClock(first, endTime),
      timezone: ACADEMY_TIME_ZONE,
      stamp,
      summary: camperName ? `${session.className} (${camperName})` : session.className,
      description: `${session.className} with ${session.instructorName}, ${ACADEMY.name}.`,
      // The place at its venue's full address, on one line (ical-generator escapes its commas).
      location: whereText(session),
      repeating: `FREQ=WEEKLY;BYDAY=${byDay};UNTIL=${until}`,
      sequence: cancel ? CANCELLED_SEQUENCE : PUBLISHED_SEQUENCE,
      // A cancellation names its sender (RFC 5546 3.2.5 requires the ORGANIZER).
      ...(cancel && {
        status: ICalEventStatus.CANCELLED,
        organizer: { name: ACADEMY.name, email: ACADEMY.email },
      }),
    });
  }
  return (
    calendar
      .toString()
      // DTSTAMP is always UTC (RFC 5545 3.8.7.2); ical-generator writes a zoned event's without its Z.
      .replace(/^DTSTAMP:.*$/gm, `DTSTAMP:${utcStamp(stamp)}`)
      // ical-generator adds a TIMEZONE-ID property no RFC defines: the VTIMEZONE and TZIDs say the zone.
      .replace(/^TIMEZONE-ID:.*\r\n/gm, "")
  );
}
