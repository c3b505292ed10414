import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { family, lineClass } from "../../test/families.js";
import { ADMIN, clockDay, driverName, MAYA, pause, staggered, useTwoTestApis } from "../../test/harness.js";
import { attendance, attendanceActions, enrollments } from "../platform/database/schema.js";

/**
 * "Check in unless already in" and "check out unless already out" read and then write: two coaches
 * on two API processes (one PostgreSQL, a pool each) act on one camper at the same instant. One
 * record, every round; and over the rounds each side wins at least once, so the requests did race.
 * PGlite runs one transaction at a time, so this runs on PostgreSQL only.
 */
describe.runIf(driverName === "postgres")("two coaches on one camper at once", () => {
  const ROUNDS = 10;
  const { a, b } = useTwoTestApis({ RATE_LIMIT_SENSITIVE: "100000", RATE_LIMIT_FORMS: "100000" });
  const clientId = () => randomUUID().replaceAll("-", "");

  it("checking in and out from two phones: one check-in, one check-out, every round", async () => {
    const wins = { checkIn: new Set<string>(), checkOut: new Set<string>() };
    for (let round = 0; round < ROUNDS; round++) {
      const parent = await family(a, ["Rae"]);
      const camperId = parent.kids[0]!;
      const cls = await lineClass(a, 5, {
        startDate: clockDay(-1),
        endDate: clockDay(1),
        weekdays: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"],
      });
      await a.database.db.insert(enrollments).values({ studentId: parent.id, classId: cls, camperId });
      const person = (
        await a.call({
          method: "POST",
          url: "/pickup/people",
          as: parent,
          payload: { camper_id: camperId, name: "Ray Racer", relation: "uncle", phone: "555 0142" },
        })
      ).json();
      const { first, second } = staggered(round);
      const send = (api: typeof a, as: typeof MAYA, ms: number, body: object) =>
        pause(ms).then(() =>
          api.call({
            method: "POST",
            url: `/classes/${cls}/attendance`,
            as,
            payload: { camper_id: camperId, client_id: clientId(), ...body },
          }),
        );

      const ins = await Promise.all([
        send(a, MAYA, first, { action: "check_in" }),
        send(b, ADMIN, second, { action: "check_in" }),
      ]);
      expect(ins.map((r) => r.statusCode)).toEqual([200, 200]);
      const outcomes = ins.map((r) => r.json().outcome);
      expect(outcomes.sort(), `round ${round}`).toEqual(["already", "done"]);
      wins.checkIn.add(ins[0]!.json().outcome === "done" ? "a" : "b");

      const departure = { kind: "pickup", person_id: person.person._id, pin: person.pin };
      const outs = await Promise.all([
        send(a, MAYA, first, { action: "check_out", departure }),
        send(b, ADMIN, second, { action: "check_out", departure }),
      ]);
      expect(outs.map((r) => r.statusCode).sort(), `round ${round}: ${outs.map((r) => r.body).join(" | ")}`).toEqual([
        200, 409,
      ]);
      wins.checkOut.add(outs[0]!.statusCode === 200 ? "a" : "b");

      const actions = await a.database.db
        .select({ action: attendanceActions.action })
        .from(attendanceActions)
        .where(eq(attendanceActions.camperId, camperId));
      expect(actions.map((x) => x.action).sort()).toEqual(["check_in", "check_out"]);
      const days = await a.database.db.select().from(attendance).where(eq(attendance.camperId, camperId));
      expect(days).toHaveLength(1);
      expect(days[0]).toMatchObject({ state: "out", collectedBy: "Ray Racer (uncle)" });
    }
    // Each process won some rounds: the two requests really met.
    expect([...wins.checkIn].sort()).toEqual(["a", "b"]);
    expect([...wins.checkOut].sort()).toEqual(["a", "b"]);
  });

  it("one action sent to both processes at once (a retry racing the original): done once", async () => {
    const parent = await family(a, ["Sol"]);
    const camperId = parent.kids[0]!;
    const cls = await lineClass(a, 5, {
      startDate: clockDay(0),
      endDate: clockDay(0),
      weekdays: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"],
    });
    await a.database.db.insert(enrollments).values({ studentId: parent.id, classId: cls, camperId });
    const payload = { camper_id: camperId, action: "check_in", client_id: clientId() };
    const both = await Promise.all(
      [a, b].map((api) => api.call({ method: "POST", url: `/classes/${cls}/attendance`, as: MAYA, payload })),
    );
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.map((r) => r.json().outcome).sort()).toEqual(["done", "replayed"]);
    const actions = await a.database.db
      .select()
      .from(attendanceActions)
      .where(eq(attendanceActions.camperId, camperId));
    expect(actions).toHaveLength(1);
  });
});
