import { readWaitingRoom, type PacingConfig } from "../platform/config/waiting-room.js";

/**
 * How fast the waiting room lets families in (decision 043): additive increase, multiplicative
 * decrease, as TCP paces a connection. While every API process says it has room to spare, one more
 * family a second is let in each second; as soon as one is loaded past its mark or has refused
 * anybody as very busy, the rate is cut by a quarter. So the rate finds what this deployment serves,
 * on this machine, and follows it as the rush changes (families who are in browse, then pay).
 */
/** The pacing a deployment has unless it sets its own. */
export const DEFAULT_PACING: PacingConfig = readWaitingRoom({}).pacing;

/** One API process's last word on its load. */
export interface LoadSample {
  pressure: number;
  /** Requests it refused as very busy since its word before. */
  refused: number;
}

/** The rate for the next pass, from the processes' words (none: nothing is known, the rate stays). */
export function nextRate(rate: number, samples: readonly LoadSample[], config: PacingConfig): number {
  if (samples.length === 0) return rate;
  const loaded = samples.some((s) => s.refused > 0 || s.pressure >= config.loadedPressure);
  const easy = samples.every((s) => s.refused === 0 && s.pressure < config.easyPressure);
  const next = loaded ? rate * config.backOff : easy ? rate + config.step : rate;
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
