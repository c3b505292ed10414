import { z } from "zod";
import {
  LEVELS,
  MAX_AGE,
  MIN_AGE,
  SPORTS,
  WEEKDAYS,
  type Level,
  type Sport,
  type Weekday,
} from "../platform/database/schema.js";
import { academyToday } from "../platform/academy-day.js";
import { now as clockNow } from "../platform/clock.js";
import { badRequest } from "../platform/errors.js";
import { text } from "../platform/text.js";
import { isIsoDate } from "../platform/wire.js";

export { isIsoDate };

/**
 * A class's camp session on the wire: its sport, the days and daily hours it runs, for which ages,
 * at what level and where. Every field is optional (the spec's old clients send none); the
 * schedule (dates, weekdays, times) is given whole or not at all, and so is the age range.
 */
export const MESSAGES = {
  sport: "Choose a sport from the list",
  start_date: "Enter the first day of the session",
  end_date: "Enter the last day of the session",
  end_before_start: "The last day cannot be before the first day",
  weekdays: "Pick at least one weekday",
  start_time: "Enter the daily start time",
  end_time: "Enter the daily end time",
  end_not_after_start: "The class must end after it starts",
  age: "Ages must be whole numbers from 5 to 18",
  age_order: "The oldest age cannot be below the youngest",
  level: "Choose a level",
  location: "Place is at most 120 characters",
  venue_address: "The venue's address is at most 300 characters",
  drop_off: "Enter the drop-off time as HH:MM, or leave it empty",
  drop_off_after_start: "Drop-off must be at or before the daily start time",
  drop_off_without_hours: "Give the daily start and end times before a drop-off time",
  pick_up: "Enter the pick-up time as HH:MM, or leave it empty",
  pick_up_before_end: "Pick-up must be at or after the daily end time",
  pick_up_without_hours: "Give the daily start and end times before a pick-up time",
  what_to_bring: "What to bring is at most 1000 characters",
  started: "This class has already started: it can no longer be booked.",
  registration_opens_at: "Registration opening must be a date and time, like 2027-03-01T09:00:00-08:00",
} as const;

const day = (message: string) =>
  z.string({ error: message }).refine(isIsoDate, { error: message }).meta({ description: "YYYY-MM-DD" });
const clock = (message: string) =>
  z
    .string({ error: message })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: message })
    .meta({ description: "HH:MM, 24 h" });
const age = z
  .number({ error: MESSAGES.age })
  .int({ error: MESSAGES.age })
  .min(MIN_AGE, { error: MESSAGES.age })
  .max(MAX_AGE, { error: MESSAGES.age });

/** The session's fields of a class body; null (or [] for weekdays) unsets one. */
export const sessionFields = {
  sport: z.enum(SPORTS, { error: MESSAGES.sport }).nullable().optional(),
  start_date: day(MESSAGES.start_date).nullable().optional(),
  end_date: day(MESSAGES.end_date).nullable().optional(),
  weekdays: z
    .array(z.enum(WEEKDAYS, { error: MESSAGES.weekdays }), { error: MESSAGES.weekdays })
    .max(7, { error: MESSAGES.weekdays })
    .refine((days) => new Set(days).size === days.length, { error: "Each weekday at most once" })
    // Monday first, whatever order the client sent.
    .transform((days) => WEEKDAYS.filter((d) => days.includes(d)))
    .nullable()
    .optional(),
  start_time: clock(MESSAGES.start_time).nullable().optional(),
  end_time: clock(MESSAGES.end_time).nullable().optional(),
  age_min: age.nullable().optional(),
  age_max: age.nullable().optional(),
  level: z.enum(LEVELS, { error: MESSAGES.level }).nullable().optional(),
  location: text({ max: 120, tooLong: MESSAGES.location }).nullable().optional(),
  /** The venue's postal address, one or more lines; null (or "") for the academy's own. */
  venue_address: text({ max: 300, tooLong: MESSAGES.venue_address, multiLine: true }).nullable().optional(),
  /** When campers may be dropped off (at or before the start time); null: at the start time. */
  drop_off: clock(MESSAGES.drop_off).nullable().optional(),
  /** When campers must be picked up (at or after the end time); null: at the end time. */
  pick_up: clock(MESSAGES.pick_up).nullable().optional(),
  what_to_bring: text({ max: 1000, tooLong: MESSAGES.what_to_bring, multiLine: true }).nullable().optional(),
  /** When booking opens: an instant with its zone; null opens it now. */
  registration_opens_at: z.iso.datetime({ offset: true, error: MESSAGES.registration_opens_at }).nullable().optional(),
};

type SessionInput = {
  sport?: Sport | null | undefined;
  start_date?: string | null | undefined;
  end_date?: string | null | undefined;
  weekdays?: Weekday[] | null | undefined;
  start_time?: string | null | undefined;
  end_time?: string | null | undefined;
  age_min?: number | null | undefined;
  age_max?: number | null | undefined;
  level?: Level | null | undefined;
  location?: string | null | undefined;
  venue_address?: string | null | undefined;
  drop_off?: string | null | undefined;
  pick_up?: string | null | undefined;
  what_to_bring?: string | null | undefined;
  registration_opens_at?: string | null | undefined;
};

const GROUPS = [
  {
    start_date: MESSAGES.start_date,
    end_date: MESSAGES.end_date,
    weekdays: MESSAGES.weekdays,
    start_time: MESSAGES.start_time,
    end_time: MESSAGES.end_time,
  },
  { age_min: MESSAGES.age, age_max: MESSAGES.age },
] as const;
const isSet = (v: unknown) => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0);

/**
 * The rules across fields (as the database's CHECK constraints): a schedule given whole, its last
 * day not before its first, its end after its start; an age range given whole and in order; a
 * drop-off at or before the start and a pick-up at or after the end. A group is all set, or all
 * sent empty (null or []) to remove it; each missing field is named. `whole`: a new class, whose
 * absent fields are unset.
 */
export function checkSession(body: SessionInput, ctx: z.RefinementCtx, whole = false): void {
  const fail = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  for (const group of GROUPS) {
    const keys = Object.keys(group) as (keyof typeof group & keyof SessionInput)[];
    if (keys.every((k) => body[k] === undefined)) continue;
    const anySet = keys.some((k) => isSet(body[k]));
    for (const k of keys) {
      if (anySet ? !isSet(body[k]) : body[k] === undefined) fail(k, group[k]);
    }
  }
  if (body.start_date && body.end_date && body.end_date < body.start_date) fail("end_date", MESSAGES.end_before_start);
  if (body.start_time && body.end_time && body.end_time <= body.start_time) {
    fail("end_time", MESSAGES.end_not_after_start);
  }
  if (isSet(body.age_min) && isSet(body.age_max) && body.age_max! < body.age_min!) fail("age_max", MESSAGES.age_order);
  // Drop-off and pick-up against the hours the body gives (all of a new class's; an edit's hours
  // that are not in the body are the class's: the route checks those with `assertEditedDayTimes`).
  const hoursGiven = whole || body.start_time !== undefined || body.end_time !== undefined;
  if (hoursGiven) {
    const problems = logisticsProblems({
      startTime: body.start_time ?? null,
      endTime: body.end_time ?? null,
      dropOff: body.drop_off ?? null,
      pickUp: body.pick_up ?? null,
    });
    for (const [path, message] of Object.entries(problems)) fail(path, message);
  }
}

/** A new class's rules across fields: those of `checkSession`, with every absent field unset. */
export const checkNewSession = (body: SessionInput, ctx: z.RefinementCtx) => checkSession(body, ctx, true);

interface DayTimes {
  startTime: string | null;
  endTime: string | null;
  dropOff: string | null;
  pickUp: string | null;
}

/**
 * Drop-off at or before the daily start, pick-up at or after the daily end (the database's
 * classes_drop_off_check and classes_pick_up_check), a message per field. Times are HH:MM or HH:MM:SS.
 */
export function logisticsProblems(t: DayTimes): Record<string, string> {
  const hm = (time: string | null) => time?.slice(0, 5) ?? null;
  const [start, end, dropOff, pickUp] = [hm(t.startTime), hm(t.endTime), hm(t.dropOff), hm(t.pickUp)];
  const problems: Record<string, string> = {};
  if (dropOff !== null) {
    if (start === null) problems.drop_off = MESSAGES.drop_off_without_hours;
    else if (dropOff > start) problems.drop_off = MESSAGES.drop_off_after_start;
  }
  if (pickUp !== null) {
    if (end === null) problems.pick_up = MESSAGES.pick_up_without_hours;
    else if (pickUp < end) problems.pick_up = MESSAGES.pick_up_before_end;
  }
  return problems;
}

/** An edit that would leave drop-off after the start or pick-up before the end is refused, per field. */
export function assertEditedDayTimes(row: DayTimes, edit: SessionInput): void {
  const problems = logisticsProblems(editedDayTimes(row, edit));
  if (Object.keys(problems).length > 0) throw badRequest("The drop-off and pick-up times need another look.", problems);
}

/** The day's times a class will have after an edit: the edit's over the row's (removed hours take drop-off and pick-up along). */
export function editedDayTimes(row: DayTimes, edit: SessionInput): DayTimes {
  const startTime = edit.start_time !== undefined ? edit.start_time : row.startTime;
  const endTime = edit.end_time !== undefined ? edit.end_time : row.endTime;
  return {
    startTime,
    endTime,
    dropOff: edit.drop_off !== undefined ? edit.drop_off : edit.start_time === null ? null : row.dropOff,
    pickUp: edit.pick_up !== undefined ? edit.pick_up : edit.end_time === null ? null : row.pickUp,
  };
}

/** The database columns a body's session fields set (only those it names). */
export function sessionColumns(body: SessionInput) {
  return {
    ...(body.sport !== undefined && { sport: body.sport }),
    ...(body.start_date !== undefined && { startDate: body.start_date }),
    ...(body.end_date !== undefined && { endDate: body.end_date }),
    ...(body.weekdays !== undefined && { weekdays: body.weekdays ?? [] }),
    ...(body.start_time !== undefined && { startTime: body.start_time }),
    ...(body.end_time !== undefined && { endTime: body.end_time }),
    ...(body.age_min !== undefined && { ageMin: body.age_min }),
    ...(body.age_max !== undefined && { ageMax: body.age_max }),
    ...(body.level !== undefined && { level: body.level }),
    ...(body.location !== undefined && { location: body.location === "" ? null : body.location }),
    ...(body.venue_address !== undefined && { venueAddress: body.venue_address || null }),
    ...(body.drop_off !== undefined && { dropOff: body.drop_off }),
    ...(body.pick_up !== undefined && { pickUp: body.pick_up }),
    // Removing the class's hours removes drop-off and pick-up too (they are said against them).
    ...(body.drop_off === undefined && body.start_time === null && { dropOff: null }),
    ...(body.pick_up === undefined && body.end_time === null && { pickUp: null }),
    ...(body.what_to_bring !== undefined && { whatToBring: body.what_to_bring || null }),
    ...(body.registration_opens_at !== undefined && {
      registrationOpensAt: body.registration_opens_at === null ? null : new Date(body.registration_opens_at),
    }),
  };
}

export interface SessionRow {
  sport: Sport | null;
  startDate: string | null;
  endDate: string | null;
  weekdays: Weekday[];
  startTime: string | null;
  endTime: string | null;
  ageMin: number | null;
  ageMax: number | null;
  level: Level | null;
  location: string | null;
  venueAddress: string | null;
  dropOff: string | null;
  pickUp: string | null;
  whatToBring: string | null;
}

/** The session's wire fields of a class row (times as HH:MM). */
export function sessionToWire(row: SessionRow) {
  return {
    sport: row.sport,
    start_date: row.startDate,
    end_date: row.endDate,
    weekdays: row.weekdays,
    start_time: row.startTime?.slice(0, 5) ?? null,
    end_time: row.endTime?.slice(0, 5) ?? null,
    age_min: row.ageMin,
    age_max: row.ageMax,
    level: row.level,
    location: row.location,
    venue_address: row.venueAddress,
    drop_off: row.dropOff?.slice(0, 5) ?? null,
    pick_up: row.pickUp?.slice(0, 5) ?? null,
    what_to_bring: row.whatToBring,
  };
}

/** A class whose first day is before today (the academy's, in Portland) has started; a class without dates never has. */
export const hasStarted = (startDate: string | null, now = clockNow()) =>
  startDate !== null && startDate < academyToday(now);

/**
 * A class's dates are not set in the past: a first or last day given is today or later on the
 * academy's calendar (Portland, the API's clock). On an edit, only a date the edit changes is
 * checked, so a class already running keeps its first day and stays editable (its other fields,
 * or a later last day). The seed and tests that need a class in the past write it directly.
 */
export function pastDateProblems(
  body: Pick<SessionInput, "start_date" | "end_date">,
  current: { startDate: string | null; endDate: string | null } | null = null,
  today: string = academyToday(),
): Record<string, string> {
  const out: Record<string, string> = {};
  const changed = (given: string | null | undefined, was: string | null | undefined): given is string =>
    typeof given === "string" && given !== was;
  if (changed(body.start_date, current?.startDate) && body.start_date < today) {
    out.start_date = `The first day cannot be in the past: choose ${today} (today) or later.`;
  }
  if (changed(body.end_date, current?.endDate) && body.end_date < today) {
    out.end_date = `The last day cannot be in the past: choose ${today} (today) or later.`;
  }
  return out;
}

/** Refuses (400, each date's problem in `fields`) a class body that sets a date in the past (pastDateProblems). */
export function refusePastDates(
  body: Pick<SessionInput, "start_date" | "end_date">,
  current: { startDate: string | null; endDate: string | null } | null = null,
): void {
  const problems = pastDateProblems(body, current);
  if (Object.keys(problems).length > 0) throw badRequest("A class cannot be set in the past.", problems);
}
