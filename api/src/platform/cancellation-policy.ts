import { eq } from "drizzle-orm";
import * as clock from "./clock.js";
import type { Db, Tx } from "./database/client.js";
import { cancellationPolicy } from "./database/schema.js";
import { usd } from "./wire.js";

/**
 * The academy's cancellation policy (decision 033), one row: the whole price back until
 * `fullRefundDays` before a class's first day, `partialPercent` of it until `partialRefundDays`,
 * nothing after (and nothing once the class has started); `feeCents` kept from any refund. Here
 * because two domains say it: refunds applies it, notifications prints it on the receipt.
 */
export interface Policy {
  fullRefundDays: number;
  partialRefundDays: number;
  partialPercent: number;
  feeCents: number;
}

export const DEFAULT_POLICY: Policy = { fullRefundDays: 14, partialRefundDays: 7, partialPercent: 50, feeCents: 0 };

/** A discount does not outlive the seats that earned it (decision 033). */
const LOST_DISCOUNT_TEXT =
  " If cancelling a seat means the seats you keep no longer earn a discount (multi-class, sibling, or a promo code's minimum order), the refund is reduced by the discount they no longer earn.";

/**
 * A seat on a payment plan (decision 040): its refund is worked out on what was charged for it, and
 * cancelling it cancels its shares of the charges still to come, whatever the refund.
 */
const PLAN_TEXT =
  " On a payment plan, a refund is of what was paid so far, and cancelling ends the payments still to come: nothing more is owed, even when nothing is refunded.";

/** The policy in plain words, as the pages, the receipt and the cancel dialog say it. */
export function policyText(policy: Policy): string {
  const parts = [`Full refund until ${policy.fullRefundDays} days before the first day`];
  if (policy.partialRefundDays < policy.fullRefundDays && policy.partialPercent > 0) {
    parts.push(`${policy.partialPercent}% until ${policy.partialRefundDays} days before`);
  }
  parts.push("no refund after that or once the class has started");
  const fee = policy.feeCents > 0 ? ` A processing fee of ${usd(policy.feeCents)} is kept from any refund.` : "";
  return `${parts.join(", ")}.${LOST_DISCOUNT_TEXT}${PLAN_TEXT}${fee}`;
}

export async function loadPolicy(db: Db | Tx): Promise<Policy> {
  const [row] = await db.select().from(cancellationPolicy).where(eq(cancellationPolicy.id, 1));
  if (!row) return DEFAULT_POLICY;
  const { fullRefundDays, partialRefundDays, partialPercent, feeCents } = row;
  return { fullRefundDays, partialRefundDays, partialPercent, feeCents };
}

export async function savePolicy(db: Db, policy: Policy, adminId: string): Promise<Policy> {
  await db
    .insert(cancellationPolicy)
    .values({ id: 1, ...policy, updatedBy: adminId, updatedAt: clock.now() })
    .onConflictDoUpdate({
      target: cancellationPolicy.id,
      set: { ...policy, updatedBy: adminId, updatedAt: clock.now() },
    });
  return loadPolicy(db);
}

/**
 * When a family may move a seat to another class itself (decision 048): until `moveDays` days
 * before the seat's first day (null: only the office moves seats), `moveFeeCents` kept from what
 * was paid. Kept on the policy's row, beside the refunds it stands in for.
 */
export interface MoveRules {
  moveDays: number | null;
  moveFeeCents: number;
}

export const DEFAULT_MOVE_RULES: MoveRules = { moveDays: 14, moveFeeCents: 0 };

export async function loadMoveRules(db: Db | Tx): Promise<MoveRules> {
  const [row] = await db
    .select({ moveDays: cancellationPolicy.moveDays, moveFeeCents: cancellationPolicy.moveFeeCents })
    .from(cancellationPolicy)
    .where(eq(cancellationPolicy.id, 1));
  return row ?? DEFAULT_MOVE_RULES;
}

export async function saveMoveRules(db: Db, rules: MoveRules, adminId: string): Promise<MoveRules> {
  await db
    .insert(cancellationPolicy)
    .values({ id: 1, ...DEFAULT_POLICY, ...rules, updatedBy: adminId, updatedAt: clock.now() })
    .onConflictDoUpdate({
      target: cancellationPolicy.id,
      set: { ...rules, updatedBy: adminId, updatedAt: clock.now() },
    });
  return loadMoveRules(db);
}

/** The rule in plain words, as the family's seat and the office's form say it. */
export function moveText(rules: MoveRules): string {
  if (rules.moveDays === null) return "To move a seat to another class, call or visit the office.";
  const fee = rules.moveFeeCents > 0 ? `, for a fee of ${usd(rules.moveFeeCents)}` : "";
  return `You can move a seat to another class yourself until ${rules.moveDays} days before its first day${fee}: what you paid goes to the new seat, and you pay or get back the difference.`;
}
