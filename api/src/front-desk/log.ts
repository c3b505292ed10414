import { desc, eq } from "drizzle-orm";
import * as clock from "../platform/clock.js";
import type { Db, Tx } from "../platform/database/client.js";
import { officeActions, users } from "../platform/database/schema.js";

/** The admin acting at the front desk, as the office log names them. */
export interface OfficeActor {
  id: string;
  name: string;
}

/**
 * One line of the office activity log (decision 047), written in the action's own transaction:
 * it exists exactly when the action does.
 */
export async function logOffice(
  tx: Tx,
  actor: OfficeActor,
  familyId: string | null,
  action: string,
  summary: string,
  detail: Record<string, unknown>,
) {
  await tx.insert(officeActions).values({
    actorId: actor.id,
    actorName: actor.name,
    familyId,
    action,
    summary: summary.slice(0, 500),
    detail,
    at: clock.now(),
  });
}

/** The log's newest lines: every family's, or one family's. */
export async function readOfficeLog(db: Db, familyId?: string) {
  const rows = await db
    .select({
      id: officeActions.id,
      at: officeActions.at,
      actorName: officeActions.actorName,
      action: officeActions.action,
      summary: officeActions.summary,
      familyId: officeActions.familyId,
      familyName: users.name,
    })
    .from(officeActions)
    .leftJoin(users, eq(users.id, officeActions.familyId))
    .where(familyId ? eq(officeActions.familyId, familyId) : undefined)
    .orderBy(desc(officeActions.at), desc(officeActions.id))
    .limit(100);
  return rows.map(({ id, at, ...row }) => ({ _id: id, at: at.toISOString(), ...row }));
}
