import { and, asc, eq, gt, isNotNull } from "drizzle-orm";
import type { Db } from "../platform/database/client.js";
import { campers } from "../platform/database/schema.js";
import type { Sealer } from "../platform/sealing.js";

/**
 * A key rotation's second step (docs/deploying.md, "Campers' details key"): every value sealed with
 * an older key is opened and sealed again with the current one, a batch at a time, each row
 * updated only if it has not changed meanwhile. A value no configured key opens is counted and left
 * as it is (the run goes on): the operator is told, since those details cannot be read.
 */
export async function resealCamperDetails(
  db: Db,
  sealer: Sealer,
  batch = 200,
): Promise<{ resealed: number; unreadable: number }> {
  let resealed = 0;
  let unreadable = 0;
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const rows = await db
      .select({ id: campers.id, sealed: campers.sealedDetails })
      .from(campers)
      .where(and(isNotNull(campers.sealedDetails), gt(campers.id, after)))
      .orderBy(asc(campers.id))
      .limit(batch);
    if (rows.length === 0) return { resealed, unreadable };
    for (const row of rows) {
      if (!row.sealed || !sealer.isStale(row.sealed)) continue;
      let plain: string;
      try {
        plain = sealer.open(row.sealed);
      } catch {
        unreadable++;
        continue;
      }
      const fresh = sealer.seal(plain);
      const done = await db
        .update(campers)
        .set({ sealedDetails: fresh })
        .where(and(eq(campers.id, row.id), eq(campers.sealedDetails, row.sealed)))
        .returning({ id: campers.id });
      resealed += done.length;
    }
    after = rows[rows.length - 1]!.id;
  }
}
