import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../platform/database/client.js";
import { aidApplications, aidUses } from "../platform/database/schema.js";
import type { AidCredit, AidUse } from "../pricing/index.js";

/**
 * What an award has paid so far, and what is left of it (decision 050). A use counts while its
 * order is a checkout in progress or its seat is enrolled: a checkout that fails or expires, a
 * seat cancelled or moved, gives its aid back by itself, so no path that ends a seat has to.
 */
const enrolled = sql`exists (select 1 from enrollments e
    where e.order_id = ${aidUses.orderId} and e.class_id = ${aidUses.classId} and e.camper_id = ${aidUses.camperId})`;
const STILL_USED = sql`(
  exists (select 1 from orders o where o.id = ${aidUses.orderId} and o.status = 'pending') or ${enrolled}
)`;

/**
 * Cents used of each of these applications (absent: nothing used). `countPending` false leaves out
 * checkouts in progress: a quote of the cart, since the family's next checkout replaces its own.
 */
export async function usedCents(
  db: Db | Tx,
  applicationIds: readonly string[],
  countPending = true,
): Promise<Map<string, number>> {
  if (applicationIds.length === 0) return new Map();
  const rows = await db
    .select({ id: aidUses.applicationId, cents: sql<number>`coalesce(sum(${aidUses.cents}), 0)`.mapWith(Number) })
    .from(aidUses)
    .where(and(inArray(aidUses.applicationId, [...applicationIds]), countPending ? STILL_USED : enrolled))
    .groupBy(aidUses.applicationId);
  return new Map(rows.map((r) => [r.id, r.cents]));
}

/** Cents used of every award of a season. */
export async function seasonUsedCents(db: Db | Tx, season: number): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${aidUses.cents}), 0)`.mapWith(Number) })
    .from(aidUses)
    .innerJoin(aidApplications, eq(aidApplications.id, aidUses.applicationId))
    .where(and(eq(aidApplications.season, season), STILL_USED));
  return row?.cents ?? 0;
}

/**
 * The family's awards with something left, as pricing's step 4 reads them. A checkout passes
 * `lock`: the awards' rows stay locked until it commits (it has locked its family first), so two
 * bookings of one camper never both spend what is left. A quote (`quoting`) does not count the
 * family's checkout in progress, which the next checkout replaces.
 */
export async function aidCredits(
  tx: Db | Tx,
  familyId: string,
  { lock = false, quoting = false }: { lock?: boolean; quoting?: boolean } = {},
): Promise<AidCredit[]> {
  const query = tx
    .select({
      id: aidApplications.id,
      camperId: aidApplications.camperId,
      season: aidApplications.season,
      awardCents: aidApplications.awardCents,
      percent: aidApplications.awardPercent,
    })
    .from(aidApplications)
    .where(and(eq(aidApplications.familyId, familyId), eq(aidApplications.status, "awarded")))
    .orderBy(aidApplications.id);
  const awards = lock ? await query.for("update") : await query;
  const used = await usedCents(
    tx,
    awards.map((a) => a.id),
    !quoting,
  );
  return awards
    .map((a) => ({
      applicationId: a.id,
      camperId: a.camperId,
      season: a.season,
      percent: a.percent,
      leftCents: (a.awardCents ?? 0) - (used.get(a.id) ?? 0),
    }))
    .filter((credit) => credit.leftCents > 0);
}

/** Records what aid paid of an order's lines, in the transaction that priced it. */
export async function recordAidUses(tx: Tx, orderId: string, uses: readonly AidUse[]): Promise<void> {
  if (uses.length === 0) return;
  await tx.insert(aidUses).values(
    uses.map((use) => ({
      orderId,
      classId: use.classId,
      camperId: use.camperId,
      applicationId: use.applicationId,
      cents: use.cents,
    })),
  );
}
