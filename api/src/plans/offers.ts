import { asc, eq } from "drizzle-orm";
import type { Db } from "../platform/database/client.js";
import { paymentPlans, type PlanInstalment } from "../platform/database/schema.js";
import { planSchedule, type PlanTerms, type SchedulePart, type SeatInput, type Share } from "./schedule.js";
import { planSummary } from "./words.js";

/** A plan a cart may be paid with, and what it would charge when. */
export interface PlanOffer {
  id: string;
  name: string;
  summary: string;
  parts: SchedulePart[];
}

type PlanRow = typeof paymentPlans.$inferSelect;

/** A plan's deposit from its two columns (exactly one is set, as the database checks). */
export const depositOf = (row: { depositPercent?: number | null; depositAmountCents?: number | null }): Share =>
  row.depositPercent != null ? { percent: row.depositPercent } : { amountCents: row.depositAmountCents ?? 0 };

/** A plan's row as the pure rule reads it. */
export const termsOf = (row: PlanRow): PlanTerms => ({
  deposit: depositOf(row),
  instalments: row.instalments as PlanInstalment[],
  cutoffDays: row.cutoffDays,
  classIds: row.classIds,
  minOrderCents: row.minOrderCents,
});

/** The wording of a plan row, as families and admins read it. */
export const rowSummary = (row: PlanRow) => planSummary(depositOf(row), row.instalments);

/**
 * The plans offered today for these seats (priced after every discount), oldest first, each with
 * its schedule; plans paused or not offered for this cart (its classes, its total, how soon camp
 * starts) are left out. "Pay in full" is not among them: it is always offered.
 */
export async function plansOffered(db: Db, seats: readonly SeatInput[], today: string): Promise<PlanOffer[]> {
  if (seats.length === 0) return [];
  const rows = await db
    .select()
    .from(paymentPlans)
    .where(eq(paymentPlans.paused, false))
    .orderBy(asc(paymentPlans.createdAt), asc(paymentPlans.id));
  const offers: PlanOffer[] = [];
  for (const row of rows) {
    const schedule = planSchedule(termsOf(row), seats, today);
    if (schedule.ok && schedule.parts.length > 1) {
      offers.push({ id: row.id, name: row.name, summary: rowSummary(row), parts: schedule.parts });
    }
  }
  return offers;
}
