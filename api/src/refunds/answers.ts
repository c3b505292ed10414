import { z } from "zod";
import { REFUND_ORIGINS, REFUND_STATUSES } from "../platform/database/schema.js";

/** The refunds' answers (decision 038): the policy, a seat with today's quote, cancelling, refunds for staff. */

export const cancellationPolicy = z
  .object({
    fullRefundDays: z.int().meta({ description: "The whole price back until this many days before the first day" }),
    partialRefundDays: z.int().meta({ description: "`partialPercent` of it until this many days before" }),
    partialPercent: z.int().meta({ description: "The partial refund's share, 0 to 100" }),
    feeCents: z.int().meta({ description: "A processing fee kept from any refund, in cents" }),
    text: z.string().meta({ description: "The policy in plain words, as the pages and the receipt say it" }),
    moveDays: z.int().nullable().meta({
      description:
        "Families may move a seat to another class themselves until this many days before its first day (decision 048); null: only the office",
    }),
    moveFeeCents: z.int().meta({ description: "Kept from what was paid for a seat a family moves itself, in cents" }),
    moveText: z.string().meta({ description: "The moving rule in plain words" }),
  })
  .meta({ id: "CancellationPolicy", description: "The academy's cancellation policy, in numbers and in words" });

export const refundQuote = z
  .object({
    refund: z.number().meta({ description: "What cancelling refunds today, in dollars" }),
    refundCents: z.int().meta({ description: "The same, in cents" }),
    paidCents: z.int().meta({ description: "What was paid for the seat" }),
    refundedCents: z.int().meta({ description: "What of it went back already" }),
    percent: z.int().meta({ description: "The policy's share today, 0 to 100" }),
    feeCents: z.int().meta({ description: "The fee kept (0 when nothing is refunded)" }),
    window: z
      .enum(["full", "partial", "none", "started"])
      .meta({ description: "Where today falls in the policy; started: the class has started" }),
    daysBefore: z.int().nullable().meta({
      description: "Whole days from today to the first day (academy calendar); null for a class without dates",
    }),
    noCard: z.boolean().meta({ description: "Paid, but by no card (sample data): nothing can go back" }),
    policyRefundCents: z.int().meta({ description: "The policy's refund alone (decision 033)" }),
    discountGivenBackCents: z
      .int()
      .meta({ description: "The discount given back off it, as the seats kept no longer earn it (decision 033)" }),
    earlierReturnedCents: z
      .int()
      .meta({ description: "A discount given back at an earlier cancellation that this one returns" }),
    cancellable: z
      .boolean()
      .meta({ description: "The family may cancel it themselves (not once the class has started)" }),
    text: z.string().meta({ description: "The quote in plain words" }),
  })
  .meta({ id: "RefundQuote", description: "What cancelling a seat would refund today under the policy" });

export const enrolledSeat = z
  .object({
    _id: z.string().meta({ description: "The enrolment's id" }),
    classId: z.string(),
    class_name: z.string(),
    camper: z.string().meta({ description: 'Whose seat, by name (the account holder\'s for "Myself")' }),
    camperId: z.string(),
    start_date: z.string().nullable().meta({ description: "The class's first day (YYYY-MM-DD), or null" }),
    end_date: z.string().nullable().meta({ description: "The class's last day (YYYY-MM-DD), or null" }),
    enrolledAt: z.string().meta({ description: "When the seat was taken (ISO 8601, UTC)" }),
    paid: z.number().meta({ description: "What was paid for it, in dollars" }),
    refunded: z.number().meta({ description: "What of it went back already, in dollars" }),
    atTheDesk: z.boolean().meta({
      description:
        "Booked at the front desk (decision 047): the office cancels it, and hands its refund back itself (say how: refundMethod)",
    }),
    cancellation: refundQuote,
  })
  .meta({ id: "EnrolledSeat", description: "One seat of the family (one per camper and class), with today's quote" });

const refundStatus = z.enum(REFUND_STATUSES);

export const cancelledSeat = z
  .object({
    cancelled: z.literal(true),
    refund: z.number().meta({ description: "The refund, in dollars" }),
    refundCents: z.int().meta({ description: "The refund, in cents" }),
    refundStatus: refundStatus
      .nullable()
      .meta({ description: "The refund's state at the payment service; null when nothing is refunded" }),
    message: z.string().meta({ description: "What happened, in plain words" }),
  })
  .meta({ id: "CancelledSeat", description: "A seat cancelled, and the refund it gave" });

export const cancelledPlan = z
  .object({
    cancelledSeats: z.int().meta({ description: "The seats cancelled (those not paid in full)" }),
    refundCents: z.int().meta({ description: "The refunds under the policy, in cents, all seats together" }),
    message: z.string().meta({ description: "What happened, in plain words" }),
  })
  .meta({ id: "CancelledPlan", description: "A payment plan cancelled by the office" });

export const cancelledEnrolment = z
  .object({
    _id: z.string().meta({ description: "The cancellation's id" }),
    enrollmentId: z.string().meta({ description: "The id the seat had" }),
    classId: z.string(),
    class_name: z.string(),
    image: z.string().meta({ description: "The class's image URL" }),
    camper: z.string().meta({ description: 'Whose seat it was, by name (the account holder\'s for "Myself")' }),
    camperId: z.string(),
    start_date: z.string().nullable().meta({ description: "The class's first day (YYYY-MM-DD), or null" }),
    end_date: z.string().nullable().meta({ description: "The class's last day (YYYY-MM-DD), or null" }),
    cancelledAt: z.string().meta({ description: "When the seat was cancelled (ISO 8601, UTC)" }),
    refund: z.number().meta({ description: "The refund it gave, in dollars" }),
    refundCents: z.int().meta({ description: "The refund it gave, in cents" }),
    refundStatus: refundStatus
      .nullable()
      .meta({ description: "The refund's state at the payment service; null when nothing was refunded" }),
  })
  .meta({
    id: "CancelledEnrolment",
    description: "A seat the family had and that was cancelled, with the refund and its date",
  });

export const goodwillRefund = z
  .object({
    refund: z.number().meta({ description: "The refund, in dollars" }),
    refundCents: z.int().meta({ description: "The refund, in cents" }),
    refundStatus: refundStatus.meta({ description: "The refund's state at the payment service" }),
    message: z.string().meta({ description: "What happened, in plain words" }),
  })
  .meta({ id: "GoodwillRefund", description: "A goodwill refund recorded, and its state at the payment service" });

export const staffRefund = z
  .object({
    _id: z.string(),
    amount: z.number().meta({ description: "Dollars" }),
    amountCents: z.int(),
    status: refundStatus,
    stage: z
      .enum(["waiting", "processing", "succeeded", "failed"])
      .meta({ description: '"waiting" until the payment service has it, "processing" while it is pending there' }),
    origin: z.enum(REFUND_ORIGINS).meta({ description: "Made on this site, or at the provider (its Dashboard)" }),
    reason: z.string().nullable(),
    error: z.string().nullable().meta({ description: "The payment service's last error, if any" }),
    attempts: z.int().meta({ description: "How many times the payment service was asked" }),
    class_name: z.string().nullable().meta({
      description: "The class of the seat refunded; null for a refund of a whole payment or a class deleted since",
    }),
    paymentId: z.string(),
    family: z.string().meta({ description: "The account holder's name" }),
    email: z.string(),
    date: z.string().meta({ description: "When it was made (ISO 8601, UTC)" }),
  })
  .meta({ id: "StaffRefund", description: "A refund as staff follow it (GET /admin/refunds)" });

export type StaffRefund = z.output<typeof staffRefund>;

export const staffRefunds = z
  .object({
    items: z.array(staffRefund).meta({ description: "Newest first, at most 50" }),
    pending: z.int().meta({ description: "Refunds not done yet, in all" }),
    failed: z.int().meta({ description: "Refunds that failed, in all" }),
  })
  .meta({
    id: "StaffRefunds",
    description: "Refunds not done and failed ones (or the latest of every state), with counts",
  });
