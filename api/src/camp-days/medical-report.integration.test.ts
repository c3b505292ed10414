import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { campDaySteps } from "../../test/camp-day-steps.js";
import { family } from "../../test/families.js";
import { ADMIN, MAYA, useTestApi } from "../../test/harness.js";
import { academyToday } from "../platform/academy-day.js";
import { sensitiveReads } from "../platform/database/schema.js";

/** The office's allergy and medical report of a day, on PGlite and PostgreSQL: who is in it, each read recorded, its CSV. */
const api = useTestApi({ RATE_LIMIT_FORMS: "1000", RATE_LIMIT_SENSITIVE: "1000" });
const { clockAt, todaysClass } = campDaySteps(api);

describe("a day's allergy and medical report", () => {
  it("lists each camper of the day's classes with medical details once, records each read before answering, and writes the CSV", async () => {
    clockAt("09:00");
    const parent = await family(api, ["Wes", "Xia", "Yara"]);
    const [wes, xia, yara] = parent.kids as [string, string, string];
    const noted = async (camper: string, details: Record<string, string>) => {
      const res = await api.call({ method: "PATCH", url: `/campers/${camper}`, as: parent, payload: details });
      expect(res.statusCode, res.body).toBe(200);
    };
    await noted(wes, { allergies: "=Peanuts (EpiPen in bag)" });
    await noted(yara, { medical_notes: "Asthma; inhaler before running", medications: "+Ventolin" });
    const morning = await todaysClass(parent);
    const afternoon = await todaysClass(parent, [wes]);
    const reads = async () =>
      api.database.db
        .select({
          camperId: sensitiveReads.camperId,
          readerId: sensitiveReads.readerId,
          classId: sensitiveReads.classId,
        })
        .from(sensitiveReads)
        .where(and(eq(sensitiveReads.reason, "medical-report"), inArray(sensitiveReads.camperId, parent.kids)));
    expect(await reads()).toEqual([]);

    const res = await api.call({ method: "GET", url: "/admin/medical", as: ADMIN });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const report = res.json();
    expect(report.day).toBe(academyToday());
    const ours = report.campers.filter((c: { _id: string }) => parent.kids.includes(c._id));
    expect(ours.map((c: { _id: string }) => c._id)).toEqual([wes, yara]);
    expect(ours[0]).toMatchObject({ allergies: "=Peanuts (EpiPen in bag)", medical_notes: "", medications: "" });
    expect(ours[0].classes.map((c: { _id: string }) => c._id).sort()).toEqual([morning, afternoon].sort());
    expect(ours[1]).toMatchObject({ medical_notes: "Asthma; inhaler before running", medications: "+Ventolin" });
    expect(report.campers_in_classes).toBeGreaterThanOrEqual(3);
    // Each camper shown is on the access log, once, with no class; the camper with nothing noted is not.
    const logged = await reads();
    expect(logged.map((r) => r.camperId).sort()).toEqual([wes, yara].sort());
    expect(logged.every((r) => r.readerId === ADMIN.id && r.classId === null)).toBe(true);
    expect(logged.some((r) => r.camperId === xia)).toBe(false);

    const csv = await api.call({ method: "GET", url: `/admin/medical.csv?day=${academyToday()}`, as: ADMIN });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe(`attachment; filename="medical-${academyToday()}.csv"`);
    expect(csv.body.split("\r\n")[0]).toBe(
      '"camper","classes","allergies","medical_notes","medications","details_unreadable"',
    );
    expect(csv.body).toContain(`"Yara ${parent.lastName}"`);
    expect(csv.body).toContain('"\'=Peanuts (EpiPen in bag)","",""');
    expect(csv.body).toContain('"Asthma; inhaler before running","\'+Ventolin","no"');
    expect(await reads()).toHaveLength(4);

    // Admins only; a day given is checked; a day without classes lists no one and records nothing.
    expect((await api.call({ method: "GET", url: "/admin/medical", as: MAYA })).statusCode).toBe(403);
    expect((await api.call({ method: "GET", url: "/admin/medical.csv", as: parent })).statusCode).toBe(403);
    expect((await api.call({ method: "GET", url: "/admin/medical?day=monday", as: ADMIN })).statusCode).toBe(400);
    const empty = await api.call({ method: "GET", url: "/admin/medical?day=2001-01-01", as: ADMIN });
    expect(empty.json()).toEqual({ day: "2001-01-01", campers_in_classes: 0, campers: [] });
    expect(await reads()).toHaveLength(4);
  });
});
