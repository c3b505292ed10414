import { asApiError, errorMessage } from "shared-auth";
import { downloadFamilyData } from "shared-auth/download";
import { todayUtc } from "./camper-fields";

/** Saves a file the page was given (a blob) under its name, as a download. */
export function saveBlob(blob: Blob, filename: string, root: Document = document): void {
  const url = URL.createObjectURL(blob);
  const link = root.createElement("a");
  link.href = url;
  link.download = filename;
  link.hidden = true;
  root.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; it can go once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads everything the academy holds about the family (GET /campers/export) and saves it.
 * Resolves with the file's name; rejects with the API's own message (its error body arrives as a
 * blob too, since the file is asked for as one).
 */
export async function saveFamilyData(): Promise<string> {
  let file: { blob: Blob; filename: string };
  try {
    file = await downloadFamilyData();
  } catch (error) {
    throw new Error(await refusalMessage(error), { cause: error });
  }
  // The API names the file by its day; where the browser is not shown that header (a cross-origin
  // API that does not expose Content-Disposition), shared-auth's fallback gets the day here.
  const filename =
    file.filename === "academy-family-data.json" ? `academy-family-data-${todayUtc()}.json` : file.filename;
  saveBlob(file.blob, filename);
  return filename;
}

/**
 * The API's own message, read from the error body that came as a blob; else the usual words. Any
 * file asked for as a blob (a family's data, a year-end statement) fails this way.
 */
export async function refusalMessage(error: unknown): Promise<string> {
  const body = asApiError(error)?.response?.data;
  if (body instanceof Blob) {
    try {
      const parsed = JSON.parse(await body.text()) as { message?: unknown };
      if (typeof parsed.message === "string") return parsed.message;
    } catch {
      // Not the API's JSON (a proxy's page): the usual words below.
    }
  }
  return errorMessage(error);
}
