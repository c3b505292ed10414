import * as clock from "../platform/clock.js";
import type { Policy } from "../platform/cancellation-policy.js";
import { usd } from "../platform/wire.js";
import { ACADEMY_TIME_ZONE } from "../waitlist/index.js";

export { DEFAULT_POLICY, loadPolicy, policyText, savePolicy, type Policy } from "../platform/cancellation-policy.js";

/**
 * Applying the cancellation policy (platform/cancellation-policy.ts holds the policy; decision 033).
 * Days are counted on the academy's calendar (Portland): "14 days before Monday 5 July" is any
 * time on Monday 21 June there.
 */

export type RefundWindow = "full" | "partial" | "none" | "started";

export interface Quote {
  /** What the card gets back now: the policy's share of the line, less the fee, never more than is left. */
  refundCents: number;
  /** What was paid for the line, and what of it went back already. */
  paidCents: number;
  refundedCents: number;
  /** The policy's share (0-100) and the fee kept (0 when nothing is refunded). */
  percent: number;
  feeCents: number;
  window: RefundWindow;
  /** Whole days from today to the first day on the academy's calendar; null for a class without dates. */
  daysBefore: number | null;
  /** Paid, but by no card (the seed's sample families): nothing can go back, whatever the policy. */
  noCard: boolean;
  /** What the policy alone gives for the seat, before a discount the seats kept lose comes off (decision 033). */
  policyRefundCents: number;
  /** The discount given back: how much less than the policy's refund, as the seats kept no longer earn it. */
  discountGivenBackCents: number;
  /** A discount kept back at an earlier cancellation of the order that goes back with this one. */
  earlierReturnedCents: number;
}

const academyDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: ACADEMY_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Today's date at the academy, YYYY-MM-DD (by the API's clock). */
export const academyToday = (now: Date = clock.now()) => academyDay.format(now);

/** Whole days from one calendar date to another (YYYY-MM-DD), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The refund for one paid line today under the policy. Shares are rounded down to the cent (the
 * card never gets a fraction of a cent more than the policy gives); the fee comes off once; the
 * result never exceeds what is left of the line after earlier refunds.
 */
export function quoteRefund(
  policy: Policy,
  line: { paidCents: number; refundedCents: number; firstDay: string | null; byCard?: boolean },
  today: string,
): Quote {
  const left = Math.max(line.paidCents - line.refundedCents, 0);
  const daysBefore = line.firstDay === null ? null : daysBetween(today, line.firstDay);
  const window: RefundWindow =
    daysBefore !== null && daysBefore <= 0
      ? "started"
      : daysBefore === null || daysBefore >= policy.fullRefundDays
        ? "full"
        : daysBefore >= policy.partialRefundDays
          ? "partial"
          : "none";
  const percent = window === "full" ? 100 : window === "partial" ? policy.partialPercent : 0;
  const share = Math.floor((line.paidCents * percent) / 100);
  const afterFee = share > 0 ? Math.max(share - policy.feeCents, 0) : 0;
  const noCard = line.byCard === false && left > 0;
  const refundCents = noCard ? 0 : Math.min(afterFee, left);
  return {
    refundCents,
    paidCents: line.paidCents,
    refundedCents: line.refundedCents,
    percent,
    feeCents: refundCents > 0 ? Math.min(policy.feeCents, share) : 0,
    window,
    daysBefore,
    noCard,
    policyRefundCents: refundCents,
    discountGivenBackCents: 0,
    earlierReturnedCents: 0,
  };
}

/** "You will get $74.50 back of $149.00." */
export function quoteText(quote: Quote): string {
  if (quote.window === "started")
    return "This class has started: a seat in it can no longer be cancelled for a refund.";
  if (quote.noCard) {
    return `This seat was not paid by card (sample data): cancelling it refunds nothing of the ${usd(quote.paidCents)}.`;
  }
  const lost = quote.discountGivenBackCents;
  if (quote.refundCents === 0) {
    if (lost > 0) {
      return `Nothing is refunded: the ${usd(lost)} the policy gives for this seat is the discount given back, as the seats you keep no longer earn it.`;
    }
    return quote.paidCents - quote.refundedCents <= 0
      ? "This seat has been refunded in full already."
      : `Under the cancellation policy nothing is refunded this close to the first day (of ${usd(quote.paidCents)} paid).`;
  }
  const back = `You will get ${usd(quote.refundCents)} back of ${usd(quote.paidCents)}.`;
  if (lost > 0) {
    return `${back} The policy gives ${usd(quote.policyRefundCents)}, less ${usd(lost)} of discount given back: the seats you keep no longer earn it.`;
  }
  if (quote.earlierReturnedCents > 0) {
    return `You will get ${usd(quote.refundCents)} back: ${usd(quote.policyRefundCents)} for this seat and ${usd(quote.earlierReturnedCents)} of the discount given back when you cancelled before, which the seats you keep no longer need.`;
  }
  return back;
}

/**
 * An order-wide refund (one made in the provider's Dashboard) shared among the order's lines in
 * proportion to what is left of each: each share rounded down to the cent, the cents still missing
 * given one each to the lines with the largest remainders (the first line first on a tie). The
 * shares add up to the amount, never exceed a line's rest, and add up to at most the sum of the
 * rests when the amount is larger.
 */
export function shareAmong(amountCents: number, leftCents: readonly number[]): number[] {
  const left = leftCents.map((cents) => Math.max(cents, 0));
  const total = left.reduce((sum, cents) => sum + cents, 0);
  const give = Math.min(Math.max(amountCents, 0), total);
  if (give === 0) return left.map(() => 0);
  const shares = left.map((cents) => Math.floor((give * cents) / total));
  let missing = give - shares.reduce((sum, cents) => sum + cents, 0);
  const byRemainder = left
    .map((cents, index) => ({ index, remainder: (give * cents) % total }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (missing === 0) break;
    shares[index]! += 1;
    missing -= 1;
  }
  return shares;
}
