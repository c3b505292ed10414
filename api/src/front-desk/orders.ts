import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { camperName } from "../campers/index.js";
import { paidByText } from "../notifications/index.js";
import { academyToday } from "../platform/academy-day.js";
import type { Db, Tx } from "../platform/database/client.js";
import { alias } from "drizzle-orm/pg-core";
import {
  campers,
  classes,
  enrollments,
  orderItems,
  orders,
  payments,
  seatTransfers,
  users,
} from "../platform/database/schema.js";

/** The class a seat moved to (decision 048): the classes table under another name. */
const movedClass = alias(classes, "moved_class");
import { seatKept } from "../booking/index.js";
import type { DeskOrder } from "./answers.js";

/**
 * A family's bookings with their money, as the front desk and the family's balance read them
 * (decision 047): what each line cost, what was paid and given back, what is owed and by when.
 */

type Status = DeskOrder["status"];

/** "paid", "partially paid" (some money in, some owed) or "balance due" (nothing in yet). */
export const moneyStatus = (paidCents: number, owedCents: number): Status =>
  owedCents === 0 ? "paid" : paidCents > 0 ? "partially paid" : "balance due";

/** The family's paid orders (newest first): every one, or only the front desk's. */
export async function familyOrders(db: Db | Tx, familyId: string, only?: "office"): Promise<DeskOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      channel: orders.channel,
      dueDay: orders.balanceDueDay,
    })
    .from(orders)
    .where(
      and(
        eq(orders.studentId, familyId),
        eq(orders.status, "paid"),
        only === "office" ? eq(orders.channel, "office") : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), asc(orders.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const lines = await db
    .select({
      orderId: orderItems.orderId,
      classId: orderItems.classId,
      className: classes.name,
      camperName,
      priceCents: orderItems.priceCents,
      paidCents: orderItems.paidCents,
      refundedCents: orderItems.refundedCents,
      enrollmentId: enrollments.id,
      movedTo: movedClass.name,
    })
    .from(orderItems)
    .innerJoin(classes, eq(classes.id, orderItems.classId))
    .leftJoin(
      enrollments,
      and(
        eq(enrollments.orderId, orderItems.orderId),
        eq(enrollments.classId, orderItems.classId),
        eq(enrollments.camperId, orderItems.camperId),
      ),
    )
    .leftJoin(
      seatTransfers,
      and(
        eq(seatTransfers.fromOrderId, orderItems.orderId),
        eq(seatTransfers.fromClassId, orderItems.classId),
        eq(seatTransfers.camperId, orderItems.camperId),
      ),
    )
    .leftJoin(movedClass, eq(movedClass.id, seatTransfers.toClassId))
    .innerJoin(campers, eq(campers.id, orderItems.camperId))
    .innerJoin(users, eq(users.id, campers.familyId))
    .where(inArray(orderItems.orderId, ids))
    .orderBy(asc(classes.name), asc(orderItems.camperId));
  const paid = await db
    .select()
    .from(payments)
    .where(and(inArray(payments.orderId, ids), sql`${payments.amountCents} > 0`))
    .orderBy(asc(payments.paidAt), asc(payments.id));
  const today = academyToday();
  return rows.map((order) => {
    const mine = lines.filter((l) => l.orderId === order.id);
    const totalCents = mine.reduce((sum, l) => sum + l.priceCents, 0);
    const paidCents = mine.reduce((sum, l) => sum + l.paidCents, 0);
    // A plan's later charges are the plan's (My Balance shows them): owed here is the front desk's,
    // on the seats still booked (a cancelled seat's unpaid rest is owed no more).
    const owedCents =
      order.channel === "office"
        ? mine.filter((l) => l.enrollmentId !== null).reduce((sum, l) => sum + l.priceCents - l.paidCents, 0)
        : 0;
    const dueDay = owedCents > 0 ? order.dueDay : null;
    return {
      _id: order.id,
      bookedAt: order.createdAt.toISOString(),
      atTheDesk: order.channel === "office",
      totalCents,
      paidCents,
      refundedCents: mine.reduce((sum, l) => sum + l.refundedCents, 0),
      owedCents,
      dueDay,
      status: moneyStatus(paidCents, owedCents),
      overdue: dueDay !== null && dueDay < today,
      seats: mine.map((l) => ({
        classId: l.classId,
        className: l.className,
        camperName: l.camperName,
        priceCents: l.priceCents,
        cancelled: l.enrollmentId === null,
        enrollmentId: l.enrollmentId,
        movedTo: l.movedTo,
      })),
      payments: paid
        .filter((p) => p.orderId === order.id)
        .map((p) => ({
          _id: p.id,
          method: p.method,
          methodText: paidByText(p.method, p.reference),
          amountCents: p.amountCents,
          reference: p.reference,
          receivedOn: p.receivedOn,
          paidAt: p.paidAt.toISOString(),
        })),
    };
  });
}

/** What each family owes on its front-desk bookings (the search's list). */
export async function owedByFamily(db: Db, familyIds: string[]): Promise<Map<string, number>> {
  if (familyIds.length === 0) return new Map();
  const rows = await db
    .select({
      familyId: orders.studentId,
      owed: sql<number>`coalesce(sum(${orderItems.priceCents} - ${orderItems.paidCents}), 0)`.mapWith(Number),
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(inArray(orders.studentId, familyIds), eq(orders.status, "paid"), eq(orders.channel, "office"), seatKept))
    .groupBy(orders.studentId);
  return new Map(rows.map((r) => [r.familyId, r.owed]));
}
