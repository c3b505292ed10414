import { and, eq, inArray } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { acceptedOffer, openCheckout, type CheckoutDeps } from "../booking/index.js";
import { refusals } from "../platform/contract.js";
import { requirePermission } from "../platform/access/permissions.js";
import { cartItems } from "../platform/database/schema.js";
import { forbidden } from "../platform/errors.js";
import { checkoutRateLimits } from "../platform/rate-limits.js";
import { transaction } from "../platform/transaction.js";
import { idParam } from "../platform/wire.js";
import { offerToAccept } from "../waitlist/index.js";
import { EMAIL_NOT_VERIFIED } from "./routes.js";
import { CHECKOUT_REFUSALS } from "./request-bodies.js";

/**
 * Accepting a waitlist offer opens a checkout with the seats the offer kept: the
 * campers' cart lines are made (or found), and the checkout takes the offer's seats into its hold,
 * from where it runs as any checkout (the payment page, its hold and its limit).
 */
export const offerRoutes =
  (deps: CheckoutDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Accepting opens a checkout that holds seats: it counts against the same hourly budgets.
    const checkoutLimits = checkoutRateLimits(app);
    app.post(
      "/waitlist/:id/accept",
      {
        onRequest: checkoutLimits.onRequest,
        config: { ...checkoutLimits.config, access: { action: "update", entity: "waitlist" } },
        schema: {
          tags: ["waitlist"],
          summary:
            "Accept a waitlist offer: a checkout opens with its seats (as POST /create-payment-intent answers), for the cart lines returned",
          operationId: "acceptWaitlistOffer",
          params: idParam,
          response: {
            201: acceptedOffer.describe("The offer is accepted: a checkout holds its seats"),
            ...refusals({
              ...CHECKOUT_REFUSALS,
              404: "No such waitlist entry of the caller's, or some of its cart lines are gone",
              409: "Nothing was offered to this entry yet, the offer ended (accepted, declined, ran out, left, removed), or the checkout cannot open (as POST /create-payment-intent)",
            }),
          },
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        requirePermission(actor, "update", "waitlist", actor.id);
        requirePermission(actor, "create", "payment", actor.id);
        if (!actor.emailVerified) throw forbidden(EMAIL_NOT_VERIFIED);
        const { entryId, cartItemIds } = await transaction(deps.db, async (tx) => {
          const offer = await offerToAccept(tx, actor.id, request.params.id);
          await tx
            .insert(cartItems)
            .values(offer.camperIds.map((camperId) => ({ studentId: actor.id, classId: offer.classId, camperId })))
            .onConflictDoNothing();
          const lines = await tx
            .select({ id: cartItems.id })
            .from(cartItems)
            .where(
              and(
                eq(cartItems.studentId, actor.id),
                eq(cartItems.classId, offer.classId),
                inArray(cartItems.camperId, offer.camperIds),
              ),
            );
          return { entryId: offer.entryId, cartItemIds: lines.map((l) => l.id) };
        });
        // The offer's deadline is judged once, where its seats become the checkout's (takeOffer).
        const { checkout } = await openCheckout(deps, actor, cartItemIds, { accepting: { entryId } });
        return reply.status(201).send({ ...checkout, cartItemIds });
      },
    );
  };
