/*
 * The requests of "Move to another class" (decision 048): the family's seats as the API judges
 * them, the classes to move to, the figures, and the move itself.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, queryKeys, serverNow, useAccountEmail, type ClassItem } from "shared-auth";
import { academyToday } from "shared-auth/academy-time";
import type { CancellationPolicy, ClassPage, EnrolledSeat, MoveQuote, SeatMoved } from "shared-auth/wire";
import { mayMoveSeat } from "./move-lines";

export type { MoveQuote, SeatMoved };

/**
 * GET /enrollments: the family's seats with what the card list (GET /enrolled) does not say, as
 * whether the office booked a seat (the office moves those). Asked only when the academy lets
 * families move seats; under the enrolled list's key, so what refreshes the cards refreshes these.
 */
export function useOwnSeats(enabled: boolean) {
  const email = useAccountEmail();
  return useQuery({
    queryKey: [...queryKeys.enrolled(email ?? ""), "seats"],
    queryFn: async () => (await api.get<EnrolledSeat[]>("/enrollments")).data,
    enabled: enabled && email !== null,
  });
}

/** The API's largest page of classes for everyone: a search narrows a longer list. */
export const CLASS_LIST_SIZE = 48;

/**
 * The approved classes to move to, by name (GET /classes, one page, as the public class list asks
 * for them), under the classes' key so a booking or a move anywhere refreshes their free seats.
 */
export function useClassesToMoveTo(search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.classes(), "move-choices", search],
    queryFn: async () => {
      const params: Record<string, string> = {
        page: "1",
        size: String(CLASS_LIST_SIZE),
        sort: "name",
        dir: "asc",
      };
      if (search) params.search = search;
      const { data } = await api.get<ClassPage | ClassItem[]>("/classes", { params });
      // An API from before paging answers the whole list: it is one long page then.
      return Array.isArray(data) ? { items: data, hasMore: false } : { items: data.items, hasMore: data.hasMore };
    },
    enabled,
    staleTime: 30_000,
  });
}

/** POST /enrollments/:id/move-quote: what the move would cost or give back today; nothing changes. */
export function useMoveQuote() {
  return useMutation({
    mutationFn: async ({ enrollmentId, toClassId }: { enrollmentId: string; toClassId: string }) =>
      (await api.post<MoveQuote>(`/enrollments/${encodeURIComponent(enrollmentId)}/move-quote`, { toClassId })).data,
  });
}

/**
 * POST /enrollments/:id/move. Once settled, the lists the cancel flow reads again (the seats,
 * the payments, the classes' free seats) and My Balance's are read again before the promise
 * resolves, so the moved seat's card is gone when the page says the move is done.
 */
export function useMoveSeat() {
  const client = useQueryClient();
  const email = useAccountEmail() ?? "";
  return useMutation({
    mutationFn: async ({ enrollmentId, toClassId }: { enrollmentId: string; toClassId: string }) =>
      (await api.post<SeatMoved>(`/enrollments/${encodeURIComponent(enrollmentId)}/move`, { toClassId })).data,
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.enrolled(email) }),
        client.invalidateQueries({ queryKey: queryKeys.payments(email) }),
        client.invalidateQueries({ queryKey: queryKeys.balance(email) }),
        client.invalidateQueries({ queryKey: queryKeys.classes() }),
      ]);
    },
  });
}

/**
 * Which of the family's seats the page offers to move today, and the academy's rule in words.
 * Today is the academy's day by the API's clock, as the API counts the days before a first day.
 */
export function useSeatMoves(policy: Pick<CancellationPolicy, "moveDays" | "moveText"> | undefined) {
  const moveDays = policy?.moveDays;
  const seats = useOwnSeats(typeof moveDays === "number");
  const today = academyToday(serverNow());
  // Until the seats are read, no button: it would go again for a seat the office booked. Seats
  // that cannot be read leave the API to say whether one can move.
  const known = seats.isSuccess || seats.isError;
  const canMove = (seat: { enrollmentId?: string; start_date: string | null }) => {
    if (!known || !seat.enrollmentId) return false;
    const atTheDesk = seats.data?.find((s) => s._id === seat.enrollmentId)?.atTheDesk;
    return mayMoveSeat({ atTheDesk, firstDay: seat.start_date }, moveDays, today);
  };
  return { canMove, today, rule: policy?.moveText ?? "" };
}
