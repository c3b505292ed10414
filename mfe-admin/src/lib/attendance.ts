import { useQuery } from "@tanstack/react-query";
import { api } from "shared-auth";
import { downloadFile } from "shared-auth/download";
import type { DayReport } from "shared-auth/wire";

/** The office's report of a day's attendance across every class (decision 046). */
export type { DayReport };
export type ReportCamper = DayReport["classes"][number]["campers"][number];

export function useDayReport(day: string) {
  return useQuery({
    queryKey: ["admin", "attendance", day],
    queryFn: async () => (await api.get<DayReport>("/admin/attendance", { params: day ? { day } : {} })).data,
  });
}

export const downloadAttendanceCsv = (day: string) =>
  downloadFile(`/admin/attendance.csv?day=${day}`, `attendance-${day}.csv`);

const clock = new Intl.DateTimeFormat("en-US", { timeZone: "America/Los_Angeles", hour: "numeric", minute: "2-digit" });
const time = (iso: string | null) => (iso ? clock.format(new Date(iso)) : "");

/** A camper's day as the report's cells say it: its state, then the times and who. */
export function reportCells(k: ReportCamper): { state: string; arrived: string; left: string; note: string } {
  const d = k.day;
  const state =
    d.state === "in"
      ? "Present"
      : d.state === "out"
        ? "Gone home"
        : d.state === "absent"
          ? k.absence_reported
            ? "Absent (reported)"
            : "Absent"
          : k.absence_reported
            ? "Reported absent"
            : "Not seen";
  const left =
    d.state === "out"
      ? `${time(d.checked_out_at)}, ${d.departure === "alone" ? "alone" : d.departure === "override" ? `override by ${d.checked_out_by}` : d.collected_by}`
      : "";
  return {
    state,
    arrived: d.checked_in_at ? `${time(d.checked_in_at)}, ${d.checked_in_by}` : "",
    left,
    note: [d.override_note, k.late_pickup ? "Late pick-up" : ""].filter(Boolean).join(". "),
  };
}
