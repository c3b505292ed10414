import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, queryKeys, useStudentEmail, type WaitlistEntry } from "shared-auth";
import type { AcceptedOffer } from "shared-auth/wire";

/** The family's waitlist entries: the list, leaving or declining, accepting an offer. */

export function useWaitlist() {
  const email = useStudentEmail();
  return useQuery({
    queryKey: queryKeys.waitlist(email ?? ""),
    queryFn: async () => (await api.get<WaitlistEntry[]>("/waitlist")).data,
    enabled: email !== null,
    staleTime: 0,
    // An offer may arrive while the page is open.
    refetchInterval: 30_000,
  });
}

/** The family's entries and every class's live state, after a change to the line. */
function useLineChanged() {
  const email = useStudentEmail();
  const client = useQueryClient();
  return () => {
    if (email) void client.invalidateQueries({ queryKey: queryKeys.waitlist(email) });
    void client.invalidateQueries({ queryKey: ["availability"] });
  };
}

/** Leave (any entry in line) or decline (an offer). */
export function useEndWaitlistEntry() {
  const changed = useLineChanged();
  return useMutation({
    mutationFn: async ({ id, how }: { id: string; how: "leave" | "decline" }) =>
      how === "leave"
        ? (await api.delete<WaitlistEntry>(`/waitlist/${id}`)).data
        : (await api.post<WaitlistEntry>(`/waitlist/${id}/decline`)).data,
    onSuccess: () => changed(),
  });
}

/** Accepts an offer: a checkout opens with its seats, for the cart lines it answers with. */
export function useAcceptOffer() {
  const changed = useLineChanged();
  const email = useStudentEmail();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await api.post<AcceptedOffer>(`/waitlist/${id}/accept`)).data,
    onSuccess: () => {
      changed();
      if (email) void client.invalidateQueries({ queryKey: queryKeys.cart(email) });
    },
  });
}
