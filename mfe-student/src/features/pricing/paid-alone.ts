import type { LineDiscount } from "shared-auth";
import { cents } from "./money";

/**
 * A row of the cart paid alone (its own Pay) loses the discounts that belong to the
 * whole order: the sibling discount (a second camper in the same order) and the multi-class
 * discount (N seats in one order). The payment page compares the server's two prices of the row,
 * in the cart's quote and in its own checkout, and says what paying it alone gives up. Nothing
 * here computes a price: it only compares and words the server's cents.
 */

/** A line as the server priced it (a quote's line, or a checkout's), in cents. */
export interface PricedLine {
  priceCents: number;
  discounts: readonly Pick<LineDiscount, "kind" | "cents">[];
}

/** The discounts that need the rest of the order. */
export type FamilyKind = "sibling" | "multi_class";

export interface LostDiscount {
  kind: FamilyKind;
  /** What the cart's quote took off the row that its own checkout does not. */
  cents: number;
}

const FAMILY: readonly FamilyKind[] = ["sibling", "multi_class"];

const centsOf = (line: PricedLine, kind: FamilyKind) =>
  line.discounts.reduce((sum, d) => sum + (d.kind === kind ? d.cents : 0), 0);

/**
 * The family discounts the cart's quote gives a row (`inCart`) that the row's own checkout
 * (`alone`) does not, each with its cents; empty when nothing is lost or a price is missing.
 */
export function familyDiscountsLost(
  inCart: PricedLine | undefined | null,
  alone: PricedLine | undefined | null,
): LostDiscount[] {
  if (!inCart || !alone) return [];
  return FAMILY.map((kind) => ({ kind, cents: centsOf(inCart, kind) - centsOf(alone, kind) })).filter(
    (lost) => lost.cents > 0,
  );
}

const WORDS: Record<FamilyKind, string> = {
  sibling: "the sibling discount",
  multi_class: "the multi-class discount",
};

/**
 * "Paid alone, this class costs $149.00: the sibling discount ($14.90) applies only when the
 * classes are paid together." (`aloneCents`: the row's own checkout total); null when nothing is lost.
 */
export function paidAloneSentence(aloneCents: number, lost: readonly LostDiscount[]): string | null {
  if (lost.length === 0) return null;
  const what = lost.map((l) => `${WORDS[l.kind]} (${cents(l.cents)})`).join(" and ");
  const verb = lost.length === 1 ? "applies" : "apply";
  return `Paid alone, this class costs ${cents(aloneCents)}: ${what} ${verb} only when the classes are paid together.`;
}
