import { describe, expect, it } from "vitest";
import { academyToday } from "../src/platform/academy-day.js";
import { now, restoreClock, setClock } from "../src/platform/clock.js";
import { seedClassDates } from "../src/seed/index.js";
import { classId, LEE, SAM, useClock, useTestApi } from "./harness.js";

/**
 * "Today" is the academy's day, in Portland (America/Los_Angeles), whatever zone the server runs
 * in: from 16:00 or 17:00 Pacific until midnight, UTC is already on the next day, and a rule that
 * took UTC's date would shut a class on the evening of its first day or take tomorrow's date of
 * birth as past.
 */
describe("at 17:00 in Portland, when UTC is already on the next day", () => {
  useClock("2027-01-10T12:00:00Z");
  const api = useTestApi();

  const at5pmInPortland = (day: string) => {
    // Seeded classes run in summer: Pacific Daylight Time, UTC-7.
    const instant = `${day}T17:00:00-07:00`;
    expect(new Date(instant).toISOString().slice(0, 10) > day).toBe(true);
    return instant;
  };
  const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

  it("a class whose first day is today in Portland can still be booked, in the cart and at checkout", async () => {
    const { startDate } = seedClassDates(1, now());
    const previous = setClock(at5pmInPortland(startDate));
    try {
      expect(academyToday()).toBe(startDate);
      const added = await api.call({ method: "POST", url: "/carts", as: LEE, payload: { classItemId: classId(1) } });
      expect(added.statusCode, added.body).toBe(201);
      const checkout = await api.call({ method: "POST", url: "/create-payment-intent", as: LEE, payload: {} });
      expect(checkout.statusCode, checkout.body).toBe(201);
      // Portland's midnight: now it has started.
      setClock(new Date(Date.parse(`${nextDay(startDate)}T00:00:00-07:00`) + 60_000));
      const late = await api.call({ method: "POST", url: "/carts", as: SAM, payload: { classItemId: classId(1) } });
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe("This class has already started: it can no longer be booked.");
    } finally {
      restoreClock(previous);
    }
  });

  it("a date of birth of tomorrow in Portland is in the future, though it is today in UTC", async () => {
    const { startDate } = seedClassDates(1, now());
    const previous = setClock(at5pmInPortland(startDate));
    try {
      const camper = (date_of_birth: string) =>
        api.call({
          method: "POST",
          url: "/campers",
          as: SAM,
          payload: {
            first_name: "Tess",
            last_name: "Morrow",
            date_of_birth,
            emergency_contacts: [{ name: "Ana Parent", relation: "mother", phone: "+1 555 0100" }],
          },
        });
      const tomorrow = await camper(nextDay(startDate));
      expect(tomorrow.statusCode).toBe(400);
      expect(tomorrow.body).toContain("The date of birth cannot be in the future");
      expect((await camper(startDate)).statusCode).toBe(201);
    } finally {
      restoreClock(previous);
    }
  });
});
