import { eq } from "drizzle-orm";
import { z } from "zod";
import * as clock from "../platform/clock.js";
import type { Db, Tx } from "../platform/database/client.js";
import { AT_RISK_ACTIONS, planSettings, type AtRiskAction } from "../platform/database/schema.js";

/**
 * What happens to a plan at risk (decision 040): its last charge refused with no attempt left. After
 * the grace days the academy either cancels the plan's seats not paid in full (`cancel`) or keeps
 * them for the office to chase (`keep`, the default: nothing is taken from a family by surprise).
 */
export interface PlanSettings {
  graceDays: number;
  atRiskAction: AtRiskAction;
}

export const DEFAULT_PLAN_SETTINGS: PlanSettings = { graceDays: 7, atRiskAction: "keep" };

export const planSettingsWire = z
  .object({
    graceDays: z.int().meta({ description: "Days from the last refused charge before the action is taken" }),
    atRiskAction: z.enum(AT_RISK_ACTIONS).meta({
      description:
        "cancel: the plan's seats not paid in full are cancelled, the policy's refund of what was paid; keep: left to the office",
    }),
    text: z.string().meta({ description: "The rule in plain words" }),
  })
  .meta({ id: "PlanSettings", description: "What happens to a payment plan whose charge was refused for good" });

export function planSettingsText({ graceDays, atRiskAction }: PlanSettings): string {
  const after =
    graceDays === 0 ? "at once" : `${graceDays} day${graceDays === 1 ? "" : "s"} after the last refused charge`;
  return atRiskAction === "cancel"
    ? `When a plan's charge is refused and no attempt is left, its seats not yet paid in full are cancelled ${after}, with the cancellation policy's refund of what was paid.`
    : "When a plan's charge is refused and no attempt is left, its seats are kept and the office follows up with the family.";
}

export async function loadPlanSettings(db: Db | Tx): Promise<PlanSettings> {
  const [row] = await db.select().from(planSettings).where(eq(planSettings.id, 1));
  return row ? { graceDays: row.graceDays, atRiskAction: row.atRiskAction } : DEFAULT_PLAN_SETTINGS;
}

export async function savePlanSettings(db: Db, settings: PlanSettings, adminId: string): Promise<PlanSettings> {
  const values = { ...settings, updatedBy: adminId, updatedAt: clock.now() };
  await db
    .insert(planSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: planSettings.id, set: values });
  return loadPlanSettings(db);
}
