import { z } from "zod";
import { guardians } from "../guardians/index.js";
import { PAYMENT_METHODS } from "../platform/database/schema.js";
import { isIsoDate } from "../platform/wire.js";
import { text } from "../platform/text.js";

/** What the front desk's routes take and answer (decision 047). */

const day = (description: string) => z.string().meta({ description: `${description} (YYYY-MM-DD, academy calendar)` });
const cents = (description: string) => z.int().meta({ description: `${description}, in cents` });

export const deskCamper = z
  .object({
    _id: z.string(),
    name: z.string(),
    is_self: z.boolean().meta({ description: 'The account holder\'s own "Myself" camper' }),
    date_of_birth: z.string().nullable().meta({ description: "Date of birth (YYYY-MM-DD); null when not given" }),
  })
  .meta({
    id: "DeskCamper",
    description:
      "A camper as the front desk books for them: no medical or contact details (those are read, logged, elsewhere)",
  });

export const deskPayment = z
  .object({
    _id: z.string(),
    method: z.enum(PAYMENT_METHODS),
    methodText: z.string().meta({ description: 'How it was paid, in words: "in cash", "by cheque no. 1042"' }),
    amountCents: cents("The amount"),
    reference: z.string().nullable().meta({ description: "A cheque's number or a transfer's reference" }),
    receivedOn: z.string().nullable().meta({ description: "The day the office received it (offline payments)" }),
    paidAt: z.iso.datetime().meta({ description: "When it was recorded (ISO 8601)" }),
  })
  .meta({ id: "DeskPayment", description: "One payment of a booking" });

export const deskOrder = z
  .object({
    _id: z.string(),
    bookedAt: z.iso.datetime().meta({ description: "When the seats were booked (ISO 8601)" }),
    atTheDesk: z.boolean().meta({ description: "Booked by the office (true) or by the family online" }),
    totalCents: cents("The seats' prices after discounts"),
    paidCents: cents("Paid so far"),
    refundedCents: cents("Given back"),
    owedCents: cents("Still to pay"),
    dueDay: day("The day the balance is due").nullable(),
    status: z.enum(["paid", "partially paid", "balance due"]).meta({ description: "The booking's money in words" }),
    overdue: z.boolean().meta({ description: "Something is owed and its day has passed" }),
    seats: z.array(
      z.object({
        classId: z.string(),
        className: z.string(),
        camperName: z.string(),
        priceCents: cents("Its price"),
        cancelled: z.boolean().meta({ description: "The seat was cancelled: its unpaid rest is owed no more" }),
        enrollmentId: z
          .string()
          .nullable()
          .meta({ description: "The seat's enrolment while it is booked (to move it)" }),
        movedTo: z
          .string()
          .nullable()
          .meta({ description: "The class the seat moved to (decision 048); null when it did not move" }),
      }),
    ),
    payments: z.array(deskPayment),
  })
  .meta({
    id: "DeskOrder",
    description: "A family's booking as the front desk sees it: its seats, money and payments",
  });

export type DeskOrder = z.output<typeof deskOrder>;

export const familySummary = z
  .object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable().meta({ description: "The first guardian's phone, when given" }),
    claimed: z
      .boolean()
      .meta({ description: "False while an account the office made has not been claimed by the family" }),
    campers: z.array(z.object({ _id: z.string(), name: z.string() })),
    owedCents: cents("Owed on the family's front-desk bookings"),
  })
  .meta({ id: "DeskFamilySummary", description: "A family found at the front desk" });

export const deskFamily = familySummary
  .omit({ campers: true })
  .extend({ guardians, campers: z.array(deskCamper), orders: z.array(deskOrder) })
  .meta({ id: "DeskFamily", description: "A family at the front desk: guardians, campers and bookings" });

export const newFamily = z.object({
  email: z
    .email({ error: "Not a valid e-mail address." })
    .max(254)
    .meta({ description: "The family's e-mail: its sign-in", example: "rivera.family@example.com" }),
  name: text({ required: "The account holder's name.", max: 120 }).meta({ example: "Ana Rivera" }),
});

export const seatsBody = z
  .array(z.object({ classId: z.uuid({ error: "Not a class." }), camperId: z.uuid({ error: "Not a camper." }) }))
  .min(1, { error: "Choose at least one seat." })
  .max(12, { error: "At most 12 seats at once." })
  .meta({ description: "The seats: each a class and one of the family's campers" });

const receivedOn = z
  .string()
  .refine(isIsoDate, { error: "A day as YYYY-MM-DD." })
  .meta({ description: "The day the money was received (YYYY-MM-DD, academy calendar)" });

export const offlinePayment = z
  .object({
    method: z.enum(["cash", "cheque", "bank_transfer"], { error: "Cash, cheque or bank transfer." }),
    amountCents: z.int({ error: "A whole number of cents." }).min(1, { error: "More than nothing." }).max(10_000_000),
    reference: text({ max: 60 })
      .optional()
      .meta({ description: "A cheque's number or a transfer's reference (required for those)" }),
    receivedOn,
  })
  .meta({ id: "OfflinePayment", description: "Money the office received: cash, a cheque or a bank transfer" });

export const deskBookingBody = z.object({
  seats: seatsBody,
  payment: offlinePayment.nullable().meta({ description: "What was received now; null to pay later" }),
  dueDay: z
    .string()
    .refine(isIsoDate, { error: "A day as YYYY-MM-DD." })
    .optional()
    .meta({ description: "The day the rest is due: required when the payment does not cover the total" }),
  aheadOfLineReason: text({ max: 300 })
    .optional()
    .meta({ description: "Why the family goes ahead of families waiting in a class's line (kept in the office log)" }),
});

export const deskQuote = z
  .object({
    lines: z.array(
      z.object({
        classId: z.string(),
        camperId: z.string(),
        className: z.string(),
        camperName: z.string(),
        listPriceCents: cents("The class's full price"),
        priceCents: cents("The price after discounts"),
        discounts: z.array(z.object({ name: z.string(), cents: z.int() })),
      }),
    ),
    totalCents: cents("What the seats cost together"),
  })
  .meta({ id: "DeskQuote", description: "The seats priced as the family's own checkout would price them today" });

export const balanceOrders = z
  .object({
    orders: z.array(
      z.object({
        orderId: z.string(),
        totalCents: cents("The seats' prices after discounts"),
        paidCents: cents("Paid so far"),
        owedCents: cents("Still to pay"),
        dueDay: day("The day it is due").nullable(),
        overdue: z.boolean(),
        status: z.enum(["paid", "partially paid", "balance due"]),
        seats: z.array(z.object({ className: z.string(), camperName: z.string() })),
      }),
    ),
  })
  .meta({
    id: "BalanceOrders",
    description: "GET /balance/orders: what the family owes on bookings made at the front desk",
  });

export const balanceIntent = z
  .union([
    z.object({
      paymentIntentId: z.string(),
      clientSecret: z.string().meta({ description: "Stripe.js confirms the card payment with it" }),
      amountCents: cents("The amount owed now"),
    }),
    z.object({ paid: z.literal(true).meta({ description: "Nothing is owed any more" }) }),
  ])
  .meta({ id: "BalanceIntent", description: "A card payment of a booking's balance, ready for Stripe.js" });

export const claimOpened = z
  .object({
    email: z.string().meta({ description: "The account's e-mail" }),
    code: z
      .string()
      .meta({ description: "Firebase's password-reset code: confirmPasswordReset(auth, code, password)" }),
  })
  .meta({ id: "ClaimOpened", description: "An account the office made, ready for its family to set a password" });

export const officeLog = z
  .object({
    actions: z.array(
      z.object({
        _id: z.string(),
        at: z.iso.datetime().meta({ description: "When (ISO 8601)" }),
        actorName: z.string().meta({ description: "The admin who did it (their name then)" }),
        action: z
          .string()
          .meta({ description: "family-created, guardians-saved, camper-added, booked, payment-recorded" }),
        summary: z.string().meta({ description: "What was done, in words" }),
        familyId: z.string().nullable(),
        familyName: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "OfficeLog", description: "The office activity log, newest first (at most 100 lines)" });
