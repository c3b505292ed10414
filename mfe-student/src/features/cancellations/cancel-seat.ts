/*
 * Cancelling a seat from My Enrolled Classes: the refund the server computes for today
 * is stated before anything happens, and what the server did is said after. Every part is text.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, errorMessage, queryKeys, showDialog, useAccountEmail } from "shared-auth";
import { SCOPE_CLASS } from "../../components/scope";
import { confirmText, type SeatQuote } from "./cancel-text";
import type { CancelledSeat } from "shared-auth/wire";

export { confirmText, type SeatQuote } from "./cancel-text";

const look = { scopeClass: SCOPE_CLASS };

/** What POST /enrollments/:id/cancel answers. */
/** POST /enrollments/:id/cancel's answer, as the API's document says. */
export type Cancelled = CancelledSeat;

/** Asks, cancels and says what happened; resolves true when the seat was cancelled. */
export function useCancelSeat() {
  const client = useQueryClient();
  const email = useAccountEmail() ?? "";
  const cancel = useMutation({
    mutationFn: async (enrollmentId: string) => (await api.post<Cancelled>(`/enrollments/${enrollmentId}/cancel`)).data,
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.enrolled(email) }),
        client.invalidateQueries({ queryKey: queryKeys.payments(email) }),
        client.invalidateQueries({ queryKey: queryKeys.classes() }),
      ]);
    },
  });
  const run = async (enrollmentId: string): Promise<boolean> => {
    let quote: SeatQuote;
    try {
      quote = (await api.get<SeatQuote>(`/enrollments/${enrollmentId}/cancellation`)).data;
    } catch (error) {
      await showDialog(look, { title: "The refund could not be worked out", text: errorMessage(error), confirm: "OK" });
      return false;
    }
    if (!quote.cancellation.cancellable) {
      await showDialog(look, { title: "This seat cannot be cancelled", text: quote.cancellation.text, confirm: "OK" });
      return false;
    }
    const sure = await showDialog(look, {
      title: "Cancel this seat?",
      text: confirmText(quote),
      confirm: "Yes, cancel the seat",
      cancel: "Keep the seat",
      focusCancel: true,
    });
    if (!sure) return false;
    try {
      const done = await cancel.mutateAsync(enrollmentId);
      await showDialog(look, { title: "Seat cancelled", text: done.message, confirm: "OK" });
      return true;
    } catch (error) {
      await showDialog(look, { title: "The seat was not cancelled", text: errorMessage(error), confirm: "OK" });
      return false;
    }
  };
  return { run, pending: cancel.isPending ? cancel.variables : undefined };
}
