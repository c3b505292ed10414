import { and, asc, eq, gt, isNotNull } from "drizzle-orm";
import type { Db } from "../platform/database/client.js";
import { campers } from "../platform/database/schema.js";
import { camperDetailsBinding } from "../platform/sealed-columns.js";
import type { Sealer } from "../platform/sealing.js";

/**
 * Seals again every camper's details that need it, a batch at a time, each row updated only if it
 * has not changed meanwhile: a key rotation's second step (docs/deploying.md, "Campers' details
 * key"), and the step that binds values sealed before binding (`v1.`, no associated data) to the
 * camper and family whose row holds them (decision 030). Only this tool opens unbound values: the
 * API never shows one, since it could have been copied from another row. A value no configured key
 * opens, or one bound to another row (copied onto this one), is counted and left as it is (the run
 * goes on): the operator is told, since those details cannot be read.
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
      .select({ id: campers.id, familyId: campers.familyId, sealed: campers.sealedDetails })
      .from(campers)
      .where(and(isNotNull(campers.sealedDetails), gt(campers.id, after)))
      .orderBy(asc(campers.id))
      .limit(batch);
    if (rows.length === 0) return { resealed, unreadable };
    for (const row of rows) {
      if (!row.sealed) continue;
      // Every value is opened, current ones too: one copied from another row is counted.
      const binding = camperDetailsBinding(row);
      let plain: string;
      try {
        plain = sealer.openUnbound(row.sealed, binding);
      } catch {
        unreadable++;
        continue;
      }
      if (!sealer.isStale(row.sealed)) continue;
      const fresh = sealer.seal(plain, binding);
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
