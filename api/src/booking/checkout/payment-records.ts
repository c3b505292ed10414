import { asc, desc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { PaymentRecord } from "../answers.js";
import type { Db } from "../../platform/database/client.js";
import { camperName } from "../../campers/index.js";
import {
  campers,
  classes,
  orderItems,
  orders,
  payments,
  seatTransfers,
  users,
} from "../../platform/database/schema.js";

const fromClass = alias(classes, "from_class");
const toClass = alias(classes, "to_class");

/** The moves whose credit these orders' payments carried (decision 048), by the new order. */
async function movesInto(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return new Map<string, PaymentRecord["move"]>();
  const rows = await db
    .select({
      orderId: seatTransfers.toOrderId,
      fromClass: fromClass.name,
      toClass: toClass.name,
      camperName,
      heldCents: seatTransfers.heldCents,
      feeCents: seatTransfers.feeCents,
      priceCents: seatTransfers.priceCents,
      owedCents: seatTransfers.owedCents,
      refundCents: seatTransfers.refundCents,
    })
    .from(seatTransfers)
    .innerJoin(fromClass, eq(fromClass.id, seatTransfers.fromClassId))
    .innerJoin(toClass, eq(toClass.id, seatTransfers.toClassId))
    .innerJoin(campers, eq(campers.id, seatTransfers.camperId))
    .innerJoin(users, eq(users.id, campers.familyId))
    .where(inArray(seatTransfers.toOrderId, orderIds));
  return new Map(rows.map(({ orderId, ...move }) => [orderId, move]));
}
import { toDollars } from "../../platform/wire.js";

/** Payment records, newest first: of one student, or one payment by id. */
export async function loadPayments(
  db: Db,
  where: { studentId: string } | { paymentId: string },
  window?: { size: number; offset: number },
) {
  const query = db
    .select({
      id: payments.id,
      orderId: payments.orderId,
      email: users.email,
      transactionId: payments.transactionId,
      amountCents: payments.amountCents,
      paidAt: payments.paidAt,
      quantity: payments.quantity,
      status: payments.status,
      kind: payments.kind,
      plan: orders.plan,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.studentId))
    .leftJoin(orders, eq(orders.id, payments.orderId))
    .where("studentId" in where ? eq(payments.studentId, where.studentId) : eq(payments.id, where.paymentId))
    .orderBy(desc(payments.paidAt), asc(payments.id));
  const rows = await (window ? query.limit(window.size).offset(window.offset) : query);
  if (rows.length === 0) return [];
  const items = await db
    .select({
      orderId: orderItems.orderId,
      classId: orderItems.classId,
      cartItemId: orderItems.cartItemId,
      priceCents: orderItems.priceCents,
      listPriceCents: orderItems.listPriceCents,
      discounts: orderItems.discounts,
      name: classes.name,
      image: classes.image,
      camperName,
    })
    .from(orderItems)
    .innerJoin(classes, eq(classes.id, orderItems.classId))
    .innerJoin(campers, eq(campers.id, orderItems.camperId))
    .innerJoin(users, eq(users.id, campers.familyId))
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.orderId),
      ),
    )
    .orderBy(asc(classes.name), asc(classes.id), asc(orderItems.camperId));
  const moves = await movesInto(
    db,
    rows.filter((r) => r.kind === "transfer").map((r) => r.orderId),
  );
  return rows.map((r): PaymentRecord => {
    const mine = items.filter((i) => i.orderId === r.orderId);
    return {
      _id: r.id,
      email: r.email,
      transactionId: r.transactionId,
      price: toDollars(r.amountCents),
      amountCents: r.amountCents,
      date: r.paidAt.toISOString(),
      quantity: r.quantity,
      cartItems: mine.flatMap((i) => (i.cartItemId ? [i.cartItemId] : [])),
      classItems: mine.map((i) => i.classId),
      status: r.status,
      classNames: mine.map((i) => i.name),
      camperNames: mine.map((i) => i.camperName),
      image: mine[0]?.image ?? "",
      lines: mine.map((i) => ({ listPriceCents: i.listPriceCents, priceCents: i.priceCents, discounts: i.discounts })),
      discountCents: mine.reduce((sum, i) => sum + i.discounts.reduce((n, d) => n + d.cents, 0), 0),
      plan: r.plan ? { name: r.plan.name, part: r.kind === "instalment" ? "instalment" : "deposit" } : null,
      ...(r.kind === "transfer" && { move: moves.get(r.orderId) ?? null }),
    };
  });
}
