/**
 * The refund of a cancelled seat when its order had a discount the seats kept no longer earn
 * (decision 033), pure: no database, no clock. A discount bought with several seats (a multi-class
 * discount for N seats, the sibling discount, a code's minimum order) is not kept with fewer: the
 * refund is reduced by what the seats kept no longer earn.
 *
 *   allowed = what the order's lines cost − what the seats kept should cost now (priced again as at
 *             purchase: same prices, same rules) − what went back already on the lines of the seats
 *             no longer held (this one included)
 *   refund  = the policy's refund of this seat, plus what earlier cancellations of the order were
 *             given less than their policy's refund (a discount kept back then that the seats kept
 *             now no longer need), never more than `allowed`, never more than is left of the lines
 *             of the seats no longer held, never negative.
 *
 * So cancelling every seat in the full-refund window gives back every cent, however the discount
 * came off the first cancellations; in total a family never gets more back than the policy's
 * refunds of the seats it cancelled, and a goodwill refund of a seat kept stays the family's.
 */

export interface LostDiscountInput {
  /** This seat's refund under the policy alone (its window, fee, what is left of its line). */
  policyRefundCents: number;
  /** Sum of the order's lines' paid prices. */
  orderPaidCents: number;
  /** What the seats kept (after this cancellation) should cost, priced as at purchase; null: unknown. */
  keptCostCents: number | null;
  /** Sum of the paid prices of the seats kept (their lines as bought). */
  keptPaidCents: number;
  /** Refunded already on the lines of the seats no longer held, this seat's included. */
  refundedGoneCents: number;
  /** What is left to refund on the lines of the seats no longer held, this seat's included. */
  leftGoneCents: number;
  /** Earlier cancellations of this order: their policy's refunds and what they gave, summed. */
  earlierPolicyCents: number;
  earlierRefundCents: number;
}

export interface LostDiscountRefund {
  refundCents: number;
  /** The discount given back: how much less than the policy's refund this seat gets (≥ 0). */
  discountGivenBackCents: number;
  /** A discount kept back by an earlier cancellation that goes back now (≥ 0). */
  earlierReturnedCents: number;
}

export function lostDiscountRefund(input: LostDiscountInput): LostDiscountRefund {
  const policy = Math.max(input.policyRefundCents, 0);
  // Without the terms the order was priced with, the seats kept cost what they were bought for.
  const keptCost = input.keptCostCents ?? input.keptPaidCents;
  const allowed = input.orderPaidCents - keptCost - input.refundedGoneCents;
  const keptBack = Math.max(input.earlierPolicyCents - input.earlierRefundCents, 0);
  const refundCents = Math.max(Math.min(policy + keptBack, allowed, Math.max(input.leftGoneCents, 0)), 0);
  return {
    refundCents,
    discountGivenBackCents: Math.max(policy - refundCents, 0),
    earlierReturnedCents: Math.max(refundCents - policy, 0),
  };
}
