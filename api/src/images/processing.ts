import { createHash } from "node:crypto";
import sharp, { type OutputInfo } from "sharp";
import { ApiError } from "../platform/errors.js";

/** Formats accepted as uploads, by what the bytes are (never by file name or declared type). */
const ACCEPTED = new Set(["jpeg", "png", "webp", "gif", "heif"]);
/** The longest side of a stored image; larger uploads are scaled down to fit. */
export const MAX_SIDE = 1600;
/** Decoding limit: a small file can still claim enormous dimensions (a decompression bomb). */
const MAX_INPUT_PIXELS = 50_000_000;

export interface ProcessedImage {
  sha256: string;
  webp: Buffer;
  width: number;
  height: number;
}

/** What a decoding error means for the uploader: too many pixels, or not a picture we can read. */
function refused(error: unknown): ApiError {
  if (/pixel limit/i.test(String((error as Error | undefined)?.message))) {
    return new ApiError(413, `That image has too many pixels (at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels).`);
  }
  return new ApiError(415, "That file is not an image we accept: upload a JPEG, PNG, WebP, GIF or AVIF picture.");
}

/**
 * Reads an upload by its content, turns it upright (EXIF orientation), fits it inside
 * maxSide x maxSide (MAX_SIDE unless a caller needs more, as a scanned document does), and encodes it as WebP without metadata (no camera or location data).
 * The address of the result is the SHA-256 of the WebP bytes.
 */
export async function toWebp(input: Buffer, maxSide = MAX_SIDE): Promise<ProcessedImage> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch (error) {
    throw refused(error);
  }
  if (!format || !ACCEPTED.has(format)) throw refused(undefined);
  let result: { data: Buffer; info: OutputInfo };
  try {
    result = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    // Truncated or corrupt: the header looked right, the picture is not readable.
    throw refused(error);
  }
  return {
    sha256: createHash("sha256").update(result.data).digest("hex"),
    webp: result.data,
    width: result.info.width,
    height: result.info.height,
  };
}
