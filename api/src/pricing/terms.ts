import type { PricingTerms } from "../platform/database/schema.js";
import { priceOrder, type AidUse, type PricingInput } from "./rules.js";

/**
 * The terms an order was priced with, kept on the order (decision 034), and the price of some of
 * its seats under those same terms: the same day, prices and discount rules as at purchase. A
 * cancellation uses it to find what the seats kept should cost now (decision 033). Pure.
 */

/**
 * The terms of a priced order: what `priceOrder` read, the code only when it applied, and what aid
 * paid of each line (a kept seat keeps it).
 */
export function pricingTerms(input: PricingInput, codeApplied: boolean, aidUses: readonly AidUse[] = []): PricingTerms {
  const code = codeApplied && input.code ? input.code.discount : null;
  return {
    ...(aidUses.length > 0 && {
      aid: aidUses.map((use) => ({ classId: use.classId, camperId: use.camperId, cents: use.cents })),
    }),
    day: input.today,
    lines: input.lines.map((line) => ({
      classId: line.classId,
      camperId: line.camperId,
      className: line.className,
      sport: line.sport,
      priceCents: line.priceCents,
      earlyPriceCents: line.earlyPriceCents,
      earlyPriceUntil: line.earlyPriceUntil,
    })),
    sibling: input.sibling
      ? { id: input.sibling.id, name: input.sibling.name, percentOff: input.sibling.percentOff }
      : null,
    multiClass: input.multiClass
      ? {
          id: input.multiClass.id,
          name: input.multiClass.name,
          percentOff: input.multiClass.percentOff,
          minSeats: input.multiClass.minSeats,
        }
      : null,
    code: code && {
      id: code.id,
      code: code.code,
      name: code.name,
      percentOff: code.percentOff,
      amountOffCents: code.amountOffCents,
      classIds: code.classIds,
      sports: code.sports,
      minOrderCents: code.minOrderCents,
    },
  };
}

const lineKey = (line: { classId: string; camperId: string }) => `${line.classId}/${line.camperId}`;

/**
 * What these seats of the order (class and camper) would have cost bought alone, on the order's
 * day under its terms: the discounts they still earn by themselves (a multi-class discount needs
 * its number of seats among them, the sibling discount a second camper, a code its minimum order
 * and a line it is for), less the aid each of them had (never below nothing). Null when a seat is
 * not in the terms (they cannot say).
 */
export function priceUnderTerms(
  terms: PricingTerms,
  seats: readonly { classId: string; camperId: string }[],
): number | null {
  const byKey = new Map(terms.lines.map((line) => [lineKey(line), line]));
  const lines = [];
  for (const seat of seats) {
    const line = byKey.get(lineKey(seat));
    if (!line) return null;
    lines.push({ ...line, key: lineKey(line) });
  }
  if (lines.length === 0) return 0;
  const code = terms.code && {
    // Its limits of use and dates held at purchase: only what the seats themselves earn is asked again.
    discount: {
      ...terms.code,
      validFrom: null,
      validUntil: null,
      maxUses: null,
      maxUsesPerFamily: null,
      paused: false,
    },
    usesTotal: 0,
    usesByFamily: 0,
  };
  const aid = new Map((terms.aid ?? []).map((use) => [lineKey(use), use.cents]));
  return priceOrder({
    today: terms.day,
    lines,
    sibling: terms.sibling,
    multiClass: terms.multiClass,
    code,
  }).lines.reduce((sum, line) => sum + Math.max(0, line.paidCents - (aid.get(lineKey(line)) ?? 0)), 0);
}
