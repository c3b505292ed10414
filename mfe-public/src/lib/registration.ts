import { ACADEMY, serverNow } from "shared-auth";

/** Registration opening: the words and the countdown the class card and page show. */

const opensFormat = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "long",
  hour: "numeric",
  minute: "2-digit",
  timeZone: ACADEMY.timeZone,
});

/** "Registration opens Mon 1 March, 9:00" (the academy's time), as the API says it. */
export function registrationOpensText(opensAt: string | Date): string {
  const parts = Object.fromEntries(opensFormat.formatToParts(new Date(opensAt)).map((p) => [p.type, p.value]));
  return `Registration opens ${parts.weekday} ${parts.day} ${parts.month}, ${Number(parts.hour)}:${parts.minute}`;
}

/** Milliseconds until registration opens, or 0 when it is open (no time set, or passed). */
export function msUntilOpening(opensAt: string | null | undefined, now: number = serverNow()): number {
  if (!opensAt) return 0;
  return Math.max(Date.parse(opensAt) - now, 0);
}

/** A countdown in words: "2 days 3 hours", "3 hours 12 minutes", "4 minutes 5 seconds", "9 seconds". */
export function countdownText(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (days > 0) return `${unit(days, "day")} ${unit(hours, "hour")}`;
  if (hours > 0) return `${unit(hours, "hour")} ${unit(minutes, "minute")}`;
  if (minutes > 0) return `${unit(minutes, "minute")} ${unit(seconds, "second")}`;
  return unit(seconds, "second");
}
