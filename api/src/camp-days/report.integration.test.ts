import { describe, expect, it } from "vitest";
import { campDaySteps } from "../../test/camp-day-steps.js";
import { family } from "../../test/families.js";
import { ADMIN, MAYA, useTestApi } from "../../test/harness.js";
import { academyToday } from "../platform/academy-day.js";
import { campers } from "../platform/database/schema.js";
import { eq } from "drizzle-orm";

/** The office's report of a day's attendance, on PGlite and PostgreSQL: its counts, and its CSV as text. */
const api = useTestApi({ RATE_LIMIT_FORMS: "1000", RATE_LIMIT_SENSITIVE: "1000" });
const { clockAt, act, todaysClass } = campDaySteps(api);

describe("a day's attendance for the office", () => {
  it("counts who came, who did not, late pick-ups and overrides, and writes the CSV with every cell quoted", async () => {
    clockAt("09:00");
    const parent = await family(api, ["Quin", "Rex", "Sia", "Tao"]);
    const [quin, rex, sia, tao] = parent.kids as [string, string, string, string];
    // A name a spreadsheet would run as a formula.
    await api.database.db.update(campers).set({ firstName: "=HYPERLINK(1)" }).where(eq(campers.id, tao));
    const cls = await todaysClass(parent);
    await act(MAYA, cls, { camper_id: quin, action: "check_in" });
    await act(MAYA, cls, { camper_id: rex, action: "check_in" });
    await act(MAYA, cls, { camper_id: sia, action: "absent" });
    clockAt("12:20");
    await act(ADMIN, cls, {
      camper_id: rex,
      action: "check_out",
      departure: { kind: "override", note: "Aunt Jo, known" },
    });

    const res = await api.call({ method: "GET", url: "/admin/attendance", as: ADMIN });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report.day).toBe(academyToday());
    const mine = report.classes.find((c: { _id: string }) => c._id === cls);
    expect(
      mine.campers.map((c: { name: string; day: { state: string | null }; late_pickup: boolean }) => [
        c.day.state,
        c.late_pickup,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ["in", true],
        ["out", true],
        ["absent", false],
        [null, false],
      ]),
    );
    expect(report.totals).toMatchObject({ present: expect.any(Number), overrides: expect.any(Number) });
    expect(report.totals.overrides).toBeGreaterThanOrEqual(1);

    const csv = await api.call({ method: "GET", url: `/admin/attendance.csv?day=${academyToday()}`, as: ADMIN });
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe(`attachment; filename="attendance-${academyToday()}.csv"`);
    expect(csv.body.split("\r\n")[0]).toBe(
      '"class","instructor","camper","state","checked_in","checked_in_by","checked_out","checked_out_by","collected_by","departure","override_note","absence_reported","late_pickup"',
    );
    expect(csv.body).toContain(
      '"gone home","09:00","Maya Torres","12:20","Avery Admin","","override","Aunt Jo, known","no","yes"',
    );
    expect(csv.body).toContain(`"'=HYPERLINK(1) ${parent.lastName}","not seen"`);

    // Admins only; a day given is checked.
    expect((await api.call({ method: "GET", url: "/admin/attendance", as: MAYA })).statusCode).toBe(403);
    expect((await api.call({ method: "GET", url: "/admin/attendance?day=tomorrow", as: ADMIN })).statusCode).toBe(400);
  });
});
