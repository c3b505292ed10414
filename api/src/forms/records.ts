import { eq } from "drizzle-orm";
import { camperName } from "../campers/index.js";
import type { Db } from "../platform/database/client.js";
import { campers, esignConsents, formAnswers, formVersions, signatures, users } from "../platform/database/schema.js";
import { notFound } from "../platform/errors.js";
import type { Answers, FormField } from "./model.js";
import type { SignedRecord } from "./signed-pdf.js";

/**
 * A signature with everything its PDF shows. The answers printed are the open ones: medical answers
 * stay sealed and out of the copy, so downloading it reads no child's medical details.
 */
export async function signedRecord(
  db: Db,
  signatureId: string,
  academy: string,
): Promise<SignedRecord & { familyId: string }> {
  const [row] = await db
    .select({
      signature: signatures,
      version: formVersions,
      values: formAnswers.values,
      familyName: users.name,
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
  return {
    familyId: s.familyId,
    academy,
    title: row.version.title,
    version: row.version.version,
    publishedAt: row.version.publishedAt,
    intro: row.version.intro,
    fields: row.version.fields as FormField[],
    answers: row.values as Answers,
    familyName: row.familyName,
    camperName: s.camperId ? row.camperName : null,
    signerName: s.signerName,
    signerEmail: s.signerEmail,
    signedAt: s.signedAt,
    ipAddress: s.ipAddress,
    userAgent: s.userAgent,
    consentAt: row.consentAt,
    disclosureVersion: row.disclosureVersion,
    textHash: s.textHash,
    signatureId: s.id,
  };
}
