import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { CheckoutDeps } from "../booking/index.js";
import { paidByText } from "../notifications/index.js";
import { requirePermission, type Actor } from "../platform/access/permissions.js";
import { refusals } from "../platform/contract.js";
import { idParam, usd } from "../platform/wire.js";
import { familyMoveBody, moveBody, moveDone, moveQuote, moveQuoteBody } from "./answers.js";
import { moveSeat, quoteMove, type MoveFigures, type MoveRequest } from "./move.js";

/**
 * Moving a camper's seat to another class (decision 048): the admin's quote, then the move. Admins
 * only, at any time (entity `front-desk`, as every office action).
 */

const SEAT_REFUSALS = {
  400: "The input is malformed, the class is the seat's own, the fee is more than was paid, or a day is missing (field `dueDay`)",
  404: "No such enrolment: it may have been moved or cancelled already",
  409: "The new class breaks a booking rule or is full, families wait in its line (then `fields.aheadOfLineReason`), the seat is on a payment plan, or its booking is not paid",
} as const;

/** What the admin reads once the seat moved. */
function movedText(f: MoveFigures, status: string | null, handBack: string | null): string {
  const moved = `${f.camperName} moved from ${f.className} to ${f.toClassName}.`;
  if (f.owedCents > 0) return `${moved} ${usd(f.owedCents)} is left to pay on the new booking.`;
  if (f.refundCents === 0) return `${moved} Nothing is left to pay.`;
  if (handBack) return `${moved} ${usd(f.refundCents)} is recorded as given back ${handBack}.`;
  return `${moved} ${usd(f.refundCents)} ${status === "succeeded" ? "went back" : "is on its way back"} to the card.`;
}

/** What the family reads once its seat moved. */
function familyMovedText(f: MoveFigures, status: string | null): string {
  const moved = `${f.camperName}'s seat moved from ${f.className} to ${f.toClassName}.`;
  if (f.owedCents > 0) return `${moved} Pay the ${usd(f.owedCents)} difference by card on My Balance.`;
  if (f.refundCents === 0) return `${moved} Nothing more to pay.`;
  return `${moved} ${usd(f.refundCents)} ${status === "succeeded" ? "went back" : "is on its way back"} to your card.`;
}

const FAMILY_REFUSALS = {
  400: "The input is malformed, or the class is the seat's own",
  404: "No such enrolment of the family's: it may have been moved or cancelled already",
  409: "Too close to the first day (the academy's rule), a seat booked at the office or on a payment plan, or the new class breaks a booking rule, is full or has families waiting for its seats",
} as const;

export const transferRoutes =
  (deps: CheckoutDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const admin = async (request: { requireActor: () => Promise<Actor> }, action: "read" | "update") => {
      const actor = await request.requireActor();
      requirePermission(actor, action, "front-desk");
      return actor;
    };
    const requestOf = (
      id: string,
      body: { toClassId: string; feeCents: number },
      actor: Actor,
      more: Partial<MoveRequest> = {},
    ): MoveRequest => ({
      enrollmentId: id,
      toClassId: body.toClassId,
      feeCents: body.feeCents,
      dueDay: null,
      reason: null,
      aheadOfLineReason: null,
      actor: { id: actor.id, name: actor.name },
      ...more,
    });

    app.post(
      "/admin/enrollments/:id/move-quote",
      {
        config: { access: { action: "read", entity: "front-desk" } },
        schema: {
          tags: ["front desk"],
          summary: "What moving a seat to another class would cost or give back today (changes nothing)",
          operationId: "quoteSeatMove",
          params: idParam,
          body: moveQuoteBody,
          response: { 200: moveQuote.describe("The move's figures"), ...refusals(SEAT_REFUSALS) },
        },
      },
      async (request) => {
        const actor = await admin(request, "read");
        return quoteMove(deps, requestOf(request.params.id, request.body, actor));
      },
    );

    app.post(
      "/admin/enrollments/:id/move",
      {
        config: { access: { action: "update", entity: "front-desk" } },
        schema: {
          tags: ["front desk"],
          summary:
            "Move a camper's seat to another class: the old seat's payment (less a fee) pays the new one; the difference is owed or given back",
          operationId: "moveSeat",
          params: idParam,
          body: moveBody,
          response: { 201: moveDone.describe("The seat moved; the family is e-mailed"), ...refusals(SEAT_REFUSALS) },
        },
      },
      async (request, reply) => {
        const actor = await admin(request, "update");
        const body = request.body;
        const handBack = body.refundMethod
          ? { method: body.refundMethod, reference: body.refundReference ?? null }
          : undefined;
        const done = await moveSeat(
          deps,
          requestOf(request.params.id, body, actor, {
            dueDay: body.dueDay ?? null,
            handBack,
            reason: body.reason ?? null,
            aheadOfLineReason: body.aheadOfLineReason ?? null,
          }),
        );
        return reply.status(201).send({
          transferId: done.transferId,
          orderId: done.orderId,
          figures: done.figures,
          refundStatus: done.refundStatus,
          message: movedText(
            done.figures,
            done.refundStatus,
            handBack ? paidByText(handBack.method, handBack.reference) : null,
          ),
        });
      },
    );

    const family = async (request: { requireActor: () => Promise<Actor> }) => {
      const actor = await request.requireActor();
      requirePermission(actor, "update", "enrollment", actor.id);
      return actor;
    };

    app.post(
      "/enrollments/:id/move-quote",
      {
        config: { access: { action: "update", entity: "enrollment" } },
        schema: {
          tags: ["refunds"],
          summary: "A family's own seat: what moving it to another class would cost or give back today",
          operationId: "quoteOwnSeatMove",
          params: idParam,
          body: familyMoveBody,
          response: {
            200: moveQuote.describe("The move's figures, with the academy's fee"),
            ...refusals(FAMILY_REFUSALS),
          },
        },
      },
      async (request) => {
        const actor = await family(request);
        return quoteMove(
          deps,
          requestOf(request.params.id, { ...request.body, feeCents: 0 }, actor, { asFamily: true }),
        );
      },
    );

    app.post(
      "/enrollments/:id/move",
      {
        config: { access: { action: "update", entity: "enrollment" } },
        schema: {
          tags: ["refunds"],
          summary:
            "A family moves its own seat to another class, until the academy's number of days before the first day: the difference is owed (paid by card on My Balance) or goes back to the card",
          operationId: "moveOwnSeat",
          params: idParam,
          body: familyMoveBody,
          response: { 201: moveDone.describe("The seat moved; the family is e-mailed"), ...refusals(FAMILY_REFUSALS) },
        },
      },
      async (request, reply) => {
        const actor = await family(request);
        const done = await moveSeat(
          deps,
          requestOf(request.params.id, { ...request.body, feeCents: 0 }, actor, { asFamily: true }),
        );
        return reply.status(201).send({
          transferId: done.transferId,
          orderId: done.orderId,
          figures: done.figures,
          refundStatus: done.refundStatus,
          message: familyMovedText(done.figures, done.refundStatus),
        });
      },
    );
  };
