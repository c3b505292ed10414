import { academyToday } from "../../platform/academy-day.js";
import type { Db } from "../../platform/database/client.js";
import { plansOffered } from "../../plans/index.js";
import { aidOf, type Quote } from "../../pricing/index.js";
import type { Selection } from "./cart-lines.js";

/**
 * The payment plans a priced cart may be paid with today (decision 040), as the quote answers
 * them: each charge's day and amount, split from what each seat costs after its discounts. A cart
 * with a class that has no first day yet is paid in full.
 */
export async function paymentPlansFor(db: Db, selection: readonly Selection[], lines: Quote["lines"]) {
  const byKey = new Map(selection.map((s) => [s.cartItemId, s]));
  const seats = lines.map((line) => ({
    key: line.key,
    classId: line.classId,
    priceCents: line.paidCents,
    aidCents: aidOf(line),
    firstDay: byKey.get(line.key)?.startDate ?? null,
  }));
  if (seats.some((s) => s.firstDay === null)) return [];
  const offers = await plansOffered(
    db,
    seats.map((s) => ({ ...s, firstDay: s.firstDay! })),
    academyToday(),
  );
  return offers.map((offer) => ({
    _id: offer.id,
    name: offer.name,
    summary: offer.summary,
    schedule: offer.parts.map((part) => ({ due: part.due, amountCents: part.totalCents, deposit: part.deposit })),
  }));
}
