import { positiveInteger, wholeNumber } from "./numbers.js";

/** A positive number (families a second may be a fraction: 0.1 is one every ten seconds). */
function positiveNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, such as 4 or 0.5`);
  return value;
}

/**
 * How the waiting room paces its line (decision 043): additive increase, multiplicative decrease
 * of the families let in a second, from the processes' own load (waiting-room/pacing.ts).
 */
export interface PacingConfig {
  /** Families a second when a room opens (WAITING_ROOM_START_RATE). */
  startRate: number;
  minRate: number;
  /** The most families a second (WAITING_ROOM_MAX_RATE). */
  maxRate: number;
  /** Added each pass (or a tenth of the rate, if more) while every process is below `easyPressure`. */
  step: number;
  /** Multiplied by this each pass while every process is below half `easyPressure` (idle). */
  growth: number;
  /** At or over this (the event loop's use, or the share of requests in flight) a process is loaded. */
  loadedPressure: number;
  easyPressure: number;
  /** Cut to this share of the rate when a process is loaded. */
  backOff: number;
  /** The least time between two cuts (ms). */
  cutSpacingMs: number;
}

/** When a room is in force and how it lets families in (WAITING_ROOM_...). */
export interface WaitingRoomConfig {
  /** Minutes before an opening its room opens (WAITING_ROOM_LEAD_MINUTES); 0 turns waiting rooms off. */
  leadMinutes: number;
  /** Minutes a family let in may book without being turned away (WAITING_ROOM_WINDOW_MINUTES). */
  windowMinutes: number;
  /** A room ends once its line has been empty this long after the opening (WAITING_ROOM_QUIET_SECONDS). */
  quietSeconds: number;
  /** A room ends at the latest this long after its opening (WAITING_ROOM_LONGEST_MINUTES). */
  longestMinutes: number;
  pacing: PacingConfig;
}

export function readWaitingRoom(env: NodeJS.ProcessEnv): WaitingRoomConfig {
  return {
    // Off until `npm run bench:rush` shows the room meets its targets on registration day
    // (decision 043); then 15, and the academy's settings hold it.
    leadMinutes: wholeNumber(env, "WAITING_ROOM_LEAD_MINUTES", 0),
    // Long enough to choose classes, fill in the campers and pay, with the seat hold's own 10 minutes inside.
    windowMinutes: positiveInteger(env, "WAITING_ROOM_WINDOW_MINUTES", 30),
    quietSeconds: positiveInteger(env, "WAITING_ROOM_QUIET_SECONDS", 120),
    longestMinutes: positiveInteger(env, "WAITING_ROOM_LONGEST_MINUTES", 180),
    pacing: {
      startRate: positiveNumber(env, "WAITING_ROOM_START_RATE", 4),
      minRate: 0.5,
      maxRate: positiveNumber(env, "WAITING_ROOM_MAX_RATE", 200),
      step: 1,
      growth: 1.5,
      loadedPressure: 0.85,
      easyPressure: 0.6,
      backOff: 0.75,
      cutSpacingMs: 3_000,
    },
  };
}
