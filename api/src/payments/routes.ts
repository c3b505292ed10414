import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import { requirePermission } from "../platform/access/permissions.js";
import { processedWebhookEvents } from "../platform/database/schema.js";
import { count, eq } from "drizzle-orm";
import {
  abandonCheckout,
  extendCheckout,
  intentCoversCartItem,
  loadPayments,
  openCheckout,
  settle,
  type CheckoutDeps,
  type Settlement,
} from "../booking/index.js";
import { ApiError, badRequest, conflict, forbidden } from "../platform/errors.js";
import { mirrorRefunds, withRefunds } from "../refunds/index.js";
import { checkoutRateLimits, promoCodeRateLimits, sensitiveRateLimit } from "../platform/rate-limits.js";
import { emailQuery, idParam } from "../platform/wire.js";
import { pageQuery, pageWindow, wantsPage } from "../platform/paging.js";
import { payments } from "../platform/database/schema.js";
import { ownerByEmail } from "../platform/access/owner.js";
import type Stripe from "stripe";
import type { RecordedPayment } from "shared-auth/wire/checkout";
import { text } from "../platform/text.js";

/** Stripe's events about refunds: each names the PaymentIntent whose refunds to read again. */
const REFUND_EVENTS = new Set(["charge.refunded", "refund.created", "refund.updated", "refund.failed"]);

const intentId = z
  .string({ error: "transactionId is required." })
  .regex(/^pi_[A-Za-z0-9]{1,100}$/, { error: "transactionId must be the id of a payment (pi_...)." });

/**
 * The spec's client sends the whole payment record; only the transaction id is used; every other
 * value comes from the database. An e-mail that is not the caller's is refused (403).
 */
const paymentBody = z.object({
  transactionId: intentId,
  email: text({ max: 254 }).optional(),
});

const checkoutBody = z
  .object({
    /** Pay for these cart items only (the single payment page sends one); the whole cart when absent. */
    cartItemIds: z
      .array(z.uuid({ error: "Not a valid cart item id." }))
      .min(1, { error: "Choose at least one cart item." })
      .max(100)
      .optional(),
    /** The spec's client sends the total it shows: ignored, the server computes the amount. */
    price: z.number().optional(),
    /** A promo code (issue 33): applied, or refused with the reason (400, field promoCode). */
    promoCode: text({ max: 40 }).optional(),
  })
  .default({});

/**
 * Decision 028: a student pays only with a confirmed e-mail address, where the academy sends the
 * receipt, the camp's practical details and any change of plan.
 */
export const EMAIL_NOT_VERIFIED =
  "Confirm your e-mail address before paying: open the link in the e-mail we sent you when you signed up (the payment page can send a new one), then try again.";

export const HOLD_RAN_OUT_REFUNDED =
  "Your hold on these seats ran out and a class filled up before the payment arrived: the payment was refunded in full.";

/** A checkout replaced by a newer one (another tab or window) while its payment went through. */
export const REPLACED_CHECKOUT_REFUNDED =
  "This checkout was replaced by a newer one you opened in another tab or window, and its seats went to the newer one while this payment went through: this payment was refunded in full. Pay in the newer checkout to keep the seats.";

function refuseOthersEmail(email: string | undefined, actor: { email: string }) {
  if (email !== undefined && email.toLowerCase() !== actor.email) {
    throw forbidden("You can only pay for your own cart.");
  }
}

function answer(reply: FastifyReply, settlement: Settlement) {
  switch (settlement.kind) {
    case "paid":
      return reply.status(settlement.created ? 201 : 200).send({
        result: { insertedId: settlement.payment._id, deletedCount: settlement.deletedCount },
        payment: settlement.payment,
      } satisfies RecordedPayment);
    case "unpaid":
      throw conflict(`This payment has not gone through (its status is "${settlement.status}"): nothing was recorded.`);
    case "refunded":
      throw conflict(settlement.replaced ? REPLACED_CHECKOUT_REFUNDED : HOLD_RAN_OUT_REFUNDED);
  }
}

export const paymentRoutes =
  (deps: CheckoutDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, provider } = deps;
    const checkoutLimits = checkoutRateLimits(app);
    const codeLimits = promoCodeRateLimits(app);

    app.post(
      "/create-payment-intent",
      {
        // The payment page and the single-payment page both open their checkout here.
        onRequest: checkoutLimits.onRequest,
        config: { ...checkoutLimits.config, access: { action: "create", entity: "payment" } },
        schema: {
          tags: ["payments"],
          summary:
            "Open a checkout: hold a seat of each class and get a PaymentIntent for the amount the server computes",
          description:
            "403 with a plain message when the caller's e-mail address is not confirmed (Firebase's `email_verified` " +
            "at the last POST /jwt; Google accounts are): no seat is held and no payment starts (decision 028). " +
            "Recording a payment already made (POST /payments) is never refused for it.",
          body: checkoutBody,
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        requirePermission(actor, "create", "payment", actor.id);
        // Checked where money starts: a payment already taken is always recorded, whatever changed since.
        if (!actor.emailVerified) throw forbidden(EMAIL_NOT_VERIFIED);
        const promoCode = request.body.promoCode || undefined;
        if (promoCode) await codeLimits(request);
        const { checkout, created } = await openCheckout(deps, actor, request.body.cartItemIds, undefined, promoCode);
        return reply.status(created ? 201 : 200).send(checkout);
      },
    );

    app.post(
      "/checkouts/:orderId/extend",
      {
        config: { rateLimit: sensitiveRateLimit(app), access: { action: "create", entity: "payment" } },
        schema: {
          tags: ["payments"],
          summary: "Extend the caller's checkout in progress: its seats stay held a full hold from now, up to a limit",
          params: z.object({ orderId: z.uuid({ error: "Not a valid checkout id." }) }),
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "create", "payment", actor.id);
        return extendCheckout(deps, actor.id, request.params.orderId);
      },
    );

    app.post(
      "/payments",
      {
        config: { rateLimit: sensitiveRateLimit(app), access: { action: "create", entity: "payment" } },
        schema: {
          tags: ["payments"],
          summary: "Record the caller's paid checkout: enrolments, cart emptied, payment record",
          body: paymentBody,
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        requirePermission(actor, "create", "payment", actor.id);
        refuseOthersEmail(request.body.email, actor);
        const intent = await provider.retrieveIntent(request.body.transactionId);
        if (!intent) throw badRequest("There is no such payment.", { transactionId: "Unknown payment." });
        return answer(reply, await settle(deps, intent, actor.id));
      },
    );

    app.post(
      "/payments/:id",
      {
        config: { rateLimit: sensitiveRateLimit(app), access: { action: "create", entity: "payment" } },
        schema: {
          tags: ["payments"],
          summary: "Record the caller's paid single-class checkout; the id is the cart item paid for",
          params: idParam,
          body: paymentBody,
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        requirePermission(actor, "create", "payment", actor.id);
        refuseOthersEmail(request.body.email, actor);
        const intent = await provider.retrieveIntent(request.body.transactionId);
        if (!intent) throw badRequest("There is no such payment.", { transactionId: "Unknown payment." });
        if (!(await intentCoversCartItem(db, intent.id, request.params.id))) {
          throw conflict("This payment is not for that cart item.");
        }
        return answer(reply, await settle(deps, intent, actor.id));
      },
    );

    app.get(
      "/payments",
      {
        config: { access: { action: "read", entity: "payment" } },
        schema: {
          tags: ["payments"],
          summary:
            "The caller's payment history, newest first (admins: anyone's); with page or size, one page with its total",
          querystring: pageQuery(["newest"], emailQuery.shape).omit({ search: true, dir: true }),
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        const owner = await ownerByEmail(db, actor, request.query.email);
        requirePermission(actor, "read", "payment", owner);
        if (!wantsPage(request.query, ["email"])) return withRefunds(db, await loadPayments(db, { studentId: owner }));
        const { page, size, offset } = pageWindow(request.query);
        const [items, [total]] = await Promise.all([
          loadPayments(db, { studentId: owner }, { size, offset }).then((records) => withRefunds(db, records)),
          db.select({ n: count() }).from(payments).where(eq(payments.studentId, owner)),
        ]);
        return { items, total: total?.n ?? 0, page, size };
      },
    );

    // The provider's signed events: the raw body is needed to check the signature.
    await app.register(async (scope) => {
      scope.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
      scope.post(
        "/webhooks/stripe",
        {
          schema: {
            tags: ["payments"],
            summary: "Stripe's signed events: a succeeded payment is recorded even if the browser never reports it",
            security: [],
          },
        },
        async (request) => {
          if (!provider.webhooksConfigured) throw new ApiError(503, "Payment webhooks are not configured.");
          const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from("");
          const event = provider.verifyEvent(raw, request.headers["stripe-signature"] as string | undefined);
          if (!event) throw badRequest("The webhook's signature does not verify.");
          const [seen] = await db
            .select({ id: processedWebhookEvents.eventId })
            .from(processedWebhookEvents)
            .where(eq(processedWebhookEvents.eventId, event.id));
          if (seen) return { received: true, duplicate: true };
          if (event.type === "payment_intent.succeeded" || event.type === "payment_intent.canceled") {
            // The event only says which intent to look at: what is settled is what Stripe says of it
            // now, never the event's copy (a signed event may be old, or forged with a leaked secret).
            const sent = (event.data.object as Partial<Stripe.PaymentIntent> | null)?.id;
            const intent =
              typeof sent === "string" && /^pi_\w{1,100}$/.test(sent) ? await provider.retrieveIntent(sent) : null;
            if (!intent) {
              request.log.warn({ eventId: event.id }, "a payment event for an intent Stripe does not know: ignored");
            } else if (intent.status === "succeeded") {
              try {
                await settle(deps, intent);
              } catch (error) {
                // A payment of the same Stripe account that is not one of this site's checkouts:
                // nothing to do, and an error would only make Stripe send it again for days.
                if (!(error instanceof ApiError && error.statusCode === 404)) throw error;
                request.log.warn({ paymentIntentId: intent.id }, "a payment event for no known checkout: ignored");
              }
            } else if (intent.status === "canceled") {
              await abandonCheckout(deps, intent);
            }
          } else if (REFUND_EVENTS.has(event.type)) {
            // As above, the event only names the payment: its refunds are read from Stripe now
            // (issue 31), those made in the Dashboard too.
            const sent = (event.data.object as { payment_intent?: unknown } | null)?.payment_intent;
            if (typeof sent === "string" && /^pi_\w{1,100}$/.test(sent)) await mirrorRefunds(deps, sent);
          }
          await db.insert(processedWebhookEvents).values({ eventId: event.id, type: event.type }).onConflictDoNothing();
          return { received: true };
        },
      );
    });
  };
