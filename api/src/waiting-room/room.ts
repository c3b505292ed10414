import { and, eq, gt, isNotNull, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../platform/database/client.js";
import { classes, waitingRoomLoad, waitingRoomPlaces, waitingRooms } from "../platform/database/schema.js";
import { transaction } from "../platform/transaction.js";
import type { WaitingRoomConfig } from "../platform/config/waiting-room.js";
import { admitMore, nextRate, type LoadSample } from "./pacing.js";

/** A room in force, as the processes last read it. */
export interface RoomState {
  opensAt: number;
  lastPlace: number;
  admitted: number;
  ratePerSecond: number;
}

/** A pass may run so long (in ms) after the place was let in. */
export const passLength = (config: WaitingRoomConfig) => config.windowMinutes * 60_000;

/**
 * The opening whose room is in force at `now`: the earliest opening of an approved class that is
 * at most `leadMinutes` away or began less than `longestMinutes` ago, and whose room has not ended.
 */
export async function roomInForce(db: Db, config: WaitingRoomConfig, now: Date): Promise<RoomState | null> {
  if (config.leadMinutes <= 0) return null;
  const from = new Date(now.getTime() - config.longestMinutes * 60_000);
  const to = new Date(now.getTime() + config.leadMinutes * 60_000);
  const opens = classes.registrationOpensAt;
  const [row] = await db
    .select({ opensAt: sql<Date>`min(${opens})`.mapWith(classes.registrationOpensAt) })
    .from(classes)
    .where(
      and(
        eq(classes.status, "approved"),
        gt(opens, from),
        lte(opens, to),
        sql`not exists (select 1 from ${waitingRooms} where ${waitingRooms.opensAt} = ${opens} and ${isNotNull(waitingRooms.endedAt)})`,
      ),
    );
  if (!row?.opensAt) return null;
  const [room] = await db.select().from(waitingRooms).where(eq(waitingRooms.opensAt, row.opensAt));
  return {
    opensAt: row.opensAt.getTime(),
    lastPlace: room?.lastPlace ?? 0,
    admitted: room?.admitted ?? 0,
    ratePerSecond: room?.ratePerSecond ?? config.pacing.startRate,
  };
}

/**
 * The room's row, made on first use and locked for the rest of the transaction: joining and pacing
 * take it first, so places are given and let in one at a time across every process.
 */
async function lockRoom(tx: Tx, config: WaitingRoomConfig, opensAt: Date, now: Date) {
  await tx
    .insert(waitingRooms)
    .values({ opensAt, ratePerSecond: config.pacing.startRate, pacedAt: now })
    .onConflictDoNothing();
  const [room] = await tx.select().from(waitingRooms).where(eq(waitingRooms.opensAt, opensAt)).for("update");
  return room;
}

/** A browser's own id: random, URL-safe, as the shell makes it. */
export const BROWSER_ID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * A place in the line of the room for `opensAt`: the one this account or browser already holds
 * (the account's own first), or the next; null when the room has ended. One statement: the room's
 * row is locked only while it runs and commits, so places are given one at a time in arrival order
 * across every process, and a crowd arriving at once is not kept waiting on the lock (a transaction
 * of several round trips held it ten times as long, and the queue behind it was refused as busy).
 */
export async function takePlace(
  db: Db,
  config: WaitingRoomConfig,
  opensAt: Date,
  who: { userId: string | null; browserId: string },
  now: Date,
): Promise<number | null> {
  for (let attempt = 0; ; attempt++) {
    try {
      const place = await givePlace(db, opensAt, who, now);
      if (place !== null) return place;
    } catch (error) {
      // The same account or browser joining twice at once (two tabs): the other got the place;
      // asked again, this one finds it.
      if (attempt === 0 && errorCode(error) === "23505") continue;
      throw error;
    }
    // No place: the room's row is not made yet (its first family), or the room has ended.
    const made = await transaction(db, (tx) => lockRoom(tx, config, opensAt, now));
    if (!made || made.endedAt || attempt > 0) return null;
  }
}

async function givePlace(
  db: Db,
  opensAt: Date,
  who: { userId: string | null; browserId: string },
  now: Date,
): Promise<number | null> {
  const at = opensAt.toISOString();
  const user = who.userId;
  const result = await db.execute(sql`
    with held as (
      select place, user_id from waiting_room_places
      where opens_at = ${at}::timestamptz
        and (browser_id = ${who.browserId} or (${user}::uuid is not null and user_id = ${user}::uuid))
      order by (user_id is not distinct from ${user}::uuid) desc, place
      limit 1
    ),
    given as (
      update waiting_rooms set last_place = last_place + 1, last_join_at = ${now.toISOString()}::timestamptz
      where opens_at = ${at}::timestamptz and ended_at is null and not exists (select 1 from held)
      returning last_place as place
    ),
    added as (
      insert into waiting_room_places (opens_at, place, user_id, browser_id, joined_at)
      select ${at}::timestamptz, place, ${user}::uuid, ${who.browserId}, ${now.toISOString()}::timestamptz from given
      returning place
    ),
    -- A place taken before signing in becomes the account's (PostgreSQL runs a writing CTE
    -- whether or not the query reads it).
    bound as (
      update waiting_room_places set user_id = ${user}::uuid
      where ${user}::uuid is not null and opens_at = ${at}::timestamptz
        and place = (select place from held where user_id is null)
      returning place
    )
    select coalesce((select place from held), (select place from added))::int as place`);
  const rows = (result as unknown as { rows: { place: number | null }[] }).rows;
  return rows[0]?.place ?? null;
}

const errorCode = (error: unknown) =>
  (error as { cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;

export type Admission =
  | { state: "waiting" }
  | { state: "in"; admittedAt: Date }
  /** Let in, but held by another account than the caller's. */
  | { state: "someone-else" }
  | { state: "unknown" };

/**
 * Whether `place` is let in; the first time it is seen so, when (its window runs from then), and
 * the account that holds it from now on (a family may have waited before signing in).
 */
export async function admission(
  db: Db,
  opensAt: Date,
  place: number,
  userId: string | null,
  now: Date,
): Promise<Admission> {
  return transaction(db, async (tx) => {
    const [row] = await tx
      .select({
        userId: waitingRoomPlaces.userId,
        admittedAt: waitingRoomPlaces.admittedAt,
        inNow: sql<boolean>`${waitingRoomPlaces.place} <= floor(${waitingRooms.admitted})`.mapWith(Boolean),
      })
      .from(waitingRoomPlaces)
      .innerJoin(waitingRooms, eq(waitingRooms.opensAt, waitingRoomPlaces.opensAt))
      .where(and(eq(waitingRoomPlaces.opensAt, opensAt), eq(waitingRoomPlaces.place, place)))
      .for("update", { of: waitingRoomPlaces });
    if (!row) return { state: "unknown" };
    if (!row.inNow && !row.admittedAt) return { state: "waiting" };
    if (userId && row.userId && row.userId !== userId) return { state: "someone-else" };
    if (userId && !row.userId) {
      // The account's one place: if it already holds another in this line, that one is its own.
      const [other] = await tx
        .select({ place: waitingRoomPlaces.place })
        .from(waitingRoomPlaces)
        .where(and(eq(waitingRoomPlaces.opensAt, opensAt), eq(waitingRoomPlaces.userId, userId)));
      if (other) return { state: "someone-else" };
    }
    // Told before, and nothing to bind: asked again, nothing to write.
    if (row.admittedAt && (row.userId || !userId)) return { state: "in", admittedAt: row.admittedAt };
    const admittedAt = row.admittedAt ?? now;
    await tx
      .update(waitingRoomPlaces)
      .set({ admittedAt, ...(userId && !row.userId && { userId }) })
      .where(and(eq(waitingRoomPlaces.opensAt, opensAt), eq(waitingRoomPlaces.place, place)));
    return { state: "in", admittedAt };
  });
}

/** Says this process's load, for the pacing (one row per process, written over). */
export async function sayLoad(db: Db, process: string, sample: LoadSample, now: Date): Promise<void> {
  const values = { pressure: sample.pressure, refused: sample.refused, at: now };
  await db
    .insert(waitingRoomLoad)
    .values({ process, ...values })
    .onConflictDoUpdate({ target: waitingRoomLoad.process, set: values });
}

/** Words older than this are not read: their process has stopped or is too busy to say. */
const LOAD_FRESH_MS = 3_000;
/** The least time between two passes of one room, whichever processes make them. */
export const PASS_MS = 900;

/**
 * One pass of a room's pacing, by whichever process gets to it first after PASS_MS: the rate
 * from every process's load, more places let in (from the opening on), and the room ended once
 * its line stayed empty `quietSeconds` or it ran `longestMinutes`. Answers whether it made one.
 */
export async function pace(db: Db, config: WaitingRoomConfig, opensAt: Date, now: Date): Promise<boolean> {
  return transaction(db, async (tx) => {
    // A room nobody has joined yet is paced too, so it ends once the opening has passed quietly.
    const room = await lockRoom(tx, config, opensAt, now);
    if (!room || room.endedAt || now.getTime() - room.pacedAt.getTime() < PASS_MS) return false;
    const opening = opensAt.getTime();
    let { admitted, ratePerSecond, cutAt } = room;
    if (now.getTime() > opening) {
      const since = Math.max(room.pacedAt.getTime(), opening);
      admitted = admitMore(room, ratePerSecond, (now.getTime() - since) / 1000);
      // The rate is learnt only while families wait: an empty line says nothing of what is served.
      if (room.admitted < room.lastPlace) {
        const samples = await tx
          .select({ pressure: waitingRoomLoad.pressure, refused: waitingRoomLoad.refused })
          .from(waitingRoomLoad)
          .where(gt(waitingRoomLoad.at, new Date(now.getTime() - LOAD_FRESH_MS)));
        const sinceCut = cutAt ? now.getTime() - cutAt.getTime() : Number.POSITIVE_INFINITY;
        const next = nextRate(ratePerSecond, samples, config.pacing, sinceCut);
        if (next < ratePerSecond) cutAt = now;
        ratePerSecond = next;
      }
    }
    const quietSince = Math.max(opening, room.lastJoinAt?.getTime() ?? 0);
    const ended =
      now.getTime() >= opening &&
      ((Math.floor(admitted) >= room.lastPlace && now.getTime() - quietSince >= config.quietSeconds * 1000) ||
        now.getTime() - opening >= config.longestMinutes * 60_000);
    await tx
      .update(waitingRooms)
      .set({ admitted, ratePerSecond, cutAt, pacedAt: now, ...(ended && { endedAt: now }) })
      .where(eq(waitingRooms.opensAt, opensAt));
    return true;
  });
}
