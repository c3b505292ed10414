import { downloadFile } from "shared-auth/download";
import { rosterFileName } from "./roster";

/**
 * The roster's CSV (GET /classes/:id/roster.csv), fetched with the instructor's token (a plain
 * link would carry none) and handed to the browser as a download. The API records the export.
 */
export const downloadRosterCsv = (classId: string, className: string): Promise<void> =>
  downloadFile(`/classes/${classId}/roster.csv`, rosterFileName(className));
