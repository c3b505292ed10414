import { randomUUID } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import type { family } from "./families.js";
import { lineClass } from "./families.js";
import { clockDay, type TestApi } from "./harness.js";
import { academyDayBounds, academyToday } from "../src/platform/academy-day.js";
import { restoreClock, setClock } from "../src/platform/clock.js";
import { enrollments } from "../src/platform/database/schema.js";

/**
 * What the camp-days tests share: the API's clock put at a time of today at the academy, a class
 * that meets today, and an action on a camper's day with an id of its own.
 */
export function campDaySteps(api: TestApi) {
  /** The instant the academy's clock reads `hhmm` today (Portland): found, not assumed, on days the clocks change. */
  function academyAt(hhmm: string): Date {
    const wanted = Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
    const guess = academyDayBounds(academyToday()).startMs + wanted * 60_000;
    const read = new Intl.DateTimeFormat("en-GB", {
      timeZone: "America/Los_Angeles",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(new Date(guess));
    const shown = Number(read.slice(0, 2)) * 60 + Number(read.slice(3, 5));
    return new Date(guess - (shown - wanted) * 60_000);
  }

  /**
   * The clock's offset before this file moved it: put back after the file, since test files share
   * one process (vitest's `isolate: false`) and a moved clock would run on into the next file.
   */
  let before: number | undefined;
  /** Puts the API's clock at `hhmm` today at the academy (kept until the next call; put back after the file). */
  const clockAt = (hhmm: string) => {
    const previous = setClock(academyAt(hhmm));
    before ??= previous;
  };
  beforeAll(() => clockAt("08:55"));
  afterAll(() => {
    if (before !== undefined) restoreClock(before);
  });

  type Person = Awaited<ReturnType<typeof family>>;
  const clientId = () => randomUUID().replaceAll("-", "").slice(0, 20);
  const act = (as: { id: string; email: string }, classId: string, body: Record<string, unknown>) =>
    api.call({
      method: "POST",
      url: `/classes/${classId}/attendance`,
      as,
      payload: { client_id: clientId(), ...body },
    });

  /** A class of Maya's that meets every day this week, 09:00 to 12:00, with these campers holding seats. */
  async function todaysClass(parent: Person, kids = parent.kids) {
    const id = await lineClass(api, 10, {
      startDate: clockDay(-1),
      endDate: clockDay(3),
      weekdays: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"],
    });
    for (const camperId of kids)
      await api.database.db.insert(enrollments).values({ studentId: parent.id, classId: id, camperId });
    return id;
  }

  return { academyAt, clockAt, act, todaysClass, clientId };
}
