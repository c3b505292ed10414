import { api, asApiError } from "shared-auth";
import { rosterFileName } from "./roster";

/**
 * The roster's CSV (GET /classes/:id/roster.csv), fetched with the instructor's token (a plain
 * link would carry none) and handed to the browser as a download. The API records the export.
 */
export async function downloadRosterCsv(classId: string, className: string): Promise<void> {
  let data: Blob;
  try {
    data = (await api.get<Blob>(`/classes/${classId}/roster.csv`, { responseType: "blob" })).data;
  } catch (error) {
    throw await withReadableBody(error);
  }
  const url = URL.createObjectURL(data);
  const link = document.createElement("a");
  link.href = url;
  link.download = rosterFileName(className);
  document.body.append(link);
  link.click();
  link.remove();
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
