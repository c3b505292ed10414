import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { family, lineClass } from "../../test/families.js";
import { ADMIN, clockDay, JONAS, MAYA, useTestApi } from "../../test/harness.js";
import { enrollments, notificationOutbox, sensitiveReads } from "../platform/database/schema.js";

/** The office's view of every camper's forms, its CSV, reminding now, and the roster's flag. */
const api = useTestApi({ RATE_LIMIT_FORMS: "1000" });
type Person = Awaited<ReturnType<typeof family>>;

const admin = (method: string, url: string, payload?: object) => api.call({ method, url, as: ADMIN, payload } as never);
const as = (who: Person, method: string, url: string, payload?: object) =>
  api.call({ method, url, as: who, payload } as never);

async function seated(classId: string, kids: string[]) {
  const parent = await family(api, kids);
  await api.database.db
    .insert(enrollments)
    .values(parent.kids.map((camperId) => ({ studentId: parent.id, classId, camperId })));
  return parent;
}

describe("the office's view of the forms", () => {
  it("shows each camper's forms by class, filters the next days' first days, exports them and reminds families now", async () => {
    const made = await admin("POST", "/admin/forms", {
      title: "Emergency release",
      audience: "camper",
      applies_to: { all: true },
      due_days_before: 2,
      fields: [{ key: "doctor", kind: "short-text", label: "Family doctor", required: true }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const formId = made.json().id as string;
    const soon = await lineClass(api, 10, { startDate: clockDay(5), endDate: clockDay(9) });
    const later = await lineClass(api, 10, { startDate: clockDay(30), endDate: clockDay(34) });
    const done = await seated(soon, ["Ada"]);
    const owing = await seated(soon, ["Bo", "Cy"]);
    const far = await seated(later, ["Di"]);
    const answered = await as(done, "PUT", `/forms/${formId}/answer`, {
      camper_id: done.kids[0],
      version: 1,
      values: { doctor: "Dr Okafor" },
    });
    expect(answered.statusCode, answered.body).toBe(200);

    const view = (await admin("GET", "/admin/forms/completion?within_days=7")).json();
    const mine = view.items.filter((i: { form_id: string }) => i.form_id === formId);
    expect(
      mine.map((i: { camper_name: string; status: string }) => `${i.camper_name.split(" ")[0]} ${i.status}`).sort(),
    ).toEqual(["Ada complete", "Bo missing", "Cy missing"]);
    expect(mine[0]).toMatchObject({
      family_email: expect.any(String),
      classes: [{ id: soon, start_date: clockDay(5) }],
    });
    expect(view.by_class.find((c: { class_id: string }) => c.class_id === soon)).toMatchObject({
      complete: 1,
      missing: 2,
      late: 0,
    });
    const everyone = (await admin("GET", "/admin/forms/completion?incomplete=true")).json();
    const owingIds = everyone.items.map((i: { family_id: string }) => i.family_id);
    expect(owingIds).toEqual(expect.arrayContaining([owing.id, far.id]));
    expect(owingIds).not.toContain(done.id);
    expect((await admin("GET", "/admin/forms/completion?within_days=x")).statusCode).toBe(400);

    const csv = await admin("GET", "/admin/forms/completion.csv?within_days=7");
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toMatch(/^attachment; filename="forms-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.body.split("\r\n")[0]).toBe('"status","form","camper","family","email","classes","first_day","due"');
    expect(csv.body).toContain(`"missing","Emergency release","Bo ${owing.lastName}","Family `);

    const remind = await admin("POST", "/admin/forms/completion/remind", { within_days: 7 });
    expect(remind.json().families).toBeGreaterThanOrEqual(1);
    const again = await admin("POST", "/admin/forms/completion/remind", { within_days: 7 });
    expect(again.json().families).toBe(0);
    const sent = await api.database.db
      .select()
      .from(notificationOutbox)
      .where(
        and(eq(notificationOutbox.recipient, owing.email), like(notificationOutbox.dedupeKey, "forms-needed-now:%")),
      );
    expect(sent).toHaveLength(1);
    expect(
      await api.database.db
        .select()
        .from(notificationOutbox)
        .where(
          and(eq(notificationOutbox.recipient, far.email), like(notificationOutbox.dedupeKey, "forms-needed-now:%")),
        ),
    ).toHaveLength(0);

    // The instructor's roster flags the campers whose forms are not in.
    const roster = (await api.call({ method: "GET", url: `/classes/${soon}/roster`, as: MAYA } as never)).json();
    const flags = Object.fromEntries(
      roster.map((r: { camper: { name: string }; forms: string }) => [r.camper.name.split(" ")[0], r.forms]),
    );
    expect(flags).toMatchObject({ Ada: "complete", Bo: "missing", Cy: "missing" });
    await admin("DELETE", `/admin/forms/${formId}`);
    const after = (await api.call({ method: "GET", url: `/classes/${soon}/roster`, as: MAYA } as never)).json();
    expect(after.every((r: { forms: string }) => r.forms === "none")).toBe(true);
  });

  it("lets the class's instructor and admins read a camper's answers, medical ones opened, each read recorded", async () => {
    const made = await admin("POST", "/admin/forms", {
      title: "Health form",
      audience: "camper",
      applies_to: { all: true },
      due_days_before: 3,
      fields: [
        { key: "doctor", kind: "short-text", label: "Family doctor", required: true },
        { key: "allergy", kind: "long-text", label: "Allergies", medical: true },
      ],
    });
    const formId = made.json().id as string;
    const classId = await lineClass(api, 10, { startDate: clockDay(6), endDate: clockDay(8) });
    const parent = await seated(classId, ["Eve", "Fay"]);
    const [eve, fay] = parent.kids as [string, string];
    const values = { doctor: "Dr Okafor", allergy: "Peanuts: EpiPen in the front pocket" };
    await as(parent, "PUT", `/forms/${formId}/answer`, { camper_id: eve, version: 1, values });

    const url = (camperId: string) => `/classes/${classId}/roster/${camperId}/forms`;
    const read = await api.call({ method: "GET", url: url(eve), as: MAYA } as never);
    expect(read.statusCode, read.body).toBe(200);
    const health = read.json().forms.find((f: { item: { form_id: string } }) => f.item.form_id === formId);
    expect(health.item).toMatchObject({ status: "complete", camper_id: eve, due_date: clockDay(3) });
    expect(health.answer).toMatchObject({ version: 1, values, unreadable: false });
    expect(health.version.fields.map((f: { label: string }) => f.label)).toEqual(["Family doctor", "Allergies"]);
    const unanswered = (await admin("GET", url(fay)))
      .json()
      .forms.find((f: { item: { form_id: string } }) => f.item.form_id === formId);
    expect(unanswered).toMatchObject({ item: { status: "missing" }, version: null, answer: null });

    const logged = await api.database.db.select().from(sensitiveReads).where(eq(sensitiveReads.camperId, eve));
    expect(logged.map((r) => [r.readerEmail, r.reason, r.classId])).toEqual([[MAYA.email, "form", classId]]);
    expect((await api.call({ method: "GET", url: url(eve), as: JONAS } as never)).statusCode).toBe(403);
    expect((await as(parent, "GET", url(eve))).statusCode).toBe(403);
    const stranger = await family(api, ["Gus"]);
    expect((await admin("GET", url(stranger.kids[0]!))).statusCode).toBe(404);
    await admin("DELETE", `/admin/forms/${formId}`);
  });
});
