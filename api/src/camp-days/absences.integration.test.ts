import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { family } from "../../test/families.js";
import { clockDay, MAYA, useTestApi } from "../../test/harness.js";
import { academyToday } from "../platform/academy-day.js";
import { notificationOutbox } from "../platform/database/schema.js";
import { campDaySteps } from "../../test/camp-day-steps.js";

/** Absences (reported ahead, or marked by the coach and e-mailed) and the family's view of its camp days, on PGlite and PostgreSQL. */
const api = useTestApi({ RATE_LIMIT_FORMS: "1000", RATE_LIMIT_SENSITIVE: "1000" });
const { clockAt, act, todaysClass } = campDaySteps(api);

describe("absences and the family's view", () => {
  const absentMail = (email: string) =>
    api.database.db
      .select()
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.kind, "camper-absent"), eq(notificationOutbox.recipient, email)));

  it("e-mails the family once when a camper is marked absent, unless the family said so ahead", async () => {
    clockAt("09:40");
    const parent = await family(api, ["Ida", "Jon"]);
    const [ida, jon] = parent.kids as [string, string];
    const cls = await todaysClass(parent);

    // The family reports Jon absent today, and a day the class does not meet is refused.
    const report = (body: object, as: { id: string; email: string } = parent) =>
      api.call({ method: "POST", url: "/camp-days/absences", as, payload: { class_id: cls, ...body } });
    const reported = await report({ camper_id: jon, day: academyToday(), note: "Dentist" });
    expect(reported.statusCode, reported.body).toBe(201);
    expect(reported.json()).toMatchObject({ camper_id: jon, day: academyToday(), note: "Dentist" });
    expect((await report({ camper_id: jon, day: academyToday(), note: "Again" })).json()._id).toBe(reported.json()._id);
    expect((await report({ camper_id: jon, day: clockDay(9) })).statusCode).toBe(409);
    expect((await report({ camper_id: jon, day: clockDay(-1) })).json().message).toMatch(/^That day has passed/);
    expect((await report({ camper_id: jon, day: academyToday() }, await family(api, []))).statusCode).toBe(404);

    // The coach sees it; Jon is not "not here yet".
    const today = (await api.call({ method: "GET", url: "/today", as: MAYA })).json();
    const campers = today.classes.find((c: { _id: string }) => c._id === cls).campers;
    expect(campers.find((c: { _id: string }) => c._id === jon)).toMatchObject({
      absence_reported: { note: "Dentist" },
      not_here_yet: false,
    });
    expect(campers.find((c: { _id: string }) => c._id === ida)).toMatchObject({
      absence_reported: null,
      not_here_yet: true,
    });

    await act(MAYA, cls, { camper_id: jon, action: "absent" });
    expect(await absentMail(parent.email)).toHaveLength(0);
    await act(MAYA, cls, { camper_id: ida, action: "absent" });
    // Undone and marked again: still one message.
    await act(MAYA, cls, { camper_id: ida, action: "undo" });
    await act(MAYA, cls, { camper_id: ida, action: "absent" });
    const mail = await absentMail(parent.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.payload).toMatchObject({ camperName: "Ida", day: academyToday(), className: expect.any(String) });

    // A reported absence is taken back while the day lasts, never after.
    const withdrawn = await api.call({
      method: "DELETE",
      url: `/camp-days/absences/${reported.json()._id}`,
      as: parent,
    });
    expect(withdrawn.statusCode).toBe(204);
    expect(
      (await api.call({ method: "DELETE", url: `/camp-days/absences/${reported.json()._id}`, as: parent })).statusCode,
    ).toBe(404);
  });

  it("shows the family each day: when its campers came and went, and who collected them", async () => {
    clockAt("09:10");
    const parent = await family(api, ["Kai"]);
    const kai = parent.kids[0]!;
    const cls = await todaysClass(parent);
    expect((await api.call({ method: "GET", url: "/camp-days", as: parent })).json()).toEqual({
      days: [],
      absences: [],
    });
    const rosa = (
      await api.call({
        method: "POST",
        url: "/pickup/people",
        as: parent,
        payload: { camper_id: kai, name: "Rosa Parent", relation: "grandmother", phone: "+1 555 0111" },
      })
    ).json();
    await act(MAYA, cls, { camper_id: kai, action: "check_in" });
    clockAt("12:05");
    await act(MAYA, cls, {
      camper_id: kai,
      action: "check_out",
      departure: { kind: "pickup", person_id: rosa.person._id, pin: rosa.pin },
    });
    const seen = (await api.call({ method: "GET", url: "/camp-days", as: parent })).json();
    expect(seen.days).toEqual([
      {
        class_id: cls,
        camper_id: kai,
        day: academyToday(),
        state: "out",
        checked_in_at: expect.any(String),
        checked_out_at: expect.any(String),
        departure: "pickup",
        collected_by: "Rosa Parent (grandmother)",
      },
    ]);
    // Another family sees none of it; staff have no family view here.
    expect((await api.call({ method: "GET", url: "/camp-days", as: await family(api, []) })).json().days).toEqual([]);
    expect((await api.call({ method: "GET", url: "/camp-days", as: MAYA })).statusCode).toBe(403);
  });
});
