import multipart from "@fastify/multipart";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requirePermission } from "../platform/access/permissions.js";
import type { Db } from "../platform/database/client.js";
import { images } from "../platform/database/schema.js";
import { ApiError, badRequest, notFound } from "../platform/errors.js";
import { MAX_SIDE, toWebp } from "./processing.js";
import { uploadedImagePath } from "../platform/wire.js";
import { seedImageExists } from "./seed-images.js";
import { noBody, refusals } from "../platform/contract.js";
import { imageFile, uploadedImage, uploadForm } from "./answers.js";

export interface ImageRouteOptions {
  /** Largest upload accepted, in bytes (413 above it). */
  maxBytes: number;
}

/**
 * An image a class or profile refers to must be there to show: one of the API's own paths must
 * name an uploaded image or a seed artwork (400 otherwise); other http(s) URLs are the sender's.
 */
export async function assertImageAvailable(db: Db, url: string | undefined, field: string): Promise<void> {
  if (url === undefined || !url.startsWith("/images/")) return;
  const uploaded = /^\/images\/([0-9a-f]{64})\.webp$/.exec(url);
  const found = uploaded
    ? (await db.select({ sha: images.sha256 }).from(images).where(eq(images.sha256, uploaded[1]!))).length > 0
    : seedImageExists(url.slice("/images/seed/".length));
  if (!found) {
    throw badRequest("Some fields are invalid.", { [field]: "There is no such image here: upload it again." });
  }
}

const ONE_IMAGE = "Send one image at a time: this upload has more than one file.";

export const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** What an upload route takes: its one file's field name, and what to call the file. */
export interface UploadPart {
  field: string;
  noun: string;
}

/** Multipart trouble in the client's request, in the API's error shape. */
export function uploadError(error: unknown, maxBytes: number, { field, noun }: UploadPart = IMAGE_PART): ApiError {
  const code = (error as { code?: unknown }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return new ApiError(413, `The ${noun} is larger than ${megabytes(maxBytes)}.`);
  if (code === "FST_FILES_LIMIT") {
    return badRequest(`Send one ${noun} at a time: this upload has more than one file.`, {
      [field]: `Only one ${noun} per upload.`,
    });
  }
  if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") {
    return new ApiError(413, `Send one ${noun} in a field named ${field}, and nothing else.`);
  }
  if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE") {
    return new ApiError(415, `Send the ${noun} as multipart/form-data in a field named ${field}.`);
  }
  return badRequest(`The upload is malformed: send the ${noun} as multipart/form-data in a field named ${field}.`);
}

const IMAGE_PART: UploadPart = { field: "image", noun: "image" };

/**
 * Uploaded images (the spec's image host, served by the API itself): checked by content,
 * re-encoded to WebP, stored in the database under the SHA-256 of their bytes, so any instance
 * can serve them and their URL never changes meaning.
 */
export const imageRoutes =
  (db: Db, options: ImageRouteOptions): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: options.maxBytes, files: 2, fields: 10, parts: 12, fieldSize: 1024, headerPairs: 100 },
    });

    app.post(
      "/images",
      {
        config: { rateLimit: app.rateLimits.uploads, access: { action: "create", entity: "image" } },
        schema: {
          operationId: "uploadImage",
          tags: ["images"],
          summary: "Upload an image: a class's picture or a profile photo (any signed-in user)",
          description:
            `Send \`multipart/form-data\` with the picture in the field \`image\` (JPEG, PNG, WebP, GIF or AVIF, ` +
            `at most ${megabytes(options.maxBytes)}). It is checked by its content, turned upright, fitted inside ` +
            `${MAX_SIDE} x ${MAX_SIDE} px and stored as WebP. The answer has the shape of the spec's image host: ` +
            "`{ success: true, data: { display_url } }`, where `display_url` is the image's path on this API. " +
            "The same picture uploaded twice gets the same URL.",
          // In the document only: the handler reads the form's parts itself (platform/contract.ts).
          documentedBody: { schema: uploadForm, mediaTypes: ["multipart/form-data"] },
          response: {
            201: uploadedImage.describe("The image is stored"),
            200: uploadedImage.describe("The same picture was already stored: its URL"),
            ...refusals({
              400: "No image in the field `image`, more than one file, an empty file or a malformed form",
              413: "The image (or the form) is larger than the API takes, or has too many pixels",
              415: "Not multipart/form-data, or a file that is not an image the API takes",
            }),
          },
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        requirePermission(actor, "create", "image");
        let bytes: Buffer | undefined;
        try {
          // Every part is read: a second file is refused, never dropped unseen (which one was meant?).
          for await (const part of request.parts()) {
            if (part.type !== "file") continue;
            if (bytes !== undefined) {
              part.file.resume();
              throw badRequest(ONE_IMAGE, { image: "Only one image per upload." });
            }
            if (part.fieldname !== "image") {
              part.file.resume();
              throw badRequest("Send the image in a field named image.", { image: "Image is required" });
            }
            bytes = await part.toBuffer();
          }
        } catch (error) {
          throw error instanceof ApiError ? error : uploadError(error, options.maxBytes);
        }
        if (bytes === undefined)
          throw badRequest("Send the image in a field named image.", { image: "Image is required" });
        if (bytes.length === 0) throw badRequest("The image is empty.", { image: "Image is required" });
        const image = await toWebp(bytes);
        const inserted = await db
          .insert(images)
          .values({
            sha256: image.sha256,
            contentType: "image/webp",
            bytes: image.webp.toString("base64"),
            width: image.width,
            height: image.height,
            uploadedBy: actor.id,
          })
          .onConflictDoNothing({ target: images.sha256 })
          .returning({ sha256: images.sha256 });
        return reply.status(inserted.length > 0 ? 201 : 200).send({
          success: true,
          data: { display_url: uploadedImagePath(image.sha256), width: image.width, height: image.height },
        });
      },
    );

    app.get(
      "/images/:file",
      {
        schema: {
          operationId: "getImage",
          tags: ["images"],
          summary: "An uploaded image, by the SHA-256 of its bytes (cached for good: its content never changes)",
          params: z.object({ file: z.string().regex(/^[0-9a-f]{64}\.webp$/, { error: "Not an image address." }) }),
          response: {
            200: imageFile("The image (stored as WebP)", ["image/webp"]),
            304: noBody.describe("The copy the client holds (If-None-Match) is this image"),
            ...refusals({ 404: "No image has these bytes" }),
          },
        },
      },
      async (request, reply) => {
        const sha256 = request.params.file.slice(0, 64);
        const etag = `"${sha256}"`;
        reply.header("Cache-Control", "public, max-age=31536000, immutable").header("ETag", etag);
        if (request.headers["if-none-match"] === etag) return reply.status(304).send();
        const [row] = await db
          .select({ bytes: images.bytes, contentType: images.contentType })
          .from(images)
          .where(eq(images.sha256, sha256));
        if (!row) {
          reply.removeHeader("Cache-Control").removeHeader("ETag");
          throw notFound("There is no such image.");
        }
        return reply.type(row.contentType).send(Buffer.from(row.bytes, "base64"));
      },
    );
  };
