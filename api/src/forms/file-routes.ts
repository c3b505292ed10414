import multipart from "@fastify/multipart";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { megabytes, uploadError } from "../images/index.js";
import { requirePermission } from "../platform/access/permissions.js";
import { refusals } from "../platform/contract.js";
import type { Db } from "../platform/database/client.js";
import { lockAccount } from "../platform/database/locks.js";
import { ApiError, badRequest, conflict } from "../platform/errors.js";
import type { Sealer } from "../platform/sealing.js";
import { transaction } from "../platform/transaction.js";
import { idParam } from "../platform/wire.js";
import { subjectOf } from "./answering.js";
import { oneForm } from "./catalog.js";
import { fileContentType, keepFile, oneFile, openFile, type FormFileRow } from "./files.js";
import { FILE_MAX_BYTES, safeFile } from "./uploads.js";
import { keptFile, keptFileBody } from "./wire.js";

const PART = { field: "file", noun: "file" };
const ONE_FILE = "Send one file at a time: this upload has more than one file.";

/**
 * Sends a kept file as a download, never shown in the page: a PDF opened from here is the
 * browser's to read, with the site's scripts and cookies out of its reach (a sandbox), and nothing
 * of it is cached on a shared computer.
 */
export function sendFile(reply: FastifyReply, row: FormFileRow, file: { name: string; bytes: Buffer }) {
  return reply
    .header("content-type", fileContentType(row.kind))
    .header("cache-control", "private, no-store")
    .header("content-security-policy", "sandbox; default-src 'none'")
    .header("content-disposition", `attachment; filename="${file.name.replace(/[^\x20-\x7e]|"/g, "_")}"`)
    .send(file.bytes);
}

export const keptFileResponse = (description: string) => ({
  description,
  content: Object.fromEntries(
    ["application/pdf", "image/webp"].map((type) => [
      type,
      { schema: z.instanceof(Buffer).meta({ type: "string", format: "binary" }) },
    ]),
  ),
});

/** A family's uploads for a form's file questions, and their own copies of them. */
export const formFileRoutes =
  ({ db, sealer }: { db: Db; sealer: Sealer }): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: FILE_MAX_BYTES, files: 2, fields: 4, parts: 6, fieldSize: 256, headerPairs: 100 },
    });

    app.post(
      "/forms/:id/files",
      {
        config: { rateLimit: app.rateLimits.uploads, access: { action: "update", entity: "form-answer" } },
        schema: {
          operationId: "uploadFormFile",
          tags: ["forms"],
          summary: "Upload a photo or a PDF to answer a form's file question (the family's own)",
          description:
            "Send `multipart/form-data` with the file in the field `file`, at most " +
            `${megabytes(FILE_MAX_BYTES)}. A photo (JPEG, PNG, WebP, HEIC, AVIF, GIF) is turned upright and ` +
            "kept as WebP without its metadata; a PDF is rewritten page by page without scripts, actions, " +
            "attachments or form fields. The answer names the file: put `{ file_id }` in the question's " +
            "answer. A new upload for the same question clears the earlier ones no answer names.",
          params: idParam,
          querystring: keptFileBody,
          documentedBody: {
            schema: z
              .object({ file: z.string().meta({ format: "binary", description: "The photo or PDF" }) })
              .meta({ description: "A form with one file, in the field `file`" }),
            mediaTypes: ["multipart/form-data"],
          },
          response: {
            201: keptFile.describe("The file as kept; its id goes in the answer"),
            ...refusals({
              400: "Not a file question of this form, no file, more than one, or an empty one",
              404: "No such form or camper",
              409: "The form is no longer asked for",
              413: "Larger than the API takes, too many pages or pixels",
              415: "Not multipart/form-data, or not a photo or PDF the API can read",
            }),
          },
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        requirePermission(actor, "update", "form-answer", actor.id);
        const { form, versions } = await oneForm(db, request.params.id);
        if (form.archivedAt) throw conflict("This form is no longer asked for.");
        const field = versions.at(-1)!.fields.find((f) => f.key === request.query.field);
        if (field?.kind !== "file") {
          throw badRequest("This form asks for no file there.", { field: "Not a file question of this form." });
        }
        let upload: { bytes: Buffer; name: string } | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type !== "file") continue;
            if (upload !== undefined || part.fieldname !== PART.field) {
              part.file.resume();
              throw badRequest(upload ? ONE_FILE : "Send the file in a field named file.", { file: "One file." });
            }
            upload = { bytes: await part.toBuffer(), name: part.filename };
          }
        } catch (error) {
          throw error instanceof ApiError ? error : uploadError(error, FILE_MAX_BYTES, PART);
        }
        if (!upload) throw badRequest("Send the file in a field named file.", { file: "Choose a file." });
        const safe = await safeFile(upload.bytes, upload.name);
        const kept = await transaction(db, async (tx) => {
          await lockAccount(tx, actor.id);
          const camperId = await subjectOf(tx, actor.id, form.audience, request.query.camper_id ?? null);
          return keepFile(tx, sealer, { familyId: actor.id, camperId, formId: form.id, fieldKey: field.key }, safe);
        });
        return reply.status(201).send({ ...kept, bytes: safe.bytes.length });
      },
    );

    app.get(
      "/forms/files/:id",
      {
        config: { access: { action: "read", entity: "form-answer" } },
        schema: {
          operationId: "downloadFormFile",
          tags: ["forms"],
          summary: "A file the family uploaded to answer a form, as a download (the family's own)",
          params: idParam,
          response: {
            200: keptFileResponse("The file as kept (Content-Disposition: attachment)"),
            ...refusals({ 404: "No such file (or not the caller's)" }),
          },
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "form-answer", actor.id);
        const row = await oneFile(db, request.params.id, actor.id);
        return sendFile(reply, row, openFile(sealer, row));
      },
    );
  };
