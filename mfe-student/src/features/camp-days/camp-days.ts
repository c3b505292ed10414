import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ACADEMY, api, useStudentEmail } from "shared-auth";
import type { FamilyCampDays } from "shared-auth/wire";

export type { FamilyCampDays };
export type CampDayRow = FamilyCampDays["days"][number];
export type AbsenceRow = FamilyCampDays["absences"][number];

const campDaysKey = (email: string) => ["camp-days", email] as const;

/** GET /camp-days: the family's campers' days so far, and the absences it reported (decision 046). */
export function useFamilyCampDays() {
  const email = useStudentEmail();
  return useQuery({
    queryKey: campDaysKey(email ?? ""),
    queryFn: async () => (await api.get<FamilyCampDays>("/camp-days")).data,
    enabled: email !== null,
  });
}

export function useAbsenceChanges() {
  const email = useStudentEmail();
  const queryClient = useQueryClient();
  const again = () => queryClient.invalidateQueries({ queryKey: campDaysKey(email ?? "") });
  return {
    report: async (body: { class_id: string; camper_id: string; day: string; note: string | null }) => {
      await api.post("/camp-days/absences", body);
      await again();
    },
    withdraw: async (id: string) => {
      await api.delete(`/camp-days/absences/${id}`);
      await again();
    },
  };
}

const dayFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
/** "Tue, Jul 6": a calendar day, the same in every zone. */
export const dayInShort = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

const timeFormat = new Intl.DateTimeFormat("en-US", { timeZone: ACADEMY.timeZone, hour: "numeric", minute: "2-digit" });

/** One day in words: "Tue, Jul 6: arrived 9:05 AM, left 12:02 PM with Rosa Parent (grandmother)". */
export function campDayLine(d: CampDayRow): string {
  const day = dayInShort(d.day);
  if (d.state === "absent") return `${day}: absent`;
  const arrived = `arrived ${timeFormat.format(new Date(d.checked_in_at!))}`;
  if (d.state === "in") return `${day}: ${arrived}, still at camp`;
  const left = `left ${timeFormat.format(new Date(d.checked_out_at!))}`;
  const how =
    d.departure === "alone"
      ? " on their own, as you allowed"
      : d.departure === "override"
        ? " (checked out by the office)"
        : ` with ${d.collected_by}`;
  return `${day}: ${arrived}, ${left}${how}`;
}
