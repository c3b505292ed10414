import * as clock from "../platform/clock.js";
import type { Tx } from "../platform/database/client.js";
import { officeActions } from "../platform/database/schema.js";

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
