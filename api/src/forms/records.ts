import { eq } from "drizzle-orm";
import { camperName } from "../campers/index.js";
import type { SignedRecord } from "../notifications/index.js";
import type { Db, Tx } from "../platform/database/client.js";
import { campers, esignConsents, formAnswers, formVersions, signatures, users } from "../platform/database/schema.js";
import { notFound } from "../platform/errors.js";
import { isFileValue, renderText, type Answers, type FormField } from "./model.js";

/** An answer as a person reads it on the signed copy. */
function answerInWords(value: Answers[string] | undefined): string {
  if (value === undefined) return "(not answered)";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) return value.join(", ");
  if (isFileValue(value)) return `Uploaded ${value.kind === "pdf" ? "a PDF" : "a photo"}: ${value.name ?? "a file"}`;
  if (typeof value === "object") return `Signed by typing "${value.name}" and ticking "I agree"`;
  return String(value);
}

/**
 * A signature with everything its signed copy shows. The answers printed are the open ones:
 * medical answers stay sealed and out of the copy, so downloading or e-mailing it carries no
 * child's medical details.
 */
export async function signedRecord(
  db: Db | Tx,
  signatureId: string,
  academy: string,
): Promise<SignedRecord & { familyId: string; familyEmail: string }> {
  const [row] = await db
    .select({
      signature: signatures,
      version: formVersions,
      values: formAnswers.values,
      familyName: users.name,
      familyEmail: users.email,
      camperName,
      consentAt: esignConsents.at,
      disclosureVersion: esignConsents.disclosureVersion,
    })
    .from(signatures)
    .innerJoin(formVersions, eq(formVersions.id, signatures.versionId))
    .innerJoin(formAnswers, eq(formAnswers.id, signatures.answerId))
    .innerJoin(users, eq(users.id, signatures.familyId))
    .innerJoin(esignConsents, eq(esignConsents.id, signatures.consentId))
    .leftJoin(campers, eq(campers.id, signatures.camperId))
    .where(eq(signatures.id, signatureId));
  if (!row) throw notFound("No such signed form.");
  const s = row.signature;
  const fields = row.version.fields as FormField[];
  const values = row.values as Answers;
  return {
    familyId: s.familyId,
    familyEmail: row.familyEmail,
    academy,
    title: row.version.title,
    version: row.version.version,
    publishedAt: row.version.publishedAt.toISOString(),
    text: renderText({ title: row.version.title, intro: row.version.intro, fields }),
    answers: fields.filter((f) => !f.medical).map((f) => ({ question: f.label, answer: answerInWords(values[f.key]) })),
    medicalLeftOut: fields.some((f) => f.medical),
    familyName: row.familyName,
    camperName: s.camperId ? row.camperName : null,
    signerName: s.signerName,
    signerEmail: s.signerEmail,
    signedAt: s.signedAt.toISOString(),
    ipAddress: s.ipAddress,
    userAgent: s.userAgent,
    consentAt: row.consentAt.toISOString(),
    disclosureVersion: row.disclosureVersion,
    textHash: s.textHash,
    signatureId: s.id,
  };
}
