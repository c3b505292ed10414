import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, queryKeys, type CamperInput, type Guardians, type GuardiansInput } from "shared-auth";
import type { DeskCamper, OfficeLog } from "shared-auth/wire";
import { retryTransient } from "./admin-api";
import {
  canSearch,
  type BookingBody,
  type FamilySummary,
  type FrontDeskFamily,
  type FrontDeskOrder,
  type OfflinePayment,
  type Quote,
  type SeatChoice,
} from "./front-desk";
import type { MoveBody, MoveQuote, MoveQuoteBody, SeatMoved } from "./seat-move";

// The front desk's calls (decision 047), each under the admin's session.

export const frontDeskKeys = {
  all: ["admin", "front-desk"] as const,
  search: (q: string) => ["admin", "front-desk", "search", q] as const,
  family: (id: string) => ["admin", "front-desk", "family", id] as const,
  log: (familyId: string | null) => ["admin", "front-desk", "log", familyId ?? "all"] as const,
};

/** GET /admin/office-log: what the office did, newest first: for one family, or every one. */
export function useOfficeLog(familyId: string | null) {
  return useQuery({
    queryKey: frontDeskKeys.log(familyId),
    queryFn: async () =>
      (await api.get<OfficeLog>("/admin/office-log", { params: familyId ? { familyId } : {} })).data.actions,
    retry: retryTransient,
  });
}

/** GET /admin/families?q=: the families whose name, e-mail, phone or camper matches (at most 20). */
export function useFamilySearch(q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: frontDeskKeys.search(term),
    queryFn: async () =>
      (await api.get<{ families: FamilySummary[] }>("/admin/families", { params: { q: term } })).data.families,
    enabled: canSearch(term),
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

/**
 * GET /admin/families/:id. Its campers' details are read (and logged by the API) each time, so it
 * is not read again when the window regains focus, and leaves memory once closed.
 */
export function useFrontDeskFamily(id: string | null) {
  return useQuery({
    queryKey: frontDeskKeys.family(id ?? ""),
    queryFn: async () => (await api.get<FrontDeskFamily>(`/admin/families/${encodeURIComponent(id ?? "")}`)).data,
    enabled: id !== null,
    retry: retryTransient,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
}

/** After a change to a family: its view and the searches (what it owes, its campers). */
function useFamilyRefresh() {
  const client = useQueryClient();
  return (familyId: string) =>
    Promise.all([
      client.invalidateQueries({ queryKey: frontDeskKeys.family(familyId) }),
      client.invalidateQueries({ queryKey: [...frontDeskKeys.all, "search"] }),
      client.invalidateQueries({ queryKey: [...frontDeskKeys.all, "log"] }),
    ]);
}

export function useCreateFamily() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { email: string; name: string }) =>
      (await api.post<{ family: FrontDeskFamily }>("/admin/families", body)).data.family,
    onSuccess: (family) => {
      client.setQueryData(frontDeskKeys.family(family._id), family);
      void client.invalidateQueries({ queryKey: [...frontDeskKeys.all, "search"] });
    },
  });
}

export function useSaveFamilyGuardians(familyId: string) {
  const client = useQueryClient();
  const refresh = useFamilyRefresh();
  return useMutation({
    mutationFn: async (input: GuardiansInput) =>
      (await api.put<Guardians>(`/admin/families/${encodeURIComponent(familyId)}/guardians`, input)).data,
    onSuccess: (guardians) => {
      client.setQueryData<FrontDeskFamily>(frontDeskKeys.family(familyId), (family) =>
        family ? { ...family, guardians } : family,
      );
    },
    onSettled: () => refresh(familyId),
  });
}

export function useAddFamilyCamper(familyId: string) {
  const refresh = useFamilyRefresh();
  return useMutation({
    mutationFn: async (input: CamperInput) =>
      (await api.post<{ camper: DeskCamper }>(`/admin/families/${encodeURIComponent(familyId)}/campers`, input)).data
        .camper,
    onSettled: () => refresh(familyId),
  });
}

/** POST /admin/families/:id/quote: what the seats cost (nothing is held or booked). */
export function useQuoteSeats(familyId: string) {
  return useMutation({
    mutationFn: async (seats: SeatChoice[]) =>
      (await api.post<Quote>(`/admin/families/${encodeURIComponent(familyId)}/quote`, { seats })).data,
  });
}

/** Books the seats: the family, the searches, the classes' seat counts and the figures change. */
export function useBookSeats(familyId: string) {
  const client = useQueryClient();
  const refresh = useFamilyRefresh();
  return useMutation({
    mutationFn: async (body: BookingBody) =>
      (await api.post<{ order: FrontDeskOrder }>(`/admin/families/${encodeURIComponent(familyId)}/bookings`, body)).data
        .order,
    onSuccess: () =>
      Promise.all([
        refresh(familyId),
        client.invalidateQueries({ queryKey: queryKeys.classes() }),
        client.invalidateQueries({ queryKey: ["admin", "stats"] }),
      ]),
  });
}

export function useRecordPayment(familyId: string) {
  const client = useQueryClient();
  const refresh = useFamilyRefresh();
  return useMutation({
    mutationFn: async ({ orderId, body }: { orderId: string; body: OfflinePayment }) =>
      (await api.post<{ order: FrontDeskOrder }>(`/admin/orders/${encodeURIComponent(orderId)}/payments`, body)).data
        .order,
    // A refusal (more than is owed) means the order changed meanwhile: it is read again either way.
    onSettled: () => Promise.all([refresh(familyId), client.invalidateQueries({ queryKey: ["admin", "stats"] })]),
  });
}

/** POST /admin/enrollments/:id/move-quote: what moving the seat would cost or give back (nothing changes). */
export function useQuoteMove() {
  return useMutation({
    mutationFn: async ({ enrollmentId, body }: { enrollmentId: string; body: MoveQuoteBody }) =>
      (await api.post<MoveQuote>(`/admin/enrollments/${encodeURIComponent(enrollmentId)}/move-quote`, body)).data,
  });
}

/** Moves a seat to another class: both bookings, what the family owes, the log and both classes' seats change. */
export function useMoveSeat(familyId: string) {
  const client = useQueryClient();
  const refresh = useFamilyRefresh();
  return useMutation({
    mutationFn: async ({ enrollmentId, body }: { enrollmentId: string; body: MoveBody }) =>
      (await api.post<SeatMoved>(`/admin/enrollments/${encodeURIComponent(enrollmentId)}/move`, body)).data,
    // A refusal (the seat moved or cancelled meanwhile, a class now full) means the family changed: it is read again either way.
    onSettled: () =>
      Promise.all([
        refresh(familyId),
        client.invalidateQueries({ queryKey: ["admin", "stats"] }),
        client.invalidateQueries({ queryKey: queryKeys.classes() }),
      ]),
  });
}
