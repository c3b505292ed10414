import { PDFDocument, PDFName } from "@cantoo/pdf-lib";
import { toWebp } from "../images/index.js";
import { ApiError } from "../platform/errors.js";

/**
 * What a family uploads to answer a form's file question, made safe to keep and to hand to staff:
 * judged by its bytes (never by its name or declared type), a picture re-encoded as WebP (upright,
 * no camera or location data), a PDF rewritten page by page into a new document, which leaves out
 * everything that acts when the file is opened (scripts, open actions, embedded files, form
 * fields, links). What cannot be read is refused with the reason, for the family to act on.
 */

export const FILE_MAX_BYTES = 8 * 1024 * 1024;
/** Long enough a side that a photographed A4 page stays legible. */
const DOCUMENT_SIDE = 2400;
const MAX_PAGES = 30;

export type FormFileKind = "image" | "pdf";

export interface SafeFile {
  kind: FormFileKind;
  bytes: Buffer;
  /** The name shown to the family and staff: the uploaded name's words, with the stored type's ending. */
  name: string;
}

const NOT_ACCEPTED =
  "That file is not a picture or a PDF we accept: upload a JPEG, PNG, WebP, HEIC or AVIF photo, or a PDF.";

const isPdf = (bytes: Buffer) => bytes.subarray(0, 1024).includes("%PDF-");

/** A page's parts that act or point elsewhere; the page's drawing is kept whole. */
const PAGE_ACTIVE_KEYS = ["AA", "Annots", "Actions"];

const UNREADABLE_PDF = "That PDF cannot be read: it may be damaged. Save or scan it again and upload the copy.";
const LOCKED_PDF = "That PDF is protected by a password: upload a copy without one.";

async function safePdf(bytes: Buffer): Promise<Buffer> {
  try {
    const source = await PDFDocument.load(bytes, { updateMetadata: false });
    if (source.isEncrypted) throw new ApiError(415, LOCKED_PDF);
    const count = source.getPageCount();
    if (count === 0) throw new ApiError(415, "That PDF has no pages.");
    if (count > MAX_PAGES) throw new ApiError(413, `That PDF has ${count} pages: upload at most ${MAX_PAGES}.`);
    const copy = await PDFDocument.create({ updateMetadata: false });
    const pages = await copy.copyPages(source, source.getPageIndices());
    for (const page of pages) {
      for (const key of PAGE_ACTIVE_KEYS) page.node.delete(PDFName.of(key));
      copy.addPage(page);
    }
    return Buffer.from(await copy.save({ useObjectStreams: true }));
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(
      415,
      /encrypt/i.test(String((error as Error | undefined)?.message)) ? LOCKED_PDF : UNREADABLE_PDF,
    );
  }
}

/** The uploaded name's words only (no path, no markup), ending as what is stored now is. */
export function storedName(uploaded: string, kind: FormFileKind): string {
  const base = uploaded.replace(/^.*[\\/]/, "").replace(/\.[A-Za-z0-9]{1,5}$/, "");
  const words = base
    .normalize("NFC")
    .replace(/[^\p{L}\p{N} ._()'-]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 80);
  return `${words || "document"}.${kind === "pdf" ? "pdf" : "webp"}`;
}

/** The upload made safe, or an ApiError (415 not accepted, 413 too big) that says why. */
export async function safeFile(bytes: Buffer, uploadedName: string): Promise<SafeFile> {
  if (bytes.length === 0) throw new ApiError(400, "The file is empty.");
  if (isPdf(bytes)) return { kind: "pdf", bytes: await safePdf(bytes), name: storedName(uploadedName, "pdf") };
  let image;
  try {
    image = await toWebp(bytes, DOCUMENT_SIDE);
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 413) throw error;
    throw new ApiError(415, NOT_ACCEPTED);
  }
  return { kind: "image", bytes: image.webp, name: storedName(uploadedName, "image") };
}
