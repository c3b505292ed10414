import { z } from "zod";

/** The image routes' answers and upload form (decision 038). */

/** POST /images: the shape of the spec's image host's answer. */
export const uploadedImage = z
  .object({
    success: z.literal(true),
    data: z.object({
      display_url: z.string().meta({
        description: "The image's path on this API (/images/<sha256>.webp)",
        example: "/images/0f343b0931126a20f133d67c2b018a3b1e3a8a2c9d6f0b1b5d4e4ad5fb6f2a1c.webp",
      }),
      width: z.int().meta({ description: "Pixels, as stored" }),
      height: z.int().meta({ description: "Pixels, as stored" }),
    }),
  })
  .meta({ id: "UploadedImage", description: "Where the uploaded image is served, and its size" });

/**
 * The upload's form, for the document only: the route reads the parts itself (request.parts()),
 * so Fastify must not validate a body (it has none when the form is read as a stream).
 */
export const uploadForm = z
  .object({
    image: z.string().meta({
      format: "binary",
      description: "The picture: JPEG, PNG, WebP, GIF or AVIF; the only file of the form",
    }),
  })
  .meta({ description: "A form with one file, in the field `image`" });

/**
 * An image file's bytes, in the content form of its type. The handler sends a Buffer, which
 * Fastify writes as it is (never through a serializer); the document says binary.
 */
export const imageFile = (description: string, types: readonly string[]) => ({
  description,
  content: Object.fromEntries(
    types.map((type) => [type, { schema: z.instanceof(Buffer).meta({ type: "string", format: "binary" }) }]),
  ),
});
