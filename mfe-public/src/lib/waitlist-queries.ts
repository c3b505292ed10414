import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, queryKeys, useStudentEmail, type ClassAvailability, type WaitlistEntry } from "shared-auth";

/** A class's line as the public pages use it: its live seats, and joining it. */

/** How long an offer lasts, in words: "24 hours", "90 minutes", "20 seconds". */
export function offerPeriod(seconds: number): string {
  const [n, unit] =
    seconds % 3600 === 0
      ? [seconds / 3600, "hour"]
      : seconds % 60 === 0
        ? [seconds / 60, "minute"]
        : [seconds, "second"];
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

/**
 * How the line works, in plain words (the class page and the join dialog show it; the server
 * keeps it), with the academy's offer period once the class's live state has said it.
 */
export function waitlistRule(offerSeconds?: number): string {
  const keeps =
    offerSeconds === undefined
      ? "An offer keeps its seats until the deadline it shows."
      : `An offer keeps its seats for ${offerPeriod(offerSeconds)}.`;
  return `Freed seats are offered to families in the order they joined. A family waiting with several children is offered seats only when there are enough for all of them together; until then those seats are kept for it, not offered to anyone behind it or sold to anyone else. ${keeps}`;
}

/** The academy's cancellation policy in words (GET /cancellation-policy): the class page shows it. */
export function useCancellationPolicy() {
  return useQuery({
    queryKey: queryKeys.cancellationPolicy(),
    queryFn: async () => (await api.get<{ text: string }>("/cancellation-policy")).data,
    staleTime: 5 * 60_000,
  });
}

export function useClassAvailability(classId: string | null) {
  return useQuery({
    queryKey: queryKeys.availability(classId ?? ""),
    queryFn: async () => (await api.get<ClassAvailability>(`/classes/${classId}/availability`)).data,
    enabled: classId !== null,
    staleTime: 0,
    refetchInterval: 30_000,
  });
}

/** The family's entries and the class's live state, after a change to the line. */
function useLineChanged() {
  const email = useStudentEmail();
  const client = useQueryClient();
  return (classId: string) => {
    if (email) void client.invalidateQueries({ queryKey: queryKeys.waitlist(email) });
    void client.invalidateQueries({ queryKey: queryKeys.availability(classId) });
  };
}

/** Joins a class's line for some campers (none named: the account holder's own seat). */
export function useJoinWaitlist() {
  const changed = useLineChanged();
  return useMutation({
    mutationFn: async ({ classId, camperIds }: { classId: string; camperIds?: string[] }) =>
      (await api.post<WaitlistEntry>(`/classes/${classId}/waitlist`, camperIds ? { camperIds } : {})).data,
    onSuccess: (entry) => changed(entry.classId),
  });
}
