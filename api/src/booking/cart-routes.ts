import { and, asc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requirePermission } from "../platform/access/permissions.js";
import type { CheckoutDeps } from "./checkout/deps.js";
import { expireOverdueCheckouts } from "./checkout/holds.js";
import { lockStudent } from "./checkout/orders.js";
import { transaction } from "../platform/transaction.js";
import { campers, cartItems, classes, enrollments, users } from "../platform/database/schema.js";
import { alias } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { classSchedule, eligibilityProblem, ownCamper, selfCamper } from "../campers/index.js";
import { opensLater, registrationOpensText } from "../waitlist/index.js";

/** The account holders of the rows' families (the instructor is joined as users). */
const holders = alias(users, "holders");
/** Whose seat, by name: the account holder's own name for "Myself". */
const familyCamperName = sql<string>`case when ${campers.isSelf} then ${holders.name} else ${campers.firstName} || ' ' || ${campers.lastName} end`;
import { conflict, notFound } from "../platform/errors.js";
import { emailQuery, idParam } from "../platform/wire.js";
import { classColumns, classToWire, hasStarted, selectClasses, SESSION_MESSAGES } from "../catalog/index.js";
import { ownerByEmail } from "../platform/access/owner.js";
import { selectCart, toPricingLine } from "./checkout/cart-lines.js";
import { aidCredits } from "../aid/index.js";
import { paymentPlansFor } from "./checkout/plan-offers.js";
import { PRICING_RULE_IN_WORDS, quote } from "../pricing/index.js";
import { promoCodeRateLimits } from "../platform/rate-limits.js";
import { text } from "../platform/text.js";
import type { CartQuote } from "./answers.js";
import { refusals } from "../platform/contract.js";
import { addedToCart, cartItem, cartQuote, deletedCount, enrolledClass } from "./answers.js";

/** `?email=` names someone else: refused unless the caller is an admin, and then it must be a user. */
const OTHERS_EMAIL = {
  403: "The e-mail is not the caller's (only admins may read another user's), or the caller's role may not do this",
  404: "An admin asked for an e-mail no user has",
} as const;

export const cartRoutes =
  (deps: CheckoutDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    const codeLimits = promoCodeRateLimits(app);
    app.get(
      "/carts",
      {
        config: { access: { action: "read", entity: "cart" } },
        schema: {
          operationId: "listCartItems",
          tags: ["cart"],
          summary: "The caller's cart items",
          querystring: emailQuery,
          response: { 200: z.array(cartItem).describe("The cart's lines, oldest first"), ...refusals(OTHERS_EMAIL) },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        const owner = await ownerByEmail(db, actor, request.query.email);
        requirePermission(actor, "read", "cart", owner);
        const rows = await db
          .select({
            ...classColumns,
            cartItemId: cartItems.id,
            camperId: cartItems.camperId,
            camperName: familyCamperName,
          })
          .from(cartItems)
          .innerJoin(classes, eq(classes.id, cartItems.classId))
          .innerJoin(users, eq(users.id, classes.instructorId))
          .innerJoin(campers, eq(campers.id, cartItems.camperId))
          .innerJoin(holders, eq(holders.id, cartItems.studentId))
          .where(eq(cartItems.studentId, owner))
          .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
        const email = request.query.email.toLowerCase();
        return rows.map((r) => {
          const { _id, ...item } = classToWire(r, false);
          // The spec's cart item: its own id, the class's as classItemId, the student's e-mail; and whose seat.
          return {
            _id: r.cartItemId,
            classItemId: _id,
            ...item,
            email,
            camperId: r.camperId,
            camper_name: r.camperName,
          };
        });
      },
    );

    app.post(
      "/carts",
      {
        // While a waiting room is in force, only families it let in (decision 043).
        config: { access: { action: "create", entity: "cart" }, waitingRoom: true },
        schema: {
          operationId: "addToCart",
          tags: ["cart"],
          summary: "A student books a class into the cart; the server fills in everything but the class id",
          // The spec's client also sends image, class_name, price and email: accepted and ignored.
          body: z
            .object({
              classItemId: z.uuid({ error: "Not a valid class id." }),
              /** Whose seat: one of the caller's campers; the account holder's own ("Myself") when absent. */
              camperId: z.uuid({ error: "Not a valid camper id." }).optional().meta({
                description:
                  "Whose seat: one of the caller's campers; the account holder's own (\"Myself\") when absent",
              }),
            })
            .meta({
              example: {
                classItemId: "3f6c2a8e-9b1d-4e5f-8a7b-2c4d6e8f0a1b",
                camperId: "7d2e4f6a-8b0c-4d1e-9f3a-5b7c9d1e3f5a",
              },
            }),
          response: {
            201: addedToCart.describe("The class is in the cart"),
            ...refusals({
              404: "No such class open for booking, or no such camper of the caller's",
              409: "The class has started, is not open yet, is full or its free seats are held, the camper may not take a seat (age, a seat already), or it is already in the cart",
            }),
          },
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        requirePermission(actor, "create", "cart", actor.id);
        const find = async () => (await selectClasses(db).where(eq(classes.id, request.body.classItemId)))[0];
        let row = await find();
        if (!row || row.status !== "approved") throw notFound("There is no such class open for booking.");
        if (hasStarted(row.startDate)) throw conflict(SESSION_MESSAGES.started);
        if (opensLater(row.registrationOpensAt)) throw conflict(`${registrationOpensText(row.registrationOpensAt!)}.`);
        if (row.enrolledSeats >= row.availableSeats) throw conflict("This class is full.");
        const taken = (r: NonNullable<typeof row>) =>
          r.enrolledSeats + r.heldSeats + r.offeredSeats >= r.availableSeats;
        // Holds that ran out give their seats back first (to the class's line, where one waits).
        if ((taken(row) || row.waitingEntries > 0) && row.heldSeats > 0 && (await expireOverdueCheckouts(deps)) > 0) {
          row = (await find()) ?? row;
        }
        if (row.waitingEntries > 0 || row.enrolledSeats + row.offeredSeats >= row.availableSeats) {
          throw conflict(
            "This class is full: families on its waitlist get the next free seats. Join the waitlist to be offered one.",
          );
        }
        if (taken(row)) {
          throw conflict(
            "Every free seat of this class is held by a checkout in progress. Try again in a few minutes.",
          );
        }
        const classItemId = row.id;
        // Under the student's lock, as a payment enrolling them takes it: a class being paid for
        // right now is either enrolled already (refused) or its payment waits and then removes it.
        const inserted = await transaction(db, async (tx) => {
          await lockStudent(tx, actor.id);
          const camper = request.body.camperId
            ? await ownCamper(tx, actor.id, request.body.camperId)
            : await selfCamper(tx, actor.id);
          const cls = await classSchedule(tx, classItemId);
          const problem = cls && (await eligibilityProblem(tx, camper, cls, { sealer: deps.sealer, withCart: true }));
          if (problem) throw conflict(problem);
          return tx
            .insert(cartItems)
            .values({ studentId: actor.id, classId: classItemId, camperId: camper.id })
            .onConflictDoNothing()
            .returning({ id: cartItems.id, camperId: cartItems.camperId });
        });
        if (inserted.length === 0) throw conflict("This class is already in your cart.");
        return reply
          .status(201)
          .send({ insertedId: inserted[0]!.id, camperId: inserted[0]!.camperId, item: classToWire(row, false) });
      },
    );

    app.post(
      "/carts/quote",
      {
        config: { access: { action: "read", entity: "cart" } },
        schema: {
          operationId: "quoteCart",
          tags: ["cart"],
          summary:
            "The caller's cart priced by the server (each line's full price, its discounts by name, the total), with a promo code when one is typed",
          description:
            "Nothing is held or used: a code that cannot apply comes back with the reason (`code.applied` false, " +
            "`code.reason`) and the cart priced without it. Requests with a code count against the promo-code rate limits.",
          body: z
            .object({
              cartItemIds: z
                .array(z.uuid({ error: "Not a valid cart item id." }))
                .min(1, { error: "Choose at least one cart item." })
                .max(100)
                .optional(),
              promoCode: text({ max: 40 }).optional(),
            })
            .default({})
            .meta({ example: { cartItemIds: ["5a1b3c5d-7e9f-4a2b-8c4d-6e8f0a2b4c6d"], promoCode: "SPRING10" } }),
          response: {
            200: cartQuote.describe("The cart priced, with the code's verdict when one was typed"),
            ...refusals({ 404: "Some of the cart items given are no longer in the caller's cart" }),
          },
        },
      },
      async (request): Promise<CartQuote> => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "cart", actor.id);
        const promoCode = request.body.promoCode || undefined;
        if (promoCode) await codeLimits(request);
        const selection = await selectCart(db, actor.id, request.body.cartItemIds, true);
        const { quote: priced } = await quote(db, {
          familyId: actor.id,
          lines: selection.map(toPricingLine),
          code: promoCode,
          aid: await aidCredits(db, actor.id, { quoting: true }),
        });
        const byKey = new Map(selection.map((s) => [s.cartItemId, s]));
        return {
          items: priced.lines.map((line) => ({
            cartItemId: line.key,
            classItemId: line.classId,
            class_name: line.className,
            camper_name: byKey.get(line.key)!.camperName,
            listPriceCents: line.listCents,
            priceCents: line.paidCents,
            discounts: line.discounts,
          })),
          subtotalCents: priced.subtotalCents,
          discountCents: priced.discountCents,
          totalCents: priced.totalCents,
          code: priced.code,
          rule: PRICING_RULE_IN_WORDS,
          paymentPlans: await paymentPlansFor(db, selection, priced.lines),
        };
      },
    );

    app.delete(
      "/carts/:id",
      {
        config: { access: { action: "delete", entity: "cart" } },
        schema: {
          operationId: "removeCartItem",
          tags: ["cart"],
          summary: "Remove one of the caller's cart items",
          params: idParam,
          response: {
            200: deletedCount.describe("The cart item was removed"),
            ...refusals({ 404: "No such cart item of the caller's" }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "delete", "cart", actor.id);
        // Another student's item answers as one that does not exist: its id tells nobody anything.
        const [item] = await db
          .select()
          .from(cartItems)
          .where(and(eq(cartItems.id, request.params.id), eq(cartItems.studentId, actor.id)));
        if (!item) throw notFound("There is no such cart item.");
        const deleted = await db.delete(cartItems).where(eq(cartItems.id, item.id)).returning({ id: cartItems.id });
        return { deletedCount: deleted.length };
      },
    );

    app.get(
      "/enrolled",
      {
        config: { access: { action: "read", entity: "enrollment" } },
        schema: {
          operationId: "listEnrolledClasses",
          tags: ["cart"],
          summary: "The classes the caller is enrolled in",
          querystring: emailQuery,
          response: { 200: z.array(enrolledClass).describe("The enrolments, oldest first"), ...refusals(OTHERS_EMAIL) },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        const owner = await ownerByEmail(db, actor, request.query.email);
        requirePermission(actor, "read", "enrollment", owner);
        const rows = await db
          .select({
            ...classColumns,
            enrollmentId: enrollments.id,
            camperId: enrollments.camperId,
            camperName: familyCamperName,
          })
          .from(enrollments)
          .innerJoin(classes, eq(classes.id, enrollments.classId))
          .innerJoin(users, eq(users.id, classes.instructorId))
          .innerJoin(campers, eq(campers.id, enrollments.camperId))
          .innerJoin(holders, eq(holders.id, enrollments.studentId))
          .where(eq(enrollments.studentId, owner))
          .orderBy(asc(enrollments.createdAt), asc(enrollments.id));
        // The spec's enrolled class, with whose seat it is (two children in one class: two rows).
        return rows.map((r) => ({
          ...classToWire(r, false),
          enrollmentId: r.enrollmentId,
          camperId: r.camperId,
          camper_name: r.camperName,
        }));
      },
    );
  };
