/** The words of the cancel dialog (decision 033), pure: every part is text the API computed in cents. */
import type { EnrolledSeat } from "shared-auth/wire";

/** What the dialog reads of today's quote for one seat (GET /enrollments/:id/cancellation, generated types). */
export type SeatQuote = Pick<EnrolledSeat, "class_name" | "camper"> & {
  cancellation: Pick<
    EnrolledSeat["cancellation"],
    "refundCents" | "paidCents" | "discountGivenBackCents" | "window" | "cancellable" | "text"
  >;
};

const usd = (cents: number) =>
  `$${Math.floor(cents / 100).toLocaleString("en-US")}.${String(cents % 100).padStart(2, "0")}`;

/** The question before cancelling: the class, whose seat, the refund in the server's words, the discount given back. */
export function confirmText(quote: SeatQuote): string {
  const after =
    quote.cancellation.refundCents > 0
      ? "The refund goes back to the card you paid with."
      : "The seat goes back to the class either way.";
  const lost = quote.cancellation.discountGivenBackCents ?? 0;
  const discount = lost > 0 ? ` Discount given back: ${usd(lost)}.` : "";
  return `${quote.camper}'s seat in "${quote.class_name}" will be cancelled. ${quote.cancellation.text}${discount} ${after}`;
}
