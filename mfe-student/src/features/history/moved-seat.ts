import type { PaymentRecord } from "shared-auth";
import { moveDifference, moveLines } from "shared-auth/seat-move-lines";

export type SeatMove = NonNullable<PaymentRecord["move"]>;

/**
 * A moved seat's lines as the payment history shows them (decision 048, shared-auth/seat-move-lines):
 * the new seat's price, the old seat's payment carried over (−), the fee, and the difference; they
 * add up to it.
 */
export function moveRows(move: SeatMove): { label: string; cents: number }[] {
  const figures = { ...move, className: move.fromClass, toClassName: move.toClass };
  const difference = moveDifference(figures);
  const rows = moveLines(figures).map(({ label, cents }) => ({ label, cents }));
  return difference.cents === 0 ? rows : [...rows, difference];
}

/** "$45.00", "−$125.00": a signed amount in dollars. */
export const signedDollars = (cents: number) =>
  `${cents < 0 ? "−" : ""}${new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(Math.abs(cents) / 100)}`;
