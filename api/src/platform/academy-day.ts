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
