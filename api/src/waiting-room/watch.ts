import { randomUUID } from "node:crypto";
import { performance, type EventLoopUtilization } from "node:perf_hooks";
import type { FastifyBaseLogger } from "fastify";
import * as clock from "../platform/clock.js";
import type { Db } from "../platform/database/client.js";
import type { LoadSample } from "./pacing.js";
import { pace, roomInForce, sayLoad, type RoomState } from "./room.js";
import type { WaitingRoomConfig } from "../platform/config/waiting-room.js";

/** How often each process reads the room in force and says its load (the pacing passes once a second). */
const WATCH_MS = 500;
/** How often it looks at its requests in flight, for the average it says. */
const LOOK_MS = 50;

export interface RoomWatch {
  /** The room in force as last read (half a second old at most), or null. */
  current(): RoomState | null;
  /** Reads it now, and makes a pacing pass if one is due. */
  refresh(): Promise<RoomState | null>;
  /** Stops reading, once the read under way (if any) is done: the database closes after. */
  stop(): Promise<void>;
}

/** This process's admission figures (platform/admission.ts). */
export interface ProcessLoad {
  inFlight: number;
  maxInFlight: number;
  refused: number;
}

/**
 * Each process reads the room in force every half second (so answering "where am I in line?" and
 * checking a pass cost no query), says how loaded it is, and paces the room when its turn comes.
 */
export function watchWaitingRoom(options: {
  db: Db;
  config: WaitingRoomConfig;
  load: () => ProcessLoad;
  log: FastifyBaseLogger;
}): RoomWatch {
  const { db, config, log } = options;
  const process = randomUUID();
  let state: RoomState | null = null;
  let loop: EventLoopUtilization = performance.eventLoopUtilization();
  let refusedBefore = options.load().refused;
  // The share of requests in flight, averaged over the time since the last word: one look at the
  // moment of the word sees a burst of payments waiting on the card network as a full process.
  let shares = 0;
  let looks = 0;
  const look = () => {
    const { inFlight, maxInFlight } = options.load();
    shares += maxInFlight > 0 ? inFlight / maxInFlight : 0;
    looks += 1;
  };
  const sample = (): LoadSample => {
    const now = performance.eventLoopUtilization();
    const used = performance.eventLoopUtilization(now, loop).utilization;
    loop = now;
    look();
    const { refused } = options.load();
    const sampled = { pressure: Math.max(used, shares / looks), refused: Math.max(0, refused - refusedBefore) };
    refusedBefore = refused;
    shares = 0;
    looks = 0;
    return sampled;
  };
  let running: Promise<RoomState | null> | null = null;
  const refresh = () =>
    (running ??= (async () => {
      try {
        const now = clock.now();
        state = await roomInForce(db, config, now);
        if (!state) return null;
        await sayLoad(db, process, sample(), now);
        if (await pace(db, config, new Date(state.opensAt), now)) state = await roomInForce(db, config, now);
        return state;
      } finally {
        running = null;
      }
    })());
  const timer =
    config.leadMinutes > 0
      ? setInterval(
          () => void refresh().catch((error: unknown) => log.warn({ err: error }, "reading the waiting room failed")),
          WATCH_MS,
        )
      : undefined;
  timer?.unref();
  const looking = config.leadMinutes > 0 ? setInterval(look, LOOK_MS) : undefined;
  looking?.unref();
  return {
    current: () => state,
    refresh,
    stop: async () => {
      clearInterval(timer);
      clearInterval(looking);
      await running?.catch(() => undefined);
    },
  };
}
