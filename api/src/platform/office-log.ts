import type { Tx } from "./database/client.js";

/**
 * Writes one line of the office activity log in the action's own transaction (the front desk's
 * `logOffice`, decision 047). Domains the front desk depends on take it from the app, so they log
 * without importing the front desk.
 */
export type OfficeLog = (
  tx: Tx,
  actor: { id: string; name: string },
  familyId: string | null,
  action: string,
  summary: string,
  detail: Record<string, unknown>,
) => Promise<void>;
