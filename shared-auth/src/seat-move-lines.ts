/**
 * A seat moved to another class (decision 048), as every view of it shows the money: the new seat's
 * price (+), what was paid for the old seat carried over (−), the academy's fee (+); they add up to
 * the difference, owed (positive) or given back (negative). The office's form, the family's form
 * and the payment history read the same lines; apps never import each other, so the one copy lives
 * here. Pure, no React: a subpath of its own (`shared-auth/seat-move-lines`) that each view compiles
 * in; the shared singleton stays as it is.
 */

/** The move's figures, as the API's quote, its answer and a payment record's `move` carry them. */
export interface MoveFiguresIn {
  className: string;
  toClassName: string;
  heldCents: number;
  feeCents: number;
  priceCents: number;
  owedCents: number;
  refundCents: number;
  /** The new seat's discounts, already taken off its price (said under its line). */
  discounts?: readonly { name: string; cents: number }[];
}

export interface MoveLine {
  label: string;
  /** Signed: a cost is positive, what was paid and carried over negative. */
  cents: number;
  discounts: readonly { name: string; cents: number }[];
}

export function moveLines(f: MoveFiguresIn): MoveLine[] {
  const lines: MoveLine[] = [
    { label: `${f.toClassName} (new seat)`, cents: f.priceCents, discounts: f.discounts ?? [] },
    { label: `${f.className}: paid, carried over`, cents: -f.heldCents, discounts: [] },
  ];
  if (f.feeCents > 0) lines.push({ label: "Transfer fee", cents: f.feeCents, discounts: [] });
  return lines;
}

/** The lines' sum, in cents: positive is to pay, negative given back. */
export const linesTotal = (lines: readonly { cents: number }[]) => lines.reduce((sum, l) => sum + l.cents, 0);

/** The bottom line, named by what it asks of the family. */
export function moveDifference(f: Pick<MoveFiguresIn, "owedCents" | "refundCents">): { label: string; cents: number } {
  if (f.owedCents > 0) return { label: "Difference to pay", cents: f.owedCents };
  if (f.refundCents > 0) return { label: "Difference given back", cents: -f.refundCents };
  return { label: "Difference", cents: 0 };
}
