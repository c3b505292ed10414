import { ACADEMY } from "shared-auth";

/** What the waiting page says of a wait: "about 40 seconds", "about 3 minutes", "a moment". */
export function aboutHowLong(seconds: number): string {
  if (seconds <= 5) return "a moment";
  if (seconds < 60) return `about ${Math.ceil(seconds / 5) * 5} seconds`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `about ${hours} hour${hours === 1 ? "" : "s"}${rest ? ` ${rest} minute${rest === 1 ? "" : "s"}` : ""}`;
}

const TIME = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: ACADEMY.timeZone });

/** "9:00 AM", the academy's time: when registration opens, until when a pass lasts. */
export const academyClock = (iso: string): string => TIME.format(new Date(iso));

/**
 * How long the page waits before it asks again: a quarter of the wait, between 2 and 10 seconds,
 * so a family near the front is let in promptly and a long line asks rarely.
 */
export const nextAskMs = (seconds: number): number => Math.min(10_000, Math.max(2_000, (seconds * 1000) / 4));

/** Where to go once let in: a path of this site from `?next=`, else the classes. */
export function nextPath(search: string): string {
  const next = new URLSearchParams(search).get("next");
  return next && next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/waiting-room")
    ? next
    : "/classes";
}
