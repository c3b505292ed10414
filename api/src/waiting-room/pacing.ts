import { readWaitingRoom, type PacingConfig } from "../platform/config/waiting-room.js";

/**
 * How fast the waiting room lets families in (decision 043), from the API processes' own load, in
 * the spirit of TCP's pacing. Each pass, by the busiest process's word:
 * - idle (every process under half its easy mark): the rate grows by half, so a room opening at 4
 *   a second lets in hundreds within ten seconds if the processes serve them, and a rate cut by a
 *   passing crowd (the arrivals themselves) comes back in seconds once it has passed;
 * - easy (every process under its easy mark): a tenth more, one family a second at the least;
 * - between the marks: the rate holds;
 * - loaded (a process past its loaded mark, or one that refused anybody as very busy): cut by a
 *   quarter, at most once in `cutSpacingMs`: families let in show in the load only as they browse
 *   and pay, seconds later, and cutting again before the first cut shows cuts far too deep.
 * So the rate finds what this deployment serves, on this machine, and follows it as the rush
 * changes (families who are in browse, then pay).
 */
/** The pacing a deployment has unless it sets its own. */
export const DEFAULT_PACING: PacingConfig = readWaitingRoom({}).pacing;

/** One API process's last word on its load. */
export interface LoadSample {
  pressure: number;
  /** Requests it refused as very busy since its word before. */
  refused: number;
}

/**
 * The rate for the next pass, from the processes' words (none: nothing is known, the rate stays);
 * `sinceCutMs`: how long ago the rate was last cut.
 */
export function nextRate(
  rate: number,
  samples: readonly LoadSample[],
  config: PacingConfig,
  sinceCutMs = Number.POSITIVE_INFINITY,
): number {
  if (samples.length === 0) return rate;
  const busiest = Math.max(...samples.map((s) => s.pressure));
  const loaded = samples.some((s) => s.refused > 0) || busiest >= config.loadedPressure;
  const next = loaded
    ? sinceCutMs >= config.cutSpacingMs
      ? rate * config.backOff
      : rate
    : busiest < config.easyPressure / 2
      ? rate * config.growth
      : busiest < config.easyPressure
        ? rate + Math.max(config.step, rate / 10)
        : rate;
  return Math.min(config.maxRate, Math.max(config.minRate, next));
}

export interface RoomCount {
  /** The last place given. */
  lastPlace: number;
  /** Places let in so far (the whole part). */
  admitted: number;
}

/**
 * Places let in after `seconds` more at `rate`: never past the last place given (a room with
 * nobody waiting banks nothing, so a crowd arriving later is still let in at the rate).
 */
export function admitMore(room: RoomCount, rate: number, seconds: number): number {
  return Math.min(room.lastPlace, room.admitted + Math.max(0, seconds) * rate);
}

/**
 * What a family in `place` is told: how many are ahead of it, and about how long until it is in
 * (the wait for the opening, then the line ahead at today's rate), in whole seconds.
 */
export function waitFor(
  place: number,
  room: RoomCount & { ratePerSecond: number; opensAt: number },
  nowMs: number,
): { ahead: number; seconds: number } {
  const ahead = Math.max(0, place - 1 - Math.floor(room.admitted));
  if (place <= Math.floor(room.admitted)) return { ahead: 0, seconds: 0 };
  const untilOpening = Math.max(0, room.opensAt - nowMs) / 1000;
  return { ahead, seconds: Math.ceil(untilOpening + (ahead + 1) / room.ratePerSecond) };
}
