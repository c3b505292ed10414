import type Stripe from "stripe";
import type { CardSetups, CustomerMaker, FamilyIntents, SavedCardCharger } from "../../plans/index.js";

/** What the API needs of a PaymentIntent. */
export interface Intent {
  id: string;
  status: Stripe.PaymentIntent.Status;
  amount: number;
  currency: string;
  clientSecret: string | null;
  metadata: Record<string, string>;
  /** The last four digits of the card charged, when the provider said (a retrieved, paid intent). */
  cardLast4?: string | null;
  /** The card the intent was paid with (saved for later charges when the intent asked to). */
  paymentMethodId?: string | null;
}

/** A refund as the provider has it now (made through the site or in its Dashboard). */
export interface ProviderRefund {
  id: string;
  intentId: string | null;
  amountCents: number;
  status: "succeeded" | "pending" | "failed";
  /** Our refund row's id, for the refunds the site asked for. */
  refundId: string | null;
  /** Seconds since 1970 on the provider's clock. */
  created: number;
  failureReason: string | null;
}

/**
 * The card payment provider, as the API uses it: Stripe's PaymentIntents through the real SDK,
 * against Stripe or, locally and in tests, the payment sandbox (tools/payment-sandbox.mjs).
 * Every failure to reach it becomes a 502 that says nothing was charged. A payment plan's Customer
 * and off-session charges are as the plans domain needs them (decision 040).
 */
export interface PaymentProvider extends CustomerMaker, SavedCardCharger, FamilyIntents, CardSetups {
  createIntent(input: {
    amountCents: number;
    currency: string;
    orderId: string;
    studentId: string;
    email: string;
    description: string;
    /**
     * For a payment plan's deposit: the family's Customer, to which the card is saved for the
     * later instalments (`setup_future_usage: "off_session"`).
     */
    saveCardFor?: string;
  }): Promise<Intent>;
  /**
   * The family's card payment of a front-desk order's balance (decision 047): metadata
   * `balanceOrderId`; `key` makes a repeat of the same payment the same intent.
   */
  createBalanceIntent(input: {
    amountCents: number;
    currency: string;
    orderId: string;
    studentId: string;
    email: string;
    key: string;
  }): Promise<Intent>;
  retrieveIntent(id: string): Promise<Intent | null>;
  /** Cancels an open intent; false when it can no longer be canceled (it succeeded meanwhile). */
  cancelIntent(id: string): Promise<boolean>;
  refund(intentId: string, orderId: string): Promise<void>;
  /**
   * Sends part of a payment back, under the refund row's id as idempotency key: asked
   * again, the provider answers with the same refund. Throws a 502 ApiError when unreachable, and
   * a 4xx ApiError with the provider's words when it refuses.
   */
  refundAmount(input: { intentId: string; amountCents: number; refundId: string; orderId: string }): Promise<{
    id: string;
    status: "succeeded" | "pending" | "failed";
  }>;
  /**
   * Refunds at the provider, newest first: those of one PaymentIntent, or those created at or after
   * `createdSince` (provider seconds), every page of them. Throws a 502 ApiError when unreachable.
   */
  listRefunds(filter: { intentId: string } | { createdSince: number }): Promise<ProviderRefund[]>;
  /** The event of a signed webhook request, or null when the signature does not hold. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): Stripe.Event | null;
  readonly webhooksConfigured: boolean;
}
