import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../platform/database/client.js";
import { instalments, orders, paymentCustomers } from "../platform/database/schema.js";
import { conflict } from "../platform/errors.js";
import type { CardSetups } from "./intents.js";

/**
 * A family replaces the card its plans charge (decision 040): a SetupIntent for the family's
 * Customer, confirmed in the browser with the new card (the bank's check there, once), then every
 * plan of the family with charges still to come charges that card. Nothing is charged now.
 */

const NOTHING_OWED = "None of your payment plans has a payment still to come: there is no card to change.";

/** The family's plans that still have a charge to come or refused (their card is the one to replace). */
const openPlans = (db: Db, familyId: string) =>
  db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.studentId, familyId),
        isNotNull(orders.plan),
        eq(orders.status, "paid"),
        sql`exists (select 1 from ${instalments} i where i.order_id = ${orders.id} and i.status in ('scheduled', 'failed'))`,
      ),
    );

async function customerOf(db: Db, familyId: string) {
  const [row] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.familyId, familyId));
  return row?.customerId ?? null;
}

/** Opens the change: a SetupIntent for the browser to confirm with the new card. */
export async function openCardChange(db: Db, provider: CardSetups, familyId: string) {
  const customerId = await customerOf(db, familyId);
  if (!customerId || (await openPlans(db, familyId)).length === 0) throw conflict(NOTHING_OWED);
  const setup = await provider.createCardSetup({ customerId, familyId });
  return { clientSecret: setup.clientSecret! };
}

/**
 * Records the change once the browser confirmed it: the SetupIntent must have succeeded for this
 * family's Customer (never the browser's word). Answers how many plans charge the new card.
 */
export async function settleCardChange(db: Db, provider: CardSetups, familyId: string, setupIntentId: string) {
  const setup = await provider.retrieveCardSetup(setupIntentId);
  const customerId = await customerOf(db, familyId);
  if (!setup || !customerId || setup.customerId !== customerId || setup.metadata.familyId !== familyId) {
    throw conflict("This card was not saved for your account: nothing was changed.");
  }
  if (setup.status !== "succeeded" || !setup.paymentMethodId) {
    throw conflict("The card was not saved (your bank may have declined it): nothing was changed. Try again.");
  }
  const plans = (await openPlans(db, familyId)).map((p) => p.id);
  if (plans.length === 0) throw conflict(NOTHING_OWED);
  await db.update(orders).set({ paymentMethodId: setup.paymentMethodId }).where(inArray(orders.id, plans));
  return plans.length;
}
