import * as clock from "../platform/clock.js";

/**
 * Registration opening: before a class's `registration_opens_at` nobody can book it or
 * join its line, judged by the API's clock. Times are said in the academy's own zone (Portland,
 * Oregon: shared-auth's ACADEMY.timeZone says the same to the pages).
 */
export const ACADEMY_TIME_ZONE = "America/Los_Angeles";

const opensFormat = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "long",
  hour: "numeric",
  minute: "2-digit",
  timeZone: ACADEMY_TIME_ZONE,
});

/** Whether registration for a class is still to open. */
export const opensLater = (opensAt: Date | null) => opensAt !== null && opensAt.getTime() > clock.nowMs();

/** "Registration opens Mon 1 March, 9:00" (the academy's time). */
export function registrationOpensText(opensAt: Date): string {
  const parts = Object.fromEntries(opensFormat.formatToParts(opensAt).map((p) => [p.type, p.value]));
  return `Registration opens ${parts.weekday} ${parts.day} ${parts.month}, ${Number(parts.hour)}:${parts.minute}`;
}
