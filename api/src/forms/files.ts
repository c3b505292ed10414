import { randomUUID } from "node:crypto";
import { and, eq, isNull, notInArray } from "drizzle-orm";
import type { Db, Tx } from "../platform/database/client.js";
import { formAnswers, formFiles } from "../platform/database/schema.js";
import { badRequest, notFound } from "../platform/errors.js";
import { formAnswerBinding, formFileBinding } from "../platform/sealed-columns.js";
import type { Sealer } from "../platform/sealing.js";
import { isFileValue, type Answers, type FileValue, type FormField } from "./model.js";
import type { SafeFile } from "./uploads.js";

/**
 * The files families upload to answer forms, kept sealed (the name and the bytes) and bound to
 * their row. A file belongs to one family, form, question and subject (a camper or the family); an
 * answer may name only such a file. A new upload for a question clears the earlier ones no answer
 * names, so trying several files keeps one.
 */

export interface FileSubject {
  familyId: string;
  camperId: string | null;
  formId: string;
  fieldKey: string;
}

const ofSubject = (s: Omit<FileSubject, "fieldKey">) =>
  and(
    eq(formFiles.familyId, s.familyId),
    eq(formFiles.formId, s.formId),
    s.camperId ? eq(formFiles.camperId, s.camperId) : isNull(formFiles.camperId),
  );

/** The ids of the files the family's answers to this form name (every version, for this subject). */
async function namedFiles(tx: Tx, sealer: Sealer, s: Omit<FileSubject, "fieldKey">): Promise<string[]> {
  const rows = await tx
    .select({ id: formAnswers.id, values: formAnswers.values, sealed: formAnswers.sealedValues })
    .from(formAnswers)
    .where(
      and(
        eq(formAnswers.familyId, s.familyId),
        eq(formAnswers.formId, s.formId),
        s.camperId ? eq(formAnswers.camperId, s.camperId) : isNull(formAnswers.camperId),
      ),
    );
  const ids: string[] = [];
  for (const row of rows) {
    const values: Answers = { ...(row.values as Answers) };
    if (row.sealed) {
      try {
        Object.assign(
          values,
          JSON.parse(sealer.open(row.sealed, formAnswerBinding({ id: row.id, familyId: s.familyId }))),
        );
      } catch {
        // An answer that does not open names files nobody can reach: they may go.
      }
    }
    for (const value of Object.values(values)) if (isFileValue(value)) ids.push(value.file_id);
  }
  return ids;
}

/** Keeps an upload (under the family's row lock), clearing the question's earlier unnamed ones. */
export async function keepFile(
  tx: Tx,
  sealer: Sealer,
  subject: FileSubject,
  file: SafeFile,
): Promise<Required<FileValue>> {
  const named = await namedFiles(tx, sealer, subject);
  await tx
    .delete(formFiles)
    .where(
      and(
        ofSubject(subject),
        eq(formFiles.fieldKey, subject.fieldKey),
        named.length ? notInArray(formFiles.id, named) : undefined,
      ),
    );
  const id = randomUUID();
  const content = JSON.stringify({ name: file.name, base64: file.bytes.toString("base64") });
  await tx.insert(formFiles).values({
    id,
    ...subject,
    kind: file.kind,
    byteSize: file.bytes.length,
    sealedContent: sealer.seal(content, formFileBinding({ id, familyId: subject.familyId })),
  });
  return { file_id: id, name: file.name, kind: file.kind };
}

/**
 * The file answers of a version checked against what the family uploaded: each must name a file of
 * this family, form, question and subject. Each value gains the file's name and kind as kept.
 */
export async function resolveFileAnswers(
  tx: Tx,
  sealer: Sealer,
  subject: Omit<FileSubject, "fieldKey">,
  fields: readonly FormField[],
  answers: Answers,
): Promise<Answers> {
  const resolved: Answers = { ...answers };
  const problems: Record<string, string> = {};
  for (const field of fields) {
    const value = answers[field.key];
    if (field.kind !== "file" || !isFileValue(value)) continue;
    const [row] = await tx
      .select()
      .from(formFiles)
      .where(and(ofSubject(subject), eq(formFiles.fieldKey, field.key), eq(formFiles.id, value.file_id)));
    if (!row) problems[`values.${field.key}`] = "That file is not here any more: upload it again.";
    else resolved[field.key] = { file_id: row.id, name: openFile(sealer, row).name, kind: row.kind };
  }
  if (Object.keys(problems).length) throw badRequest("Some answers need another look.", problems);
  return resolved;
}

export type FormFileRow = typeof formFiles.$inferSelect;

/** A kept file's name and bytes. */
export function openFile(sealer: Sealer, row: FormFileRow): { name: string; bytes: Buffer } {
  const { name, base64 } = JSON.parse(sealer.open(row.sealedContent, formFileBinding(row))) as {
    name: string;
    base64: string;
  };
  return { name, bytes: Buffer.from(base64, "base64") };
}

/** One kept file, or 404 (another family's is not found either: its existence is not told). */
export async function oneFile(db: Db | Tx, id: string, familyId?: string): Promise<FormFileRow> {
  const [row] = await db
    .select()
    .from(formFiles)
    .where(and(eq(formFiles.id, id), familyId ? eq(formFiles.familyId, familyId) : undefined));
  if (!row) throw notFound("There is no such file.");
  return row;
}

export const fileContentType = (kind: FormFileRow["kind"]) => (kind === "pdf" ? "application/pdf" : "image/webp");
