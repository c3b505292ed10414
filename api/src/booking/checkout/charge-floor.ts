import { ApiError } from "../../platform/errors.js";
import { money } from "../../pricing/index.js";

/** Stripe's smallest charge in dollars and most currencies. */
export const MIN_CHARGE_CENTS = 50;

/**
 * Refuses a checkout whose card payment would be under the provider's smallest charge, in the
 * family's words: nothing at all to pay because financial aid pays it (the office books such
 * seats, decision 050), or a plan's deposit or a cart too small to charge.
 */
export function refuseSmallCharge(amountCents: number, plan: boolean): void {
  if (amountCents >= MIN_CHARGE_CENTS) return;
  if (amountCents === 0) {
    throw new ApiError(
      422,
      plan
        ? "Nothing is due today under this plan, so there is no card payment to make: choose Pay in full, or ask the office to book these seats for you."
        : "These seats cost nothing after your financial aid, so there is no card payment to make: ask the office to book them for you.",
    );
  }
  throw new ApiError(
    422,
    plan
      ? `A card payment must be at least ${money(MIN_CHARGE_CENTS)}; this plan's deposit is ${money(amountCents)}: choose Pay in full.`
      : `A card payment must be at least ${money(MIN_CHARGE_CENTS)}; the selected classes cost ${money(amountCents)}.`,
  );
}
