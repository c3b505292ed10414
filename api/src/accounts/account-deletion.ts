import { and, asc, count, eq, gte, inArray, isNull, or, sql } from "drizzle-orm";
import type { Tx } from "../platform/database/client.js";
import {
  campers,
  cartItems,
  classes,
  enrollments,
  notificationOutbox,
  notificationPreferences,
  orders,
  payments,
  refunds,
  users,
} from "../platform/database/schema.js";
import { conflict } from "../platform/errors.js";
import { academyToday } from "../platform/academy-day.js";
import { forgetFamilyForms } from "../forms/index.js";
import { forgetGuardians } from "../guardians/index.js";
import { leaveEveryLine, type LineOptions } from "../waitlist/index.js";

/** How long a deleted account's sign-in may be from the last time the person proved who they are. */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;

export const FUTURE_SEATS =
  "Cancel your family's seats in classes that have not ended first (My Enrolled Classes), then delete the account";

/** What replaces a deleted account's address: unique, lower case, and no one can receive mail there. */
export const deletedAddress = (userId: string) => `deleted-${userId}@deleted.invalid`;

/**
 * The family's records go, in one transaction, except what the law keeps (docs/api.md, "Deleting
 * an account"): payments, refunds and the orders and lines they belong to stay, pointing at an
 * anonymised record of the account (the foreign keys refuse to delete them). Removed: the name,
 * photo and address of the account, every camper's details (their sealed medical and contact
 * details, birth date and name), the cart, places in waiting lines, notification choices and the
 * calendar feed, e-mails not yet sent. Every session of the account ends.
 *
 * Refused while a seat in a class that has not ended is held (its refund is decided by the
 * cancellation rules, which the family applies first) or a checkout is open (money on its way).
 * Returns how many payment records were kept.
 */
export async function deleteFamilyRecords(
  tx: Tx,
  account: { id: string; email: string },
  line: LineOptions,
): Promise<number> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, account.id)).for("update");
  // Locked as the admins' deletion does: a checkout or payment of the family finishes first or finds it gone.
  await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.studentId, account.id))
    .orderBy(asc(orders.id))
    .for("update");
  const [paying] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.studentId, account.id), eq(orders.status, "pending")));
  if ((paying?.n ?? 0) > 0) {
    throw conflict("A payment of yours is in progress: finish or cancel it, then delete the account.");
  }
  const future = await tx
    .selectDistinct({ name: classes.name })
    .from(enrollments)
    .innerJoin(classes, eq(classes.id, enrollments.classId))
    .where(
      and(eq(enrollments.studentId, account.id), or(isNull(classes.endDate), gte(classes.endDate, academyToday()))),
    )
    .orderBy(asc(classes.name));
  if (future.length > 0) throw conflict(`${FUTURE_SEATS}: ${future.map((c) => c.name).join(", ")}.`);

  await leaveEveryLine(tx, account.id, line);
  await tx.delete(cartItems).where(eq(cartItems.studentId, account.id));
  // Nothing the law keeps points at the parents' phones and addresses.
  await forgetGuardians(tx, account.id);
  await forgetFamilyForms(tx, account.id);
  await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, account.id));
  await tx
    .delete(notificationOutbox)
    .where(and(eq(notificationOutbox.recipient, account.email), eq(notificationOutbox.state, "queued")));
  // The campers stay as bare rows only because past seats and paid lines point at them.
  await tx
    .update(campers)
    .set({
      firstName: "Removed camper",
      lastName: "",
      dateOfBirth: null,
      photoConsent: false,
      sealedDetails: null,
      removedAt: sql`coalesce(${campers.removedAt}, now())`,
      updatedAt: new Date(),
    })
    .where(eq(campers.familyId, account.id));
  await tx
    .update(users)
    .set({
      email: deletedAddress(account.id),
      name: "Deleted account",
      photo: null,
      emailVerified: false,
      role: "student",
      deletedAt: new Date(),
      sessionGeneration: sql`${users.sessionGeneration} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, account.id));

  const orderIds = tx.select({ id: orders.id }).from(orders).where(eq(orders.studentId, account.id));
  const [paid] = await tx.select({ n: count() }).from(payments).where(eq(payments.studentId, account.id));
  const [refunded] = await tx.select({ n: count() }).from(refunds).where(inArray(refunds.orderId, orderIds));
  return (paid?.n ?? 0) + (refunded?.n ?? 0);
}
