import { eq } from "drizzle-orm";
import type { Db } from "../platform/database/client.js";
import { paymentCustomers } from "../platform/database/schema.js";

/** What making a Customer needs of the payment provider. */
export interface CustomerMaker {
  /**
   * The family's Customer, made the first time under an idempotency key of the family (a repeat
   * answers the same one). Throws a 502 ApiError when unreachable.
   */
  createCustomer(input: { familyId: string; email: string }): Promise<string>;
}

/**
 * The family's Customer at the payment provider, made the first time a plan is chosen. Two
 * checkouts at once make one: the provider answers the same Customer under the family's
 * idempotency key, and the table keeps one row per family.
 */
export async function familyCustomer(
  db: Db,
  provider: CustomerMaker,
  family: { id: string; email: string },
): Promise<string> {
  const known = async () =>
    (await db.select().from(paymentCustomers).where(eq(paymentCustomers.familyId, family.id)))[0]?.customerId;
  const existing = await known();
  if (existing) return existing;
  const customerId = await provider.createCustomer({ familyId: family.id, email: family.email });
  await db.insert(paymentCustomers).values({ familyId: family.id, customerId }).onConflictDoNothing();
  return (await known()) ?? customerId;
}
