import { eq } from "drizzle-orm";
import type { Checkout } from "../answers.js";
import type { PaymentConfig } from "../../platform/config.js";
import type { Db, Tx } from "../../platform/database/client.js";
import { orderItems, type AgreedPlan } from "../../platform/database/schema.js";
import { planConsent } from "../../plans/index.js";
import { PRICING_RULE_IN_WORDS } from "../../pricing/index.js";
import { toDollars } from "../../platform/wire.js";
import type { Selection } from "./cart-lines.js";
import { latestExpiry } from "./deps.js";
import type { Intent } from "./payment-provider.js";

/**
 * The checkout as the payment page receives it: each seat's price after its discounts, the totals,
 * and the hold's deadlines.
 */

/** An order's lines as bought: what each seat costs after its discounts. */
export async function orderLines(db: Db | Tx, orderId: string) {
  const rows = await db
    .select({
      classId: orderItems.classId,
      camperId: orderItems.camperId,
      priceCents: orderItems.priceCents,
      listPriceCents: orderItems.listPriceCents,
      discounts: orderItems.discounts,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return new Map(rows.map((r) => [`${r.classId}/${r.camperId}`, r]));
}

/** The answer to opening a checkout, from its order, its intent and the cart's lines. */
export const toCheckout = (
  order: { id: string; amountCents: number; expiresAt: Date; createdAt: Date; plan: AgreedPlan | null },
  intent: Intent,
  selection: Selection[],
  config: PaymentConfig,
  lines: Awaited<ReturnType<typeof orderLines>>,
  promoCode: string | null,
): Checkout => ({
  clientSecret: intent.clientSecret ?? "",
  paymentIntentId: intent.id,
  orderId: order.id,
  amount: toDollars(order.amountCents),
  currency: config.currency,
  expiresAt: order.expiresAt.toISOString(),
  maxExpiresAt: latestExpiry(order.createdAt, config).toISOString(),
  items: selection.map((s) => {
    const line = lines.get(`${s.classId}/${s.camperId}`);
    const paid = line?.priceCents ?? s.priceCents;
    return {
      cartItemId: s.cartItemId,
      classItemId: s.classId,
      class_name: s.name,
      price: toDollars(paid),
      camper_name: s.camperName,
      listPriceCents: line?.listPriceCents ?? s.priceCents,
      priceCents: paid,
      discounts: line?.discounts ?? [],
    };
  }),
  subtotalCents: selection.reduce((sum, s) => {
    const line = lines.get(`${s.classId}/${s.camperId}`);
    return sum + (line?.listPriceCents ?? line?.priceCents ?? s.priceCents);
  }, 0),
  discountCents: [...lines.values()].reduce((sum, l) => sum + l.discounts.reduce((n, d) => n + d.cents, 0), 0),
  totalCents: order.plan ? order.plan.parts.reduce((sum, part) => sum + part.totalCents, 0) : order.amountCents,
  plan: order.plan && {
    _id: order.plan.planId,
    name: order.plan.name,
    summary: order.plan.summary,
    schedule: order.plan.parts.map((part) => ({ due: part.due, amountCents: part.totalCents, deposit: part.deposit })),
    consent: planConsent(order.plan),
  },
  promoCode,
  rule: PRICING_RULE_IN_WORDS,
});
