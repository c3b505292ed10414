import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requirePermission } from "../platform/access/permissions.js";
import { refusals } from "../platform/contract.js";
import { sensitiveRateLimit } from "../platform/rate-limits.js";
import { idParam } from "../platform/wire.js";
import { balance, familyBalance } from "./balance.js";
import { openCardChange, settleCardChange } from "./card.js";
import { openRefusedCharge, payEarly, settleFamilyPayment, type FamilyPayDeps } from "./family-pay.js";
import type { CardSetups, FamilyIntents } from "./intents.js";

const payment = z
  .object({
    paid: z.boolean().meta({ description: "True when the charge is paid already: nothing to confirm" }),
    clientSecret: z
      .string()
      .optional()
      .meta({ description: "The refused charge's PaymentIntent, for Stripe.js to confirm (absent when paid)" }),
    amountCents: z.int().optional().meta({ description: "What confirming it charges, in cents" }),
    savedCard: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "The plan's saved card (a PaymentMethod id), to confirm with after the bank's check" }),
  })
  .meta({ id: "RefusedChargePayment", description: "A family's own payment of a refused charge, ready to confirm" });

const PAY_REFUSALS = {
  404: "No such charge on the caller's plans",
  409: "The charge is not refused (nothing to pay now), or its payment was replaced by a newer attempt or cancelled",
  502: "The payment service cannot be reached: nothing was charged",
} as const;

/**
 * The family's balance on its payment plans (decision 040): GET /balance, and paying a refused
 * charge itself (its intent confirmed in the browser, then settled).
 */
export const balanceRoutes =
  (deps: FamilyPayDeps & { provider: FamilyIntents & CardSetups }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    app.get(
      "/balance",
      {
        config: { access: { action: "read", entity: "payment" } },
        schema: {
          tags: ["payment plans"],
          summary: "What the caller's family still owes on its payment plans, and when each charge falls",
          operationId: "getBalance",
          response: { 200: balance.describe("The family's plans with each charge; no plans: nothing owed") },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "payment", actor.id);
        return familyBalance(db, actor.id);
      },
    );

    app.post(
      "/balance/instalments/:id/pay",
      {
        config: { access: { action: "create", entity: "payment" }, rateLimit: sensitiveRateLimit(app) },
        schema: {
          tags: ["payment plans"],
          summary: "Pay a refused charge of the caller's plan now: its PaymentIntent, ready to confirm with Stripe.js",
          operationId: "payRefusedInstalment",
          params: idParam,
          response: { 200: payment.describe("The intent to confirm, or paid: true"), ...refusals(PAY_REFUSALS) },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "create", "payment", actor.id);
        return openRefusedCharge(deps, actor.id, request.params.id);
      },
    );

    app.post(
      "/balance/instalments/:id/settle",
      {
        config: { access: { action: "create", entity: "payment" }, rateLimit: sensitiveRateLimit(app) },
        schema: {
          tags: ["payment plans"],
          summary: "Record the caller's payment of a refused charge once Stripe.js confirmed it (the webhook does too)",
          operationId: "settleRefusedInstalment",
          params: idParam,
          response: {
            200: balance.describe("The family's balance with the charge paid"),
            ...refusals({
              ...PAY_REFUSALS,
              409: "The payment has not gone through, or the charge was cancelled meanwhile (the payment is refunded)",
            }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "create", "payment", actor.id);
        await settleFamilyPayment(deps, actor.id, request.params.id);
        return familyBalance(db, actor.id);
      },
    );

    app.post(
      "/balance/card",
      {
        config: { access: { action: "create", entity: "payment" }, rateLimit: sensitiveRateLimit(app) },
        schema: {
          tags: ["payment plans"],
          summary: "Start replacing the card the caller's plans charge: a SetupIntent to confirm with Stripe.js",
          operationId: "openCardChange",
          response: {
            200: z
              .object({ clientSecret: z.string().meta({ description: "The SetupIntent's, for confirmCardSetup" }) })
              .describe("The SetupIntent to confirm with the new card; nothing is charged"),
            ...refusals({
              409: "None of the caller's plans has a payment still to come",
              502: "The payment service cannot be reached",
            }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "create", "payment", actor.id);
        return openCardChange(db, deps.provider, actor.id);
      },
    );

    app.post(
      "/balance/card/settle",
      {
        config: { access: { action: "create", entity: "payment" }, rateLimit: sensitiveRateLimit(app) },
        schema: {
          tags: ["payment plans"],
          summary:
            "Record the new card once Stripe.js confirmed its SetupIntent: the caller's plans charge it from now on",
          operationId: "settleCardChange",
          body: z.object({
            setupIntentId: z
              .string({ error: "Give the SetupIntent's id." })
              .regex(/^seti_\w{1,100}$/, { error: "Not a SetupIntent id." }),
          }),
          response: {
            200: balance.describe("The family's balance; its later charges go to the new card"),
            ...refusals({
              400: "The SetupIntent id is missing or malformed",
              409: "The card was not saved for the caller, or the bank declined it, or nothing is owed",
              502: "The payment service cannot be reached",
            }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "create", "payment", actor.id);
        await settleCardChange(db, deps.provider, actor.id, request.body.setupIntentId);
        return familyBalance(db, actor.id);
      },
    );

    app.post(
      "/balance/pay-early",
      {
        config: { access: { action: "create", entity: "payment" }, rateLimit: sensitiveRateLimit(app) },
        schema: {
          tags: ["payment plans"],
          summary:
            "Pay ahead: one charge still to come, or every one of a plan, falls due today and is charged to the saved card within a minute",
          operationId: "payEarly",
          body: z
            .union([
              z.strictObject({ instalmentId: z.uuid({ error: "Not a valid id." }) }),
              z.strictObject({ orderId: z.uuid({ error: "Not a valid id." }) }),
            ])
            .meta({ description: "One charge ({ instalmentId }) or the whole rest of a plan ({ orderId })" }),
          response: {
            200: balance.describe("The family's balance: the charges due today, being charged shortly"),
            ...refusals({
              400: "Neither a charge nor a plan was named",
              404: "No such charge or plan of the caller's",
              409: "Nothing is left to pay ahead: paid, being charged, or refused (pay a refused one with a card)",
            }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "create", "payment", actor.id);
        await payEarly(db, actor.id, request.body);
        // Charged now rather than at the next check; the worker takes each once, whichever process runs.
        void app
          .chargeInstalments()
          .catch((error: unknown) => request.log.warn({ err: error }, "charging early failed"));
        return familyBalance(db, actor.id);
      },
    );
  };
