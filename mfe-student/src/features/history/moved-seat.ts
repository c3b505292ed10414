import type { PaymentRecord } from "shared-auth";

export type SeatMove = NonNullable<PaymentRecord["move"]>;

/**
 * A moved seat's lines as the payment history shows them (decision 048): the new seat's price,
 * the old seat's payment carried over (−), the fee, and the difference; they add up to it.
 */
export function moveRows(move: SeatMove): { label: string; cents: number }[] {
  const rows = [
    { label: `${move.toClass} (new seat)`, cents: move.priceCents },
    { label: `${move.fromClass}: paid, carried over`, cents: -move.heldCents },
  ];
  if (move.feeCents > 0) rows.push({ label: "Transfer fee", cents: move.feeCents });
  if (move.owedCents > 0) rows.push({ label: "Difference to pay", cents: move.owedCents });
  else if (move.refundCents > 0) rows.push({ label: "Difference given back", cents: -move.refundCents });
  return rows;
}

/** "$45.00", "−$125.00": a signed amount in dollars. */
export const signedDollars = (cents: number) =>
  `${cents < 0 ? "−" : ""}${new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(Math.abs(cents) / 100)}`;
