import { PDFDocument, PDFName, PDFString, StandardFonts } from "@cantoo/pdf-lib";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { family, lineClass } from "../../test/families.js";
import { ADMIN, clockDay, JONAS, MAYA, useTestApi } from "../../test/harness.js";
import { enrollments, formFiles, sensitiveReads } from "../platform/database/schema.js";
import { pdfText } from "../../../tools/pdf-text.mjs";

/** Files uploaded to answer a form's file question: checked, made safe, sealed, and read by whom may. */
const api = useTestApi({ RATE_LIMIT_FORMS: "1000", RATE_LIMIT_UPLOADS: "1000" });
type Person = Awaited<ReturnType<typeof family>>;

const PHYSICAL = {
  title: "Doctor's physical",
  audience: "camper",
  applies_to: { all: true },
  due_days_before: 7,
  fields: [
    { key: "physical", kind: "file", label: "The doctor's signed physical", required: true, medical: true },
    { key: "card", kind: "file", label: "Insurance card (optional)" },
  ],
};

const admin = (method: string, url: string, payload?: object) => api.call({ method, url, as: ADMIN, payload } as never);
const as = (who: Person | typeof MAYA, method: string, url: string, payload?: object) =>
  api.call({ method, url, as: who, payload } as never);

/** A multipart/form-data body as a browser sends one file. */
async function fileForm(bytes: Buffer | Uint8Array, name: string, type: string) {
  const data = new FormData();
  data.append("file", new Blob([new Uint8Array(bytes)], { type }), name);
  const res = new Response(data);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { "content-type": res.headers.get("content-type")! },
  };
}

const upload = async (
  who: Person,
  formId: string,
  query: string,
  bytes: Buffer | Uint8Array,
  name: string,
  type: string,
) =>
  api.call({ method: "POST", url: `/forms/${formId}/files?${query}`, as: who, ...(await fileForm(bytes, name, type)) });

/** A one-page PDF saying `words`, that also runs a script when opened. */
async function pdfWithScript(words: string) {
  const doc = await PDFDocument.create();
  const page = doc.addPage([400, 200]);
  page.drawText(words, { x: 40, y: 100, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) });
  const script = doc.context.obj({ Type: "Action", S: "JavaScript", JS: PDFString.of("app.alert('hello')") });
  doc.catalog.set(PDFName.of("OpenAction"), script);
  return Buffer.from(await doc.save());
}

async function seated(classId: string, kids: string[]) {
  const parent = await family(api, kids);
  await api.database.db
    .insert(enrollments)
    .values(parent.kids.map((camperId) => ({ studentId: parent.id, classId, camperId })));
  return parent;
}

describe("a form's file question", () => {
  it("takes a photo or a PDF made safe, refuses what it cannot read with the reason, and keeps it sealed", async () => {
    const made = await admin("POST", "/admin/forms", PHYSICAL);
    expect(made.statusCode, made.body).toBe(201);
    const formId = made.json().id as string;
    const classId = await lineClass(api, 10, { startDate: clockDay(20), endDate: clockDay(24) });
    const parent = await seated(classId, ["Mia"]);
    const mia = `field=physical&camper_id=${parent.kids[0]}`;

    const pdf = await upload(
      parent,
      formId,
      mia,
      await pdfWithScript("Fit to play"),
      "../Mia's physical <b>.pdf",
      "application/pdf",
    );
    expect(pdf.statusCode, pdf.body).toBe(201);
    expect(pdf.json()).toMatchObject({ kind: "pdf", name: "Mia's physical b.pdf" });
    const fileId = pdf.json().file_id as string;

    // The family's own copy: the page's words, without the script, as a download.
    const copy = await as(parent, "GET", `/forms/files/${fileId}`);
    expect(copy.statusCode).toBe(200);
    expect(copy.headers["content-type"]).toBe("application/pdf");
    expect(copy.headers["content-disposition"]).toBe(`attachment; filename="Mia's physical b.pdf"`);
    expect(copy.headers["cache-control"]).toContain("no-store");
    expect(copy.rawPayload.toString("latin1")).not.toMatch(/JavaScript|OpenAction/);
    expect(await pdfText(copy.rawPayload)).toContain("Fit to play");

    // Sealed at rest: neither the name nor the bytes are readable in the row.
    const [row] = await api.database.db.select().from(formFiles).where(eq(formFiles.id, fileId));
    expect(row!.sealedContent).toMatch(/^v2\./);
    expect(row!.sealedContent).not.toContain("physical");

    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#f08020" } })
      .jpeg()
      .toBuffer();
    const card = await upload(
      parent,
      formId,
      `field=card&camper_id=${parent.kids[0]}`,
      photo,
      "card.jpg",
      "image/jpeg",
    );
    expect(card.json()).toMatchObject({ kind: "image", name: "card.webp" });
    const asWebp = await as(parent, "GET", `/forms/files/${card.json().file_id}`);
    expect(asWebp.headers["content-type"]).toBe("image/webp");
    expect((await sharp(asWebp.rawPayload).metadata()).format).toBe("webp");

    const refusals: [Buffer, string, number, string][] = [
      [Buffer.from("just some words"), "notes.pdf", 415, "not a picture or a PDF we accept"],
      [Buffer.from("%PDF-1.7\nthis is not really a PDF"), "broken.pdf", 415, "cannot be read"],
      [Buffer.alloc(0), "empty.pdf", 400, "empty"],
      [Buffer.alloc(9 * 1024 * 1024, 1), "huge.pdf", 413, "larger than 8 MB"],
    ];
    for (const [bytes, name, status, reason] of refusals) {
      const res = await upload(parent, formId, mia, bytes, name, "application/pdf");
      expect(res.statusCode, name).toBe(status);
      expect(res.json().message).toContain(reason);
    }
    const notAFileQuestion = await upload(
      parent,
      formId,
      `field=nope&camper_id=${parent.kids[0]}`,
      photo,
      "a.jpg",
      "image/jpeg",
    );
    expect(notAFileQuestion.statusCode).toBe(400);
    expect(notAFileQuestion.json().fields).toEqual({ field: "Not a file question of this form." });
    const stranger = await family(api, ["Gus"]);
    expect(
      (await upload(stranger, formId, `field=physical&camper_id=${parent.kids[0]}`, photo, "a.jpg", "image/jpeg"))
        .statusCode,
    ).toBe(404);
    expect((await as(stranger, "GET", `/forms/files/${fileId}`)).statusCode).toBe(404);

    // Answered with the upload's id; another family's file, or none, is refused with the reason.
    const theirs = await upload(
      stranger,
      formId,
      `field=physical&camper_id=${stranger.kids[0]}`,
      photo,
      "a.jpg",
      "image/jpeg",
    );
    const answer = (values: object) =>
      as(parent, "PUT", `/forms/${formId}/answer`, { camper_id: parent.kids[0], version: 1, values });
    const wrong = await answer({ physical: { file_id: theirs.json().file_id } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ "values.physical": "That file is not here any more: upload it again." });
    expect((await answer({})).json().fields).toEqual({ "values.physical": "Upload a photo or a PDF." });
    const done = await answer({ physical: { file_id: fileId } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().answer.values.physical).toEqual({ file_id: fileId, name: "Mia's physical b.pdf", kind: "pdf" });
    const status = (await as(parent, "GET", "/forms"))
      .json()
      .items.find((i: { form_id: string }) => i.form_id === formId);
    expect(status.status).toBe("complete");

    // A second card replaces the first nobody's answer names; the answered physical stays.
    await upload(parent, formId, `field=card&camper_id=${parent.kids[0]}`, photo, "card-2.jpg", "image/jpeg");
    const kept = await api.database.db
      .select({ id: formFiles.id, field: formFiles.fieldKey })
      .from(formFiles)
      .where(and(eq(formFiles.familyId, parent.id), eq(formFiles.formId, formId)));
    expect(kept.map((k) => k.field).sort()).toEqual(["card", "physical"]);
    expect(kept.map((k) => k.id)).not.toContain(card.json().file_id);

    // Staff: the class's instructor and admins read it through the roster, each read recorded.
    const url = `/classes/${classId}/roster/${parent.kids[0]}/files/${fileId}`;
    const read = await as(MAYA, "GET", url);
    expect(read.statusCode).toBe(200);
    expect(await pdfText(read.rawPayload)).toContain("Fit to play");
    const logged = await api.database.db
      .select()
      .from(sensitiveReads)
      .where(eq(sensitiveReads.camperId, parent.kids[0]!));
    expect(logged.map((r) => [r.readerEmail, r.reason, r.classId])).toEqual([[MAYA.email, "form", classId]]);
    expect((await admin("GET", url)).statusCode).toBe(200);
    expect((await as(JONAS, "GET", url)).statusCode).toBe(403);
    expect((await as(parent, "GET", url)).statusCode).toBe(403);
    expect(
      (await admin("GET", `/classes/${classId}/roster/${parent.kids[0]}/files/${theirs.json().file_id}`)).statusCode,
    ).toBe(404);
    await admin("DELETE", `/admin/forms/${formId}`);
  });
});
