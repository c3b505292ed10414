import { and, count, eq, inArray, sql } from "drizzle-orm";
import { academyToday } from "../platform/academy-day.js";
import * as clock from "../platform/clock.js";
import type { Db, Tx } from "../platform/database/client.js";
import { discounts, discountUses, orders, type DiscountKind, type PricingTerms } from "../platform/database/schema.js";
import { priceOrder, type AidCredit, type LineInput, type PricingInput, type PromoCode, type Quote } from "./rules.js";
import { pricingTerms } from "./terms.js";

/** Reading discounts and recording a code's use: the database side of the pricing rule. */

/**
 * Today on the academy's calendar, YYYY-MM-DD (by the API's clock): platform/academy-day.ts's, the
 * same day the class lists price by (their price_today).
 */
export const pricingDay = (now: Date = clock.now()) => academyToday(now);

/** How codes are typed: any case, spaces around ignored. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();

export type DiscountRow = typeof discounts.$inferSelect;

/** A code row as the rule reads it. */
export const toPromoCode = (row: DiscountRow): PromoCode => ({
  id: row.id,
  code: row.code ?? "",
  name: row.name,
  percentOff: row.percentOff,
  amountOffCents: row.amountOffCents,
  validFrom: row.validFrom,
  validUntil: row.validUntil,
  maxUses: row.maxUses,
  maxUsesPerFamily: row.maxUsesPerFamily,
  classIds: row.classIds,
  sports: row.sports,
  minOrderCents: row.minOrderCents,
  paused: row.paused,
});

/** A use counts while its order holds seats (pending) or is paid. */
const USE_COUNTS = inArray(orders.status, ["pending", "paid"]);

/** How many orders use a code: in all, and of this family. */
export async function codeUses(tx: Tx | Db, discountId: string, familyId: string) {
  const [row] = await tx
    .select({
      total: count(),
      family: sql<number>`count(*) filter (where ${discountUses.familyId} = ${familyId})`.mapWith(Number),
    })
    .from(discountUses)
    .innerJoin(orders, eq(orders.id, discountUses.orderId))
    .where(and(eq(discountUses.discountId, discountId), USE_COUNTS));
  return { total: row?.total ?? 0, family: row?.family ?? 0 };
}

export const NO_SUCH_CODE = "There is no such code: check how it is spelled.";

/**
 * Prices lines for a family, with a code when one is given. With `lock`, the code's row is locked
 * (FOR UPDATE) until the transaction ends, so its uses are counted and a new one recorded
 * (recordCodeUse) before any other checkout can count them: two families taking a code's last use
 * at once get it once (decision 034). A checkout locks its family first, then the code.
 */
export async function quote(
  tx: Tx | Db,
  input: {
    familyId: string;
    lines: LineInput[];
    code?: string | undefined;
    lock?: boolean;
    today?: string;
    /** The family's awards with something left (aid's `aidCredits`, read under the checkout's locks). */
    aid?: readonly AidCredit[];
  },
): Promise<{ quote: Quote; codeId: string | null; terms: PricingTerms }> {
  const automatic = tx
    .select()
    .from(discounts)
    .where(
      and(inArray(discounts.kind, ["sibling", "multi_class"] satisfies DiscountKind[]), eq(discounts.paused, false)),
    );
  // A checkout (`lock`) keeps the automatic discounts it priced with shared-locked until it commits:
  // an admin's pause or change waits for it, or it waits for theirs and prices with what they saved.
  // Either way it is priced with what is in force when it commits, never with a discount paused
  // before that (decision 034). Shared: checkouts do not wait for each other here.
  const active = input.lock ? await automatic.for("share") : await automatic;
  const sibling = active.find((d) => d.kind === "sibling");
  const multi = active.find((d) => d.kind === "multi_class");
  let code: PricingInput["code"] = null;
  let codeId: string | null = null;
  let missing: string | null = null;
  if (input.code !== undefined && input.code.trim() !== "") {
    const typed = normalizeCode(input.code);
    const found = tx
      .select()
      .from(discounts)
      .where(and(eq(discounts.kind, "code"), eq(discounts.code, typed)));
    const [row] = input.lock ? await found.for("update") : await found;
    if (row) {
      const uses = await codeUses(tx, row.id, input.familyId);
      code = { discount: toPromoCode(row), usesTotal: uses.total, usesByFamily: uses.family };
      codeId = row.id;
    } else {
      missing = typed;
    }
  }
  const pricing: PricingInput = {
    today: input.today ?? pricingDay(),
    lines: input.lines,
    sibling: sibling && { id: sibling.id, name: sibling.name, percentOff: sibling.percentOff ?? 0 },
    multiClass: multi && {
      id: multi.id,
      name: multi.name,
      percentOff: multi.percentOff ?? 0,
      minSeats: multi.minSeats ?? Number.MAX_SAFE_INTEGER,
    },
    code,
    aid: input.aid ?? [],
  };
  const priced = priceOrder(pricing);
  if (missing !== null) {
    priced.code = { code: missing, name: "", summary: "", applied: false, reason: NO_SUCH_CODE, cents: 0 };
  }
  const applied = priced.code?.applied ?? false;
  return { quote: priced, codeId: applied ? codeId : null, terms: pricingTerms(pricing, applied, priced.aidUses) };
}

/**
 * Locks a code's row (when there is such a code) before anything else a checkout locks after the
 * family: a checkout that replaces another ends that one's seats first (their classes' rows), so
 * the code must be taken before them, or two checkouts could wait for each other (decision 037).
 */
export async function lockCode(tx: Tx, typed: string): Promise<void> {
  await tx
    .select({ id: discounts.id })
    .from(discounts)
    .where(and(eq(discounts.kind, "code"), eq(discounts.code, normalizeCode(typed))))
    .for("update");
}

/** Records that an order uses a code (in the transaction that priced it under the code's lock). */
export async function recordCodeUse(
  tx: Tx,
  use: { orderId: string; discountId: string; familyId: string; cents: number },
) {
  await tx.insert(discountUses).values({
    orderId: use.orderId,
    discountId: use.discountId,
    familyId: use.familyId,
    amountCents: use.cents,
  });
}

/** The code an order uses, as typed in upper case; null when none. */
export async function orderCode(tx: Tx | Db, orderId: string): Promise<string | null> {
  const [row] = await tx
    .select({ code: discounts.code })
    .from(discountUses)
    .innerJoin(discounts, eq(discounts.id, discountUses.discountId))
    .where(eq(discountUses.orderId, orderId));
  return row?.code ?? null;
}
