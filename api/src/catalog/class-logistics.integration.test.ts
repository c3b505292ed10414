import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ADMIN, classId, MAYA, seedDay, useTestApi } from "../../test/harness.js";

/**
 * What a parent needs on the day (a class's venue address, drop-off and pick-up, what to bring):
 * each field checked with its own message, saved, answered on every class call, and kept in line
 * with the class's hours on an edit.
 */

const api = useTestApi();

const session = {
  sport: "soccer",
  start_date: seedDay("2027-07-05"),
  end_date: seedDay("2027-07-09"),
  weekdays: ["mon", "tue", "wed", "thu", "fri"],
  start_time: "09:00",
  end_time: "12:00",
  location: "North field",
};
const logistics = {
  venue_address: "  Riverside Park\r\n1400 SE Water Avenue\r\nPortland, OR 97214  ",
  drop_off: "08:45",
  pick_up: "12:15",
  what_to_bring: "Water bottle\nShin guards\n\tSunscreen",
};
const newClass = { class_name: "Logistics Camp", image: "https://example.com/l.png", available_seats: 10, price: 120 };

const create = (payload: Record<string, unknown>) =>
  api.call({ method: "POST", url: "/classes", as: MAYA, payload: { ...newClass, ...payload } });
const edit = (id: string, payload: Record<string, unknown>) =>
  api.call({ method: "PATCH", url: `/classes/${id}`, as: MAYA, payload });
const read = async (id: string) => (await api.call({ method: "GET", url: `/classes/${id}`, as: MAYA })).json();

async function created(payload: Record<string, unknown>) {
  const res = await create(payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().insertedId as string;
}
async function fieldsOf(res: Awaited<ReturnType<typeof create>>) {
  expect(res.statusCode, res.body).toBe(400);
  return res.json().fields as Record<string, string>;
}

describe("a class's logistics", () => {
  it("an instructor adds them with the class: saved as text (lines kept, trimmed) and answered", async () => {
    const id = await created({ ...session, ...logistics });
    expect(await read(id)).toMatchObject({
      venue_address: "Riverside Park\n1400 SE Water Avenue\nPortland, OR 97214",
      drop_off: "08:45",
      pick_up: "12:15",
      what_to_bring: "Water bottle\nShin guards\n\tSunscreen",
    });
  });

  it("all are optional: a class without them answers null (the academy's address, its own hours)", async () => {
    const id = await created(session);
    expect(await read(id)).toMatchObject({ venue_address: null, drop_off: null, pick_up: null, what_to_bring: null });
    // Empty texts are no text.
    const blank = await created({ ...session, venue_address: "  ", what_to_bring: "" });
    expect(await read(blank)).toMatchObject({ venue_address: null, what_to_bring: null });
  });

  it("the public calls answer them too (the class page, the lists)", async () => {
    const one = (await api.call({ method: "GET", url: `/classes/${classId(1)}` })).json();
    expect(one).toMatchObject({ drop_off: "08:45", pick_up: "12:15", venue_address: null });
    expect(one.what_to_bring).toContain("Water bottle");
    const swim = (await api.call({ method: "GET", url: `/classes/${classId(3)}` })).json();
    expect(swim.venue_address).toMatch(/^Eastside Aquatic Center\n.+\nPortland, OR \d{5}$/);
    const list = (await api.call({ method: "GET", url: "/classes" })).json();
    expect(list.find((c: { _id: string }) => c._id === classId(3))).toMatchObject({
      venue_address: swim.venue_address,
      drop_off: swim.drop_off,
      pick_up: swim.pick_up,
      what_to_bring: swim.what_to_bring,
    });
  });

  it("refuses each malformed field with its own message", async () => {
    expect(
      await fieldsOf(
        await create({
          ...session,
          venue_address: "x".repeat(301),
          drop_off: "8:45",
          pick_up: "24:00",
          what_to_bring: "y".repeat(1001),
        }),
      ),
    ).toEqual({
      venue_address: "The venue's address is at most 300 characters",
      drop_off: "Enter the drop-off time as HH:MM, or leave it empty",
      pick_up: "Enter the pick-up time as HH:MM, or leave it empty",
      what_to_bring: "What to bring is at most 1000 characters",
    });
    expect(
      await fieldsOf(await create({ ...session, venue_address: "Park\u0000", what_to_bring: "Cap\u202e" })),
    ).toEqual({
      venue_address: "Must not contain control characters.",
      what_to_bring: "Must not contain text-direction control characters.",
    });
  });

  it("drop-off is at or before the start, pick-up at or after the end: each refused by name", async () => {
    expect(await fieldsOf(await create({ ...session, drop_off: "09:05", pick_up: "11:55" }))).toEqual({
      drop_off: "Drop-off must be at or before the daily start time",
      pick_up: "Pick-up must be at or after the daily end time",
    });
    // Without hours there is nothing to drop off before.
    expect(await fieldsOf(await create({ drop_off: "08:45", pick_up: "12:15" }))).toEqual({
      drop_off: "Give the daily start and end times before a drop-off time",
      pick_up: "Give the daily start and end times before a pick-up time",
    });
    // Exactly at the start and at the end is fine.
    const id = await created({ ...session, drop_off: "09:00", pick_up: "12:00" });
    expect(await read(id)).toMatchObject({ drop_off: "09:00", pick_up: "12:00" });
  });

  it("an edit is checked against the class's hours as they will be, and removing the hours removes them", async () => {
    const id = await created({ ...session, ...logistics });
    // One field alone, against the saved hours.
    expect(await fieldsOf(await edit(id, { drop_off: "09:30" }))).toEqual({
      drop_off: "Drop-off must be at or before the daily start time",
    });
    // New hours that the saved pick-up no longer follows.
    expect(await fieldsOf(await edit(id, { ...session, end_time: "12:30" }))).toEqual({
      pick_up: "Pick-up must be at or after the daily end time",
    });
    const moved = await edit(id, {
      ...session,
      end_time: "12:30",
      pick_up: "12:40",
      venue_address: "",
      what_to_bring: null,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await read(id)).toMatchObject({
      end_time: "12:30",
      drop_off: "08:45",
      pick_up: "12:40",
      venue_address: null,
      what_to_bring: null,
    });
    const cleared = await edit(id, {
      start_date: null,
      end_date: null,
      weekdays: [],
      start_time: null,
      end_time: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await read(id)).toMatchObject({ start_time: null, drop_off: null, pick_up: null });
  });

  it("the database refuses what the API would refuse", async () => {
    const db = api.database.db;
    for (const attempt of [
      sql`update classes set drop_off = '09:01' where id = ${classId(1)}`,
      sql`update classes set pick_up = '11:59' where id = ${classId(1)}`,
      sql`update classes set venue_address = '' where id = ${classId(1)}`,
      sql`update classes set what_to_bring = '' where id = ${classId(1)}`,
      sql`update classes set venue_address = ${"x".repeat(301)} where id = ${classId(1)}`,
    ]) {
      await expect(db.execute(attempt)).rejects.toThrow();
    }
    await expect(
      db.execute(sql`update classes set start_date = null, end_date = null, weekdays = '{}', start_time = null,
        end_time = null where id = ${classId(1)}`),
    ).rejects.toThrow();
    await db.execute(sql`update classes set drop_off = '09:00', pick_up = '12:00' where id = ${classId(1)}`);
    await db.execute(sql`update classes set drop_off = '08:45', pick_up = '12:15' where id = ${classId(1)}`);
  });

  it("an admin's edit of another field keeps them", async () => {
    const res = await api.call({ method: "PATCH", url: `/classes/${classId(2)}`, as: ADMIN, payload: { price: 150 } });
    expect(res.statusCode, res.body).toBe(200);
    const one = (await api.call({ method: "GET", url: `/classes/${classId(2)}` })).json();
    expect(one).toMatchObject({ price: 150, start_time: "13:30", drop_off: "13:15", pick_up: "16:45" });
  });
});
