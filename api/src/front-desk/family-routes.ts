import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { openBalancePayment, settleBalancePayment, type CheckoutDeps } from "../booking/index.js";
import { requirePermission } from "../platform/access/permissions.js";
import { refusals } from "../platform/contract.js";
import { notFound } from "../platform/errors.js";
import { sensitiveRateLimit } from "../platform/rate-limits.js";
import { idParam } from "../platform/wire.js";
import { balanceIntent, balanceOrders, claimOpened } from "./answers.js";
import { openClaim, type IdentityAccounts } from "./families.js";
import { familyOrders } from "./orders.js";

/**
 * The family's side of the front desk (decision 047): claiming the account the office made, and
 * paying a front-desk booking's balance by card from My Balance.
 */

const PAY_REFUSALS = { 404: "There is no such front-desk booking of the caller's family" } as const;

export const deskFamilyRoutes =
  (deps: CheckoutDeps & { identity: IdentityAccounts }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    const owedOrders = async (familyId: string) =>
      (await familyOrders(db, familyId, "office")).map((o) => ({
        orderId: o._id,
        totalCents: o.totalCents,
        paidCents: o.paidCents,
        owedCents: o.owedCents,
        dueDay: o.dueDay,
        overdue: o.overdue,
        status: o.status,
        seats: o.seats.map(({ className, camperName }) => ({ className, camperName })),
      }));

    app.post(
      "/account-claims",
      {
        config: { rateLimit: sensitiveRateLimit(app) },
        schema: {
          tags: ["front desk"],
          summary: "Open the link of an account the office made: a Firebase code to set the family's password with",
          operationId: "openAccountClaim",
          security: [],
          body: z.object({
            token: z.string().min(16).max(100).meta({ description: "The token of the e-mailed link" }),
          }),
          response: {
            200: claimOpened.describe("The account's e-mail and the code for Firebase's confirmPasswordReset"),
            ...refusals({ 410: "The link expired or was used already" }),
          },
        },
      },
      async (request) => openClaim(db, deps.identity, request.body.token),
    );

    app.get(
      "/balance/orders",
      {
        config: { access: { action: "read", entity: "payment" } },
        schema: {
          tags: ["front desk"],
          summary: "What the caller's family owes on bookings the front desk made, and by when",
          operationId: "getBalanceOrders",
          response: { 200: balanceOrders.describe("Each front-desk booking with its money") },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "payment", actor.id);
        return { orders: await owedOrders(actor.id) };
      },
    );

    app.post(
      "/balance/orders/:id/pay",
      {
        config: { access: { action: "create", entity: "payment" }, rateLimit: sensitiveRateLimit(app) },
        schema: {
          tags: ["front desk"],
          summary: "Pay what a front-desk booking owes by card: a PaymentIntent for the amount owed now",
          operationId: "payBalanceOrder",
          params: idParam,
          response: {
            200: balanceIntent.describe("The intent to confirm with Stripe.js, or paid: true"),
            ...refusals({
              ...PAY_REFUSALS,
              409: "The booking was cancelled, or what is owed is below a card's minimum",
            }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "create", "payment", actor.id);
        return openBalancePayment(deps, actor.id, request.params.id);
      },
    );

    app.post(
      "/balance/orders/:id/settle",
      {
        config: { access: { action: "create", entity: "payment" }, rateLimit: sensitiveRateLimit(app) },
        schema: {
          tags: ["front desk"],
          summary:
            "Record the caller's card payment of a front-desk balance once Stripe.js confirmed it (the webhook does too)",
          operationId: "settleBalanceOrder",
          params: idParam,
          body: z.object({ paymentIntentId: z.string().regex(/^pi_\w{1,100}$/, { error: "Not a payment." }) }),
          response: {
            200: balanceOrders.describe("The family's front-desk bookings after the payment"),
            ...refusals({
              ...PAY_REFUSALS,
              409: "The payment has not gone through, or the office recorded a payment meanwhile (the card payment is given back)",
            }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "create", "payment", actor.id);
        const intent = await deps.provider.retrieveIntent(request.body.paymentIntentId);
        if (!intent || intent.metadata.balanceOrderId !== request.params.id)
          throw notFound("There is no such payment.");
        await settleBalancePayment(deps, intent, actor.id);
        return { orders: await owedOrders(actor.id) };
      },
    );
  };
