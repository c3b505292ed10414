import { z } from "zod";
import { text } from "../platform/text.js";

/** What the checkout's and the payments' routes accept, and the refusals they list in the contract. */

const intentId = z
  .string({ error: "transactionId is required." })
  .regex(/^pi_[A-Za-z0-9]{1,100}$/, { error: "transactionId must be the id of a payment (pi_...)." });

/**
 * The spec's client sends the whole payment record; only the transaction id is used; every other
 * value comes from the database. An e-mail that is not the caller's is refused (403).
 */
export const paymentBody = z
  .object({
    transactionId: intentId.meta({ description: "The PaymentIntent the payment page confirmed (pi_...)" }),
    email: text({ max: 254 })
      .optional()
      .meta({ description: "The caller's own e-mail (the spec's client sends it); another one is refused (403)" }),
  })
  .meta({ example: { transactionId: "pi_3PqR7sT2eZvKYlo21aBcDeFg", email: "sam.rivera@example.com" } });

export const checkoutBody = z
  .object({
    /** Pay for these cart items only (the single payment page sends one); the whole cart when absent. */
    cartItemIds: z
      .array(z.uuid({ error: "Not a valid cart item id." }))
      .min(1, { error: "Choose at least one cart item." })
      .max(100)
      .optional(),
    /** The spec's client sends the total it shows: ignored, the server computes the amount. */
    price: z.number().optional(),
    /** A promo code: applied, or refused with the reason (400, field promoCode). */
    promoCode: text({ max: 40 }).optional(),
    /**
     * A payment plan offered for this cart (`paymentPlans` of POST /carts/quote): its deposit is
     * charged now and the card saved for the rest; refused (400, field paymentPlanId) when it is not offered.
     */
    paymentPlanId: z.uuid({ error: "Not a valid payment plan id." }).optional(),
  })
  .default({})
  .meta({ example: { cartItemIds: ["5a1b3c5d-7e9f-4a2b-8c4d-6e8f0a2b4c6d"], promoCode: "SPRING10" } });

/**
 * The refusals of opening a checkout (POST /create-payment-intent, and accepting a waitlist offer,
 * which opens one): booking/checkout/open.ts and cart-lines.ts.
 */
export const CHECKOUT_REFUSALS = {
  403: "The caller's e-mail address is not confirmed (decision 028), or the caller is not a student",
  404: "Some of the cart items given are no longer in the caller's cart",
  409: "The cart is empty; a class started, is not open yet, closed or is full; a camper may not take the seat; the account would hold too many seats; the checkout is being opened in another tab; or it is paid already",
  422: "The total is below the card payment's minimum ($0.50)",
  502: "The payment service cannot be reached; nothing was charged",
} as const;

/** The refusals of recording a payment (booking/checkout/settle.ts). */
export const RECORD_REFUSALS = {
  400: "The input is malformed, or the provider knows no such payment (field transactionId)",
  403: "The e-mail is not the caller's, the payment is not the caller's, or the caller's role may not do this",
  404: "No checkout of this site was paid by this payment",
  409: "The payment has not gone through, does not match its checkout, or was refunded (the hold ran out and a class filled up, or a newer checkout replaced it)",
  502: "The payment service cannot be reached",
} as const;
