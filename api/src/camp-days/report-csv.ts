import type { FastifyReply } from "fastify";
import { ACADEMY_TIME_ZONE } from "../platform/academy-day.js";
import { csvRows } from "../platform/csv.js";
import type { CampDayWire } from "./wire.js";

/** What the office's reports share: times as the academy's clock reads them, state words, the CSV answer. */

const clock = new Intl.DateTimeFormat("en-GB", {
  timeZone: ACADEMY_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** "14:05" at the academy, or "". */
export const clockOf = (iso: string | null) => (iso ? clock.format(new Date(iso)) : "");
/** The academy's clock now, as "14:05". */
export const clockNow = (ms: number) => clock.format(new Date(ms));

export const STATE_WORDS = { in: "present", out: "gone home", absent: "absent" } as const;

/** A camper's day as both attendance CSVs (the day's report, a class's session) write it. */
export const CAMPER_DAY_COLUMNS = [
  "state",
  "checked_in",
  "checked_in_by",
  "checked_out",
  "checked_out_by",
  "collected_by",
  "departure",
  "override_note",
  "absence_reported",
];

/** The cells of CAMPER_DAY_COLUMNS; `unrecorded` says a day with nothing recorded. */
export const camperDayCells = (day: CampDayWire, absenceReported: boolean, unrecorded: string) => [
  day.state ? STATE_WORDS[day.state] : unrecorded,
  clockOf(day.checked_in_at),
  day.checked_in_by ?? "",
  clockOf(day.checked_out_at),
  day.checked_out_by ?? "",
  day.collected_by ?? "",
  day.departure ?? "",
  day.override_note ?? "",
  absenceReported ? "yes" : "no",
];

/** Rows sent as a CSV file to save (every cell quoted, formulas neutralised by `csvRows`). */
export const sendCsv = (reply: FastifyReply, file: string, rows: string[][]) =>
  reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${file}"`)
    .send(csvRows(rows));

/** A name as a file name's part: lower-case letters, digits and dashes. */
export const fileSlug = (name: string, otherwise: string) =>
  name
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase() || otherwise;
