import { and, asc, count, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Checkout, HoldExtension, PaymentRecord } from "shared-auth/wire/checkout";
import type { PaymentConfig } from "../config.js";
import type { Db, Tx } from "../db/client.js";
import {
  cartItems,
  classes,
  enrollments,
  orderItems,
  orders,
  payments,
  users,
  type OrderStatus,
} from "../db/schema.js";
import * as clock from "./clock.js";
import { ApiError, conflict, forbidden, notFound } from "./errors.js";
import type { Intent, PaymentProvider } from "./payment-provider.js";
import type { PublicCache } from "./public-cache.js";
import { toDollars } from "./wire.js";
import { hasStarted, MESSAGES as SESSION_MESSAGES } from "./session.js";
import { transaction } from "./transaction.js";

/**
 * Checkout: an order holds the seats it buys from the moment its PaymentIntent is created until
 * it is paid (enrolments), abandoned or expired (seats released). The browser's POST /payments
 * and the signed webhook both settle an order through `settle`, under a row lock on the order, so
 * they converge on one result and replays change nothing. No database transaction is ever open
 * while the payment provider is called.
 */
export interface CheckoutDeps {
  db: Db;
  cache: PublicCache;
  provider: PaymentProvider;
  config: PaymentConfig;
  log: FastifyBaseLogger;
}

/** Stripe's smallest charge in dollars and most currencies. */
export const MIN_CHARGE_CENTS = 50;
/**
 * A checkout reopened with less than this left of its hold starts over with a fresh hold, unless
 * its limit leaves less than this to gain (then it is answered as it is).
 */
const MIN_REMAINING_MS = 60_000;
/**
 * The latest moment a checkout opened at `createdAt` may hold its seats, however often it is
 * extended (PAYMENT_HOLD_MAX_SECONDS): extensions once let three throwaway accounts keep every seat
 * of a class for 2 h 45 min (issue 27).
 */
const latestExpiry = (createdAt: Date, config: PaymentConfig) =>
  new Date(createdAt.getTime() + config.holdMaxSeconds * 1000);

/** "45 minutes", "1 hour 30 minutes": a limit from the configuration, in words. */
function durationInWords(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  const [hours, rest] = [Math.floor(minutes / 60), minutes % 60];
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (hours === 0) return unit(minutes, "minute");
  return rest === 0 ? unit(hours, "hour") : `${unit(hours, "hour")} ${unit(rest, "minute")}`;
}

const money = (cents: number) => `$${toDollars(cents).toFixed(2)}`;

/** How long a checkout being opened by another request is waited for instead of replaced. */
const OPENING_MS = 20_000;

/** Locks a student's row: their checkouts, payments and bookings run one at a time. */
export async function lockStudent(tx: Tx, studentId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, studentId)).for("no key update");
}

/** Waits (a few seconds at most) until another request gave this order its PaymentIntent or ended it. */
async function intentOf(db: Db, orderId: string): Promise<void> {
  const deadline = Date.now() + OPENING_MS;
  while (Date.now() < deadline) {
    const [order] = await db
      .select({ intent: orders.paymentIntentId, status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!order || order.intent !== null || order.status !== "pending") return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw conflict("Your checkout is being opened in another tab or window: try again in a moment.");
}

/** Takes one seat of an approved class into a hold; false when none is left. */
async function holdSeat(tx: Tx, classId: string): Promise<boolean> {
  const held = await tx
    .update(classes)
    .set({ heldSeats: sql`${classes.heldSeats} + 1` })
    .where(
      and(
        eq(classes.id, classId),
        eq(classes.status, "approved"),
        sql`${classes.enrolledSeats} + ${classes.heldSeats} < ${classes.availableSeats}`,
      ),
    )
    .returning({ id: classes.id });
  return held.length > 0;
}

/** The class ids an order buys, sorted: seats are always locked in id order (no deadlocks). */
async function orderClassIds(tx: Tx | Db, orderId: string): Promise<string[]> {
  const rows = await tx
    .select({ classId: orderItems.classId })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.classId));
  return rows.map((r) => r.classId);
}

/**
 * Ends pending orders with the given status and gives their held seats back, in one transaction.
 * Returns the orders it ended (an order that is no longer pending is left alone).
 */
async function endPending(tx: Tx, orderIds: string[], status: Exclude<OrderStatus, "pending" | "paid">) {
  if (orderIds.length === 0) return [];
  // Until the provider confirms its intent canceled (or settled), the order stays cancel-pending:
  // this holds whether or not the order knows its intent (closeIntents finds it).
  const ended = await tx
    .update(orders)
    .set({ status, cancelPending: status !== "refunded", updatedAt: clock.now() })
    .where(and(inArray(orders.id, orderIds), eq(orders.status, "pending")))
    .returning({ id: orders.id, paymentIntentId: orders.paymentIntentId });
  if (ended.length === 0) return [];
  const items = await tx
    .select({ classId: orderItems.classId })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        ended.map((o) => o.id),
      ),
    )
    .orderBy(asc(orderItems.classId));
  for (const { classId } of items) {
    await tx
      .update(classes)
      .set({ heldSeats: sql`greatest(${classes.heldSeats} - 1, 0)` })
      .where(eq(classes.id, classId));
  }
  return ended;
}

/** Stripe keeps an idempotent result for 24 hours: after that a repeated create would make a new intent. */
const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

type OrderRow = typeof orders.$inferSelect;

/** The PaymentIntent creation of an order: the same every time, so a repeat finds the first one. */
const intentInput = (order: OrderRow) => ({
  amountCents: order.amountCents,
  currency: order.intentRequest!.currency,
  orderId: order.id,
  studentId: order.studentId,
  email: order.intentRequest!.email,
  description: order.intentRequest!.description,
});

/**
 * The PaymentIntent of an order, also when the order never learned it (its process stopped or the
 * create timed out after the provider made it): the create is repeated under the order's
 * idempotency key, which answers with the intent made then (or makes the first one), and recorded.
 */
export async function learnIntent(deps: CheckoutDeps, order: OrderRow): Promise<string | null> {
  if (order.paymentIntentId) return order.paymentIntentId;
  if (!order.intentRequest) return null;
  const intent = await deps.provider.createIntent(intentInput(order));
  const [learned] = await deps.db
    .update(orders)
    .set({ paymentIntentId: intent.id })
    .where(and(eq(orders.id, order.id), sql`${orders.paymentIntentId} is null`))
    .returning({ id: orders.id });
  if (learned) deps.log.info({ orderId: order.id, paymentIntentId: intent.id }, "a checkout learned its payment");
  return intent.id;
}

const clearCancelPending = (db: Db, orderId: string) =>
  db.update(orders).set({ cancelPending: false }).where(eq(orders.id, orderId));

/**
 * Closes the intents of ended (cancel-pending) orders at the provider: an open one is canceled, one
 * that succeeded meanwhile is settled (seats taken again or refunded). An order stays cancel-pending
 * until the provider has answered; the reconciler runs this again for those (lib/reconcile.ts).
 * Returns how many orders it closed.
 */
export async function closeIntents(deps: CheckoutDeps, orderIds: string[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const rows = await deps.db
    .select()
    .from(orders)
    .where(and(inArray(orders.id, orderIds), eq(orders.cancelPending, true)))
    .orderBy(asc(orders.id));
  let closed = 0;
  for (const order of rows) {
    try {
      if (!order.paymentIntentId && clock.nowMs() - order.createdAt.getTime() > IDEMPOTENCY_WINDOW_MS) {
        deps.log.warn({ orderId: order.id }, "an ended checkout's payment can no longer be looked up: left alone");
      } else {
        const id = await learnIntent(deps, order);
        if (id && !(await deps.provider.cancelIntent(id))) {
          const intent = await deps.provider.retrieveIntent(id);
          if (intent?.status === "succeeded") await settle(deps, intent);
          else if (intent && intent.status !== "canceled") continue; // processing: look again later
        }
      }
      await clearCancelPending(deps.db, order.id);
      closed++;
    } catch (error) {
      deps.log.warn({ err: error, orderId: order.id }, "could not cancel the payment of an ended checkout");
    }
  }
  return closed;
}

/**
 * Expires checkouts whose hold ran out: their seats become bookable again and their payments are
 * canceled. Safe to run from several processes at once (SKIP LOCKED: each order ends once).
 */
export async function expireOverdueCheckouts(deps: CheckoutDeps): Promise<number> {
  const ended = await transaction(deps.db, async (tx) => {
    const due = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, "pending"), lt(orders.expiresAt, clock.now())))
      .orderBy(asc(orders.id))
      .for("update", { skipLocked: true });
    return endPending(
      tx,
      due.map((o) => o.id),
      "expired",
    );
  });
  await closeIntents(
    deps,
    ended.map((o) => o.id),
  );
  return ended.length;
}

/** Whether a class looks full only because of holds that may have run out (then expire them first). */
export async function freeExpiredHolds(deps: CheckoutDeps, heldSeats: number): Promise<boolean> {
  if (heldSeats === 0) return false;
  return (await expireOverdueCheckouts(deps)) > 0;
}

interface Selection {
  cartItemId: string;
  classId: string;
  name: string;
  priceCents: number;
  status: string;
  startDate: string | null;
}

async function selectCart(db: Db, studentId: string, cartItemIds: string[] | undefined): Promise<Selection[]> {
  const where = cartItemIds
    ? and(eq(cartItems.studentId, studentId), inArray(cartItems.id, cartItemIds))
    : eq(cartItems.studentId, studentId);
  const rows = await db
    .select({
      cartItemId: cartItems.id,
      classId: classes.id,
      name: classes.name,
      priceCents: classes.priceCents,
      status: classes.status,
      startDate: classes.startDate,
    })
    .from(cartItems)
    .innerJoin(classes, eq(classes.id, cartItems.classId))
    .where(where)
    .orderBy(asc(classes.id));
  if (cartItemIds && rows.length !== new Set(cartItemIds).size) {
    throw notFound("Some of these classes are no longer in your cart. Reload the page.");
  }
  if (rows.length === 0) throw conflict("Your cart is empty.");
  if (rows.some((r) => hasStarted(r.startDate))) throw conflict(SESSION_MESSAGES.started);
  return rows;
}

const toCheckout = (
  order: { id: string; amountCents: number; expiresAt: Date; createdAt: Date },
  intent: Intent,
  selection: Selection[],
  config: PaymentConfig,
): Checkout => ({
  clientSecret: intent.clientSecret ?? "",
  paymentIntentId: intent.id,
  orderId: order.id,
  amount: toDollars(order.amountCents),
  currency: config.currency,
  expiresAt: order.expiresAt.toISOString(),
  maxExpiresAt: latestExpiry(order.createdAt, config).toISOString(),
  items: selection.map((s) => ({
    cartItemId: s.cartItemId,
    classItemId: s.classId,
    class_name: s.name,
    price: toDollars(s.priceCents),
  })),
});

const sameClasses = (a: string[], b: string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * Opens a checkout for the student's cart (or some of its items): holds a seat of every class,
 * then asks the provider for a PaymentIntent of the amount the database says. Opening the same
 * selection again (a reload of the payment page) returns the same checkout while its hold lasts;
 * a different selection replaces the student's earlier checkout and releases its seats.
 */
export async function openCheckout(
  deps: CheckoutDeps,
  student: { id: string; email: string },
  cartItemIds: string[] | undefined,
): Promise<{ checkout: Checkout; created: boolean }> {
  const { db, provider, config } = deps;
  await expireOverdueCheckouts(deps);
  const selection = await selectCart(db, student.id, cartItemIds);
  const classIds = selection.map((s) => s.classId);
  const amountCents = selection.reduce((sum, s) => sum + s.priceCents, 0);
  if (amountCents < MIN_CHARGE_CENTS) {
    throw new ApiError(
      422,
      `A card payment must be at least ${money(MIN_CHARGE_CENTS)}; the selected classes cost ${money(amountCents)}.`,
    );
  }

  const opened = await transaction(db, async (tx) => {
    // One checkout of a student at a time (a double click, two tabs), across API processes: the
    // student's row is locked first, as every checkout and payment does (users, orders, classes).
    await lockStudent(tx, student.id);
    const [current] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.studentId, student.id), eq(orders.status, "pending")))
      .for("update");
    let replaced: string | null = null;
    // When the seats began to be held without a break: a new checkout's own opening, or that of the
    // one it replaces while its hold is on and they share a class, so that reopening the page in
    // the hold's last minute or switching to another selection gives no seat a new limit.
    let heldSince: Date | null = null;
    if (current) {
      const nowMs = clock.nowMs();
      const currentClassIds = await orderClassIds(tx, current.id);
      const holding = current.expiresAt.getTime() > nowMs;
      const same = current.amountCents === amountCents && sameClasses(currentClassIds, classIds);
      // Where a fresh start would end: it keeps this checkout's limit (see heldSince).
      const freshEnd = Math.min(nowMs + config.holdSeconds * 1000, latestExpiry(current.createdAt, config).getTime());
      const reusable =
        current.paymentIntentId !== null &&
        same &&
        holding &&
        (current.expiresAt.getTime() - nowMs > MIN_REMAINING_MS ||
          freshEnd - current.expiresAt.getTime() <= MIN_REMAINING_MS);
      if (reusable) return { reuse: true as const, order: current };
      if (current.paymentIntentId === null && same && nowMs - current.updatedAt.getTime() < OPENING_MS) {
        // The same checkout is being opened by another request right now: answer with it.
        return { opening: true as const, orderId: current.id };
      }
      if (holding && currentClassIds.some((id) => classIds.includes(id))) heldSince = current.createdAt;
      await endPending(tx, [current.id], "failed");
      replaced = current.id;
    }
    // Seat hoarding (issue 27): one account holds at most `heldSeatsPerAccount` seats at once,
    // counted over all its checkouts in progress (the one just replaced no longer counts). A
    // read-then-write rule, kept across API processes by the row lock per account taken first
    // (lockStudent above, decision 008): a second checkout of the same account waits there until
    // the first committed, then counts its seats. A constraint cannot say it (a sum over two tables
    // against a configured number); the partial unique index orders_one_pending_per_student stays
    // the last line (one checkout in progress per account).
    const [held] = await tx
      .select({ seats: count() })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orders.studentId, student.id), eq(orders.status, "pending")));
    const seats = (held?.seats ?? 0) + selection.length;
    if (seats > config.heldSeatsPerAccount) {
      throw conflict(
        `One account can hold at most ${config.heldSeatsPerAccount} seats at a time in checkouts in progress, and this one would bring yours to ${seats}: pay for some of these classes first (each class in your cart has its own Pay button), then for the rest.`,
      );
    }
    const enrolled = await tx
      .select({ classId: enrollments.classId })
      .from(enrollments)
      .where(and(eq(enrollments.studentId, student.id), inArray(enrollments.classId, classIds)));
    const already = selection.find((s) => enrolled.some((e) => e.classId === s.classId));
    if (already) throw conflict(`You are already enrolled in "${already.name}": remove it from your cart.`);
    for (const s of selection) {
      if (s.status !== "approved")
        throw conflict(`"${s.name}" is no longer open for booking: remove it from your cart.`);
      if (!(await holdSeat(tx, s.classId))) throw conflict(`"${s.name}" is full: remove it from your cart.`);
    }
    // Opened, touched and held until by the API's clock, which every rule on them reads (not the
    // database's default). `created_at` is when its seats began to be held (see heldSince): the
    // limit of the hold runs from it.
    const openedAt = clock.now();
    const createdAt = heldSince ?? openedAt;
    const expiresAt = Math.min(
      openedAt.getTime() + config.holdSeconds * 1000,
      latestExpiry(createdAt, config).getTime(),
    );
    const [order] = await tx
      .insert(orders)
      .values({
        studentId: student.id,
        amountCents,
        intentRequest: {
          currency: config.currency,
          email: student.email,
          description: selection.map((s) => s.name).join(", "),
        },
        createdAt,
        updatedAt: openedAt,
        expiresAt: new Date(expiresAt),
      })
      .returning();
    if (!order) throw new Error("the new order was not returned");
    await tx.insert(orderItems).values(
      selection.map((s) => ({
        orderId: order.id,
        classId: s.classId,
        cartItemId: s.cartItemId,
        priceCents: s.priceCents,
      })),
    );
    return { reuse: false as const, order, replaced };
  });

  if (opened.opening) {
    await intentOf(db, opened.orderId);
    return openCheckout(deps, student, cartItemIds);
  }

  if (opened.reuse) {
    const order = opened.order;
    const intent = await provider.retrieveIntent(order.paymentIntentId!);
    if (intent && intent.status !== "canceled" && intent.status !== "succeeded" && intent.clientSecret) {
      return { checkout: toCheckout(order, intent, selection, config), created: false };
    }
    if (intent?.status === "succeeded") {
      await settle(deps, intent);
      throw conflict("You have already paid for these classes.");
    }
    // The provider no longer knows or offers this intent: start over.
    await transaction(db, (tx) => endPending(tx, [order.id], "failed"));
    return openCheckout(deps, student, cartItemIds);
  }

  const { order, replaced } = opened;
  if (replaced) await closeIntents(deps, [replaced]);
  let intent: Intent;
  try {
    intent = await provider.createIntent(intentInput(order));
  } catch (error) {
    // The provider may have made the intent all the same (a timeout): the order stays
    // cancel-pending and the reconciler finds and cancels it once the provider answers.
    await transaction(db, (tx) => endPending(tx, [order.id], "failed"));
    throw error;
  }
  await db.update(orders).set({ paymentIntentId: intent.id, updatedAt: clock.now() }).where(eq(orders.id, order.id));
  return { checkout: toCheckout(order, intent, selection, config), created: true };
}

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
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.studentId))
    .where("studentId" in where ? eq(payments.studentId, where.studentId) : eq(payments.id, where.paymentId))
    .orderBy(desc(payments.paidAt), asc(payments.id));
  const rows = await (window ? query.limit(window.size).offset(window.offset) : query);
  if (rows.length === 0) return [];
  const items = await db
    .select({
      orderId: orderItems.orderId,
      classId: orderItems.classId,
      cartItemId: orderItems.cartItemId,
      name: classes.name,
      image: classes.image,
    })
    .from(orderItems)
    .innerJoin(classes, eq(classes.id, orderItems.classId))
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.orderId),
      ),
    )
    .orderBy(asc(classes.name), asc(classes.id));
  return rows.map((r): PaymentRecord => {
    const mine = items.filter((i) => i.orderId === r.orderId);
    return {
      _id: r.id,
      email: r.email,
      transactionId: r.transactionId,
      price: toDollars(r.amountCents),
      date: r.paidAt.toISOString(),
      quantity: r.quantity,
      cartItems: mine.flatMap((i) => (i.cartItemId ? [i.cartItemId] : [])),
      classItems: mine.map((i) => i.classId),
      status: r.status,
      classNames: mine.map((i) => i.name),
      image: mine[0]?.image ?? "",
    };
  });
}

export type Settlement =
  | { kind: "paid"; payment: PaymentRecord; deletedCount: number; created: boolean }
  | { kind: "unpaid"; status: string }
  | { kind: "refunded" };

/** Thrown inside the settling transaction when the order can no longer be fulfilled. */
class Unfulfillable extends Error {}

async function findOrderOf(db: Db, intent: Intent) {
  const [byIntent] = await db.select().from(orders).where(eq(orders.paymentIntentId, intent.id));
  if (byIntent) return byIntent;
  // The intent was created but the order never learned its id (the process stopped in between).
  const orderId = intent.metadata.orderId ?? "";
  if (!/^[0-9a-f-]{36}$/i.test(orderId)) return undefined;
  const [byMetadata] = await db
    .update(orders)
    .set({ paymentIntentId: intent.id })
    .where(and(eq(orders.id, orderId), sql`${orders.paymentIntentId} is null`))
    .returning();
  return byMetadata;
}

async function paidRecord(db: Db, orderId: string): Promise<PaymentRecord | undefined> {
  const [payment] = await db.select({ id: payments.id }).from(payments).where(eq(payments.orderId, orderId));
  return payment ? (await loadPayments(db, { paymentId: payment.id }))[0] : undefined;
}

/**
 * Settles an order from its PaymentIntent: a succeeded payment enrols the student in every class
 * of the order, removes them from the cart and records the payment ("service pending"). An order
 * whose hold ran out takes its seats again if they are still free; if not, the payment is refunded.
 * `owner`, when given, must be the order's student.
 */
export async function settle(deps: CheckoutDeps, intent: Intent, owner?: string): Promise<Settlement> {
  const { db, cache, provider, config, log } = deps;
  const order = await findOrderOf(db, intent);
  if (!order) throw notFound("There is no checkout for this payment.");
  if (owner !== undefined && order.studentId !== owner) throw forbidden("This payment is not yours.");
  if (intent.status !== "succeeded") return { kind: "unpaid", status: intent.status };
  if (intent.amount !== order.amountCents || intent.currency !== config.currency) {
    log.error({ orderId: order.id, paymentIntentId: intent.id }, "a payment does not match its order's amount");
    throw conflict("This payment does not match its checkout. Contact the academy.");
  }
  if (order.status === "refunded") return { kind: "refunded" };
  if (order.status === "paid") {
    const payment = await paidRecord(db, order.id);
    if (payment) return { kind: "paid", payment, deletedCount: 0, created: false };
  }

  let settled: { paymentId: string; deletedCount: number; created: boolean } | null = null;
  try {
    settled = await cache.write(["classes", "instructors"], async (tx) => {
      await lockStudent(tx, order.studentId);
      const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for("update");
      if (!locked || locked.status === "refunded") throw new Unfulfillable();
      if (locked.status === "paid") {
        const [payment] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.orderId, order.id));
        return { paymentId: payment!.id, deletedCount: 0, created: false };
      }
      const items = await tx
        .select({ classId: orderItems.classId, priceCents: orderItems.priceCents })
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id))
        .orderBy(asc(orderItems.classId));
      const classIds = items.map((i) => i.classId);
      // A class deleted during the checkout took its item with it: the order cannot be kept whole.
      if (items.length === 0 || items.reduce((sum, i) => sum + i.priceCents, 0) !== locked.amountCents) {
        throw new Unfulfillable();
      }
      const enrolled = await tx
        .select({ id: enrollments.id })
        .from(enrollments)
        .where(and(eq(enrollments.studentId, locked.studentId), inArray(enrollments.classId, classIds)));
      if (enrolled.length > 0) throw new Unfulfillable();
      for (const classId of classIds) {
        const taken =
          locked.status === "pending"
            ? await tx
                .update(classes)
                .set({ heldSeats: sql`${classes.heldSeats} - 1`, enrolledSeats: sql`${classes.enrolledSeats} + 1` })
                .where(eq(classes.id, classId))
                .returning({ id: classes.id })
            : // The hold ran out: the seat is taken again only if it is still free.
              await tx
                .update(classes)
                .set({ enrolledSeats: sql`${classes.enrolledSeats} + 1` })
                .where(
                  and(
                    eq(classes.id, classId),
                    sql`${classes.enrolledSeats} + ${classes.heldSeats} < ${classes.availableSeats}`,
                  ),
                )
                .returning({ id: classes.id });
        if (taken.length === 0) throw new Unfulfillable();
      }
      await tx
        .insert(enrollments)
        .values(classIds.map((classId) => ({ studentId: locked.studentId, classId, orderId: locked.id })));
      const removed = await tx
        .delete(cartItems)
        .where(and(eq(cartItems.studentId, locked.studentId), inArray(cartItems.classId, classIds)))
        .returning({ id: cartItems.id });
      const [payment] = await tx
        .insert(payments)
        .values({
          orderId: locked.id,
          studentId: locked.studentId,
          transactionId: intent.id,
          amountCents: locked.amountCents,
          quantity: classIds.length,
          status: "service pending",
        })
        .returning({ id: payments.id });
      await tx
        .update(orders)
        .set({ status: "paid", cancelPending: false, updatedAt: clock.now() })
        .where(eq(orders.id, locked.id));
      return { paymentId: payment!.id, deletedCount: removed.length, created: true };
    });
  } catch (error) {
    if (!(error instanceof Unfulfillable)) throw error;
  }
  if (settled) {
    const [payment] = await loadPayments(db, { paymentId: settled.paymentId });
    return { kind: "paid", payment: payment!, deletedCount: settled.deletedCount, created: settled.created };
  }

  // Paid, but the seats are gone (or the order changed): the money goes back, nothing is kept.
  await provider.refund(intent.id, order.id);
  await transaction(db, async (tx) => {
    await endPending(tx, [order.id], "refunded");
    await tx
      .update(orders)
      .set({ status: "refunded", cancelPending: false, updatedAt: clock.now() })
      .where(and(eq(orders.id, order.id), inArray(orders.status, ["expired", "failed"])));
  });
  log.warn({ orderId: order.id, paymentIntentId: intent.id }, "a payment arrived for seats no longer held: refunded");
  return { kind: "refunded" };
}

/** Whether the checkout paid by this intent bought this cart item (the single payment page's check). */
export async function intentCoversCartItem(db: Db, intentId: string, cartItemId: string): Promise<boolean> {
  const rows = await db
    .select({ orderId: orderItems.orderId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.paymentIntentId, intentId), eq(orderItems.cartItemId, cartItemId)));
  return rows.length > 0;
}

/** An intent the provider canceled: its checkout ends and the seats are released. */
export async function abandonCheckout(deps: CheckoutDeps, intent: Intent): Promise<void> {
  const order = await findOrderOf(deps.db, intent);
  if (!order) return;
  await transaction(deps.db, async (tx) => {
    await endPending(tx, [order.id], "failed");
    await tx.update(orders).set({ cancelPending: false }).where(eq(orders.id, order.id));
  });
}

/**
 * Extends the seat hold of the student's checkout in progress to a full hold from now, never past
 * its latest expiry. One conditional UPDATE: concurrent extensions (two tabs, two API processes)
 * and the expiry sweep (which only takes orders already overdue) cannot push it past the bound or
 * revive an expired checkout.
 */
export async function extendCheckout(deps: CheckoutDeps, studentId: string, orderId: string): Promise<HoldExtension> {
  const { db, config } = deps;
  const now = clock.now();
  const wanted = new Date(now.getTime() + config.holdSeconds * 1000);
  const latest = sql`${orders.createdAt} + make_interval(secs => ${config.holdMaxSeconds})`;
  const [extended] = await db
    .update(orders)
    .set({ expiresAt: sql`greatest(${orders.expiresAt}, least(${wanted.toISOString()}::timestamptz, ${latest}))` })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.studentId, studentId),
        eq(orders.status, "pending"),
        sql`${orders.expiresAt} > ${now.toISOString()}::timestamptz`,
        sql`${orders.expiresAt} < ${latest}`,
      ),
    )
    .returning({ expiresAt: orders.expiresAt, createdAt: orders.createdAt });
  if (extended) {
    return {
      orderId,
      expiresAt: extended.expiresAt.toISOString(),
      maxExpiresAt: latestExpiry(extended.createdAt, config).toISOString(),
    };
  }
  const [order] = await db
    .select({ studentId: orders.studentId, status: orders.status, expiresAt: orders.expiresAt })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order || order.studentId !== studentId) throw notFound("There is no such checkout of yours.");
  if (order.status === "paid") throw conflict("This checkout is already paid.");
  if (order.status !== "pending" || order.expiresAt.getTime() <= now.getTime()) {
    throw conflict("Your hold on these seats ran out and they were released; nothing was charged. Start again.");
  }
  throw conflict(
    `This hold has been extended as far as it can be: seats are held for at most ${durationInWords(config.holdMaxSeconds)} from the start of a checkout. Pay before the countdown ends, or start again once it has.`,
  );
}
