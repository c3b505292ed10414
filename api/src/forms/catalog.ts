import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../platform/database/client.js";
import { classes, forms, formVersions, type FormAudience } from "../platform/database/schema.js";
import { badRequest, notFound } from "../platform/errors.js";
import type { FormCreate, FormFieldInput, FormPublish } from "./fields.js";
import { contentProblems, sameContent, textHash, type FormContent, type FormField } from "./model.js";

/** The academy's forms: created, published as new versions, archived (the admin's side). */

export interface FormVersionRow {
  id: string;
  formId: string;
  version: number;
  title: string;
  intro: string;
  fields: FormField[];
  textHash: string;
  signAgain: boolean;
  publishedAt: Date;
}

export interface FormRow {
  id: string;
  audience: FormAudience;
  allClasses: boolean;
  sports: string[];
  classIds: string[];
  dueDaysBefore: number;
  archivedAt: Date | null;
}

export interface FormWithVersions {
  form: FormRow;
  /** Every version, the oldest first; the last is the one families answer now. */
  versions: FormVersionRow[];
}

const toField = (f: FormFieldInput): FormField => ({
  key: f.key,
  kind: f.kind,
  label: f.label,
  help: f.help,
  required: f.kind === "signature" ? true : f.required,
  medical: f.medical,
  choices: f.choices,
  min: f.min,
  max: f.max,
});

function checkedContent(input: FormCreate | FormPublish, audience: FormAudience): FormContent {
  const content = { title: input.title, intro: input.intro, fields: input.fields.map(toField) };
  const problems = contentProblems(content, audience);
  if (Object.keys(problems).length) throw badRequest("The form cannot be published as it is.", problems);
  return content;
}

/** Which classes need the form, each class chosen checked to exist (a deleted one cannot be chosen). */
async function targets(tx: Tx, input: FormCreate | FormPublish) {
  const classIds = input.applies_to.all ? [] : [...new Set(input.applies_to.class_ids)];
  if (classIds.length) {
    const found = await tx.select({ id: classes.id }).from(classes).where(inArray(classes.id, classIds));
    if (found.length < classIds.length)
      throw badRequest("A class chosen does not exist any more.", {
        "applies_to.class_ids": "A class chosen does not exist any more: choose again.",
      });
  }
  return {
    allClasses: input.applies_to.all,
    sports: input.applies_to.all ? [] : [...new Set(input.applies_to.sports)],
    classIds,
    dueDaysBefore: input.due_days_before,
  };
}

const versionValues = (formId: string, version: number, content: FormContent, actorId: string, signAgain: boolean) => ({
  formId,
  version,
  title: content.title,
  intro: content.intro,
  fields: content.fields,
  textHash: textHash(content),
  signAgain,
  publishedBy: actorId,
});

/** A new form and its first version, published at once. */
export async function createForm(tx: Tx, actorId: string, input: FormCreate): Promise<string> {
  const content = checkedContent(input, input.audience);
  const [form] = await tx
    .insert(forms)
    .values({ audience: input.audience, createdBy: actorId, ...(await targets(tx, input)) })
    .returning({ id: forms.id });
  await tx.insert(formVersions).values(versionValues(form!.id, 1, content, actorId, false));
  return form!.id;
}

/**
 * Publishes a change: the classes and due date are changed in place; a changed text or question
 * makes a new version (none when they are the same), which families answer from then on. Under the
 * form's row lock, so two admins publishing at once make two versions in turn, never one number twice.
 */
export async function publishForm(
  tx: Tx,
  formId: string,
  actorId: string,
  input: FormPublish,
): Promise<{ newVersion: boolean }> {
  const [form] = await tx.select().from(forms).where(eq(forms.id, formId)).for("update");
  if (!form) throw notFound("No such form.");
  const content = checkedContent(input, form.audience);
  await tx
    .update(forms)
    .set({ ...(await targets(tx, input)), archivedAt: null, updatedAt: sql`now()` })
    .where(eq(forms.id, formId));
  const [latest] = await tx
    .select()
    .from(formVersions)
    .where(eq(formVersions.formId, formId))
    .orderBy(desc(formVersions.version))
    .limit(1);
  if (latest && sameContent(content, latest as unknown as FormContent)) return { newVersion: false };
  await tx
    .insert(formVersions)
    .values(versionValues(formId, (latest?.version ?? 0) + 1, content, actorId, input.sign_again));
  return { newVersion: true };
}

/** Stops asking for a form; every answer and signature is kept. */
export async function archiveForm(tx: Tx, formId: string): Promise<void> {
  const archived = await tx
    .update(forms)
    .set({ archivedAt: sql`coalesce(${forms.archivedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(forms.id, formId))
    .returning({ id: forms.id });
  if (!archived.length) throw notFound("No such form.");
}

/** Forms with all their versions; the archived ones only when asked. */
export async function formsWithVersions(
  db: Db | Tx,
  options: { ids?: readonly string[]; archived?: boolean } = {},
): Promise<FormWithVersions[]> {
  const conditions = [
    options.ids ? inArray(forms.id, [...options.ids]) : undefined,
    options.archived ? undefined : isNull(forms.archivedAt),
  ].filter((c) => c !== undefined);
  if (options.ids && options.ids.length === 0) return [];
  const rows = await db
    .select()
    .from(forms)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(forms.createdAt), asc(forms.id));
  if (!rows.length) return [];
  const versions = await db
    .select()
    .from(formVersions)
    .where(
      inArray(
        formVersions.formId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(formVersions.version));
  return rows.map((form) => ({
    form: form as FormRow,
    versions: versions.filter((v) => v.formId === form.id) as unknown as FormVersionRow[],
  }));
}

export async function oneForm(db: Db | Tx, formId: string): Promise<FormWithVersions> {
  const [found] = await formsWithVersions(db, { ids: [formId], archived: true });
  if (!found) throw notFound("No such form.");
  return found;
}
