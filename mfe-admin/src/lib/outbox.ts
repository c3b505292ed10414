/** How long ago, in words an admin reads at a glance ("4 minutes", "2 hours", "3 days"). */
export function waitedFor(since: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - since.getTime()) / 60_000));
  const say = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (minutes < 1) return "less than a minute";
  if (minutes < 60) return say(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return say(hours, "hour");
  return say(Math.floor(hours / 24), "day");
}
