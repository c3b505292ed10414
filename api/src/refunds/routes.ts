import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { paidByText } from "../notifications/index.js";
import { z } from "zod";
import type { PublicCache } from "../catalog/index.js";
import { requirePermission } from "../platform/access/permissions.js";
import { badRequest, forbidden } from "../platform/errors.js";
import { text } from "../platform/text.js";
import { transaction } from "../platform/transaction.js";
import { idParam, toDollars, usd } from "../platform/wire.js";
import type { LineOptions } from "../waitlist/index.js";
import { cancelSeat, familySeats, seatQuote } from "./cancel.js";
import { cancelledSeats } from "./cancelled.js";
import { cancelPlan } from "./plan-cancel.js";
import { openRefundCounts, refundPayment, refundsForStaff } from "./goodwill.js";
import { loadPolicy, policyText, savePolicy, type Policy } from "./policy.js";
import { loadMoveRules, moveText, saveMoveRules, type MoveRules } from "../platform/cancellation-policy.js";
import { sendRefund, sendRefunds, type RefundDeps } from "./sending.js";
import { refusals } from "../platform/contract.js";
import {
  cancellationPolicy,
  cancelledEnrolment,
  cancelledPlan,
  cancelledSeat,
  enrolledSeat,
  goodwillRefund,
  staffRefunds,
  type StaffRefund,
} from "./answers.js";

export interface RefundRouteDeps extends RefundDeps {
  cache: PublicCache;
  line: LineOptions;
}

const whole = (what: string, min: number, max: number) =>
  z
    .number({ error: `${what} must be a whole number.` })
    .int({ error: `${what} must be a whole number.` })
    .min(min, { error: `${what} must be at least ${min}.` })
    .max(max, { error: `${what} must be at most ${max}.` });

const policyBody = z
  .object({
    fullRefundDays: whole("Days for a full refund", 0, 365),
    partialRefundDays: whole("Days for a partial refund", 0, 365),
    partialPercent: whole("The partial refund's percentage", 0, 100),
    feeCents: whole("The processing fee (in cents)", 0, 100_000),
  })
  .extend({
    moveDays: whole("Days before the first day a family may move a seat", 1, 365)
      .nullable()
      .optional()
      .meta({ description: "Families move seats themselves until this many days before; null: only the office" }),
    moveFeeCents: whole("The fee for a move (in cents)", 0, 100_000).optional(),
  })
  .meta({ example: { fullRefundDays: 14, partialRefundDays: 7, partialPercent: 50, feeCents: 0, moveDays: 14 } });

const policyToWire = (policy: Policy, moves: MoveRules) => ({
  ...policy,
  text: policyText(policy),
  ...moves,
  moveText: moveText(moves),
});

/** Cancellations and refunds: the policy, the family's seats with today's quote, cancelling one. */
export const refundRoutes =
  (deps: RefundRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, cache, line } = deps;

    app.get(
      "/cancellation-policy",
      {
        schema: {
          operationId: "getCancellationPolicy",
          tags: ["refunds"],
          summary: "The academy's cancellation policy, in numbers and in words",
          response: { 200: cancellationPolicy.describe("The policy in force") },
        },
      },
      async () => policyToWire(await loadPolicy(db), await loadMoveRules(db)),
    );

    app.patch(
      "/admin/cancellation-policy",
      {
        config: { access: { action: "update", entity: "policy", any: true } },
        schema: {
          operationId: "setCancellationPolicy",
          tags: ["refunds"],
          summary: "An admin sets the cancellation policy",
          body: policyBody,
          response: {
            200: cancellationPolicy.describe("The policy as saved"),
            ...refusals({
              400: "The input is malformed, or the partial refund ends before the full refund does (field partialRefundDays)",
            }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "update", "policy");
        const body = request.body;
        if (body.partialRefundDays > body.fullRefundDays) {
          throw badRequest("The partial refund must end no earlier than the full refund does.", {
            partialRefundDays: `At most ${body.fullRefundDays} (the days for a full refund).`,
          });
        }
        const { moveDays, moveFeeCents, ...policy } = body;
        const saved = await savePolicy(db, policy, actor.id);
        const rules = await loadMoveRules(db);
        const moves =
          moveDays === undefined && moveFeeCents === undefined
            ? rules
            : await saveMoveRules(
                db,
                {
                  moveDays: moveDays === undefined ? rules.moveDays : moveDays,
                  moveFeeCents: moveFeeCents ?? rules.moveFeeCents,
                },
                actor.id,
              );
        return policyToWire(saved, moves);
      },
    );

    app.get(
      "/enrollments",
      {
        config: { access: { action: "read", entity: "enrollment" } },
        schema: {
          tags: ["refunds"],
          summary: "The caller's seats (one per camper and class), with what cancelling each would refund today",
          operationId: "listEnrollments",
          response: { 200: z.array(enrolledSeat).describe("The family's seats, first day first") },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "enrollment", actor.id);
        return familySeats(db, actor.id);
      },
    );

    app.get(
      "/enrollments/cancelled",
      {
        config: { access: { action: "read", entity: "enrollment" } },
        schema: {
          tags: ["refunds"],
          summary: "The caller's cancelled seats, with the refund each gave and when it was cancelled",
          operationId: "listCancelledEnrollments",
          response: { 200: z.array(cancelledEnrolment).describe("The family's cancelled seats, newest first") },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "enrollment", actor.id);
        return cancelledSeats(db, actor.id);
      },
    );

    app.get(
      "/enrollments/:id/cancellation",
      {
        config: { access: { action: "read", entity: "enrollment" } },
        schema: {
          tags: ["refunds"],
          summary: "What cancelling a seat would refund today under the policy (the family's own; admins any)",
          operationId: "quoteCancellation",
          params: idParam,
          response: {
            200: enrolledSeat.describe("The seat with today's quote"),
            ...refusals({ 404: "No such enrolment (of the caller's family)" }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "enrollment", actor.id);
        return seatQuote(db, request.params.id, actor.role === "admin" ? undefined : actor.id);
      },
    );

    app.post(
      "/admin/plans/:id/cancel",
      {
        config: { access: { action: "update", entity: "payment-plan" } },
        schema: {
          tags: ["payment plans"],
          summary:
            "Cancel a family's payment plan: each seat of it not paid in full is cancelled with the policy's refund of what was paid, its charges to come with it",
          operationId: "cancelPaymentPlan",
          params: idParam.describe("The plan's order id (orderId in GET /admin/balances)"),
          body: z.object({ reason: text({ required: "Say why, for the record.", max: 300 }) }),
          response: {
            200: cancelledPlan.describe("The plan's owing seats are cancelled; the refunds are recorded and sent"),
            ...refusals({
              400: "No reason was given",
              403: "The caller's role may not do this (admins only)",
              404: "There is no such payment plan",
              409: "Every seat of the plan is paid in full or cancelled already",
            }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "update", "payment-plan");
        const done = await cache.write(["classes"], (tx) =>
          cancelPlan(tx, { orderId: request.params.id, actorId: actor.id, reason: request.body.reason }, line),
        );
        if (done.refundIds.length > 0) await sendRefunds(deps, done.refundIds);
        const seats = `${done.seats} seat${done.seats === 1 ? "" : "s"}`;
        return {
          cancelledSeats: done.seats,
          refundCents: done.refundCents,
          message:
            done.refundCents > 0
              ? `The plan is cancelled: ${seats} freed, ${usd(done.refundCents)} refunded under the policy.`
              : `The plan is cancelled: ${seats} freed; the policy refunds nothing of what was paid.`,
        };
      },
    );

    app.post(
      "/enrollments/:id/cancel",
      {
        config: { access: { action: "delete", entity: "enrollment" } },
        schema: {
          tags: ["refunds"],
          summary:
            "Cancel a seat: the seat goes to the waitlist first and the policy's refund to the card (admins may set the amount and a reason)",
          operationId: "cancelEnrollment",
          params: idParam,
          body: z
            .object({
              refundCents: whole("The refund (in cents)", 0, 10_000_000)
                .optional()
                .meta({ description: "Admins only: the amount instead of the policy's" }),
              reason: text({ required: "Say why, for the record.", max: 300 })
                .optional()
                .meta({ description: "Admins only: why, for the record" }),
              refundMethod: z
                .enum(["cash", "cheque", "bank_transfer"], { error: "Cash, cheque or bank transfer." })
                .optional()
                .meta({
                  description:
                    "Admins only, for a front-desk booking (decision 047): how the office gives the money back; required when it refunds anything",
                }),
              refundReference: text({ max: 60 })
                .optional()
                .meta({ description: "The cheque's number or the transfer's reference (required for those)" }),
            })
            .nullish()
            .meta({ example: { refundCents: 7450, reason: "Moved away: refunded in full as a courtesy" } }),
          response: {
            200: cancelledSeat.describe("The seat is cancelled; the refund is recorded and sent"),
            ...refusals({
              400: "The input is malformed, or the amount is more than is left of the seat (field refundCents)",
              403: "A family gave an amount or a reason (admins only), or the caller's role may not do this",
              404: "No such enrolment (of the caller's family): it may have been cancelled already",
              409: "The class has started (families), the seat was booked at the front desk (families: the office cancels it), the order is not paid, or it was paid by no card",
            }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "delete", "enrollment", actor.id);
        const admin = actor.role === "admin";
        const body = request.body;
        const adminOnly = [body?.refundCents, body?.reason, body?.refundMethod, body?.refundReference];
        if (!admin && adminOnly.some((value) => value !== undefined)) {
          throw forbidden("Only an admin can choose the amount, the way it goes back or give a reason.");
        }
        const done = await cache.write(["classes"], (tx) =>
          cancelSeat(
            tx,
            {
              enrollmentId: request.params.id,
              actorId: actor.id,
              asFamily: !admin,
              refundCents: body?.refundCents,
              reason: body?.reason,
              ...(body?.refundMethod && {
                handBack: { method: body.refundMethod, reference: body.refundReference ?? null },
              }),
            },
            line,
          ),
        );
        const status = done.refundIds.length > 0 ? await sendRefunds(deps, done.refundIds) : null;
        return {
          cancelled: true as const,
          refund: toDollars(done.refundCents),
          refundCents: done.refundCents,
          refundStatus: status,
          message:
            body?.refundMethod && done.refundCents > 0
              ? `The seat is cancelled. ${usd(done.refundCents)} is recorded as given back ${paidByText(body.refundMethod, body.refundReference ?? null)}.`
              : cancelledText(done.refundCents, status),
        };
      },
    );

    app.post(
      "/admin/payments/:id/refund",
      {
        config: { access: { action: "create", entity: "refund" } },
        schema: {
          tags: ["refunds"],
          summary:
            "A goodwill refund: part of a payment back to the card without cancelling a seat, shared among its lines (admins)",
          operationId: "refundPayment",
          params: idParam,
          body: z
            .object({
              refundCents: whole("The refund (in cents)", 1, 10_000_000),
              reason: text({ required: "Say why, for the record.", max: 300 }),
            })
            .meta({ example: { refundCents: 2000, reason: "The first day was rained out" } }),
          response: {
            200: goodwillRefund.describe("The refund is recorded and sent"),
            ...refusals({
              400: "The input is malformed, or the amount is more than is left of the payment (field refundCents)",
              404: "No such payment",
              409: "The order is not paid, or it was paid by no card",
            }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "create", "refund");
        const { refundCents, reason } = request.body;
        const refundId = await transaction(db, (tx) =>
          refundPayment(tx, { paymentId: request.params.id, amountCents: refundCents, actorId: actor.id, reason }),
        );
        const status = await sendRefund(deps, refundId);
        return {
          refund: toDollars(refundCents),
          refundCents,
          refundStatus: status,
          message: refundedText(refundCents, status),
        };
      },
    );

    app.get(
      "/admin/refunds",
      {
        config: { access: { action: "read", entity: "refund" } },
        schema: {
          tags: ["refunds"],
          summary:
            "Refunds not done (waiting for the provider, pending there) and failed ones, newest first, with their counts; all=true: the latest of every state (admins)",
          operationId: "listRefunds",
          querystring: z.object({ all: z.enum(["true", "false"]).optional() }),
          response: { 200: staffRefunds.describe("The refunds, with the counts of those open") },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "refund");
        const [items, counts] = await Promise.all([
          refundsForStaff(db, request.query.all === "true" ? "all" : "open"),
          openRefundCounts(db),
        ]);
        // refundsForStaff's stage is one of the four words its schema names, typed there as a string.
        return { items: items as StaffRefund[], ...counts };
      },
    );
  };

function refundedText(cents: number, status: string): string {
  if (status === "succeeded") return `${usd(cents)} is on its way back to the card.`;
  if (status === "failed") return `The payment service refused the refund of ${usd(cents)}. Nothing was refunded.`;
  return `The refund of ${usd(cents)} is recorded and goes to the card as soon as the payment service has it done.`;
}

function cancelledText(cents: number, status: string | null): string {
  if (cents === 0 || status === null) return "The seat is cancelled. Nothing is refunded under the policy.";
  if (status === "succeeded") return `The seat is cancelled and ${usd(cents)} is on its way back to the card.`;
  if (status === "failed") {
    return `The seat is cancelled, but the card refund of ${usd(cents)} was refused by the payment service. It is recorded: contact the academy to have it sorted out.`;
  }
  return `The seat is cancelled. The refund of ${usd(cents)} is recorded and goes to the card as soon as the payment service answers.`;
}
