import Stripe from "stripe";
import type { PaymentConfig } from "../platform/config.js";
import { ApiError } from "../platform/errors.js";
import type { Intent, PaymentProvider, ProviderRefund } from "../booking/index.js";

export const providerUnavailable = () =>
  new ApiError(502, "The payment service cannot be reached right now; nothing was charged. Try again in a minute.");

export const toIntent = (pi: Stripe.PaymentIntent): Intent => ({
  id: pi.id,
  status: pi.status,
  amount: pi.amount,
  currency: pi.currency,
  clientSecret: pi.client_secret,
  metadata: pi.metadata,
  cardLast4:
    pi.latest_charge && typeof pi.latest_charge === "object"
      ? (pi.latest_charge.payment_method_details?.card?.last4 ?? null)
      : null,
});

const refundStatus = (status: string | null) => (status === "succeeded" || status === "failed" ? status : "pending");

export const toProviderRefund = (refund: Stripe.Refund): ProviderRefund => ({
  id: refund.id,
  intentId: typeof refund.payment_intent === "string" ? refund.payment_intent : (refund.payment_intent?.id ?? null),
  amountCents: refund.amount,
  // Stripe's "canceled" and "requires_action" are not money sent back: counted as pending until they end.
  status: refund.status === "canceled" ? "failed" : refundStatus(refund.status),
  refundId: refund.metadata?.refundId ?? null,
  created: refund.created,
  failureReason: refund.failure_reason ?? null,
});

/** Runs a call to the provider; connection and server errors become a 502 ApiError. */
async function reach<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw providerUnavailable();
  }
}

export function createPaymentProvider(config: PaymentConfig): PaymentProvider {
  const url = config.apiUrl;
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    appInfo: { name: "summit-sports-academy-api" },
    ...(url && {
      host: url.hostname,
      port: Number(url.port || (url.protocol === "https:" ? 443 : 80)),
      protocol: url.protocol === "https:" ? "https" : "http",
    }),
  });
  const isState = (error: unknown) =>
    error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "payment_intent_unexpected_state";

  return {
    webhooksConfigured: Boolean(config.webhookSecret),
    createIntent: ({ amountCents, currency, orderId, studentId, email, description }) =>
      reach(async () =>
        toIntent(
          await stripe.paymentIntents.create(
            {
              amount: amountCents,
              currency,
              // Cards only: the payment page confirms with card details, never with a redirect.
              automatic_payment_methods: { enabled: true, allow_redirects: "never" },
              metadata: { orderId, studentId },
              receipt_email: email,
              description: description.slice(0, 1000),
            },
            // A retried request for the same order gets the same intent, never a second one.
            { idempotencyKey: `order-${orderId}` },
          ),
        ),
      ),
    retrieveIntent: (id) =>
      reach(async () => {
        try {
          // The charge comes along: the receipt names the card by its last four digits.
          return toIntent(await stripe.paymentIntents.retrieve(id, { expand: ["latest_charge"] }));
        } catch (error) {
          if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
          throw error;
        }
      }),
    cancelIntent: (id) =>
      reach(async () => {
        try {
          await stripe.paymentIntents.cancel(id, { cancellation_reason: "abandoned" });
          return true;
        } catch (error) {
          if (isState(error)) return false;
          throw error;
        }
      }),
    refund: (intentId, orderId) =>
      reach(async () => {
        await stripe.refunds.create(
          { payment_intent: intentId, reason: "requested_by_customer", metadata: { orderId } },
          { idempotencyKey: `refund-${orderId}` },
        );
      }),
    refundAmount: ({ intentId, amountCents, refundId, orderId }) =>
      reach(async () => {
        try {
          const refund = await stripe.refunds.create(
            {
              payment_intent: intentId,
              amount: amountCents,
              reason: "requested_by_customer",
              metadata: { orderId, refundId },
            },
            { idempotencyKey: `refund-line-${refundId}` },
          );
          return { id: refund.id, status: refundStatus(refund.status) };
        } catch (error) {
          if (error instanceof Stripe.errors.StripeInvalidRequestError) {
            throw new ApiError(409, `The payment provider refused the refund: ${error.message}`);
          }
          throw error;
        }
      }),
    listRefunds: (filter) =>
      reach(async () => {
        const params: Stripe.RefundListParams =
          "intentId" in filter
            ? { payment_intent: filter.intentId, limit: 100 }
            : { created: { gte: filter.createdSince }, limit: 100 };
        const found: ProviderRefund[] = [];
        // The SDK's auto-pagination follows `starting_after` through every page.
        for await (const refund of stripe.refunds.list(params)) found.push(toProviderRefund(refund));
        return found;
      }),
    verifyEvent: (rawBody, signature) => {
      if (!config.webhookSecret || !signature) return null;
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch {
        return null;
      }
    },
  };
}
