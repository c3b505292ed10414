import { downloadFile } from "shared-auth/download";
import { rosterFileName } from "./roster";

/**
 * The roster's CSV (GET /classes/:id/roster.csv), fetched with the instructor's token (a plain
 * link would carry none) and handed to the browser as a download. The API records the export.
 */
export const downloadRosterCsv = (classId: string, className: string): Promise<void> =>
  downloadFile(`/classes/${classId}/roster.csv`, rosterFileName(className));

/** The file's name as the API gives it: the class's name in lower-case letters, digits and dashes. */
export const attendanceFileName = (className: string) =>
  `attendance-${
    className
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .toLowerCase() || "class"
  }.csv`;

/**
 * The class's attendance over its session as CSV (GET /classes/:id/attendance/session.csv): each
 * meeting day up to today and camper, with times, who collected and overrides (decision 046).
 */
export const downloadAttendanceCsv = (classId: string, className: string): Promise<void> =>
  downloadFile(`/classes/${classId}/attendance/session.csv`, attendanceFileName(className));
