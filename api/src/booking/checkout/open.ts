import { randomUUID } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import type { Checkout } from "../answers.js";
import { checkoutProblem } from "../../campers/index.js";
import * as clock from "../../platform/clock.js";
import type { Db, Tx } from "../../platform/database/client.js";
import { classes, orderItems, orders } from "../../platform/database/schema.js";
import { badRequest, conflict, forbidden } from "../../platform/errors.js";
import { aidCredits, recordAidUses } from "../../aid/index.js";
import { refuseSmallCharge } from "./charge-floor.js";
import { aidOf, lockCode, normalizeCode, orderCode, quote, recordCodeUse, type Quote } from "../../pricing/index.js";
import { transaction } from "../../platform/transaction.js";
import { academyToday } from "../../platform/academy-day.js";
import { agreePlan, familyCustomer } from "../../plans/index.js";
import { linkOrder, OFFER_RAN_OUT, offeredClassIds, takeOffer } from "../../waitlist/index.js";
import { orderLines, toCheckout } from "./answer.js";
import { selectCart, toPricingLine, type Selection } from "./cart-lines.js";
import { latestExpiry, type CheckoutDeps } from "./deps.js";
import { closeIntents, expireOverdueCheckouts } from "./holds.js";
import { endPending, intentInput, lockStudent, orderClassIds, orderLineKeys, publicSeatsFree } from "./orders.js";
import type { Intent } from "./payment-provider.js";
import { settle } from "./settle.js";

/** Opening a checkout: a seat of every class held, then a PaymentIntent for the amount the database says. */

/** What the family chose besides the cart lines. */
export interface CheckoutChoices {
  /** The waitlist offer being accepted (its seats must still be kept, or the checkout is refused). */
  accepting?: { entryId: string };
  /** A promo code typed by the family: refused with the reason when it cannot apply. */
  promoCode?: string;
  /** A payment plan (decision 040): refused with the reason when it is not offered for this cart. */
  paymentPlanId?: string;
}

/**
 * A checkout reopened with less than this left of its hold starts over with a fresh hold, unless
 * its limit leaves less than this to gain (then it is answered as it is).
 */
const MIN_REMAINING_MS = 60_000;

/** How long a checkout being opened by another request is waited for instead of replaced. */
const OPENING_MS = 20_000;

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

/** Takes `seats` seats of an approved class into a hold; false when fewer are left for the public. */
async function holdSeats(tx: Tx, classId: string, seats: number): Promise<boolean> {
  if (seats === 0) return true;
  const held = await tx
    .update(classes)
    .set({ heldSeats: sql`${classes.heldSeats} + ${seats}` })
    .where(and(eq(classes.id, classId), eq(classes.status, "approved"), publicSeatsFree(seats)))
    .returning({ id: classes.id });
  return held.length > 0;
}

/** Thrown inside a checkout's transaction when an offer to the family arrived as it took seats. */
class OfferArrived extends Error {}

/** Thrown inside a checkout's transaction when a class has no seat left for it. */
export class SeatsGone extends Error {
  constructor(readonly className: string) {
    super(`no seat left in ${className}`);
  }
}

const fullText = (className: string) =>
  `"${className}" is full: remove it from your cart (its waitlist may still have room for you).`;

/**
 * Holds a seat for every line, class by class (the selection is in class id order): from the
 * family's waitlist offer where it has one, the rest from the public's free seats. Answers the
 * waitlist entries accepted; throws SeatsGone when a class has too few seats left.
 */
export async function takeSeats(
  tx: Tx,
  familyId: string,
  selection: Selection[],
  config: CheckoutDeps["config"],
  accepting: { entryId: string } | undefined,
) {
  const byClass = new Map<string, Selection[]>();
  for (const s of selection) byClass.set(s.classId, [...(byClass.get(s.classId) ?? []), s]);
  // Read without a lock: a class is locked for an offer only when the family has one.
  const offered = await offeredClassIds(tx, familyId, [...byClass.keys()]);
  const accepted: string[] = [];
  /** The seats of these lines an offer kept, taken; answers how many lines it left (null: no offer). */
  const fromOffer = async (classId: string, lines: Selection[]) => {
    const camperIds = lines.map((s) => s.camperId);
    const taken = await takeOffer(tx, familyId, classId, camperIds, config);
    if (!taken) return null;
    accepted.push(taken.entryId);
    return camperIds.filter((id) => !taken.camperIds.includes(id)).length;
  };
  for (const [classId, lines] of byClass) {
    const rest = offered.has(classId) ? ((await fromOffer(classId, lines)) ?? lines.length) : lines.length;
    if (await holdSeats(tx, classId, rest)) continue;
    // An offer made to this family since the read above: taken now that the class is locked.
    const late = offered.has(classId) ? null : await fromOffer(classId, lines);
    if (late === null || !(await holdSeats(tx, classId, late))) {
      throw accepting && !accepted.includes(accepting.entryId)
        ? conflict(OFFER_RAN_OUT)
        : new SeatsGone(lines[0]!.name);
    }
  }
  // The class rows are locked now, so no offer can be made meanwhile: one made to this family
  // between the read above and its seats' update would keep a second seat for the same campers.
  // Rare: the checkout starts again, and the read then sees it.
  const bought = [...byClass.keys()].filter((id) => !offered.has(id));
  if (bought.length > 0 && (await offeredClassIds(tx, familyId, bought)).size > 0) throw new OfferArrived();
  // The offer being accepted must have given its seats: the checkout is refused otherwise.
  if (accepting && !accepted.includes(accepting.entryId)) throw conflict(OFFER_RAN_OUT);
  return accepted;
}

/** A code typed that cannot apply is refused with its reason, as a field of the request. */
function refuseCode(priced: Quote) {
  if (priced.code && !priced.code.applied) {
    const reason = priced.code.reason ?? "This code cannot be used here.";
    throw badRequest(reason, { promoCode: reason });
  }
}

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
  choices: CheckoutChoices = {},
): Promise<{ checkout: Checkout; created: boolean }> {
  const { db, provider, config } = deps;
  const { accepting, promoCode } = choices;
  const planId = choices.paymentPlanId ?? null;
  const selection = await selectCart(db, student.id, cartItemIds);
  const classIds = selection.map((s) => s.classId);
  const code = promoCode && promoCode.trim() !== "" ? normalizeCode(promoCode) : null;
  // The card of a plan's deposit is saved to the family's Customer, which the intent is created
  // with: it must be on the order before the first create (a repeat is the same request).
  const customerId = planId ? await familyCustomer(db, provider, student) : null;

  const attempt = () =>
    transaction(db, async (tx) => {
      // One checkout of a student at a time (a double click, two tabs), across API processes: the
      // student's row is locked first, as every checkout and payment does (users, orders, classes).
      // Made an instructor or an admin since the request's permission check: no new bookings.
      if ((await lockStudent(tx, student.id)) !== "student") throw forbidden();
      // Then the code's row, before any class row (ending a replaced checkout locks its classes).
      if (code) await lockCode(tx, code);
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
        const lineKeys = selection.map((s) => `${s.classId}/${s.camperId}`).sort();
        // A checkout keeps its prices while its hold lasts (decision 034): the same seats with the
        // same code are the same checkout, even if the code expired or the early-bird price ended since.
        const same =
          sameClasses(await orderLineKeys(tx, current.id), lineKeys) &&
          (await orderCode(tx, current.id)) === code &&
          (current.plan?.planId ?? null) === planId;
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
        await endPending(tx, [current.id], "failed", config);
        replaced = current.id;
      }
      // Seat hoarding (decision 011): one account holds at most `heldSeatsPerAccount` seats at once,
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
      // Whether each seat's camper may take it, again at the checkout under the family's lock: the
      // cart was checked when each line was added, but a seat may have been bought since.
      const refused = await checkoutProblem(tx, student.id, selection, deps.sealer);
      if (refused) {
        const s = selection[refused.index]!;
        // Deleted since the cart was read (its line went with it): refused as any class no longer open.
        if (refused.classGone) throw conflict(`"${s.name}" is no longer open for booking: remove it from your cart.`);
        throw conflict(`${refused.problem} Remove "${s.name}" for ${s.camperName} from your cart.`);
      }
      const closed = selection.find((s) => s.status !== "approved");
      if (closed) throw conflict(`"${closed.name}" is no longer open for booking: remove it from your cart.`);
      // Priced before the seats are taken (the price does not depend on them): the code's row is
      // locked (FOR UPDATE) until this commits, so its uses are counted and this one recorded before
      // another checkout counts them.
      const {
        quote: priced,
        codeId,
        terms,
      } = await quote(tx, {
        familyId: student.id,
        lines: selection.map(toPricingLine),
        code: code ?? undefined,
        lock: true,
        // The campers' awards, locked after the family as the code is (decision 050).
        aid: await aidCredits(tx, student.id, { lock: true }),
      });
      refuseCode(priced);
      const paid = new Map(priced.lines.map((line) => [line.key, line]));
      // A plan splits each seat's price after its discounts (decision 040); its deposit is charged now.
      const plan = planId
        ? await agreePlan(
            tx,
            planId,
            selection.map((s) => ({
              key: s.cartItemId,
              classId: s.classId,
              camperId: s.camperId,
              priceCents: paid.get(s.cartItemId)!.paidCents,
              aidCents: aidOf(paid.get(s.cartItemId)!),
              firstDay: s.startDate ?? "",
            })),
            academyToday(),
          )
        : null;
      const amountCents = plan ? plan.parts[0]!.totalCents : priced.totalCents;
      refuseSmallCharge(amountCents, plan !== null);
      // Opened, touched and held until by the API's clock, which every rule on them reads (not the
      // database's default). `created_at` is when its seats began to be held (see heldSince): the
      // limit of the hold runs from it.
      const openedAt = clock.now();
      const createdAt = heldSince ?? openedAt;
      const expiresAt = Math.min(
        openedAt.getTime() + config.holdSeconds * 1000,
        latestExpiry(createdAt, config).getTime(),
      );
      // The replaced checkout names this one, so a payment of it arriving later is told so (settle.ts).
      const orderId = randomUUID();
      if (replaced) await tx.update(orders).set({ replacedBy: orderId }).where(eq(orders.id, replaced));
      const [order] = await tx
        .insert(orders)
        .values({
          id: orderId,
          studentId: student.id,
          amountCents,
          // What the seats kept after a cancellation are priced again with (decision 033).
          pricingTerms: terms,
          plan,
          paymentCustomerId: plan ? customerId : null,
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
          camperId: s.camperId,
          priceCents: paid.get(s.cartItemId)!.paidCents,
          listPriceCents: s.priceCents,
          discounts: paid.get(s.cartItemId)!.discounts,
        })),
      );
      await recordAidUses(tx, order.id, priced.aidUses);
      if (codeId) {
        await recordCodeUse(tx, {
          orderId: order.id,
          discountId: codeId,
          familyId: student.id,
          cents: priced.code!.cents,
        });
      }
      // The seats last: a class's row stays locked from its seats' update to the commit, and on
      // opening day every checkout of that class waits for it. Seats a waitlist offer kept for this
      // family become this checkout's (decision 031); every other seat is taken from those free for
      // anyone (none while a class's line waits). Classes in id order (no deadlocks).
      const acceptedEntries = await takeSeats(tx, student.id, selection, config, accepting);
      await linkOrder(tx, acceptedEntries, order.id);
      return { reuse: false as const, order, replaced };
    });
  // A class met full may only look full because of holds whose time ran out and that the worker
  // has not ended yet: those are ended, and the checkout tried once more.
  // An offer that arrived while the seats were taken: tried again too (the offer is then seen).
  const answer = (error: unknown) =>
    error instanceof SeatsGone
      ? conflict(fullText(error.className))
      : error instanceof OfferArrived
        ? conflict("Your family was just offered seats from this class's waitlist: try again to use them.")
        : error;
  const opened = await attempt().catch(async (error: unknown) => {
    const again =
      error instanceof OfferArrived || (error instanceof SeatsGone && (await expireOverdueCheckouts(deps)) > 0);
    if (!again) throw answer(error);
    return attempt().catch((second: unknown) => {
      throw answer(second);
    });
  });

  if (opened.opening) {
    await intentOf(db, opened.orderId);
    return openCheckout(deps, student, cartItemIds, choices);
  }

  if (opened.reuse) {
    const order = opened.order;
    const intent = await provider.retrieveIntent(order.paymentIntentId!);
    if (intent && intent.status !== "canceled" && intent.status !== "succeeded" && intent.clientSecret) {
      return {
        checkout: toCheckout(order, intent, selection, config, await orderLines(db, order.id), code),
        created: false,
      };
    }
    if (intent?.status === "succeeded") {
      await settle(deps, intent);
      throw conflict("You have already paid for these classes.");
    }
    // The provider no longer knows or offers this intent: start over.
    await transaction(db, (tx) => endPending(tx, [order.id], "failed", config));
    return openCheckout(deps, student, cartItemIds, { ...choices, accepting: undefined });
  }

  const { order, replaced } = opened;
  if (replaced) await closeIntents(deps, [replaced]);
  let intent: Intent;
  try {
    intent = await provider.createIntent(intentInput(order));
  } catch (error) {
    // The provider may have made the intent all the same (a timeout): the order stays
    // cancel-pending and the reconciler finds and cancels it once the provider answers.
    await transaction(db, (tx) => endPending(tx, [order.id], "failed", config));
    throw error;
  }
  await db.update(orders).set({ paymentIntentId: intent.id, updatedAt: clock.now() }).where(eq(orders.id, order.id));
  return {
    checkout: toCheckout(order, intent, selection, config, await orderLines(db, order.id), code),
    created: true,
  };
}
