import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { enqueueFormSigned, signedPdf } from "../notifications/index.js";
import { academyToday } from "../platform/academy-day.js";
import { requirePermission } from "../platform/access/permissions.js";
import { refusals } from "../platform/contract.js";
import type { Db } from "../platform/database/client.js";
import { lockAccount } from "../platform/database/locks.js";
import { notFound } from "../platform/errors.js";
import { clientAddress } from "../platform/rate-limits.js";
import type { Sealer } from "../platform/sealing.js";
import { transaction } from "../platform/transaction.js";
import { idParam } from "../platform/wire.js";
import { latestAnswer, saveAnswer } from "./answering.js";
import { oneForm } from "./catalog.js";
import { consentState, DISCLOSURE, DISCLOSURE_VERSION, recordConsent, type Client } from "./consent.js";
import { answerBody, subjectQuery } from "./fields.js";
import { isWaiver } from "./model.js";
import { signedRecord } from "./records.js";
import { toDo } from "./to-do.js";
import { answerToWire, consentToWire, consentWire, familyForm, familyToDo, toDoToWire, versionToWire } from "./wire.js";

export interface FamilyFormDeps {
  db: Db;
  sealer: Sealer;
  /** The academy's name now, as the signed copies print it (the academy's settings, decision 051). */
  academy: () => string;
}

const clientOf = (request: { ip: string; headers: Record<string, unknown> } & Parameters<typeof clientAddress>[0]) =>
  ({
    ipAddress: clientAddress(request),
    userAgent: String(request.headers["user-agent"] ?? ""),
  }) satisfies Client;

/** The family's side: what is still needed, answering and signing, the consent, the signed copies. */
export const formFamilyRoutes =
  ({ db, sealer, academy }: FamilyFormDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/forms",
      {
        config: { access: { action: "read", entity: "form-answer" } },
        schema: {
          operationId: "listFamilyForms",
          tags: ["forms"],
          summary: "The forms the family's campers need before their first day, each complete, missing or late",
          response: { 200: familyToDo.describe("What is needed, the soonest due first") },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "form-answer", actor.id);
        const items = await toDo(db, academyToday(), { familyIds: [actor.id] });
        const consent = await consentState(db, actor.id);
        return {
          items: items.map(toDoToWire),
          consent_needed: !consent.agreed && items.some((i) => i.waiver && i.status !== "complete"),
        };
      },
    );

    app.get(
      "/forms/consent",
      {
        config: { access: { action: "read", entity: "form-answer" } },
        schema: {
          operationId: "readEsignConsent",
          tags: ["forms"],
          summary: "The consumer disclosure for signing electronically, and whether the caller agreed to it",
          response: { 200: consentWire.describe("The disclosure and the caller's consent") },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "form-answer", actor.id);
        return consentToWire(await consentState(db, actor.id), DISCLOSURE_VERSION, DISCLOSURE);
      },
    );

    app.put(
      "/forms/consent",
      {
        config: { access: { action: "update", entity: "form-answer" } },
        schema: {
          operationId: "saveEsignConsent",
          tags: ["forms"],
          summary: "Agree to sign and receive records electronically, or withdraw that consent",
          body: z
            .object({ agreed: z.boolean() })
            .strict()
            .meta({ example: { agreed: true } }),
          response: {
            200: consentWire.describe("The consent as it now stands"),
            ...refusals({ 409: "Withdrawing a consent never given" }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "update", "form-answer", actor.id);
        const state = await transaction(db, async (tx) => {
          await lockAccount(tx, actor.id);
          await recordConsent(tx, actor.id, request.body.agreed ? "agreed" : "withdrawn", clientOf(request));
          return consentState(tx, actor.id);
        });
        return consentToWire(state, DISCLOSURE_VERSION, DISCLOSURE);
      },
    );

    app.get(
      "/forms/:id",
      {
        config: { access: { action: "read", entity: "form-answer" } },
        schema: {
          operationId: "readFamilyForm",
          tags: ["forms"],
          summary: "A form as the family answers it now, with their latest answer for the camper (or the family)",
          params: idParam,
          querystring: subjectQuery,
          response: {
            200: familyForm.describe("The form and the latest answer"),
            ...refusals({ 404: "No such form" }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "form-answer", actor.id);
        const { form, versions } = await oneForm(db, request.params.id);
        if (form.archivedAt) throw notFound("No such form.");
        const latest = versions.at(-1)!;
        const answer = await latestAnswer(db, sealer, actor.id, form.id, request.query.camper_id ?? null);
        const consent = isWaiver(latest) ? await consentState(db, actor.id) : null;
        return {
          id: form.id,
          audience: form.audience,
          latest: versionToWire(latest),
          answer: answer && answerToWire(answer),
          consent_needed: consent ? !consent.agreed : false,
        };
      },
    );

    app.put(
      "/forms/:id/answer",
      {
        config: { access: { action: "update", entity: "form-answer" } },
        schema: {
          operationId: "answerForm",
          tags: ["forms"],
          summary: "Answer a form for a camper or the family, and sign it when it is a waiver",
          params: idParam,
          body: answerBody.meta({
            example: { camper_id: null, version: 1, values: { sign: { name: "Ana Parent", agreed: true } } },
          }),
          response: {
            200: familyForm.describe("The form and the answer as kept"),
            ...refusals({
              400: "An answer is missing or invalid (the fields say which)",
              404: "No such form or camper",
              409: "Already signed, changed since it was read, no longer asked for, or consent to sign electronically not given",
            }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "update", "form-answer", actor.id);
        const { camper_id: camperId, version, values } = request.body;
        await transaction(db, async (tx) => {
          // Two tabs answering at once take turns: the second sees the first's signature.
          await lockAccount(tx, actor.id);
          const { signatureId } = await saveAnswer(
            tx,
            sealer,
            actor,
            { formId: request.params.id, camperId, version, values },
            clientOf(request),
          );
          // The family's signed copy goes by e-mail, written with the signature or not at all.
          if (signatureId) {
            const { familyId: _family, familyEmail, ...record } = await signedRecord(tx, signatureId, academy());
            await enqueueFormSigned(tx, familyEmail, { record });
          }
        });
        const { form, versions } = await oneForm(db, request.params.id);
        const answer = await latestAnswer(db, sealer, actor.id, form.id, camperId);
        return {
          id: form.id,
          audience: form.audience,
          latest: versionToWire(versions.at(-1)!),
          answer: answer && answerToWire(answer),
          consent_needed: false,
        };
      },
    );

    app.get(
      "/signatures/:id/pdf",
      {
        config: { access: { action: "read", entity: "signature" } },
        schema: {
          operationId: "downloadSignedForm",
          tags: ["forms"],
          summary: "A signed form as a PDF: the text signed, the answers, the signer, the time and the text's SHA-256",
          params: idParam,
          response: {
            200: {
              description:
                'The signed copy (Content-Disposition: attachment; filename="signed-<form title>-<YYYY-MM-DD>.pdf")',
              content: {
                "application/pdf": { schema: z.instanceof(Buffer).meta({ type: "string", format: "binary" }) },
              },
            },
            ...refusals({ 404: "No such signed form (or not the caller's)" }),
          },
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        const record = await signedRecord(db, request.params.id, academy());
        // Another family's copy is "not found", not "forbidden": its existence is not told.
        if (actor.role !== "admin" && record.familyId !== actor.id) throw notFound("No such signed form.");
        requirePermission(actor, "read", "signature", record.familyId);
        const name =
          record.title
            .replace(/[^A-Za-z0-9]+/g, "-")
            .replace(/^-|-$/g, "")
            .slice(0, 60) || "form";
        return reply
          .header("content-type", "application/pdf")
          .header("cache-control", "private, no-store")
          .header("content-disposition", `attachment; filename="signed-${name}-${record.signedAt.slice(0, 10)}.pdf"`)
          .send(await signedPdf(record));
      },
    );
  };
