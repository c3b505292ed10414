import { and, count, desc, eq, gte, inArray, isNull, notInArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Actor } from "../platform/access/permissions.js";
import { nowMs } from "../platform/clock.js";
import type { Db, Tx } from "../platform/database/client.js";
import {
  attendance,
  absenceReports,
  attendanceActions,
  camperDepartures,
  campers,
  classes,
  pickupPeople,
  users,
  type AttendanceAction,
} from "../platform/database/schema.js";
import { ApiError, badRequest, conflict, forbidden } from "../platform/errors.js";
import { enqueueCamperAbsent } from "../notifications/index.js";
import { pinMatches } from "./pins.js";
import { currentSeason } from "./pickup.js";
import type { AttendanceActionBody, CampDayWire } from "./wire.js";

/**
 * A camper's day in a class: check in, mark absent, check out (with who collects), undo. Each
 * change happens under the day's row lock, so two coaches acting at once make one record; each is
 * an `attendance_actions` row with the phone's own id, so an action sent twice is done once.
 */

type Row = typeof attendance.$inferSelect;
/** The facts of a day an action changes, and an undo puts back. */
type Facts = Pick<
  Row,
  | "state"
  | "checkedInAt"
  | "checkedInBy"
  | "absentAt"
  | "checkedOutAt"
  | "checkedOutBy"
  | "departure"
  | "collectedBy"
  | "pickupPersonId"
  | "overrideNote"
>;
const EMPTY: Facts = {
  state: null,
  checkedInAt: null,
  checkedInBy: null,
  absentAt: null,
  checkedOutAt: null,
  checkedOutBy: null,
  departure: null,
  collectedBy: null,
  pickupPersonId: null,
  overrideNote: null,
};

const factsOf = (row: Row): Facts => ({
  state: row.state,
  checkedInAt: row.checkedInAt,
  checkedInBy: row.checkedInBy,
  absentAt: row.absentAt,
  checkedOutAt: row.checkedOutAt,
  checkedOutBy: row.checkedOutBy,
  departure: row.departure,
  collectedBy: row.collectedBy,
  pickupPersonId: row.pickupPersonId,
  overrideNote: row.overrideNote,
});

/** Facts as kept in an action's `before` (JSON: instants as ISO strings). */
const toJson = (f: Facts) => ({
  ...f,
  checkedInAt: f.checkedInAt?.toISOString() ?? null,
  absentAt: f.absentAt?.toISOString() ?? null,
  checkedOutAt: f.checkedOutAt?.toISOString() ?? null,
});
const fromJson = (j: ReturnType<typeof toJson>): Facts => ({
  ...j,
  checkedInAt: j.checkedInAt ? new Date(j.checkedInAt) : null,
  absentAt: j.absentAt ? new Date(j.absentAt) : null,
  checkedOutAt: j.checkedOutAt ? new Date(j.checkedOutAt) : null,
});

/** Wrong PINs for one camper within this window, at most: then only an admin's override checks them out. */
export const WRONG_PINS = { most: 5, windowMinutes: 15 } as const;

const checkedIn = alias(users, "checked_in_staff");
const checkedOut = alias(users, "checked_out_staff");

/** The days of these campers in a class, as the wire says them (staff named). */
export async function campDays(
  db: Db | Tx,
  classId: string,
  day: string,
  camperIds: string[],
): Promise<Map<string, CampDayWire>> {
  return (await campDaysOver(db, classId, [day], camperIds)).get(day)!;
}

/** The same for several days of the class at once, in one query: each day's campers by id. */
export async function campDaysOver(
  db: Db | Tx,
  classId: string,
  days: readonly string[],
  camperIds: string[],
): Promise<Map<string, Map<string, CampDayWire>>> {
  const found = new Map(days.map((day) => [day, new Map<string, CampDayWire>()]));
  const rows =
    camperIds.length === 0 || days.length === 0
      ? []
      : await db
          .select({ row: attendance, inBy: checkedIn.name, outBy: checkedOut.name })
          .from(attendance)
          .leftJoin(checkedIn, eq(checkedIn.id, attendance.checkedInBy))
          .leftJoin(checkedOut, eq(checkedOut.id, attendance.checkedOutBy))
          .where(
            and(
              eq(attendance.classId, classId),
              inArray(attendance.day, [...days]),
              inArray(attendance.camperId, camperIds),
            ),
          );
  for (const { row, inBy, outBy } of rows) {
    found.get(row.day)?.set(row.camperId, {
      camper_id: row.camperId,
      day: row.day,
      state: row.state,
      checked_in_at: row.checkedInAt?.toISOString() ?? null,
      checked_in_by: row.checkedInAt ? (inBy ?? "a former member of staff") : null,
      absent_at: row.absentAt?.toISOString() ?? null,
      checked_out_at: row.checkedOutAt?.toISOString() ?? null,
      checked_out_by: row.checkedOutAt ? (outBy ?? "a former member of staff") : null,
      departure: row.departure,
      collected_by: row.collectedBy,
      override_note: row.overrideNote,
    });
  }
  for (const [day, ofDay] of found) {
    for (const camperId of camperIds) if (!ofDay.has(camperId)) ofDay.set(camperId, { ...blankDay(camperId, day) });
  }
  return found;
}

export const blankDay = (camperId: string, day: string): CampDayWire => ({
  camper_id: camperId,
  day,
  state: null,
  checked_in_at: null,
  checked_in_by: null,
  absent_at: null,
  checked_out_at: null,
  checked_out_by: null,
  departure: null,
  collected_by: null,
  override_note: null,
});

const time = (d: Date) =>
  d.toLocaleTimeString("en-US", { timeZone: "America/Los_Angeles", hour: "numeric", minute: "2-digit" });

/** What a refused action says; a wrong PIN is kept even though the action is refused. */
type Outcome = { outcome: "done" | "already" | "replayed" } | { refused: ApiError };

/**
 * Does one action on a camper's day in a class (the caller checked that the actor may, that the
 * class meets today and that the camper holds a seat in it). Answers how it went; a refusal comes
 * back as `refused` so that what must be kept of it (a wrong PIN, counted) is committed first.
 */
export async function act(
  tx: Tx,
  actor: Pick<Actor, "id" | "role">,
  seat: { classId: string; camperId: string; familyId: string; day: string },
  body: AttendanceActionBody,
): Promise<Outcome> {
  const key = { classId: seat.classId, camperId: seat.camperId, day: seat.day };
  await tx.insert(attendance).values(key).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(attendance)
    .where(and(eq(attendance.classId, key.classId), eq(attendance.camperId, key.camperId), eq(attendance.day, key.day)))
    .for("update");
  // Under the day's lock: the same action sent again (a retry, a queue sent twice) is found here.
  const [earlier] = await tx
    .select({
      classId: attendanceActions.classId,
      camperId: attendanceActions.camperId,
      action: attendanceActions.action,
    })
    .from(attendanceActions)
    .where(and(eq(attendanceActions.actorId, actor.id), eq(attendanceActions.clientId, body.client_id)));
  if (earlier) {
    if (earlier.classId !== key.classId || earlier.camperId !== key.camperId)
      return { refused: conflict("This action's id was used for another camper: send it with a new id.") };
    return { outcome: "replayed" };
  }
  const before = factsOf(row!);
  const now = new Date(nowMs());
  const record = (action: AttendanceAction, extra: { undoes?: string } = {}) =>
    tx.insert(attendanceActions).values({
      ...key,
      action,
      actorId: actor.id,
      clientId: body.client_id,
      before: action === "wrong_pin" ? null : toJson(before),
      at: now,
      ...extra,
    });
  const change = async (facts: Partial<Facts>, action: AttendanceAction) => {
    await tx
      .update(attendance)
      .set({ ...facts, updatedAt: now })
      .where(
        and(eq(attendance.classId, key.classId), eq(attendance.camperId, key.camperId), eq(attendance.day, key.day)),
      );
    await record(action);
    return { outcome: "done" as const };
  };

  switch (body.action) {
    case "check_in": {
      if (before.state === "in") return { outcome: "already" };
      if (before.state === "out")
        return { refused: conflict(`Already checked out at ${time(before.checkedOutAt!)}: undo that first.`) };
      return change({ state: "in", checkedInAt: now, checkedInBy: actor.id, absentAt: null }, "check_in");
    }
    case "absent": {
      if (before.state === "absent") return { outcome: "already" };
      if (before.state !== null)
        return { refused: conflict(`Checked in at ${time(before.checkedInAt!)}: undo that first to mark absent.`) };
      const done = await change({ state: "absent", absentAt: now }, "absent");
      // In the same transaction: the family hears of it exactly when the absence is recorded.
      await tellFamilyUnlessReported(tx, seat, now);
      return done;
    }
    case "check_out": {
      if (before.state === "out")
        return {
          refused: conflict(
            `Already checked out at ${time(before.checkedOutAt!)}${before.collectedBy ? `, collected by ${before.collectedBy}` : ""}.`,
          ),
        };
      if (before.state !== "in") return { refused: conflict("Check the camper in before checking them out.") };
      const departure = body.departure;
      if (!departure) return { refused: badRequest("Say who is collecting the camper.") };
      const out = { state: "out" as const, checkedOutAt: now, checkedOutBy: actor.id };
      if (departure.kind === "override") {
        if (actor.role !== "admin")
          return { refused: forbidden("Only an admin can check a camper out without a PIN.") };
        return change({ ...out, departure: "override", overrideNote: departure.note }, "check_out");
      }
      if (departure.kind === "alone") {
        const [leaves] = await tx
          .select({ alone: camperDepartures.mayLeaveAlone })
          .from(camperDepartures)
          .where(eq(camperDepartures.camperId, key.camperId));
        if (!leaves?.alone)
          return {
            refused: conflict("The family has not said this camper may leave alone: someone must collect them."),
          };
        return change({ ...out, departure: "alone" }, "check_out");
      }
      const [wrong] = await tx
        .select({ n: count() })
        .from(attendanceActions)
        .where(
          and(
            eq(attendanceActions.classId, key.classId),
            eq(attendanceActions.camperId, key.camperId),
            eq(attendanceActions.action, "wrong_pin"),
            gte(attendanceActions.at, new Date(nowMs() - WRONG_PINS.windowMinutes * 60_000)),
          ),
        );
      if ((wrong?.n ?? 0) >= WRONG_PINS.most)
        return {
          refused: new ApiError(
            429,
            `${WRONG_PINS.most} wrong PINs in ${WRONG_PINS.windowMinutes} minutes: ask an admin to check the camper out.`,
          ),
        };
      const [person] = await tx
        .select()
        .from(pickupPeople)
        .where(
          and(
            eq(pickupPeople.id, departure.person_id),
            eq(pickupPeople.familyId, seat.familyId),
            isNull(pickupPeople.removedAt),
            sql`(${pickupPeople.camperId} is null or ${pickupPeople.camperId} = ${key.camperId})`,
          ),
        );
      if (!person) return { refused: conflict("This person may not collect this camper.") };
      if (person.confirmedSeason !== currentSeason())
        return { refused: conflict(`The family has not confirmed ${person.name} for this season.`) };
      if (!(await pinMatches(departure.pin, person.pinHash))) {
        await record("wrong_pin");
        const message = "Wrong PIN: check it with the person collecting and try again.";
        return { refused: badRequest(message, { pin: message }) };
      }
      return change(
        {
          ...out,
          departure: person.guardianPosition === null ? "pickup" : "guardian",
          collectedBy: `${person.name} (${person.relation})`,
          pickupPersonId: person.id,
        },
        "check_out",
      );
    }
    case "undo": {
      const [last] = await tx
        .select({ id: attendanceActions.id, before: attendanceActions.before })
        .from(attendanceActions)
        .where(
          and(
            eq(attendanceActions.classId, key.classId),
            eq(attendanceActions.camperId, key.camperId),
            eq(attendanceActions.day, key.day),
            notInArray(attendanceActions.action, ["undo", "wrong_pin"]),
            isNull(attendanceActions.undoneAt),
          ),
        )
        .orderBy(desc(attendanceActions.at), desc(attendanceActions.id))
        .limit(1);
      if (!last) return { refused: conflict("Nothing to undo for this camper today.") };
      await tx.update(attendanceActions).set({ undoneAt: now }).where(eq(attendanceActions.id, last.id));
      await tx
        .update(attendance)
        .set({ ...(last.before ? fromJson(last.before as ReturnType<typeof toJson>) : EMPTY), updatedAt: now })
        .where(
          and(eq(attendance.classId, key.classId), eq(attendance.camperId, key.camperId), eq(attendance.day, key.day)),
        );
      await record("undo", { undoes: last.id });
      return { outcome: "done" };
    }
  }
}

/**
 * A camper marked absent whom the family had not reported absent: the family is e-mailed (through
 * the outbox, once per class, camper and day, whatever is undone and marked again).
 */
async function tellFamilyUnlessReported(
  tx: Tx,
  seat: { classId: string; camperId: string; familyId: string; day: string },
  at: Date,
): Promise<void> {
  const [reported] = await tx
    .select({ id: absenceReports.id })
    .from(absenceReports)
    .where(
      and(
        eq(absenceReports.classId, seat.classId),
        eq(absenceReports.camperId, seat.camperId),
        eq(absenceReports.day, seat.day),
      ),
    );
  if (reported) return;
  const [found] = await tx
    .select({
      email: users.email,
      familyName: users.name,
      camperName: sql<string>`case when ${campers.isSelf} then ${users.name} else ${campers.firstName} end`,
      className: classes.name,
    })
    .from(campers)
    .innerJoin(users, eq(users.id, campers.familyId))
    .innerJoin(classes, eq(classes.id, seat.classId))
    .where(eq(campers.id, seat.camperId));
  if (!found) return;
  await enqueueCamperAbsent(
    tx,
    found.email,
    {
      familyName: found.familyName,
      camperName: found.camperName,
      className: found.className,
      day: seat.day,
      markedAt: at.toISOString(),
    },
    seat,
  );
}
