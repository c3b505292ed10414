import { randomUUID } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { ownCamper } from "../campers/index.js";
import type { Actor } from "../platform/access/permissions.js";
import type { Db, Tx } from "../platform/database/client.js";
import { esignConsents, formAnswers, formFiles, formVersions, signatures } from "../platform/database/schema.js";
import { badRequest, conflict } from "../platform/errors.js";
import { formAnswerBinding } from "../platform/sealed-columns.js";
import type { Sealer } from "../platform/sealing.js";
import { oneForm, type FormVersionRow } from "./catalog.js";
import { consentState, type Client } from "./consent.js";
import { resolveFileAnswers } from "./files.js";
import { checkAnswers, isSignatureValue, isWaiver, splitMedical, type Answers } from "./model.js";

/** A family answering a form, and signing it when it is a waiver. */

export interface AnswerView {
  version: number;
  values: Answers;
  /** Medical values kept sealed that did not open (another key, a copied value): shown as unreadable. */
  unreadable: boolean;
  answeredAt: Date;
  signature: { id: string; signerName: string; signedAt: Date; textHash: string } | null;
}

function openValues(sealer: Sealer, row: typeof formAnswers.$inferSelect): { values: Answers; unreadable: boolean } {
  const values = { ...(row.values as Answers) };
  if (!row.sealedValues) return { values, unreadable: false };
  try {
    Object.assign(values, JSON.parse(sealer.open(row.sealedValues, formAnswerBinding(row))) as Answers);
    return { values, unreadable: false };
  } catch {
    return { values, unreadable: true };
  }
}

/** Whom a form's answer is about: one of the family's campers, or the family as a whole. */
export async function subjectOf(db: Db | Tx, familyId: string, audience: "family" | "camper", camperId: string | null) {
  if (audience === "family") {
    if (camperId)
      throw badRequest("This form is filled once per family, not per camper.", { camper_id: "Leave it out." });
    return null;
  }
  if (!camperId) throw badRequest("Say which camper this form is about.", { camper_id: "Choose a camper." });
  return (await ownCamper(db, familyId, camperId)).id;
}

const sameSubject = (familyId: string, camperId: string | null) =>
  and(eq(formAnswers.familyId, familyId), camperId ? eq(formAnswers.camperId, camperId) : isNull(formAnswers.camperId));

/** The family's latest answer to a form for one subject (any version), opened, or null. */
export async function latestAnswer(
  db: Db | Tx,
  sealer: Sealer,
  familyId: string,
  formId: string,
  camperId: string | null,
): Promise<AnswerView | null> {
  const [row] = await db
    .select({ answer: formAnswers, version: formVersions.version, signature: signatures })
    .from(formAnswers)
    .innerJoin(formVersions, eq(formVersions.id, formAnswers.versionId))
    .leftJoin(signatures, eq(signatures.answerId, formAnswers.id))
    .where(and(eq(formAnswers.formId, formId), sameSubject(familyId, camperId)))
    .orderBy(desc(formVersions.version))
    .limit(1);
  if (!row) return null;
  const { values, unreadable } = openValues(sealer, row.answer);
  const s = row.signature;
  return {
    version: row.version,
    values,
    unreadable,
    answeredAt: row.answer.updatedAt,
    signature: s ? { id: s.id, signerName: s.signerName, signedAt: s.signedAt, textHash: s.textHash } : null,
  };
}

export interface AnswerInput {
  formId: string;
  camperId: string | null;
  version: number;
  values: Record<string, unknown>;
}

/**
 * Keeps a family's answer to the form's latest version, and signs it when the form is a waiver.
 * The caller holds the family's row lock, so two tabs answering at once take turns: the second
 * finds the first's signature and is told so, and a version holds one signature per subject (the
 * database's `signatures_subject_key` too).
 */
export async function saveAnswer(
  tx: Tx,
  sealer: Sealer,
  actor: Actor,
  input: AnswerInput,
  client: Client,
): Promise<{ signatureId: string | null }> {
  const familyId = actor.id;
  const { form, versions } = await oneForm(tx, input.formId);
  if (form.archivedAt) throw conflict("This form is no longer asked for.");
  const latest = versions.at(-1) as FormVersionRow;
  if (input.version !== latest.version) {
    throw conflict("This form has changed since you opened it. Read it again before you answer.");
  }
  const camperId = await subjectOf(tx, familyId, form.audience, input.camperId);
  const checked = checkAnswers(latest.fields, input.values);
  if (checked.problems) {
    const fields = Object.fromEntries(Object.entries(checked.problems).map(([k, v]) => [`values.${k}`, v]));
    throw badRequest("Some answers need another look.", fields);
  }
  const waiver = isWaiver(latest);
  const consent = waiver ? await consentState(tx, actor.id) : null;
  if (consent && !consent.agreed) throw conflict("Agree to sign electronically before you sign.");

  const [existing] = await tx
    .select({ id: formAnswers.id, signed: signatures.id })
    .from(formAnswers)
    .leftJoin(signatures, eq(signatures.answerId, formAnswers.id))
    .where(and(eq(formAnswers.versionId, latest.id), sameSubject(familyId, camperId)));
  if (existing?.signed) throw conflict("This has already been signed. A signed form cannot be changed.");

  const id = existing?.id ?? randomUUID();
  const subject = { familyId, camperId, formId: form.id };
  const answers = await resolveFileAnswers(tx, sealer, subject, latest.fields, checked.answers);
  const { open, sealed } = splitMedical(latest.fields, answers);
  const sealedValues = Object.keys(sealed).length
    ? sealer.seal(JSON.stringify(sealed), formAnswerBinding({ id, familyId }))
    : null;
  if (existing) {
    await tx
      .update(formAnswers)
      .set({ values: open, sealedValues, updatedAt: sql`now()` })
      .where(eq(formAnswers.id, id));
  } else {
    await tx
      .insert(formAnswers)
      .values({ id, formId: form.id, versionId: latest.id, familyId, camperId, values: open, sealedValues });
  }
  if (!waiver) return { signatureId: null };

  const signed = Object.values(answers).find(isSignatureValue)!;
  const [signature] = await tx
    .insert(signatures)
    .values({
      answerId: id,
      versionId: latest.id,
      familyId,
      camperId,
      signerId: actor.id,
      signerName: signed.name,
      signerEmail: actor.email,
      consentId: consent!.consentId!,
      textHash: latest.textHash,
      ipAddress: client.ipAddress,
      userAgent: client.userAgent.slice(0, 512),
    })
    .returning({ id: signatures.id });
  return { signatureId: signature!.id };
}

/**
 * A deleted account's answers, uploaded files, signatures and consents, all of them: the account
 * is gone, and the medical answers with it (decision 045 says why signed copies are not kept past it).
 */
export async function forgetFamilyForms(tx: Tx, familyId: string): Promise<void> {
  await tx.delete(formFiles).where(eq(formFiles.familyId, familyId));
  await tx.delete(formAnswers).where(eq(formAnswers.familyId, familyId));
  await tx.delete(esignConsents).where(eq(esignConsents.userId, familyId));
}
