import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { family, lineClass } from "../../test/families.js";
import { ADMIN, clockDay, JONAS, MAYA, useTestApi } from "../../test/harness.js";
import { academyToday } from "../platform/academy-day.js";
import { nowMs, setClock } from "../platform/clock.js";
import { attendanceActions, pickupPeople, sensitiveReads } from "../platform/database/schema.js";
import { WRONG_PINS } from "./attendance.js";
import { campDaySteps } from "../../test/camp-day-steps.js";

/** Camp days through the API, on PGlite and PostgreSQL: pick-up people and their PINs, then a class's day. */
const api = useTestApi({ RATE_LIMIT_FORMS: "1000", RATE_LIMIT_SENSITIVE: "1000" });

const { academyAt, clockAt, act, todaysClass, clientId } = campDaySteps(api);

describe("pick-up people", () => {
  it("a family adds a person for one camper and sees the PIN once; it is kept hashed, renewed and removed", async () => {
    const parent = await family(api, ["Mia", "Leo"]);
    const [mia] = parent.kids;
    const empty = await api.call({ method: "GET", url: "/pickup", as: parent });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toMatchObject({
      season: Number(academyToday().slice(0, 4)),
      guardians: [{ position: 1, name: "Ana Parent", pin: null }],
      campers: [
        { name: `Mia ${parent.lastName}`, may_leave_alone: false, people: [] },
        { name: `Leo ${parent.lastName}`, people: [] },
      ],
    });

    const bad = await api.call({
      method: "POST",
      url: "/pickup/people",
      as: parent,
      payload: { camper_id: mia, name: " ", relation: "grandmother", phone: "call me" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      name: "Full name is required",
      phone: expect.stringMatching(/^Enter a phone/),
    });

    const added = await api.call({
      method: "POST",
      url: "/pickup/people",
      as: parent,
      payload: {
        camper_id: mia,
        name: "Rosa Parent",
        relation: "grandmother",
        phone: "+1 555 0111",
        email: "Rosa@Example.com",
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const { person, pin } = added.json();
    expect(pin).toMatch(/^[0-9]{6}$/);
    expect(person).toMatchObject({ camper_id: mia, guardian_position: null, email: "rosa@example.com", current: true });
    const [kept] = await api.database.db.select().from(pickupPeople).where(eq(pickupPeople.id, person._id));
    expect(kept!.pinHash).toMatch(/^scrypt\$/);
    expect(kept!.pinHash).not.toContain(pin);
    // Shown once: the family's list never holds it again.
    expect(JSON.stringify((await api.call({ method: "GET", url: "/pickup", as: parent })).json())).not.toContain(pin);

    // Another family cannot add to, renew or remove this family's.
    const other = await family(api, ["Zoe"]);
    const foreign = await api.call({
      method: "POST",
      url: "/pickup/people",
      as: other,
      payload: { camper_id: mia, name: "Eve", relation: "aunt", phone: "555 0199" },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await api.call({ method: "POST", url: `/pickup/people/${person._id}/renew`, as: other })).statusCode).toBe(
      404,
    );
    expect((await api.call({ method: "DELETE", url: `/pickup/people/${person._id}`, as: other })).statusCode).toBe(404);

    const renewed = await api.call({ method: "POST", url: `/pickup/people/${person._id}/renew`, as: parent });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().pin).toMatch(/^[0-9]{6}$/);

    const guardian = await api.call({ method: "POST", url: "/pickup/guardians/1/pin", as: parent });
    expect(guardian.statusCode, guardian.body).toBe(201);
    expect(guardian.json().person).toMatchObject({ camper_id: null, guardian_position: 1, name: "Ana Parent" });
    expect((await api.call({ method: "POST", url: "/pickup/guardians/2/pin", as: parent })).statusCode).toBe(409);

    const alone = await api.call({
      method: "PUT",
      url: `/pickup/campers/${mia}`,
      as: parent,
      payload: { may_leave_alone: true },
    });
    expect(alone.statusCode, alone.body).toBe(200);
    expect(alone.json().campers[0]).toMatchObject({ may_leave_alone: true, people: [{ name: "Rosa Parent" }] });
    expect(alone.json().guardians[0].pin).toMatchObject({ guardian_position: 1 });

    expect((await api.call({ method: "DELETE", url: `/pickup/people/${person._id}`, as: parent })).statusCode).toBe(
      204,
    );
    expect((await api.call({ method: "GET", url: "/pickup", as: parent })).json().campers[0].people).toEqual([]);
    // Staff have no family pick-up list of their own to keep.
    expect((await api.call({ method: "GET", url: "/pickup", as: MAYA })).statusCode).toBe(403);
  });
});

describe("a class's day", () => {
  it("lists today's classes for their coach and every class for an admin, each camper read recorded", async () => {
    clockAt("08:55");
    const parent = await family(api, ["Ava"]);
    const cls = await todaysClass(parent);
    const elsewhere = await lineClass(api, 5, { startDate: clockDay(1), endDate: clockDay(5) });

    const today = await api.call({ method: "GET", url: "/today", as: MAYA });
    expect(today.statusCode, today.body).toBe(200);
    expect(today.json().day).toBe(academyToday());
    const mine = today.json().classes.find((c: { _id: string }) => c._id === cls);
    expect(mine).toMatchObject({
      start_time: "09:00",
      end_time: "12:00",
      instructor_name: expect.any(String),
      campers: [
        {
          _id: parent.kids[0],
          name: `Ava ${parent.lastName}`,
          photo_consent: false,
          medical_flag: false,
          forms: "none",
          attendance: { state: null },
          not_here_yet: false,
        },
      ],
    });
    expect(today.json().classes.some((c: { _id: string }) => c._id === elsewhere)).toBe(false);
    const reads = await api.database.db
      .select()
      .from(sensitiveReads)
      .where(and(eq(sensitiveReads.camperId, parent.kids[0]!), eq(sensitiveReads.reason, "today")));
    expect(reads).toHaveLength(1);
    // Asked again all day: the read stays recorded once a day for this reader and class.
    await api.call({ method: "GET", url: "/today", as: MAYA });
    const again = await api.database.db
      .select()
      .from(sensitiveReads)
      .where(and(eq(sensitiveReads.camperId, parent.kids[0]!), eq(sensitiveReads.reason, "today")));
    expect(again).toHaveLength(1);

    const jonas = (await api.call({ method: "GET", url: "/today", as: JONAS })).json();
    expect(jonas.classes.some((c: { _id: string }) => c._id === cls)).toBe(false);
    const admin = (await api.call({ method: "GET", url: "/today", as: ADMIN })).json();
    expect(admin.classes.some((c: { _id: string }) => c._id === cls)).toBe(true);
    expect((await api.call({ method: "GET", url: "/today", as: parent })).statusCode).toBe(403);

    // Half an hour after the start, a camper with nothing recorded is listed as not here yet.
    clockAt("09:31");
    const later = (await api.call({ method: "GET", url: "/today", as: MAYA })).json();
    expect(later.classes.find((c: { _id: string }) => c._id === cls).campers[0].not_here_yet).toBe(true);

    // Only a class that meets today, a camper with a seat, the class's own coach.
    const ava = parent.kids[0]!;
    expect((await act(MAYA, elsewhere, { camper_id: ava, action: "check_in" })).statusCode).toBe(409);
    const stranger = await family(api, ["Ivy"]);
    expect((await act(MAYA, cls, { camper_id: stranger.kids[0], action: "check_in" })).statusCode).toBe(404);
    expect((await act(JONAS, cls, { camper_id: ava, action: "check_in" })).statusCode).toBe(403);
    expect((await act(parent, cls, { camper_id: ava, action: "check_in" })).statusCode).toBe(403);
  });

  it("checks in once whoever sends it and however often, marks absent, undoes the last action", async () => {
    clockAt("09:05");
    const parent = await family(api, ["Ben", "Cal"]);
    const [ben, cal] = parent.kids as [string, string];
    const cls = await todaysClass(parent);

    const once = { camper_id: ben, action: "check_in", client_id: clientId() };
    const first = await api.call({ method: "POST", url: `/classes/${cls}/attendance`, as: MAYA, payload: once });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ outcome: "done", day: { state: "in", checked_in_by: "Maya Torres" } });
    // At the API clock's time (09:05 at the academy), not the machine's.
    expect(Math.abs(Date.parse(first.json().day.checked_in_at) - academyAt("09:05").getTime())).toBeLessThan(60_000);
    // The phone sends it again (the answer was lost): done once.
    const again = await api.call({ method: "POST", url: `/classes/${cls}/attendance`, as: MAYA, payload: once });
    expect(again.json().outcome).toBe("replayed");
    // An admin checks the same camper in meanwhile: nothing changes.
    const admin = await act(ADMIN, cls, { camper_id: ben, action: "check_in" });
    expect(admin.json()).toMatchObject({ outcome: "already", day: { checked_in_by: "Maya Torres" } });
    const actions = await api.database.db.select().from(attendanceActions).where(eq(attendanceActions.camperId, ben));
    expect(actions.map((a) => a.action)).toEqual(["check_in"]);
    // The same id for another camper is refused, not taken as done.
    const reused = await api.call({
      method: "POST",
      url: `/classes/${cls}/attendance`,
      as: MAYA,
      payload: { ...once, camper_id: cal },
    });
    expect(reused.statusCode).toBe(409);

    const absentAfterIn = await act(MAYA, cls, { camper_id: ben, action: "absent" });
    expect(absentAfterIn.statusCode).toBe(409);
    expect(absentAfterIn.json().message).toMatch(/^Checked in at 9:05 AM: undo that first/);
    const undone = await act(MAYA, cls, { camper_id: ben, action: "undo" });
    expect(undone.json()).toMatchObject({ outcome: "done", day: { state: null, checked_in_at: null } });
    expect((await act(MAYA, cls, { camper_id: ben, action: "undo" })).statusCode).toBe(409);

    const absent = await act(MAYA, cls, { camper_id: cal, action: "absent" });
    expect(absent.json()).toMatchObject({ outcome: "done", day: { state: "absent" } });
    // Arrived after all: checked in over the absence, and undo puts the absence back.
    expect((await act(MAYA, cls, { camper_id: cal, action: "check_in" })).json().day.state).toBe("in");
    expect((await act(MAYA, cls, { camper_id: cal, action: "undo" })).json().day).toMatchObject({ state: "absent" });
  });

  it("checks out only with a person's PIN, alone where the family allows it, or an admin's override with a note", async () => {
    clockAt("09:00");
    const parent = await family(api, ["Dee", "Eli", "Fay"]);
    const [dee, eli, fay] = parent.kids as [string, string, string];
    const cls = await todaysClass(parent);
    const rosa = (
      await api.call({
        method: "POST",
        url: "/pickup/people",
        as: parent,
        payload: { camper_id: dee, name: "Rosa Parent", relation: "grandmother", phone: "+1 555 0111" },
      })
    ).json();
    const guardian = (await api.call({ method: "POST", url: "/pickup/guardians/1/pin", as: parent })).json();
    for (const camper_id of parent.kids)
      expect((await act(MAYA, cls, { camper_id, action: "check_in" })).statusCode).toBe(200);

    const wrongPin = rosa.pin === "000000" ? "000001" : "000000";
    const out = (camper_id: string, departure: object, as = MAYA) =>
      act(as, cls, { camper_id, action: "check_out", departure });
    expect((await act(MAYA, cls, { camper_id: dee, action: "check_out" })).statusCode).toBe(400);
    const wrong = await out(dee, { kind: "pickup", person_id: rosa.person._id, pin: wrongPin });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.pin).toMatch(/^Wrong PIN/);
    // Rosa collects Dee only: her PIN is no use for Eli.
    expect((await out(eli, { kind: "pickup", person_id: rosa.person._id, pin: rosa.pin })).statusCode).toBe(409);

    // The team's day ends at noon; collected at 12:20, Dee was a late pick-up until then.
    clockAt("12:20");
    const late = (await api.call({ method: "GET", url: "/today", as: MAYA })).json();
    expect(
      late.classes
        .find((c: { _id: string }) => c._id === cls)
        .campers.filter((c: { late_pickup: boolean }) => c.late_pickup),
    ).toHaveLength(3);

    const collected = await out(dee, { kind: "pickup", person_id: rosa.person._id, pin: rosa.pin });
    expect(collected.statusCode, collected.body).toBe(200);
    expect(collected.json().day).toMatchObject({
      state: "out",
      departure: "pickup",
      collected_by: "Rosa Parent (grandmother)",
      checked_out_by: "Maya Torres",
    });
    const twice = await out(dee, { kind: "pickup", person_id: rosa.person._id, pin: rosa.pin }, ADMIN);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("Already checked out at 12:20 PM, collected by Rosa Parent (grandmother).");
    const counted = await api.database.db.select().from(attendanceActions).where(eq(attendanceActions.camperId, dee));
    expect(counted.map((a) => a.action)).toEqual(["check_in", "wrong_pin", "check_out"]);

    // A guardian's PIN collects any of the family's campers.
    expect(
      (await out(eli, { kind: "pickup", person_id: guardian.person._id, pin: guardian.pin })).json().day,
    ).toMatchObject({
      departure: "guardian",
      collected_by: "Ana Parent (mother)",
    });

    // Alone only where the family said so; an override is an admin's, with a note.
    expect((await out(fay, { kind: "alone" })).statusCode).toBe(409);
    expect((await out(fay, { kind: "override", note: "Aunt, known to the office" })).statusCode).toBe(403);
    expect((await out(fay, { kind: "override", note: "  " }, ADMIN)).statusCode).toBe(400);
    const override = await out(fay, { kind: "override", note: "Aunt Jo, called the office first" }, ADMIN);
    expect(override.json().day).toMatchObject({
      departure: "override",
      override_note: "Aunt Jo, called the office first",
    });
    await api.call({ method: "PUT", url: `/pickup/campers/${fay}`, as: parent, payload: { may_leave_alone: true } });
    await act(ADMIN, cls, { camper_id: fay, action: "undo" });
    expect((await out(fay, { kind: "alone" })).json().day).toMatchObject({ departure: "alone", collected_by: null });
  });

  it("refuses a person not confirmed this season, and stops PINs after too many wrong ones", async () => {
    clockAt("11:00");
    const parent = await family(api, ["Gus"]);
    const gus = parent.kids[0]!;
    const cls = await todaysClass(parent);
    const added = (
      await api.call({
        method: "POST",
        url: "/pickup/people",
        as: parent,
        payload: { camper_id: gus, name: "Hal Friend", relation: "neighbour", phone: "555 0123" },
      })
    ).json();
    await act(MAYA, cls, { camper_id: gus, action: "check_in" });
    const out = (pin: string, as = MAYA) =>
      act(as, cls, {
        camper_id: gus,
        action: "check_out",
        departure: { kind: "pickup", person_id: added.person._id, pin },
      });

    await api.database.db
      .update(pickupPeople)
      .set({ confirmedSeason: added.person.confirmed_season - 1 })
      .where(eq(pickupPeople.id, added.person._id));
    const stale = await out(added.pin);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe("The family has not confirmed Hal Friend for this season.");
    const today = (await api.call({ method: "GET", url: "/today", as: MAYA })).json();
    expect(today.classes.find((c: { _id: string }) => c._id === cls).campers[0].pickup_people).toEqual([]);
    const renewed = (
      await api.call({ method: "POST", url: `/pickup/people/${added.person._id}/renew`, as: parent })
    ).json();

    const wrongPin = renewed.pin === "111111" ? "222222" : "111111";
    for (let i = 0; i < WRONG_PINS.most; i++) expect((await out(wrongPin)).statusCode).toBe(400);
    const stopped = await out(renewed.pin);
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().message).toMatch(/ask an admin to check the camper out/);
    // A quarter of an hour on, the right PIN works again.
    setClock(new Date(nowMs() + WRONG_PINS.windowMinutes * 60_000 + 1_000));
    expect((await out(renewed.pin)).json().day).toMatchObject({ state: "out", collected_by: "Hal Friend (neighbour)" });
  });
});
