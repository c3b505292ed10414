import { useQuery } from "@tanstack/react-query";
import { api } from "shared-auth";
import { downloadFile } from "shared-auth/download";
import type { SessionAttendance } from "shared-auth/wire";
import { retryTransient } from "./admin-api";

/** A class's attendance over its session (decision 046): each meeting day and camper. */
export type { SessionAttendance };
export type SessionCell = SessionAttendance["campers"][number]["days"][number];

export function useSessionAttendance(classId: string) {
  return useQuery({
    queryKey: ["admin", "attendance", "session", classId],
    queryFn: async () =>
      (await api.get<SessionAttendance>(`/classes/${encodeURIComponent(classId)}/attendance/session`)).data,
    retry: retryTransient,
  });
}

/** The file's name as the API gives it: the class's name in lower-case letters, digits and dashes. */
export const sessionCsvName = (className: string) =>
  `attendance-${
    className
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .toLowerCase() || "class"
  }.csv`;

export const downloadSessionCsv = (classId: string, className: string) =>
  downloadFile(`/classes/${encodeURIComponent(classId)}/attendance/session.csv`, sessionCsvName(className));

const clock = new Intl.DateTimeFormat("en-US", { timeZone: "America/Los_Angeles", hour: "numeric", minute: "2-digit" });
const time = (iso: string | null) => (iso ? clock.format(new Date(iso)) : "");
const shortDay = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

/** "Mon, Jul 6" for a YYYY-MM-DD day. */
export const dayLabel = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));

/** One camper's meeting day in words: its state, then the times, who collected and any override's note. */
export function sessionCell(d: SessionCell, upcoming: boolean): { state: string; detail: string[] } {
  if (upcoming) return { state: "Upcoming", detail: [] };
  const state =
    d.state === "in"
      ? "Present"
      : d.state === "out"
        ? "Gone home"
        : d.state === "absent"
          ? d.absence_reported
            ? "Absent (reported)"
            : "Absent"
          : d.absence_reported
            ? "Reported absent"
            : "Not recorded";
  const detail: string[] = [];
  if (d.checked_in_at) detail.push(`In ${time(d.checked_in_at)} (${d.checked_in_by})`);
  if (d.checked_out_at) {
    const who =
      d.departure === "alone"
        ? "alone"
        : d.departure === "override"
          ? `override by ${d.checked_out_by}`
          : (d.collected_by ?? "");
    detail.push(`Out ${time(d.checked_out_at)}, ${who}`);
  }
  if (d.override_note) detail.push(`Note: ${d.override_note}`);
  return { state, detail };
}
