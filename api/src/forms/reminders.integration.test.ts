import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pdfText } from "../../../tools/pdf-text.mjs";
import { family, lineClass } from "../../test/families.js";
import { ADMIN, clockDay, useTestApi } from "../../test/harness.js";
import { renderMessage } from "../notifications/index.js";
import { restoreClock, setClock } from "../platform/clock.js";
import { enrollments, notificationOutbox } from "../platform/database/schema.js";
import { enqueueFormReminders, reminderStage } from "./reminders.js";

/** The forms' e-mails through the outbox: the signed copy, and the reminders before the first day on the movable clock. */
const api = useTestApi({ RATE_LIMIT_FORMS: "1000" });
type Person = Awaited<ReturnType<typeof family>>;

const as = (who: Person, method: string, url: string, payload?: object) =>
  api.call({ method, url, as: who, payload } as never);

async function form(title: string, fields: object[]) {
  const res = await api.call({
    method: "POST",
    url: "/admin/forms",
    as: ADMIN,
    payload: { title, audience: "camper", applies_to: { all: true }, due_days_before: 3, fields },
  } as never);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function seated(firstDayIn: number) {
  const classId = await lineClass(api, 10, { startDate: clockDay(firstDayIn), endDate: clockDay(firstDayIn + 4) });
  const parent = await family(api, ["Mia"]);
  await api.database.db.insert(enrollments).values({ studentId: parent.id, classId, camperId: parent.kids[0]! });
  return parent;
}

const outboxOf = (to: string, kind: string) =>
  api.database.db
    .select()
    .from(notificationOutbox)
    .where(and(eq(notificationOutbox.recipient, to), eq(notificationOutbox.kind, kind)));

describe("the forms' e-mails", () => {
  it("a signature sends the family its signed copy, a PDF with the signer and the text's hash", async () => {
    const waiver = await form("Pool waiver", [{ key: "sign", kind: "signature", label: "Parent or guardian" }]);
    const parent = await seated(30);
    await as(parent, "PUT", "/forms/consent", { agreed: true });
    const signed = await as(parent, "PUT", `/forms/${waiver}/answer`, {
      camper_id: parent.kids[0],
      version: 1,
      values: { sign: { name: "Ana Family", agreed: true } },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const [row] = await outboxOf(parent.email, "form-signed");
    expect(row).toBeDefined();
    const message = await renderMessage("form-signed", row!.payload as never, { siteUrl: "https://camp.example" });
    expect(message.subject).toBe(`Signed: Pool waiver for Mia ${parent.lastName}`);
    expect(message.text).toContain("The signed copy is attached as a PDF");
    const [pdf] = message.attachments;
    expect(pdf).toMatchObject({
      contentType: "application/pdf",
      encoding: "base64",
      filename: "signed-Pool-waiver.pdf",
    });
    const text = await pdfText(Buffer.from(pdf!.content, "base64"));
    expect(text).toContain(`Ana Family (${parent.email})`);
    expect(text).toContain(signed.json().answer.signature.text_hash);
    // Asked no more, so the next test's families owe only its own form.
    await api.call({ method: "DELETE", url: `/admin/forms/${waiver}`, as: ADMIN } as never);
  });

  it("reminds 14, 7 and 2 days before the first day while a form is missing, each once, whatever the e-mail choices", async () => {
    expect([15, 14, 8, 7, 3, 2, 1, 0].map(reminderStage)).toEqual([null, 14, 14, 7, 7, 2, 2, null]);
    await form("Doctor's details", [{ key: "doctor", kind: "short-text", label: "Family doctor", required: true }]);
    const parent = await seated(12);
    // Optional e-mails off: these still come, as the child cannot attend without the forms.
    await as(parent, "PATCH", "/notification-settings", { optionalEmails: false });
    const remind = () => enqueueFormReminders(api.database.db, { familyIds: [parent.id] });
    const keys = async () =>
      (await outboxOf(parent.email, "forms-needed")).map((r) => r.dedupeKey!.split(":").at(-1)).sort();

    expect(await remind()).toBe(1);
    expect(await remind()).toBe(0);
    expect(await keys()).toEqual(["14"]);
    const [first] = await outboxOf(parent.email, "forms-needed");
    const message = await renderMessage("forms-needed", first!.payload as never, { siteUrl: "https://camp.example" });
    expect(message.text).toContain("Doctor's details for Mia: due");
    expect(message.text).toContain("even if you turned optional e-mails off");

    const previous = setClock(new Date(Date.now() + 6 * 86_400_000));
    try {
      expect(await remind()).toBe(1);
      expect(await keys()).toEqual(["14", "7"]);
    } finally {
      restoreClock(previous);
    }
    // Once the form is answered, no more reminders for that day.
    const [item] = (await as(parent, "GET", "/forms")).json().items;
    await as(parent, "PUT", `/forms/${item.form_id}/answer`, {
      camper_id: parent.kids[0],
      version: 1,
      values: { doctor: "Dr Okafor" },
    });
    const later = setClock(new Date(Date.now() + 11 * 86_400_000));
    try {
      expect(await remind()).toBe(0);
    } finally {
      restoreClock(later);
    }
    const all = await api.database.db
      .select()
      .from(notificationOutbox)
      .where(like(notificationOutbox.dedupeKey, `forms-needed:${parent.id}:%`));
    expect(all).toHaveLength(2);
  });
});
