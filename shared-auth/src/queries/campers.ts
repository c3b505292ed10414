import { api } from "../api-client";
import type { Camper } from "./types";

/**
 * A family's campers: the account holder's own "Myself" and the children they added.
 * Only a student account keeps campers; the queries stay idle for everyone else.
 */
export async function fetchCampers(): Promise<Camper[]> {
  const { data } = await api.get<Camper[]>("/campers");
  return data;
}

/** Everything the academy holds about the family, as the JSON file the API sends. */
export async function downloadFamilyData(): Promise<{ blob: Blob; filename: string }> {
  const response = await api.get<Blob>("/campers/export", { responseType: "blob" });
  const disposition = String(response.headers["content-disposition"] ?? "");
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "academy-family-data.json";
  return { blob: response.data, filename };
}
