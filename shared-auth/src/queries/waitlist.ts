import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api-client";
import { queryKeys } from "../query-keys";
import type { Checkout } from "../wire/checkout";
import { useStudentEmail } from "./cart";

/** Registration opening and the waitlist (issue 30), as the API answers them. */

export type WaitlistState = "waiting" | "offered" | "accepted" | "declined" | "expired" | "left" | "removed";

/** One of the family's entries (GET /waitlist). */
export interface WaitlistEntry {
  _id: string;
  classId: string;
  class_name: string;
  start_date: string | null;
  state: WaitlistState;
  /** "#3 in line": only while waiting. */
  position: number | null;
  size: number;
  campers: { _id: string; name: string }[];
  /** Campers taken off the entry when a seat was offered (no longer eligible), with the reason. */
  dropped: { _id: string; name: string; reason: string }[];
  joinedAt: string;
  offeredAt: string | null;
  offerExpiresAt: string | null;
  orderId: string | null;
  endReason: string | null;
}

/** A class's live booking state (GET /classes/:id/availability): never cached. */
export interface ClassAvailability {
  seats_left: number;
  waiting: number;
  offered_seats: number;
  registration_opens_at: string | null;
  registration_open: boolean;
  now: string;
}

/** How the line works, in plain words (the class page shows it; the server keeps it). */
export const WAITLIST_RULE =
  "Freed seats are offered to families in the order they joined. A family waiting with several children is offered seats only when there are enough for all of them together; until then those seats are kept for it, not offered to anyone behind it or sold to anyone else. An offer keeps its seats for 24 hours.";

export function useClassAvailability(classId: string | null) {
  return useQuery({
    queryKey: queryKeys.availability(classId ?? ""),
    queryFn: async () => (await api.get<ClassAvailability>(`/classes/${classId}/availability`)).data,
    enabled: classId !== null,
    staleTime: 0,
    refetchInterval: 30_000,
  });
}

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

/** What a change to the line touches: the family's entries, the class's live state, the cart. */
function useLineChanged() {
  const email = useStudentEmail();
  const client = useQueryClient();
  return (classId?: string) => {
    if (email) void client.invalidateQueries({ queryKey: queryKeys.waitlist(email) });
    if (classId) void client.invalidateQueries({ queryKey: queryKeys.availability(classId) });
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

/** Leave (any entry in line) or decline (an offer). */
export function useEndWaitlistEntry() {
  const changed = useLineChanged();
  return useMutation({
    mutationFn: async ({ id, how }: { id: string; how: "leave" | "decline" }) =>
      how === "leave"
        ? (await api.delete<WaitlistEntry>(`/waitlist/${id}`)).data
        : (await api.post<WaitlistEntry>(`/waitlist/${id}/decline`)).data,
    onSuccess: (entry) => changed(entry?.classId),
  });
}

/** Accepts an offer: a checkout opens with its seats, for the cart lines it answers with. */
export function useAcceptOffer() {
  const changed = useLineChanged();
  const email = useStudentEmail();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.post<Checkout & { cartItemIds: string[] }>(`/waitlist/${id}/accept`)).data,
    onSuccess: () => {
      changed();
      if (email) void client.invalidateQueries({ queryKey: queryKeys.cart(email) });
    },
  });
}
