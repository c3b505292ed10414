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
  settleBalancePayment,
  checkout,
  holdExtension,
  paymentPage,
  paymentRecord,
  recordedPayment,
  type CheckoutDeps,
  type RecordedPayment,
  type Settlement,
} from "../booking/index.js";
import { refusals } from "../platform/contract.js";
import { ApiError, badRequest, conflict, forbidden } from "../platform/errors.js";
import { beingCharged, settleInstalmentIntent } from "../plans/index.js";
import { mirrorRefunds, withRefunds } from "../refunds/index.js";
import { checkoutRateLimits, promoCodeRateLimits, sensitiveRateLimit } from "../platform/rate-limits.js";
import { emailQuery, idParam } from "../platform/wire.js";
import { pageQuery, pageWindow, wantsPage } from "../platform/paging.js";
import { payments } from "../platform/database/schema.js";
import { ownerByEmail } from "../platform/access/owner.js";
import { CHECKOUT_REFUSALS, checkoutBody, paymentBody, RECORD_REFUSALS } from "./request-bodies.js";
import type Stripe from "stripe";

/**
 * A Stripe event as the webhook reads it: Stripe sends more fields (created, livemode, api_version...),
 * and `data.object` is the Stripe object the event is about, whose shape depends on the event's type
 * (a PaymentIntent, a Charge, a Refund): free-form here, only its id or payment_intent is read.
 */
const stripeEvent = z
  .looseObject({
    id: z.string().meta({ description: "The event's id (evt_...): each is handled once" }),
    type: z.string().meta({
      description:
        "payment_intent.succeeded and payment_intent.canceled settle or end the checkout; charge.refunded, refund.created, refund.updated and refund.failed mirror the payment's refunds; any other type is acknowledged and ignored",
    }),
    data: z.looseObject({ object: z.record(z.string(), z.unknown()) }),
  })
  .meta({
    example: {
      id: "evt_3PqR7sT2eZvKYlo21xYz",
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: { id: "pi_3PqR7sT2eZvKYlo21aBcDeFg", object: "payment_intent", status: "succeeded" } },
    },
  });

/** Stripe's events about refunds: each names the PaymentIntent whose refunds to read again. */
const REFUND_EVENTS = new Set(["charge.refunded", "refund.created", "refund.updated", "refund.failed"]);

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
          operationId: "createPaymentIntent",
          body: checkoutBody,
          response: {
            200: checkout.describe("The checkout in progress for the same seats, answered again"),
            201: checkout.describe("A checkout opened: its seats are held"),
            ...refusals({
              ...CHECKOUT_REFUSALS,
              400: "The input is malformed, or the promo code cannot apply (its reason in `fields.promoCode`)",
            }),
          },
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        requirePermission(actor, "create", "payment", actor.id);
        // Checked where money starts: a payment already taken is always recorded, whatever changed since.
        if (!actor.emailVerified) throw forbidden(EMAIL_NOT_VERIFIED);
        const promoCode = request.body.promoCode || undefined;
        if (promoCode) await codeLimits(request);
        const { checkout, created } = await openCheckout(deps, actor, request.body.cartItemIds, {
          promoCode,
          paymentPlanId: request.body.paymentPlanId,
        });
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
          operationId: "extendCheckout",
          params: z.object({ orderId: z.uuid({ error: "Not a valid checkout id." }) }),
          response: {
            200: holdExtension.describe("The hold is extended"),
            ...refusals({
              404: "No such checkout of the caller's",
              409: "The checkout is paid already, its hold ran out, or it is extended as far as it can be",
            }),
          },
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
          operationId: "recordPayment",
          body: paymentBody,
          response: {
            200: recordedPayment.describe("The payment, recorded before"),
            201: recordedPayment.describe("The payment is recorded: enrolments made, cart lines removed"),
            ...refusals(RECORD_REFUSALS),
          },
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
          operationId: "recordSinglePayment",
          params: idParam,
          body: paymentBody,
          response: {
            200: recordedPayment.describe("The payment, recorded before"),
            201: recordedPayment.describe("The payment is recorded: enrolments made, cart lines removed"),
            ...refusals({
              ...RECORD_REFUSALS,
              409: `${RECORD_REFUSALS[409]}; or the payment is not for that cart item`,
            }),
          },
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
          operationId: "listPayments",
          querystring: pageQuery(["newest"], emailQuery.shape).omit({ search: true, dir: true }),
          response: {
            200: z
              .union([z.array(paymentRecord), paymentPage])
              .describe("Every payment (no page or size asked), or one page with the total"),
            ...refusals({
              403: "The e-mail is not the caller's (only admins may read another user's), or the caller's role may not do this",
              404: "An admin asked for an e-mail no user has",
            }),
          },
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
            operationId: "receiveStripeEvent",
            tags: ["payments"],
            summary: "Stripe's signed events: a succeeded payment is recorded even if the browser never reports it",
            description:
              "The body is read as it came (the signature is over its exact bytes) and checked with the `Stripe-Signature` " +
              "header and the webhook's secret; then only the event's id, type and the object's id are read, and the " +
              "payment or its refunds are read again from Stripe. An event already handled is answered as a duplicate.",
            security: [],
            headers: z.object({
              "stripe-signature": z.string().meta({
                description: "Stripe's signature of the body: `t=<timestamp>,v1=<HMAC-SHA256>`",
                example: "t=1767225600,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd",
              }),
            }),
            // The raw bytes are what the signature is checked against (the parser keeps them as
            // they came): the event's shape is for the document only.
            documentedBody: { schema: stripeEvent, mediaTypes: ["application/json"] },
            response: {
              200: z
                .object({
                  received: z.literal(true),
                  duplicate: z
                    .literal(true)
                    .optional()
                    .meta({ description: "The event was handled before: nothing done" }),
                })
                .describe("The event is acknowledged (one of a type not listed is acknowledged and ignored)"),
              ...refusals({
                400: "The signature does not verify (or is missing)",
                409: "The payment does not match its checkout's amount (logged for the academy)",
                502: "The payment service cannot be reached to read the payment: Stripe sends the event again",
                503: "Payment webhooks are not configured, or the API is very busy (Stripe sends the event again)",
              }),
            },
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
            const sent = event.data.object as Partial<Stripe.PaymentIntent> | null;
            const named = typeof sent?.id === "string" && /^pi_\w{1,100}$/.test(sent.id) ? sent.id : null;
            // Nothing is left to settle for a payment already recorded under this intent, nor for a
            // plan charge a worker is making now (it records the outcome from the answer): Stripe is
            // not asked about them (each read counts against the account's rate limit). What the
            // event says only picks the row looked at; no row changes on its word.
            const instalmentId = sent?.metadata?.instalmentId;
            const settledElsewhere =
              named !== null &&
              event.type === "payment_intent.succeeded" &&
              ((typeof instalmentId === "string" && (await beingCharged(db, instalmentId))) ||
                (await db.select({ id: payments.id }).from(payments).where(eq(payments.transactionId, named)).limit(1))
                  .length > 0);
            const intent = named && !settledElsewhere ? await provider.retrieveIntent(named) : null;
            if (settledElsewhere) {
              request.log.debug({ paymentIntentId: named }, "a payment event with nothing left to settle");
            } else if (!intent) {
              request.log.warn({ eventId: event.id }, "a payment event for an intent Stripe does not know: ignored");
            } else if (intent.status === "succeeded" && intent.metadata.instalmentId) {
              // A family's own payment of a refused plan charge (plans/family-pay.ts).
              await settleInstalmentIntent({ db, provider, log: request.log }, intent).catch((error: unknown) => {
                if (!(error instanceof ApiError && error.statusCode === 404)) throw error;
                request.log.warn({ paymentIntentId: intent.id }, "a payment event for no known plan charge: ignored");
              });
            } else if (intent.status === "succeeded" && intent.metadata.balanceOrderId) {
              // A family's card payment of a front-desk booking's balance (booking/checkout/desk-payments.ts).
              await settleBalancePayment(deps, intent).catch((error: unknown) => {
                if (!(error instanceof ApiError && (error.statusCode === 404 || error.statusCode === 409))) throw error;
                request.log.warn({ paymentIntentId: intent.id }, "a balance payment event that could not be recorded");
              });
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
            // (decision 033), those made in the Dashboard too.
            const sent = (event.data.object as { payment_intent?: unknown } | null)?.payment_intent;
            if (typeof sent === "string" && /^pi_\w{1,100}$/.test(sent)) await mirrorRefunds(deps, sent);
          }
          await db.insert(processedWebhookEvents).values({ eventId: event.id, type: event.type }).onConflictDoNothing();
          return { received: true };
        },
      );
    });
  };
