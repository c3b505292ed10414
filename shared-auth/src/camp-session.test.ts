import { describe, expect, it } from "vitest";
import {
  campSeason,
  formatAges,
  hasStarted,
  levelLabel,
  sportLabel,
  formatSession,
  formatWeekdays,
  sessionsOverlap,
  type CampSession,
} from "./camp-session";

const july: CampSession = {
  start_date: "2027-07-06",
  end_date: "2027-07-17",
  weekdays: ["mon", "tue", "wed", "thu", "fri"],
  start_time: "09:00",
  end_time: "12:00",
};

describe("formatSession", () => {
  it("says weekdays, hours and dates as a parent would", () => {
    expect(formatSession(july)).toBe("Mon-Fri, 9:00-12:00, 6-17 July 2027");
  });

  it("lists days that are not consecutive, and ranges only runs of three or more", () => {
    expect(formatWeekdays(["mon", "wed", "fri"])).toBe("Mon, Wed, Fri");
    expect(formatWeekdays(["sat", "sun"])).toBe("Sat, Sun");
    expect(formatWeekdays(["mon", "tue", "wed", "fri"])).toBe("Mon-Wed, Fri");
    expect(formatWeekdays(["tue", "mon"])).toBe("Mon, Tue");
  });

  it("names both months, or both years, when the session crosses them", () => {
    expect(formatSession({ ...july, start_date: "2027-06-28", end_date: "2027-07-09" })).toBe(
      "Mon-Fri, 9:00-12:00, 28 June - 9 July 2027",
    );
    expect(formatSession({ ...july, weekdays: ["mon", "wed"], start_date: "2027-12-29", end_date: "2028-01-03" })).toBe(
      "Mon, Wed, 9:00-12:00, 29 December 2027 - 3 January 2028",
    );
    expect(
      formatSession({
        ...july,
        start_time: "13:30",
        end_time: "16:30",
        start_date: "2027-08-02",
        end_date: "2027-08-02",
      }),
    ).toBe("Mon-Fri, 13:30-16:30, 2 August 2027");
  });

  it("is null for a class without dates", () => {
    expect(formatSession({ start_date: null, end_date: null, weekdays: [] })).toBeNull();
    expect(formatSession({})).toBeNull();
  });
});

describe("formatAges", () => {
  it("says the range, one age, or nothing", () => {
    expect(formatAges({ age_min: 8, age_max: 12 })).toBe("Ages 8-12");
    expect(formatAges({ age_min: 10, age_max: 10 })).toBe("Age 10");
    expect(formatAges({ age_min: null, age_max: null })).toBeNull();
  });
});

describe("sessionsOverlap", () => {
  it("is true when dates, a weekday and the hours are shared", () => {
    const other = { ...july, start_date: "2027-07-12", end_date: "2027-07-23", start_time: "11:00", end_time: "13:00" };
    expect(sessionsOverlap(july, other)).toBe(true);
    expect(sessionsOverlap(other, july)).toBe(true);
  });

  it("is false when the dates do not meet", () => {
    expect(sessionsOverlap(july, { ...july, start_date: "2027-07-19", end_date: "2027-07-30" })).toBe(false);
  });

  it("is false without a shared weekday, even on the same dates and hours", () => {
    expect(sessionsOverlap({ ...july, weekdays: ["mon", "wed", "fri"] }, { ...july, weekdays: ["tue", "thu"] })).toBe(
      false,
    );
  });

  it("is false when the shared weekday does not fall within the common dates", () => {
    // Common dates: Saturday 17 July only; the other class meets on Mondays.
    expect(
      sessionsOverlap(
        { ...july, weekdays: ["mon", "sat"] },
        { ...july, weekdays: ["mon", "sat"], start_date: "2027-07-17", end_date: "2027-07-17" },
      ),
    ).toBe(true);
    expect(
      sessionsOverlap(
        { ...july, weekdays: ["mon"] },
        { ...july, weekdays: ["mon", "sat"], start_date: "2027-07-17", end_date: "2027-07-17" },
      ),
    ).toBe(false);
  });

  it("is false when one ends as the other starts, or the hours differ", () => {
    expect(sessionsOverlap(july, { ...july, start_time: "12:00", end_time: "15:00" })).toBe(false);
    expect(sessionsOverlap(july, { ...july, start_time: "13:30", end_time: "16:30" })).toBe(false);
  });

  it("is false when a class has no schedule", () => {
    expect(sessionsOverlap(july, { start_date: null, end_date: null, weekdays: [] })).toBe(false);
  });
});

describe("hasStarted", () => {
  it("counts a class whose first day is before today (UTC) as started", () => {
    const now = new Date("2027-07-07T23:30:00Z");
    expect(hasStarted(july, now)).toBe(true);
    expect(hasStarted(july, new Date("2027-07-06T00:10:00Z"))).toBe(false);
    expect(hasStarted({ start_date: null }, now)).toBe(false);
  });
});

describe("campSeason", () => {
  it.each([
    ["2026-11-25", 2027],
    ["2027-04-18", 2027], // camp opens 14 June 2027: 57 days ahead
    ["2027-04-20", 2028], // 55 days: next summer is on sale
    ["2027-07-01", 2028],
    ["2031-03-01", 2031],
    ["2031-12-31", 2032],
  ])("on %s the academy sells summer %i", (day, year) => {
    expect(campSeason(new Date(`${day}T12:00:00Z`))).toBe(year);
  });
});

describe("sportLabel and levelLabel", () => {
  it("name the sports and levels of the list, and nothing else an object happens to have", () => {
    expect(sportLabel("martial-arts")).toBe("Martial arts");
    expect(levelLabel("all")).not.toBeNull();
    for (const name of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      expect(sportLabel(name)).toBeNull();
      expect(levelLabel(name)).toBeNull();
    }
  });
});
