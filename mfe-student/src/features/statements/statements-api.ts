import { useQuery } from "@tanstack/react-query";
import { api, queryKeys, useAccountEmail } from "shared-auth";
import type { Statement, StatementChoices } from "shared-auth/wire";
import { refusalMessage, saveBlob } from "../campers/download";
import { statementFilename } from "./statement-text";

/*
 * Year-end statements (GET /statements…), kept under the payments' key: whatever refreshes the
 * family's payments (a payment, a refund) refreshes its statements too.
 */
const statementsKey = (email: string) => [...queryKeys.payments(email), "statements"] as const;

const statementPath = (year: number, camperId: string) => `/statements/${year}/campers/${encodeURIComponent(camperId)}`;

/** The ended years and the family's children; idle when `enabled` is false (an instructor has none). */
export function useStatementChoices(enabled: boolean) {
  const email = useAccountEmail();
  return useQuery({
    queryKey: statementsKey(email ?? ""),
    queryFn: async () => (await api.get<StatementChoices>("/statements")).data,
    enabled: enabled && email !== null,
  });
}

/** One child's statement for a year, asked for only once the family opens it. */
export function useStatement(year: number, camperId: string) {
  const email = useAccountEmail();
  return useQuery({
    queryKey: [...statementsKey(email ?? ""), year, camperId],
    queryFn: async () => (await api.get<Statement>(statementPath(year, camperId))).data,
    enabled: email !== null,
  });
}

/**
 * Downloads a child's statement as a PDF with the session's token (a plain link would carry none)
 * and saves it. Resolves with the file's name; rejects with the API's own message.
 */
export async function downloadStatement(year: number, camper: { _id: string; name: string }): Promise<string> {
  let file: { blob: Blob; disposition: unknown };
  try {
    const response = await api.get<Blob>(`${statementPath(year, camper._id)}/pdf`, { responseType: "blob" });
    file = { blob: response.data, disposition: response.headers["content-disposition"] };
  } catch (error) {
    throw new Error(await refusalMessage(error), { cause: error });
  }
  const filename = statementFilename(year, camper.name, file.disposition);
  saveBlob(file.blob, filename);
  return filename;
}
