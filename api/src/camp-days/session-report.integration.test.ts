import { describe, expect, it } from "vitest";
import { campDaySteps } from "../../test/camp-day-steps.js";
import { family } from "../../test/families.js";
import { ADMIN, clockDay, JONAS, MAYA, useTestApi } from "../../test/harness.js";
import { absenceReports, attendance, campers, enrollments } from "../platform/database/schema.js";
import { and, eq } from "drizzle-orm";
import { meetingDays } from "./session-report.js";

/** A class's attendance over its session, on PGlite and PostgreSQL: each meeting day and camper, and its CSV. */
const api = useTestApi({ RATE_LIMIT_FORMS: "1000", RATE_LIMIT_SENSITIVE: "1000" });
const { clockAt, act, todaysClass, academyAt } = campDaySteps(api);

describe("a class's attendance over its session", () => {
  it("lists the class's meeting days by its weekdays", () => {
    // 2026-07-06 is a Monday.
    expect(meetingDays("2026-07-06", "2026-07-15", ["mon", "wed"])).toEqual([
      "2026-07-06",
      "2026-07-08",
      "2026-07-13",
      "2026-07-15",
    ]);
    expect(meetingDays("2026-07-06", "2026-07-06", ["tue"])).toEqual([]);
  });

  it("gives each camper's day on each meeting day, upcoming days marked, and the CSV with every cell quoted", async () => {
    clockAt("09:00");
    const parent = await family(api, ["Uma", "Vic"]);
    const [uma, vic] = parent.kids as [string, string];
    await api.database.db.update(campers).set({ firstName: "@SUM(1)" }).where(eq(campers.id, vic));
    const cls = await todaysClass(parent);
    // Yesterday: Uma came and went home alone; Vic's family had reported the absence.
    const yesterday = clockDay(-1);
    const morning = new Date(academyAt("09:05").getTime() - 86_400_000);
    const noon = new Date(academyAt("12:01").getTime() - 86_400_000);
    await api.database.db.insert(attendance).values({
      classId: cls,
      camperId: uma,
      day: yesterday,
      state: "out",
      checkedInAt: morning,
      checkedInBy: MAYA.id,
      checkedOutAt: noon,
      checkedOutBy: MAYA.id,
      departure: "alone",
    });
    await api.database.db.insert(absenceReports).values({ classId: cls, camperId: vic, day: yesterday, note: null });
    // Today: Uma checked in, Vic taken home by the office's override.
    await act(MAYA, cls, { camper_id: uma, action: "check_in" });
    await act(MAYA, cls, { camper_id: vic, action: "check_in" });
    clockAt("11:00");
    await act(ADMIN, cls, {
      camper_id: vic,
      action: "check_out",
      departure: { kind: "override", note: "Dentist, called" },
    });

    const res = await api.call({ method: "GET", url: `/classes/${cls}/attendance/session`, as: MAYA });
    expect(res.statusCode, res.body).toBe(200);
    const sheet = res.json();
    expect(sheet.class).toMatchObject({ _id: cls, instructor_name: "Maya Torres", start_time: "09:00" });
    expect(sheet.days).toEqual([
      { day: clockDay(-1), upcoming: false },
      { day: clockDay(0), upcoming: false },
      { day: clockDay(1), upcoming: true },
      { day: clockDay(2), upcoming: true },
      { day: clockDay(3), upcoming: true },
    ]);
    const byId = new Map(sheet.campers.map((c: { _id: string }) => [c._id, c]));
    const umaRow = byId.get(uma) as { present: number; absent: number; days: { state: string | null }[] };
    expect(umaRow.present).toBe(2);
    expect(umaRow.days.map((d) => d.state)).toEqual(["out", "in", null, null, null]);
    const vicRow = byId.get(vic) as {
      days: { state: string | null; absence_reported: boolean; override_note: string }[];
    };
    expect(vicRow.days[0]).toMatchObject({ state: null, absence_reported: true });
    expect(vicRow.days[1]).toMatchObject({ state: "out", departure: "override", override_note: "Dentist, called" });

    const csv = await api.call({ method: "GET", url: `/classes/${cls}/attendance/session.csv`, as: ADMIN });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toMatch(/^attachment; filename="attendance-[a-z0-9-]+\.csv"$/);
    const lines = csv.body.split("\r\n");
    expect(lines[0]).toBe(
      '"day","camper","state","checked_in","checked_in_by","checked_out","checked_out_by","collected_by","departure","override_note","absence_reported"',
    );
    // Two days so far, two campers: four rows (upcoming days are left out), and the end's empty line.
    expect(lines).toHaveLength(6);
    expect(csv.body).toContain(`"${yesterday}","'@SUM(1) ${parent.lastName}","not recorded"`);
    expect(csv.body).toContain(
      '"gone home","09:00","Maya Torres","11:00","Avery Admin","","override","Dentist, called","no"',
    );

    // Uma's seat is cancelled: the days she came stay on the sheet, marked, in the page and the CSV.
    await api.database.db.delete(enrollments).where(and(eq(enrollments.classId, cls), eq(enrollments.camperId, uma)));
    const after = (await api.call({ method: "GET", url: `/classes/${cls}/attendance/session`, as: MAYA })).json();
    const rows = after.campers.map((c: { _id: string; seat_cancelled: boolean; present: number }) => [
      c._id,
      c.seat_cancelled,
      c.present,
    ]);
    expect(rows).toEqual([
      [vic, false, 1],
      [uma, true, 2],
    ]);
    const csvAfter = await api.call({ method: "GET", url: `/classes/${cls}/attendance/session.csv`, as: ADMIN });
    expect(csvAfter.body).toContain(`"${yesterday}","Uma ${parent.lastName} (seat cancelled)","gone home"`);

    // The class's own instructor and admins only; the id is checked.
    expect((await api.call({ method: "GET", url: `/classes/${cls}/attendance/session`, as: JONAS })).statusCode).toBe(
      403,
    );
    expect((await api.call({ method: "GET", url: "/classes/nope/attendance/session", as: ADMIN })).statusCode).toBe(
      400,
    );
    const missing = "00000000-0000-4000-8000-000000000009";
    expect(
      (await api.call({ method: "GET", url: `/classes/${missing}/attendance/session`, as: ADMIN })).statusCode,
    ).toBe(404);
  });
});
