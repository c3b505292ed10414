// Compiled into each app that downloads (not part of the shared singleton every page loads); the
// API client it uses is the singleton's.
import { api, asApiError } from "shared-auth";

/**
 * A file from the API (a CSV), fetched with the session's token (a plain link would carry none) and
 * handed to the browser as a download under `filename`: the browser cannot read the API's
 * Content-Disposition across origins, so the page names the file as the API does.
 */
export async function downloadFile(path: string, filename: string): Promise<void> {
  let data: Blob;
  try {
    data = (await api.get<Blob>(path, { responseType: "blob" })).data;
  } catch (error) {
    throw await withReadableBody(error);
  }
  const url = URL.createObjectURL(data);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers start the download only after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * A failed download's answer arrives as a Blob too: its JSON body is read back in, so the error
 * carries the API's message (errorMessage reads it) instead of a generic one.
 */
async function withReadableBody(error: unknown): Promise<unknown> {
  const response = asApiError(error)?.response;
  if (response && response.data instanceof Blob) {
    try {
      response.data = JSON.parse(await response.data.text()) as unknown;
    } catch {
      // Not JSON (a proxy's page): the status decides the message.
    }
  }
  return error;
}

/** Everything the academy holds about the family, as the JSON file the API sends. */
export async function downloadFamilyData(): Promise<{ blob: Blob; filename: string }> {
  const response = await api.get<Blob>("/campers/export", { responseType: "blob" });
  const disposition = String(response.headers["content-disposition"] ?? "");
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "academy-family-data.json";
  return { blob: response.data, filename };
}
