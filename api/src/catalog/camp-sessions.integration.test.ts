import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { academyToday } from "../platform/academy-day.js";
import { now } from "../platform/clock.js";
import { seedSummer } from "../seed/index.js";
import { ADMIN, classId, clockDay, LEE, MAYA, SAM, seedDay, useTestApi } from "../../test/harness.js";

const api = useTestApi();

const session = {
  sport: "tennis",
  start_date: seedDay("2027-07-05"),
  end_date: seedDay("2027-07-16"),
  weekdays: ["fri", "mon", "wed"],
  start_time: "09:00",
  end_time: "12:00",
  age_min: 8,
  age_max: 12,
  level: "beginner",
  location: "Court 4",
};
/** A class without any session field set, as the API answers it. */
const NO_SESSION = {
  sport: null,
  start_date: null,
  end_date: null,
  weekdays: [],
  start_time: null,
  end_time: null,
  age_min: null,
  age_max: null,
  level: null,
  location: null,
};
const SESSION_KEYS = Object.keys(NO_SESSION);
const newClass = {
  class_name: "Summer Tennis Camp",
  image: "https://example.com/t.png",
  available_seats: 10,
  price: 120,
};

const isoDay = clockDay;

async function create(payload: Record<string, unknown>) {
  return api.call({ method: "POST", url: "/classes", as: MAYA, payload: { ...newClass, ...payload } });
}
async function fieldsOf(payload: Record<string, unknown>, method: "POST" | "PATCH" = "POST") {
  const res =
    method === "POST"
      ? await create(payload)
      : await api.call({ method: "PATCH", url: `/classes/${classId(1)}`, as: ADMIN, payload });
  expect(res.statusCode).toBe(400);
  return res.json().fields as Record<string, string>;
}
async function approvedClass(payload: Record<string, unknown>) {
  const res = await create(payload);
  expect(res.statusCode).toBe(201);
  const id = res.json().insertedId as string;
  await api.call({ method: "PATCH", url: `/classes/${id}/status`, as: ADMIN, payload: { status: "approved" } });
  return id;
}
/**
 * A class whose dates the API would refuse (in the past): added with later dates, then moved
 * directly in the database, as the seed writes its classes.
 */
async function approvedClassOn(startDate: string, endDate: string) {
  const id = await approvedClass({ ...session, start_date: isoDay(30), end_date: isoDay(40) });
  await api.database.db.execute(
    sql`update classes set start_date = ${startDate}, end_date = ${endDate} where id = ${id}`,
  );
  return id;
}

describe("a class's camp session", () => {
  it("every seeded class has a session in the next summer, hours, ages, level and place, on every class call", async () => {
    const all = (await api.call({ method: "GET", url: "/admin/classes?size=100", as: ADMIN })).json().items;
    expect(all).toHaveLength(15);
    for (const c of all) {
      expect(c.sport).toEqual(expect.any(String));
      const summer = seedSummer(now());
      expect(c.start_date >= `${summer}-06-01` && c.end_date <= `${summer}-08-31` && c.start_date <= c.end_date).toBe(
        true,
      );
      expect(c.weekdays.length).toBeGreaterThan(0);
      expect(["09:00-12:00", "13:30-16:30"]).toContain(`${c.start_time}-${c.end_time}`);
      expect(c.age_min).toBeGreaterThanOrEqual(5);
      expect(c.age_max).toBeLessThanOrEqual(18);
      expect(c.age_min).toBeLessThanOrEqual(c.age_max);
      expect(["beginner", "intermediate", "advanced", "all"]).toContain(c.level);
      expect(c.location).toEqual(expect.any(String));
    }
    expect(new Set(all.map((c: { level: string }) => c.level)).size).toBe(4);
    expect(new Set(all.map((c: { age_min: number }) => c.age_min)).size).toBeGreaterThan(3);

    const one = (await api.call({ method: "GET", url: `/classes/${classId(1)}` })).json();
    expect(one).toMatchObject({
      sport: "soccer",
      start_date: seedDay("2027-07-05"),
      end_date: seedDay("2027-07-16"),
      weekdays: ["mon", "tue", "wed", "thu", "fri"],
      start_time: "09:00",
      end_time: "12:00",
      age_min: 8,
      age_max: 12,
      level: "beginner",
      location: "Field 2",
    });
    const lists = await Promise.all([
      api.call({ method: "GET", url: "/classes" }),
      api.call({ method: "GET", url: `/instructors/${MAYA.id}/classes` }),
      api.call({ method: "GET", url: `/myclasses?email=${MAYA.email}`, as: MAYA }),
    ]);
    const [pub, byInstructor, mine] = lists.map((r) => r.json());
    for (const list of [pub, byInstructor.classes, mine]) {
      const c = list.find((x: { _id: string }) => x._id === classId(1));
      for (const key of SESSION_KEYS) expect(c[key]).toEqual(one[key]);
    }
  });

  it("the cart and the enrolled classes carry the session too", async () => {
    const added = await api.call({ method: "POST", url: "/carts", as: LEE, payload: { classItemId: classId(3) } });
    expect(added.statusCode).toBe(201);
    expect(added.json().item).toMatchObject({ sport: "swimming", level: "advanced", location: "Pool" });
    const cart = (await api.call({ method: "GET", url: `/carts?email=${LEE.email}`, as: LEE })).json();
    expect(cart[0]).toMatchObject({
      classItemId: classId(3),
      email: LEE.email,
      start_date: seedDay("2027-07-12"),
      start_time: "09:00",
      age_min: 12,
    });
    expect(cart[0]._id).not.toBe(classId(3));
    await api.call({ method: "DELETE", url: `/carts/${cart[0]._id}`, as: LEE });
    const enrolled = await api.call({ method: "GET", url: `/enrolled?email=${SAM.email}`, as: SAM });
    expect(enrolled.statusCode).toBe(200);
    for (const c of enrolled.json()) for (const key of SESSION_KEYS) expect(c).toHaveProperty(key);
  });

  it("an instructor adds a class with its session (weekdays put in Monday-first order); old clients send none", async () => {
    const res = await create(session);
    expect(res.statusCode).toBe(201);
    const id = res.json().insertedId;
    const got = (await api.call({ method: "GET", url: `/classes/${id}`, as: MAYA })).json();
    expect(got).toMatchObject({ ...session, weekdays: ["mon", "wed", "fri"] });

    const old = await create({});
    expect(old.statusCode).toBe(201);
    const bare = (await api.call({ method: "GET", url: `/classes/${old.json().insertedId}`, as: MAYA })).json();
    expect(bare).toMatchObject(NO_SESSION);
  });

  it("refuses each bad field with its message", async () => {
    expect(
      await fieldsOf({
        ...session,
        sport: "quidditch",
        start_date: "2027-02-30",
        weekdays: ["mon", "someday"],
        start_time: "25:00",
        end_time: "9am",
        age_min: 4,
        age_max: 12.5,
        level: "expert",
        location: "x".repeat(121),
      }),
    ).toEqual({
      sport: "Choose a sport from the list",
      start_date: "Enter the first day of the session",
      "weekdays.1": "Pick at least one weekday",
      start_time: "Enter the daily start time",
      end_time: "Enter the daily end time",
      age_min: "Ages must be whole numbers from 5 to 18",
      age_max: "Ages must be whole numbers from 5 to 18",
      level: "Choose a level",
      location: "Place is at most 120 characters",
    });
    expect(await fieldsOf({ ...session, age_max: 19 })).toEqual({ age_max: "Ages must be whole numbers from 5 to 18" });
  });

  it("checks the rules across fields: last day, end time, age order", async () => {
    expect(
      await fieldsOf({ ...session, end_date: seedDay("2027-07-04"), end_time: "09:00", age_min: 12, age_max: 11 }),
    ).toEqual({
      end_date: "The last day cannot be before the first day",
      end_time: "The class must end after it starts",
      age_max: "The oldest age cannot be below the youngest",
    });
    // A one-day session and a one-age group are fine.
    const ok = await create({ ...session, end_date: session.start_date, age_min: 9, age_max: 9 });
    expect(ok.statusCode).toBe(201);
  });

  it("the schedule and the age range are all or nothing, on a new class and on an edit", async () => {
    for (const method of ["POST", "PATCH"] as const) {
      expect(await fieldsOf({ start_date: seedDay("2027-07-05"), age_min: 8 }, method)).toEqual({
        end_date: "Enter the last day of the session",
        weekdays: "Pick at least one weekday",
        start_time: "Enter the daily start time",
        end_time: "Enter the daily end time",
        age_max: "Ages must be whole numbers from 5 to 18",
      });
      expect(await fieldsOf({ ...session, weekdays: [] }, method)).toEqual({ weekdays: "Pick at least one weekday" });
    }
  });

  it("an edit changes one field alone, or removes the schedule and ages as a whole", async () => {
    const id = await approvedClass(session);
    const edit = (payload: Record<string, unknown>) =>
      api.call({ method: "PATCH", url: `/classes/${id}`, as: ADMIN, payload });
    expect((await edit({ level: "all", location: "Court 1" })).statusCode).toBe(200);
    let got = (await api.call({ method: "GET", url: `/classes/${id}` })).json();
    expect(got).toMatchObject({
      level: "all",
      location: "Court 1",
      sport: "tennis",
      start_date: seedDay("2027-07-05"),
    });

    const { level: _level, location: _location, ...removable } = NO_SESSION;
    const cleared = await edit(removable);
    expect(cleared.statusCode).toBe(200);
    got = (await api.call({ method: "GET", url: `/classes/${id}` })).json();
    expect(got).toMatchObject({ ...removable, level: "all", location: "Court 1" });
    expect((await edit({ start_date: null })).json().fields).toHaveProperty("end_date");
    expect((await edit({ colour: "red" })).statusCode).toBe(400);
  });

  it("the database refuses what the API would refuse", async () => {
    const db = api.database.db;
    const attempts = [
      sql`update classes set sport = 'quidditch' where id = ${classId(1)}`,
      sql`update classes set level = 'expert' where id = ${classId(1)}`,
      sql`update classes set weekdays = array['mon', 'funday'] where id = ${classId(1)}`,
      sql`update classes set end_date = ${seedDay("2027-07-01")} where id = ${classId(1)}`,
      sql`update classes set end_time = '08:00' where id = ${classId(1)}`,
      sql`update classes set end_date = null where id = ${classId(1)}`,
      sql`update classes set weekdays = '{}' where id = ${classId(1)}`,
      sql`update classes set age_min = 4 where id = ${classId(1)}`,
      sql`update classes set age_max = 19 where id = ${classId(1)}`,
      sql`update classes set age_max = 7 where id = ${classId(1)}`,
      sql`update classes set age_max = null where id = ${classId(1)}`,
      sql`update classes set location = '' where id = ${classId(1)}`,
    ];
    for (const attempt of attempts) {
      await expect(db.execute(attempt)).rejects.toThrow();
    }
    await db.execute(sql`update classes set age_max = 9 where id = ${classId(1)}`);
    await db.execute(sql`update classes set age_max = 12 where id = ${classId(1)}`);
  });
});

describe("a class that has already started", () => {
  const STARTED = "This class has already started: it can no longer be booked.";

  it("cannot be put in a cart; one starting today, later or without dates can", async () => {
    const started = await approvedClassOn(isoDay(-1), isoDay(10));
    const today = await approvedClass({ ...session, start_date: isoDay(0), end_date: isoDay(10) });
    const dateless = await approvedClass({});
    const refused = await api.call({ method: "POST", url: "/carts", as: SAM, payload: { classItemId: started } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(STARTED);
    for (const id of [today, dateless]) {
      const res = await api.call({ method: "POST", url: "/carts", as: SAM, payload: { classItemId: id } });
      expect(res.statusCode).toBe(201);
    }
  });

  it("cannot be paid for once it started while in the cart", async () => {
    const id = await approvedClass({ ...session, start_date: isoDay(2), end_date: isoDay(12) });
    const added = await api.call({ method: "POST", url: "/carts", as: LEE, payload: { classItemId: id } });
    expect(added.statusCode).toBe(201);
    // It starts while in the cart (the API refuses to set a date in the past: moved in the database).
    await api.database.db.execute(
      sql`update classes set start_date = ${isoDay(-2)}, end_date = ${isoDay(8)} where id = ${id}`,
    );
    const intent = await api.call({ method: "POST", url: "/create-payment-intent", as: LEE, payload: {} });
    expect(intent.statusCode).toBe(409);
    expect(intent.json().message).toBe(STARTED);

    await api.call({
      method: "PATCH",
      url: `/classes/${id}`,
      as: ADMIN,
      payload: {
        start_date: isoDay(1),
        end_date: isoDay(8),
        weekdays: ["mon"],
        start_time: "09:00",
        end_time: "10:00",
      },
    });
    const opened = await api.call({ method: "POST", url: "/create-payment-intent", as: LEE, payload: {} });
    expect(opened.statusCode).toBe(201);
    expect(opened.json().clientSecret).toEqual(expect.any(String));
  });
});

describe("a class's dates in the past", () => {
  const today = () => academyToday();
  const pastFirst = (d: string) => `The first day cannot be in the past: choose ${d} (today) or later.`;

  it("are refused on add, naming the field; today (the academy's, by the API's clock) is taken", async () => {
    const past = await create({ ...session, start_date: isoDay(-3), end_date: isoDay(5) });
    expect(past.statusCode, past.body).toBe(400);
    expect(past.json().fields).toEqual({ start_date: pastFirst(today()) });
    const ended = await create({ ...session, start_date: isoDay(-9), end_date: isoDay(-3) });
    expect(Object.keys(ended.json().fields).sort()).toEqual(["end_date", "start_date"]);
    const fromToday = await create({ ...session, start_date: today(), end_date: isoDay(5) });
    expect(fromToday.statusCode, fromToday.body).toBe(201);
  });

  it("are refused on edit when the edit changes them; a class already running stays editable otherwise", async () => {
    const upcoming = await approvedClass({ ...session, start_date: isoDay(10), end_date: isoDay(14) });
    const edit = (id: string, payload: Record<string, unknown>, as = ADMIN) =>
      api.call({ method: "PATCH", url: `/classes/${id}`, as, payload });
    const moved = await edit(upcoming, { ...session, start_date: isoDay(-3), end_date: isoDay(14) });
    expect(moved.statusCode, moved.body).toBe(400);
    expect(moved.json().fields).toEqual({ start_date: pastFirst(today()) });

    const running = await approvedClassOn(isoDay(-3), isoDay(5));
    const shown = (await api.call({ method: "GET", url: `/classes/${running}` })).json();
    // The instructor's form sends every field back, its dates unchanged: the class is not refused for having started.
    const renamed = await edit(
      running,
      {
        ...session,
        class_name: "Running Camp",
        start_date: shown.start_date,
        end_date: shown.end_date,
        location: "Court 2",
      },
      MAYA,
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await edit(running, { level: "all" })).statusCode).toBe(200);
    // A later last day is a change it can make; an earlier first day or a last day gone by is not.
    expect((await edit(running, { ...session, start_date: shown.start_date, end_date: isoDay(9) })).statusCode).toBe(
      200,
    );
    const earlier = await edit(running, { ...session, start_date: isoDay(-4), end_date: isoDay(9) });
    expect(earlier.json().fields).toEqual({ start_date: pastFirst(today()) });
    const cut = await edit(running, { ...session, start_date: shown.start_date, end_date: isoDay(-1) });
    expect(cut.json().fields).toEqual({
      end_date: `The last day cannot be in the past: choose ${today()} (today) or later.`,
    });
  });
});
