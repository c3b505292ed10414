import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { family, lineClass } from "../../test/families.js";
import { ADMIN, clockDay, useTestApi } from "../../test/harness.js";
import { restoreClock, setClock } from "../platform/clock.js";
import { enrollments, formAnswers, formVersions, signatures } from "../platform/database/schema.js";
import { pdfText } from "../../../tools/pdf-text.mjs";

/** The academy's forms through the API, on PGlite and PostgreSQL: building, answering, signing, versions. */
const api = useTestApi({ RATE_LIMIT_FORMS: "1000" });
type Person = Awaited<ReturnType<typeof family>>;

const WAIVER = {
  title: "Liability waiver",
  intro: "I understand that sport carries a risk of injury, and I agree to the academy's rules.",
  audience: "camper",
  applies_to: { all: true },
  due_days_before: 7,
  fields: [
    { key: "swim", kind: "yes-no", label: "May your child swim in the deep end?", required: true },
    { key: "sign", kind: "signature", label: "Parent or guardian" },
  ],
};
const MEDICAL = {
  title: "Medical release",
  audience: "camper",
  applies_to: { all: false, sports: ["soccer"] },
  due_days_before: 14,
  fields: [
    { key: "doctor", kind: "short-text", label: "Family doctor", required: true },
    { key: "conditions", kind: "long-text", label: "Conditions we should know of", medical: true },
  ],
};

const admin = (method: string, url: string, payload?: object) => api.call({ method, url, as: ADMIN, payload } as never);
const as = (who: Person, method: string, url: string, payload?: object) =>
  api.call({ method, url, as: who, payload, headers: { "user-agent": "FormsTest/1.0" } } as never);

async function seatedFamily(classId: string, kids = ["Mia", "Leo"]) {
  const parent = await family(api, kids);
  await api.database.db
    .insert(enrollments)
    .values(parent.kids.map((camperId) => ({ studentId: parent.id, classId, camperId })));
  return parent;
}

async function createForm(body: object) {
  const res = await admin("POST", "/admin/forms", body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; latest: { version: number; text_hash: string } };
}

describe("the academy's forms", () => {
  it("are built by admins, checked, and asked of the campers of the classes that need them", async () => {
    const bad = await admin("POST", "/admin/forms", {
      ...WAIVER,
      fields: [{ key: "pick", kind: "one-choice", label: "Pick", choices: ["Only"] }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ "fields.0.choices": "Give at least two choices." });

    const waiver = await createForm(WAIVER);
    const medical = await createForm(MEDICAL);
    const soccer = await lineClass(api, 10, { sport: "soccer", startDate: clockDay(30), endDate: clockDay(34) });
    const parent = await seatedFamily(soccer);
    const list = (await as(parent, "GET", "/forms")).json();
    const mine = list.items.filter((i: { form_id: string }) => [waiver.id, medical.id].includes(i.form_id));
    expect(mine).toHaveLength(4);
    expect(list.consent_needed).toBe(true);
    const mia = mine.find(
      (i: { title: string; camper_name: string }) => i.title === "Medical release" && i.camper_name.startsWith("Mia"),
    );
    expect(mia).toMatchObject({ waiver: false, first_day: clockDay(30), due_date: clockDay(16), status: "missing" });
    // A tennis class needs the waiver (all classes) but not the soccer-only medical release.
    const tennis = await lineClass(api, 10, { sport: "tennis" });
    const other = await seatedFamily(tennis, ["Ada"]);
    const theirs = (await as(other, "GET", "/forms")).json().items.map((i: { form_id: string }) => i.form_id);
    expect(theirs).toContain(waiver.id);
    expect(theirs).not.toContain(medical.id);

    // A form for one chosen class: named by the class's name, asked of its campers only.
    const trip = await admin("POST", "/admin/forms", {
      ...MEDICAL,
      title: "Trip consent",
      applies_to: { all: false, class_ids: [tennis] },
    });
    expect(trip.statusCode, trip.body).toBe(201);
    expect(trip.json().classes).toEqual([{ _id: tennis, name: expect.stringMatching(/^Line Camp /) }]);
    const tripId = trip.json().id as string;
    expect((await as(other, "GET", "/forms")).json().items.map((i: { form_id: string }) => i.form_id)).toContain(
      tripId,
    );
    expect((await as(parent, "GET", "/forms")).json().items.map((i: { form_id: string }) => i.form_id)).not.toContain(
      tripId,
    );
    const gone = await admin("POST", "/admin/forms", {
      ...MEDICAL,
      applies_to: { all: false, class_ids: ["00000000-0000-4000-8000-000000000009"] },
    });
    expect(gone.statusCode).toBe(400);
    expect(gone.json().fields).toEqual({
      "applies_to.class_ids": "A class chosen does not exist any more: choose again.",
    });
    await admin("DELETE", `/admin/forms/${tripId}`);
  });

  it("are answered with the reasons for any refusal, medical answers sealed, and late once past due", async () => {
    const medical = await createForm({ ...MEDICAL, applies_to: { all: true }, due_days_before: 0 });
    const classId = await lineClass(api, 10, { startDate: clockDay(3), endDate: clockDay(5) });
    const parent = await seatedFamily(classId, ["Mia"]);
    const url = `/forms/${medical.id}/answer`;
    const missing = await as(parent, "PUT", url, { camper_id: parent.kids[0], version: 1, values: { extra: "x" } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({
      "values.doctor": "This is required.",
      "values.extra": "This form has no such question.",
    });
    const noCamper = await as(parent, "PUT", url, { camper_id: null, version: 1, values: { doctor: "Dr Who" } });
    expect(noCamper.json().fields).toEqual({ camper_id: "Choose a camper." });
    const stranger = await family(api, ["Zed"]);
    const notTheirs = await as(parent, "PUT", url, {
      camper_id: stranger.kids[0],
      version: 1,
      values: { doctor: "x" },
    });
    expect(notTheirs.statusCode).toBe(404);

    const values = { doctor: "Dr Okafor", conditions: "Asthma: inhaler in the bag" };
    const saved = await as(parent, "PUT", url, { camper_id: parent.kids[0], version: 1, values });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().answer).toMatchObject({ version: 1, values, signature: null, unreadable: false });
    const [row] = await api.database.db.select().from(formAnswers).where(eq(formAnswers.formId, medical.id));
    expect(row!.values).toEqual({ doctor: "Dr Okafor" });
    expect(row!.sealedValues).toMatch(/^v2\./);
    expect(row!.sealedValues).not.toContain("Asthma");
    // Not signed, so it may change.
    const changed = await as(parent, "PUT", url, {
      camper_id: parent.kids[0],
      version: 1,
      values: { doctor: "Dr Lee" },
    });
    expect(changed.json().answer.values).toEqual({ doctor: "Dr Lee" });

    const other = await seatedFamily(classId, ["Ola"]);
    const [item] = (await as(other, "GET", "/forms"))
      .json()
      .items.filter((i: { form_id: string }) => i.form_id === medical.id);
    expect(item.status).toBe("missing");
    const previous = setClock(new Date(Date.now() + 4 * 86_400_000));
    try {
      const [late] = (await as(other, "GET", "/forms"))
        .json()
        .items.filter((i: { form_id: string }) => i.form_id === medical.id);
      expect(late.status).toBe("late");
      const [done] = (await as(parent, "GET", "/forms"))
        .json()
        .items.filter((i: { form_id: string }) => i.form_id === medical.id);
      expect(done.status).toBe("complete");
    } finally {
      restoreClock(previous);
    }
  });
});

describe("a waiver", () => {
  it("is signed once, after the e-sign consent, and the record can never change", async () => {
    const waiver = await createForm(WAIVER);
    const parent = await seatedFamily(await lineClass(api, 10), ["Mia"]);
    const url = `/forms/${waiver.id}/answer`;
    const body = {
      camper_id: parent.kids[0],
      version: 1,
      values: { swim: true, sign: { name: "Ana Family", agreed: true } },
    };
    const before = await as(parent, "PUT", url, body);
    expect(before.statusCode).toBe(409);
    expect(before.json().message).toBe("Agree to sign electronically before you sign.");

    const consent = await as(parent, "GET", "/forms/consent");
    expect(consent.json()).toMatchObject({ version: 1, agreed: false, at: null });
    expect(consent.json().text).toMatch(/paper copy/);
    expect((await as(parent, "PUT", "/forms/consent", { agreed: true })).json().agreed).toBe(true);

    const unticked = await as(parent, "PUT", url, {
      ...body,
      values: { swim: true, sign: { name: "Ana Family", agreed: false } },
    });
    expect(unticked.json().fields).toEqual({ "values.sign": "Tick the box to agree and sign." });
    const signed = await as(parent, "PUT", url, body);
    expect(signed.statusCode, signed.body).toBe(200);
    const signature = signed.json().answer.signature;
    expect(signature).toMatchObject({ signer_name: "Ana Family", text_hash: waiver.latest.text_hash });
    const again = await as(parent, "PUT", url, {
      ...body,
      values: { swim: false, sign: { name: "Ana Family", agreed: true } },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already been signed/);

    const [record] = await api.database.db.select().from(signatures).where(eq(signatures.id, signature.id));
    expect(record).toMatchObject({ signerEmail: parent.email, userAgent: "FormsTest/1.0", camperId: parent.kids[0] });
    expect(record!.ipAddress).toMatch(/\d/);
    // The database refuses to change a signature, the answer it signed, or the version signed.
    const db = api.database.db;
    await expect(
      db.update(signatures).set({ signerName: "Someone Else" }).where(eq(signatures.id, signature.id)),
    ).rejects.toThrow();
    await expect(
      db.update(formAnswers).set({ values: {} }).where(eq(formAnswers.id, record!.answerId)),
    ).rejects.toThrow();
    await expect(
      db.update(formVersions).set({ title: "Other" }).where(eq(formVersions.id, record!.versionId)),
    ).rejects.toThrow();

    const [item] = (await as(parent, "GET", "/forms"))
      .json()
      .items.filter((i: { form_id: string }) => i.form_id === waiver.id);
    expect(item).toMatchObject({
      status: "complete",
      answered_version: 1,
      signature_pdf: `/signatures/${signature.id}/pdf`,
    });
  });

  it("downloads as a PDF showing the signer and the text's hash, to its family and the office only", async () => {
    const waiver = await createForm({ ...WAIVER, title: "Waiver für Zoë" });
    const parent = await seatedFamily(await lineClass(api, 10), ["Mia"]);
    await as(parent, "PUT", "/forms/consent", { agreed: true });
    const signed = await as(parent, "PUT", `/forms/${waiver.id}/answer`, {
      camper_id: parent.kids[0],
      version: 1,
      values: { swim: false, sign: { name: "Zoë Ångström-Family", agreed: true } },
    });
    const pdf = signed.json().answer.signature.pdf;
    const download = await as(parent, "GET", pdf);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["content-disposition"]).toMatch(
      /^attachment; filename="signed-Waiver-f-r-Zo-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    const text = await pdfText(download.rawPayload);
    expect(text).toContain("Zoë Ångström-Family");
    expect(text).toContain(waiver.latest.text_hash);
    expect(text).toContain("I understand that sport carries a risk of injury");
    expect((await admin("GET", pdf)).statusCode).toBe(200);
    expect((await as(await family(api), "GET", pdf)).statusCode).toBe(404);
  });
});

describe("a form's versions", () => {
  it("are made by publishing a change; answers keep theirs, and count until a version asks to sign again", async () => {
    const form = await createForm({ ...WAIVER, fields: [WAIVER.fields[0]] });
    const parent = await seatedFamily(await lineClass(api, 10), ["Mia"]);
    const answer = (version: number) =>
      as(parent, "PUT", `/forms/${form.id}/answer`, { camper_id: parent.kids[0], version, values: { swim: true } });
    expect((await answer(1)).statusCode).toBe(200);
    const status = async () =>
      (await as(parent, "GET", "/forms")).json().items.find((i: { form_id: string }) => i.form_id === form.id).status;
    expect(await status()).toBe("complete");

    const { audience: _fixed, ...content } = WAIVER;
    const publish = (body: object) =>
      admin("PUT", `/admin/forms/${form.id}`, { ...content, fields: [WAIVER.fields[0]], ...body });
    const same = await publish({});
    expect(same.json()).toMatchObject({ new_version: false, form: { latest: { version: 1 } } });
    const reworded = await publish({ intro: "Reworded." });
    expect(reworded.json()).toMatchObject({ new_version: true, form: { latest: { version: 2, sign_again: false } } });
    expect(await status()).toBe("complete");
    // The family's page opened before the change answers an old version: told to read it again.
    const stale = await answer(1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed since you opened it/);

    await publish({ intro: "Changed in substance.", sign_again: true });
    expect(await status()).toBe("missing");
    expect((await answer(3)).statusCode).toBe(200);
    expect(await status()).toBe("complete");
    const versions = await api.database.db
      .select({ version: formVersions.version })
      .from(formVersions)
      .where(eq(formVersions.formId, form.id))
      .orderBy(formVersions.version);
    expect(versions.map((v) => v.version)).toEqual([1, 2, 3]);
    const answered = await api.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(formAnswers)
      .where(eq(formAnswers.formId, form.id));
    expect(answered[0]!.n).toBe(2);

    expect((await admin("DELETE", `/admin/forms/${form.id}`)).json().archived).toBe(true);
    expect(
      (await as(parent, "GET", "/forms")).json().items.some((i: { form_id: string }) => i.form_id === form.id),
    ).toBe(false);
  });
});
