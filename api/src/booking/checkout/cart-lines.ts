import { and, asc, eq, inArray } from "drizzle-orm";
import { camperName } from "../../campers/index.js";
import { hasStarted, SESSION_MESSAGES } from "../../catalog/index.js";
import type { Db } from "../../platform/database/client.js";
import { campers, cartItems, classes, users } from "../../platform/database/schema.js";
import { conflict, notFound } from "../../platform/errors.js";
import type { LineInput } from "../../pricing/index.js";
import { opensLater, registrationOpensText } from "../../waitlist/index.js";

/** The cart's lines as a checkout (or a quote of the cart) reads them: class, camper, prices. */

/** A cart line with its class and camper. */
export interface Selection {
  cartItemId: string;
  classId: string;
  camperId: string;
  camperName: string;
  name: string;
  priceCents: number;
  earlyPriceCents: number | null;
  earlyPriceUntil: string | null;
  sport: string | null;
  status: string;
  startDate: string | null;
  registrationOpensAt: Date | null;
}

/** A cart line as the pricing rule reads it. */
export const toPricingLine = (s: Selection): LineInput => ({
  key: s.cartItemId,
  classId: s.classId,
  camperId: s.camperId,
  className: s.name,
  sport: s.sport,
  priceCents: s.priceCents,
  earlyPriceCents: s.earlyPriceCents,
  earlyPriceUntil: s.earlyPriceUntil,
  firstDay: s.startDate,
});

/** The cart's lines (or some of them); `quoting` skips the checks that only a checkout needs. */
export async function selectCart(
  db: Db,
  studentId: string,
  cartItemIds: string[] | undefined,
  quoting = false,
): Promise<Selection[]> {
  const where = cartItemIds
    ? and(eq(cartItems.studentId, studentId), inArray(cartItems.id, cartItemIds))
    : eq(cartItems.studentId, studentId);
  const rows = await db
    .select({
      cartItemId: cartItems.id,
      classId: classes.id,
      camperId: cartItems.camperId,
      camperName: camperName,
      name: classes.name,
      priceCents: classes.priceCents,
      earlyPriceCents: classes.earlyPriceCents,
      earlyPriceUntil: classes.earlyPriceUntil,
      sport: classes.sport,
      status: classes.status,
      startDate: classes.startDate,
      registrationOpensAt: classes.registrationOpensAt,
    })
    .from(cartItems)
    .innerJoin(classes, eq(classes.id, cartItems.classId))
    .innerJoin(campers, eq(campers.id, cartItems.camperId))
    .innerJoin(users, eq(users.id, cartItems.studentId))
    .where(where)
    .orderBy(asc(classes.id), asc(cartItems.camperId));
  if (cartItemIds && rows.length !== new Set(cartItemIds).size) {
    throw notFound("Some of these classes are no longer in your cart. Reload the page.");
  }
  if (quoting) return rows;
  if (rows.length === 0) throw conflict("Your cart is empty.");
  if (rows.some((r) => hasStarted(r.startDate))) throw conflict(SESSION_MESSAGES.started);
  const early = rows.find((r) => opensLater(r.registrationOpensAt));
  if (early) throw conflict(`${registrationOpensText(early.registrationOpensAt!)} for "${early.name}".`);
  return rows;
}
