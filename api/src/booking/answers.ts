import { z } from "zod";
import { LEVELS, SPORTS, WEEKDAYS } from "../platform/database/schema.js";

/**
 * The booking answers (decision 038): a cart's lines, enrolments, and the checkout's and payments'
 * shapes. The handlers are typed from these schemas (the types at the end); the front ends read
 * the same shapes from the types generated from the document.
 */

const dateOnly = (what: string) =>
  z
    .string()
    .nullable()
    .meta({ description: `${what} (YYYY-MM-DD), or null` });
const instant = (what: string) => z.string().meta({ description: `${what} (ISO 8601, UTC)` });

/** A class's fields as a cart line, an enrolment and a new cart line send them (the public ones). */
const classFields = {
  class_name: z.string(),
  image: z.string().meta({ description: "The class's picture: an http(s) URL or a path of the API's images" }),
  instructor: z.string().meta({ description: "The instructor's name" }),
  instructorId: z.string(),
  available_seats: z.int().meta({ description: "The class's seats in all" }),
  enrolled_seats: z.int().meta({ description: "Seats taken by enrolled campers" }),
  price: z.number().meta({ description: "The full price, in dollars" }),
  early_price: z
    .number()
    .nullable()
    .meta({ description: "The early-bird price in dollars until the end of `early_price_until`, or null" }),
  early_price_until: dateOnly("The early-bird price's last day, on the academy's calendar"),
  price_today: z.number().meta({
    description: "What a seat costs today, in dollars: the early-bird price while it holds, else `price`",
  }),
  price_today_until: dateOnly(
    "The last day `price_today` holds when it is the early-bird price (then `price`), on the academy's calendar",
  ),
  details: z.string().meta({ description: "The class's description; empty when none" }),
  sport: z.enum(SPORTS).nullable(),
  start_date: dateOnly("The session's first day"),
  end_date: dateOnly("The session's last day"),
  weekdays: z.array(z.enum(WEEKDAYS)).meta({ description: "The days it runs, Monday first; empty when not set" }),
  start_time: z.string().nullable().meta({ description: "Daily start, HH:MM (24 h), or null" }),
  end_time: z.string().nullable().meta({ description: "Daily end, HH:MM (24 h), or null" }),
  age_min: z.int().nullable(),
  age_max: z.int().nullable(),
  level: z.enum(LEVELS).nullable(),
  location: z.string().nullable(),
  registration_opens_at: z
    .string()
    .nullable()
    .meta({ description: "When booking opens (ISO 8601, UTC), or null: open now" }),
};

/** The class as the routes of this file send it: its id, the instructor's e-mail. */
const bookedClass = z.object({
  _id: z.string(),
  ...classFields,
  email: z.string().meta({ description: "The instructor's e-mail" }),
});

const whoseSeat = {
  camperId: z.string().meta({ description: "Whose seat: one of the family's campers" }),
  camper_name: z.string().meta({
    description: "The camper's first and last name (the account holder's name for their own \"Myself\" seat)",
  }),
};

export const cartItem = z
  .object({
    _id: z.string().meta({ description: "The cart item's own id" }),
    classItemId: z.string().meta({ description: "The class's id" }),
    ...classFields,
    email: z.string().meta({ description: "The student's e-mail (the spec's cart item)" }),
    ...whoseSeat,
  })
  .meta({ id: "CartItem", description: "One line of a family's cart (GET /carts): a class booked for one camper" });

export const addedToCart = z
  .object({
    insertedId: z.string().meta({ description: "The new cart item's id" }),
    camperId: z.string().meta({ description: "Whose seat the new line is" }),
    item: bookedClass.meta({ description: "The class booked" }),
  })
  .meta({ id: "AddToCartResponse", description: "POST /carts: the new cart item's id and the class it books" });

export const enrolledClass = z
  .object({
    ...bookedClass.shape,
    enrollmentId: z.string().meta({ description: "The enrolment's own id" }),
    ...whoseSeat,
  })
  .meta({
    id: "EnrolledClass",
    description: "A class the family is enrolled in (GET /enrolled): one row per camper and class",
  });

export const deletedCount = z.object({ deletedCount: z.int().meta({ description: "1: the item was removed" }) });

export const lineDiscount = z
  .object({
    kind: z.enum(["early_bird", "sibling", "multi_class", "code", "aid"]),
    name: z.string(),
    cents: z.int(),
  })
  .meta({ id: "LineDiscount", description: "One discount on a line, by name, in cents" });

export const codeVerdict = z
  .object({
    code: z.string(),
    name: z.string(),
    summary: z.string().meta({ description: '"10% off", "$20.00 off".' }),
    applied: z.boolean(),
    reason: z
      .string()
      .nullable()
      .meta({ description: 'Why it cannot apply ("This code expired on 1 June."), when not applied.' }),
    cents: z.int().meta({ description: "What it takes off the order, in cents." }),
  })
  .meta({
    id: "CodeVerdict",
    description: "A promo code as the server judged it: what it does, or why it cannot apply.",
  });

const rule = z.string().meta({ description: "How discounts combine, in plain words." });

const planOffer = z
  .object({
    _id: z.string(),
    name: z.string().meta({ description: "The plan's name, as the academy wrote it" }),
    summary: z.string().meta({ description: "The plan in plain words" }),
    schedule: z
      .array(
        z.object({
          due: z.string().meta({ description: "The day it is charged (YYYY-MM-DD, academy calendar)" }),
          amountCents: z.int().meta({ description: "What is charged that day, in cents" }),
          deposit: z.boolean().meta({ description: "True for the deposit, paid today at checkout" }),
        }),
      )
      .meta({ description: "Every charge in order; the amounts add up to the cart's total to the cent" }),
  })
  .meta({ id: "PlanOffer", description: "A payment plan offered for a cart, with what it charges when" });

const chosenPlan = planOffer
  .extend({
    consent: z.string().meta({
      description:
        "What the family authorises by paying the deposit: the later charges of the saved card, and how to stop them",
    }),
  })
  .meta({
    id: "ChosenPlan",
    description: "The payment plan a checkout is paid with: `amount` is its deposit, charged now",
  });

export const cartQuote = z
  .object({
    items: z.array(
      z.object({
        cartItemId: z.string(),
        classItemId: z.string(),
        class_name: z.string(),
        camper_name: z.string(),
        listPriceCents: z.int(),
        priceCents: z.int(),
        discounts: z.array(lineDiscount),
      }),
    ),
    subtotalCents: z.int(),
    discountCents: z.int(),
    totalCents: z.int(),
    code: codeVerdict.nullable(),
    rule,
    paymentPlans: z.array(planOffer).meta({
      description:
        "The payment plans this cart may be paid with today, each with its schedule (empty: pay in full only, which is always offered)",
    }),
  })
  .meta({
    id: "CartQuote",
    description: "POST /carts/quote: the cart priced by the server, with a code when one is typed (nothing is held).",
  });

export const checkoutItem = z
  .object({
    cartItemId: z.string(),
    classItemId: z.string(),
    class_name: z.string(),
    price: z.number().meta({ description: "Dollars: what is paid for this seat, after its discounts." }),
    listPriceCents: z.int().optional().meta({ description: "The class's full price, in cents." }),
    priceCents: z.int().optional().meta({ description: "What is paid for this seat, in cents." }),
    discounts: z.array(lineDiscount).optional().meta({ description: "Each discount taken off the full price." }),
    camper_name: z.string().meta({
      description:
        "Whose seat: the camper's first and last name (the account holder's name for their own \"Myself\" seat).",
    }),
  })
  .meta({ id: "CheckoutItem", description: "One class of a checkout, at the price the server charges for it." });

/** The checkout's fields; the waitlist's accepted offer adds its cart lines to them. */
const checkoutShape = {
  clientSecret: z.string().meta({ description: "The PaymentIntent's client secret, for the payment page" }),
  paymentIntentId: z.string(),
  orderId: z.string(),
  amount: z.number().meta({ description: "Dollars, computed by the server from the database." }),
  currency: z.string().meta({ description: 'The currency, lower case ("usd")' }),
  expiresAt: instant("The seats are held until then"),
  maxExpiresAt: instant("The latest the hold can be extended to (POST /checkouts/:orderId/extend)"),
  items: z.array(checkoutItem),
  subtotalCents: z.int().optional().meta({ description: "Cents: the full prices' sum." }),
  discountCents: z.int().optional().meta({ description: "Cents: every discount's sum." }),
  totalCents: z.int().optional().meta({
    description: "Cents: the cart's total (= amount when paid in full; on a plan, amount is its deposit).",
  }),
  plan: chosenPlan
    .nullable()
    .optional()
    .meta({ description: "The payment plan chosen, with its schedule; null when paid in full." }),
  promoCode: z.string().nullable().optional().meta({ description: "The promo code this checkout uses, if any." }),
  rule: rule.optional(),
};

export const checkout = z.object(checkoutShape).meta({
  id: "Checkout",
  description:
    "POST /create-payment-intent: the seats are held until `expiresAt`; the amount is the server's. 201 when a checkout opened, 200 when the one in progress is answered again.",
});

export const acceptedOffer = z
  .object({
    ...checkoutShape,
    cartItemIds: z.array(z.string()).meta({ description: "The cart lines the checkout is for (made or found)" }),
  })
  .meta({
    id: "AcceptedOffer",
    description: "POST /waitlist/:id/accept: the checkout opened with the offer's seats, and its cart lines",
  });

export const holdExtension = z
  .object({
    orderId: z.string(),
    expiresAt: instant("The seats stay held until then"),
    maxExpiresAt: instant("Never past this"),
  })
  .meta({
    id: "HoldExtension",
    description: "POST /checkouts/:orderId/extend: the seats stay held until `expiresAt`, never past `maxExpiresAt`.",
  });

export const paymentRecord = z
  .object({
    _id: z.string(),
    email: z.string(),
    transactionId: z.string().meta({ description: "The PaymentIntent's id (pi_...)" }),
    price: z.number().meta({ description: "Dollars." }),
    amountCents: z.int().meta({ description: "What was paid, in cents (price in cents, exact)" }),
    date: instant("When it was paid"),
    quantity: z.int(),
    cartItems: z.array(z.string()),
    classItems: z.array(z.string()),
    status: z.string().meta({ description: 'The payment\'s state ("service pending" once recorded)' }),
    classNames: z.array(z.string()),
    camperNames: z.array(z.string()).meta({
      description: 'Whose seat each class is, in the order of classItems (the account holder\'s name for "Myself").',
    }),
    image: z.string(),
    refunds: z
      .array(
        z.object({
          amount: z.number().meta({ description: "Dollars" }),
          status: z.enum(["pending", "succeeded", "failed"]),
          date: instant("When it was made"),
          movedTo: z.string().nullable().optional().meta({
            description: "Not money back: the amount carried to the seat moved to this class (decision 048)",
          }),
        }),
      )
      .optional()
      .meta({ description: "Money sent back: each refund (GET /payments)." }),
    refunded: z
      .number()
      .optional()
      .meta({ description: "The total sent back or on its way, in dollars (GET /payments)." }),
    refundedCents: z.int().optional().meta({
      description:
        "The total sent back or on its way, in cents (GET /payments): amountCents less it is what the payment cost in the end.",
    }),
    lines: z
      .array(
        z.object({
          listPriceCents: z.int().nullable(),
          priceCents: z.int(),
          discounts: z.array(lineDiscount),
        }),
      )
      .optional()
      .meta({
        description: "Each class's full price, what was paid for it and its discounts (cents), in classItems' order.",
      }),
    discountCents: z.int().optional().meta({ description: "Every discount of the payment, in cents." }),
    plan: z
      .object({
        name: z.string().meta({ description: "The payment plan's name when the family chose it" }),
        part: z.enum(["deposit", "instalment"]),
      })
      .nullable()
      .optional()
      .meta({
        description:
          "A payment of a payment plan: its deposit (paid at checkout) or one of its instalments; null when paid in full",
      }),
    move: z
      .object({
        fromClass: z.string(),
        toClass: z.string(),
        camperName: z.string(),
        heldCents: z.int().meta({ description: "Paid for the old seat, carried over" }),
        feeCents: z.int().meta({ description: "The transfer fee kept" }),
        priceCents: z.int().meta({ description: "The new seat's price" }),
        owedCents: z.int().meta({ description: "The difference to pay" }),
        refundCents: z.int().meta({ description: "The difference given back" }),
      })
      .nullable()
      .optional()
      .meta({
        description:
          "A seat moved to another class (decision 048): this payment is the old seat's payment carried to the new one, with the move's lines; null otherwise",
      }),
  })
  .meta({
    id: "PaymentRecord",
    description: "One payment as GET /payments returns it: the spec's payment record (section 3) with the API's id.",
  });

export const paymentPage = z
  .object({
    items: z.array(paymentRecord),
    total: z.int().meta({ description: "Payments in all" }),
    page: z.int(),
    size: z.int(),
  })
  .meta({ id: "PaymentPage", description: "One page of the payment history (GET /payments with page or size)" });

export const recordedPayment = z
  .object({
    result: z.object({
      insertedId: z.string().meta({ description: "The payment record's id" }),
      deletedCount: z.int().meta({ description: "Cart items removed (0 when it was recorded before)" }),
    }),
    payment: paymentRecord,
  })
  .meta({
    id: "RecordedPayment",
    description:
      "POST /payments and POST /payments/:cartItemId: the paid checkout as recorded (201 the first time, 200 after)",
  });

/** What the checkout's and the payments' handlers return: the schemas' own output. */
export type CartQuote = z.output<typeof cartQuote>;
export type Checkout = z.output<typeof checkout>;
export type HoldExtension = z.output<typeof holdExtension>;
export type PaymentRecord = z.output<typeof paymentRecord>;
export type RecordedPayment = z.output<typeof recordedPayment>;
