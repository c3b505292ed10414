import { eq } from "drizzle-orm";
import { z } from "zod";
import * as clock from "../platform/clock.js";
import type { Db, Tx } from "../platform/database/client.js";
import { AT_RISK_ACTIONS, planSettings, type AtRiskAction } from "../platform/database/schema.js";

/**
 * The academy's rules for refused charges (decision 040). A refused charge is tried again `retries`
 * times, `retryDays` academy days apart; once none is left the plan is at risk, and after the grace
 * days the academy either cancels the plan's seats not paid in full (`cancel`) or keeps them for
 * the office to chase (`keep`, the default: nothing is taken from a family by surprise).
 */
export interface PlanSettings {
  graceDays: number;
  atRiskAction: AtRiskAction;
  retries: number;
  retryDays: number;
}

export const DEFAULT_PLAN_SETTINGS: PlanSettings = { graceDays: 7, atRiskAction: "keep", retries: 3, retryDays: 2 };

/** The bounds of the retry schedule, as the table's checks hold them. */
export const RETRIES_MAX = 10;
export const RETRY_DAYS_MAX = 14;

export const planSettingsWire = z
  .object({
    graceDays: z.int().meta({ description: "Days from the last refused charge before the action is taken" }),
    atRiskAction: z.enum(AT_RISK_ACTIONS).meta({
      description:
        "cancel: the plan's seats not paid in full are cancelled, the policy's refund of what was paid; keep: left to the office",
    }),
    retries: z.int().meta({ description: `Attempts after a refused charge, 0 to ${RETRIES_MAX}` }),
    retryDays: z.int().meta({ description: `Academy days between two attempts, 1 to ${RETRY_DAYS_MAX}` }),
    text: z.string().meta({ description: "The rules in plain words" }),
  })
  .meta({ id: "PlanSettings", description: "What happens to a payment plan's refused charges" });

const days = (n: number) => `${n} day${n === 1 ? "" : "s"}`;

export function planSettingsText({ graceDays, atRiskAction, retries, retryDays }: PlanSettings): string {
  const tried =
    retries === 0
      ? "A refused charge is not tried again."
      : `A refused charge is tried again ${retries === 1 ? "once" : `${retries} times`}, ${days(retryDays)} apart.`;
  const after = graceDays === 0 ? "at once" : `${days(graceDays)} after the last refused charge`;
  return `${tried} ${
    atRiskAction === "cancel"
      ? `When a plan's charge is refused and no attempt is left, its seats not yet paid in full are cancelled ${after}, with the cancellation policy's refund of what was paid.`
      : "When a plan's charge is refused and no attempt is left, its seats are kept and the office follows up with the family."
  }`;
}

export async function loadPlanSettings(db: Db | Tx): Promise<PlanSettings> {
  const [row] = await db.select().from(planSettings).where(eq(planSettings.id, 1));
  return row
    ? { graceDays: row.graceDays, atRiskAction: row.atRiskAction, retries: row.retries, retryDays: row.retryDays }
    : DEFAULT_PLAN_SETTINGS;
}

/** Saves the rules given; a rule left out keeps its value (the retry schedule came later than the others). */
export async function savePlanSettings(
  db: Db,
  settings: Pick<PlanSettings, "graceDays" | "atRiskAction"> & Partial<Pick<PlanSettings, "retries" | "retryDays">>,
  adminId: string,
): Promise<PlanSettings> {
  const { retries, retryDays } = settings;
  const values = {
    graceDays: settings.graceDays,
    atRiskAction: settings.atRiskAction,
    ...(retries === undefined ? {} : { retries }),
    ...(retryDays === undefined ? {} : { retryDays }),
    updatedBy: adminId,
    updatedAt: clock.now(),
  };
  await db
    .insert(planSettings)
    .values({ id: 1, ...DEFAULT_PLAN_SETTINGS, ...values })
    .onConflictDoUpdate({ target: planSettings.id, set: values });
  return loadPlanSettings(db);
}
