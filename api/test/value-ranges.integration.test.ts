import { describe, expect, it } from "vitest";
import { ADMIN, classId, clockDay, MAYA, useTestApi } from "./harness.js";
import { academyToday } from "../src/platform/academy-day.js";

/**
 * Values at the edges of what the database holds: dates outside the years 0001-9999 and amounts
 * finer than a cent are refused with a 400 naming the field, never a 500 or a silent rounding.
 */
const api = useTestApi();

const schedule = {
  // Ahead of the API's clock, whatever day the suite runs on.
  start_date: clockDay(200),
  end_date: clockDay(211),
  weekdays: ["mon", "wed"],
  start_time: "09:00",
  end_time: "12:00",
};
const newClass = {
  class_name: "Edge Case Camp",
  image: "https://example.com/edge.png",
  available_seats: 10,
  price: 120,
};

const create = (payload: Record<string, unknown>) =>
  api.call({ method: "POST", url: "/classes", as: MAYA, payload: { ...newClass, ...payload } });
const edit = (payload: Record<string, unknown>) =>
  api.call({ method: "PATCH", url: `/classes/${classId(1)}`, as: ADMIN, payload });

describe("dates outside the years 0001-9999", () => {
  it("the public list's week filter: the last and first weeks of the calendar answer, year 0000 is refused", async () => {
    for (const week of ["9999-12-31", "9999-12-27", "0001-01-01", "0001-01-07"]) {
      const res = await api.call({ method: "GET", url: `/classes?week=${week}` });
      expect(res.statusCode, week).toBe(200);
      expect(res.json()).toMatchObject({ items: [], page: 1, hasMore: false });
    }
    for (const week of ["0000-01-01", "0000-12-31", "10000-01-01", "-0001-01-01"]) {
      const res = await api.call({ method: "GET", url: `/classes?week=${week}` });
      expect(res.statusCode, week).toBe(400);
      expect(res.json()).toMatchObject({ error: "Bad Request", fields: { week: expect.any(String) } });
    }
  });

  it("a class's first or last day in year 0000 is refused, naming the field, on add and on edit", async () => {
    const first = await create({ ...schedule, start_date: "0000-01-01" });
    expect(first.statusCode).toBe(400);
    expect(Object.keys(first.json().fields)).toEqual(["start_date"]);
    const last = await create({ ...schedule, start_date: "0000-01-01", end_date: "0000-02-29" });
    expect(last.statusCode).toBe(400);
    expect(Object.keys(last.json().fields).sort()).toEqual(["end_date", "start_date"]);
    const edited = await edit({ ...schedule, start_date: "0000-06-01" });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().fields).toHaveProperty("start_date");
  });

  it("the calendar's last day is taken; its first is a day in the past, refused as such", async () => {
    const today = academyToday();
    const res = await create({ ...schedule, start_date: today, end_date: "9999-12-31" });
    expect(res.statusCode).toBe(201);
    const saved = await api.call({ method: "GET", url: `/classes/${res.json().insertedId}`, as: MAYA });
    expect(saved.json()).toMatchObject({ start_date: today, end_date: "9999-12-31" });
    const first = await create({ ...schedule, start_date: "0001-01-01", end_date: "9999-12-31" });
    expect(first.statusCode).toBe(400);
    expect(Object.keys(first.json().fields)).toEqual(["start_date"]);
  });
});

describe("prices in whole cents", () => {
  it("refuses an amount finer than a cent, however small, with a message on the price", async () => {
    for (const price of [1e-9, 0.001, 0.005, 10.005, 19.999, 0.1 + 0.2]) {
      const res = await create({ price });
      expect(res.statusCode, String(price)).toBe(400);
      expect(res.json().fields).toEqual({
        price: "Price must be in dollars and whole cents (at most 2 decimals), such as 25 or 19.99.",
      });
      const changed = await edit({ price });
      expect(changed.statusCode, `PATCH ${price}`).toBe(400);
      expect(changed.json().fields).toHaveProperty("price");
    }
  });

  it("takes whole cents and stores exactly them", async () => {
    for (const price of [0.01, 0.3, 19.99, 4.35, 100_000]) {
      const res = await create({ price });
      expect(res.statusCode, String(price)).toBe(201);
      const saved = await api.call({ method: "GET", url: `/classes/${res.json().insertedId}`, as: MAYA });
      expect(saved.json().price).toBe(price);
    }
  });

  it("the list's price filters take whole cents only", async () => {
    expect((await api.call({ method: "GET", url: "/classes?min_price=19.99&max_price=100" })).statusCode).toBe(200);
    for (const query of ["min_price=0.000000001", "max_price=10.005"]) {
      const res = await api.call({ method: "GET", url: `/classes?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([query.split("=")[0]]);
    }
  });
});
