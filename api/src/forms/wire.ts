import { z } from "zod";
import type { AnswerView } from "./answering.js";
import type { FormVersionRow, FormWithVersions } from "./catalog.js";
import type { ConsentState } from "./consent.js";
import { FIELD_KINDS, isWaiver } from "./model.js";
import type { ClassCompletion, OfficeItem } from "./office.js";
import type { ToDoItem } from "./to-do.js";

/** What the forms routes answer, and how a row becomes it. */

const formFieldWire = z
  .object({
    key: z.string(),
    kind: z.enum(FIELD_KINDS),
    label: z.string(),
    help: z.string(),
    required: z.boolean(),
    medical: z.boolean(),
    choices: z.array(z.string()),
    min: z.number().nullable(),
    max: z.number().nullable(),
  })
  .meta({ id: "FormField", description: "One question of a form" });

export const formVersion = z
  .object({
    version: z.number().int(),
    title: z.string(),
    intro: z.string(),
    fields: z.array(formFieldWire),
    waiver: z.boolean().meta({ description: "Whether answering it means signing it (it has a signature block)" }),
    text_hash: z.string().meta({ description: "SHA-256 (hex) of the version's text, as a signature records it" }),
    sign_again: z.boolean(),
    published_at: z.iso.datetime(),
  })
  .meta({ id: "FormVersion", description: "A form as published at one version" });

const appliesTo = z.object({ all: z.boolean(), sports: z.array(z.string()), class_ids: z.array(z.uuid()) });

export const adminForm = z
  .object({
    id: z.uuid(),
    audience: z.enum(["family", "camper"]),
    applies_to: appliesTo,
    classes: z.array(z.object({ _id: z.uuid(), name: z.string().nullable() })).meta({
      description: "The classes of class_ids by name, in the order chosen; name null for a class deleted since",
    }),
    due_days_before: z.number().int(),
    archived: z.boolean(),
    latest: formVersion,
    versions: z
      .array(z.object({ version: z.number().int(), published_at: z.iso.datetime(), sign_again: z.boolean() }))
      .meta({ description: "Every version, the oldest first" }),
  })
  .meta({ id: "AdminForm", description: "A form the academy asks for, with its versions" });

export const adminForms = z.object({ forms: z.array(adminForm) }).meta({ id: "AdminForms" });

export const published = z
  .object({
    form: adminForm,
    new_version: z.boolean().meta({ description: "Whether the text or questions changed, so a new version is out" }),
  })
  .meta({ id: "PublishedForm" });

const signatureWire = z
  .object({
    id: z.uuid(),
    signer_name: z.string(),
    signed_at: z.iso.datetime(),
    text_hash: z.string(),
    pdf: z.string().meta({ description: "Where the signed copy (a PDF) is downloaded" }),
  })
  .meta({ id: "Signature" });

export const formAnswer = z
  .object({
    version: z.number().int().meta({ description: "The version answered" }),
    values: z.record(z.string(), z.unknown()),
    unreadable: z.boolean().meta({ description: "Medical answers were kept but could not be opened" }),
    answered_at: z.iso.datetime(),
    signature: signatureWire.nullable(),
  })
  .meta({ id: "FormAnswer", description: "A family's latest answer to a form for one camper or the family" });

export const familyForm = z
  .object({
    id: z.uuid(),
    audience: z.enum(["family", "camper"]),
    latest: formVersion,
    answer: formAnswer.nullable(),
    consent_needed: z.boolean().meta({ description: "A waiver, and the caller has not agreed to sign electronically" }),
  })
  .meta({ id: "FamilyForm", description: "A form as the family answers it now, with their latest answer" });

export const toDoItem = z
  .object({
    form_id: z.uuid(),
    title: z.string(),
    waiver: z.boolean(),
    camper_id: z.uuid().nullable(),
    camper_name: z.string().nullable(),
    first_day: z.iso.date(),
    due_date: z.iso.date(),
    status: z.enum(["complete", "missing", "late"]),
    answered_version: z.number().int().nullable(),
    latest_version: z.number().int(),
    signature_pdf: z.string().nullable().meta({ description: "The signed copy, once a waiver is signed" }),
  })
  .meta({ id: "FormToDo", description: "One form a camper (or the family) needs before the first day" });

export const consentWire = z
  .object({
    version: z.number().int(),
    text: z.string().meta({ description: "The consumer disclosure, plain text" }),
    agreed: z.boolean(),
    at: z.iso.datetime().nullable().meta({ description: "When the caller last agreed or withdrew" }),
  })
  .meta({ id: "EsignConsent", description: "The consent to sign and receive records electronically" });

export const familyToDo = z
  .object({
    items: z.array(toDoItem),
    consent_needed: z.boolean().meta({ description: "A waiver is among them and the caller has not agreed yet" }),
  })
  .meta({ id: "FamilyForms" });

export const staffCamperForms = z
  .object({
    camper_id: z.uuid(),
    camper_name: z.string(),
    forms: z.array(
      z.object({
        item: toDoItem,
        version: formVersion.nullable().meta({ description: "The version answered, with its questions" }),
        answer: formAnswer.nullable(),
      }),
    ),
  })
  .meta({
    id: "StaffCamperForms",
    description: "A camper's forms as staff read them: what the class needs, each answer with its questions",
  });

const iso = (at: Date) => at.toISOString();
export const pdfPath = (signatureId: string) => `/signatures/${signatureId}/pdf`;

export const versionToWire = (v: FormVersionRow): z.input<typeof formVersion> => ({
  version: v.version,
  title: v.title,
  intro: v.intro,
  fields: v.fields,
  waiver: isWaiver(v),
  text_hash: v.textHash,
  sign_again: v.signAgain,
  published_at: iso(v.publishedAt),
});

/** A form for the admin; `names` holds the names of the classes it names (a deleted one is missing). */
export const adminFormToWire = (
  { form, versions }: FormWithVersions,
  names: ReadonlyMap<string, string>,
): z.input<typeof adminForm> => ({
  id: form.id,
  audience: form.audience,
  applies_to: { all: form.allClasses, sports: form.sports, class_ids: form.classIds },
  classes: form.classIds.map((id) => ({ _id: id, name: names.get(id) ?? null })),
  due_days_before: form.dueDaysBefore,
  archived: form.archivedAt !== null,
  latest: versionToWire(versions.at(-1)!),
  versions: versions.map((v) => ({ version: v.version, published_at: iso(v.publishedAt), sign_again: v.signAgain })),
});

export const answerToWire = (a: AnswerView): z.input<typeof formAnswer> => ({
  version: a.version,
  values: a.values,
  unreadable: a.unreadable,
  answered_at: iso(a.answeredAt),
  signature: a.signature && {
    id: a.signature.id,
    signer_name: a.signature.signerName,
    signed_at: iso(a.signature.signedAt),
    text_hash: a.signature.textHash,
    pdf: pdfPath(a.signature.id),
  },
});

export const toDoToWire = (item: ToDoItem): z.input<typeof toDoItem> => ({
  form_id: item.formId,
  title: item.title,
  waiver: item.waiver,
  camper_id: item.camperId,
  camper_name: item.camperName,
  first_day: item.firstDay,
  due_date: item.dueDate,
  status: item.status,
  answered_version: item.answeredVersion,
  latest_version: item.latestVersion,
  signature_pdf: item.signatureId ? pdfPath(item.signatureId) : null,
});

export const consentToWire = (state: ConsentState, version: number, text: string): z.input<typeof consentWire> => ({
  version,
  text,
  agreed: state.agreed,
  at: state.at ? iso(state.at) : null,
});

export const officeItem = toDoItem
  .extend({
    family_id: z.uuid(),
    family_name: z.string(),
    family_email: z.string(),
    classes: z.array(z.object({ id: z.uuid(), name: z.string(), start_date: z.string() })),
  })
  .meta({ id: "OfficeFormItem", description: "One camper's form (or a family's), with the family and its classes" });

export const officeCompletionWire = z
  .object({
    items: z.array(officeItem).meta({ description: "The soonest due first" }),
    by_class: z
      .array(
        z.object({
          class_id: z.uuid(),
          class_name: z.string(),
          start_date: z.string(),
          complete: z.number().int(),
          missing: z.number().int(),
          late: z.number().int(),
        }),
      )
      .meta({ description: "Per class: how many campers' forms are complete, missing and late" }),
  })
  .meta({ id: "FormsCompletion", description: "The office's view of every camper's forms" });

export const officeToWire = (
  items: readonly OfficeItem[],
  byClass: readonly ClassCompletion[],
): z.input<typeof officeCompletionWire> => ({
  items: items.map((i) => ({
    ...toDoToWire(i),
    family_id: i.familyId,
    family_name: i.familyName,
    family_email: i.familyEmail,
    classes: i.classes.map((c) => ({ id: c.id, name: c.name, start_date: c.startDate })),
  })),
  by_class: byClass.map((c) => ({
    class_id: c.classId,
    class_name: c.className,
    start_date: c.startDate,
    complete: c.complete,
    missing: c.missing,
    late: c.late,
  })),
});

/** Which question of the form an upload answers, and for whom (query of `POST /forms/:id/files`). */
export const keptFileBody = z
  .object({
    field: z.string().max(40).meta({ description: "The file question's key" }),
    camper_id: z
      .uuid({ error: "Not a valid camper id." })
      .optional()
      .meta({ description: "The camper; absent for a form filled once per family" }),
  })
  .strict();

export const keptFile = z
  .object({
    file_id: z.uuid().meta({ description: "Put `{ file_id }` in the question's answer" }),
    name: z.string().meta({ description: "The name shown: the uploaded name's words, ending as kept (.pdf or .webp)" }),
    kind: z.enum(["image", "pdf"]).meta({ description: "A photo kept as WebP, or a PDF" }),
    bytes: z.number().int().meta({ description: "The size as kept" }),
  })
  .meta({ id: "KeptFormFile", description: "A file uploaded to answer a form" });
