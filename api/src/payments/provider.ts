import Stripe from "stripe";
import type { PaymentConfig } from "../platform/config.js";
import { ApiError } from "../platform/errors.js";
import type { Intent, PaymentProvider, ProviderRefund } from "../booking/index.js";
import type { CardSetup } from "../plans/index.js";

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
  paymentMethodId: typeof pi.payment_method === "string" ? pi.payment_method : (pi.payment_method?.id ?? null),
});

/** The last four digits of the card a refusal names (`last_payment_error.payment_method`, or the error's own). */
const refusedCardLast4 = (error: { payment_method?: Stripe.PaymentMethod } | null | undefined) =>
  error?.payment_method?.card?.last4 ?? null;

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

/** A SetupIntent as the plans domain reads it. */
function toCardSetup(si: Stripe.SetupIntent): CardSetup {
  const idOf = (value: string | { id: string } | null) => (typeof value === "string" ? value : (value?.id ?? null));
  return {
    id: si.id,
    status: si.status,
    clientSecret: si.client_secret,
    customerId: idOf(si.customer),
    paymentMethodId: idOf(si.payment_method),
    metadata: si.metadata ?? {},
  };
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
    createIntent: ({ amountCents, currency, orderId, studentId, email, description, saveCardFor }) =>
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
              // A plan's deposit saves the card to the family's Customer for the instalments.
              ...(saveCardFor && { customer: saveCardFor, setup_future_usage: "off_session" as const }),
            },
            // A retried request for the same order gets the same intent, never a second one.
            { idempotencyKey: `order-${orderId}` },
          ),
        ),
      ),
    createBalanceIntent: ({ amountCents, currency, orderId, studentId, email, key }) =>
      reach(async () =>
        toIntent(
          await stripe.paymentIntents.create(
            {
              amount: amountCents,
              currency,
              automatic_payment_methods: { enabled: true, allow_redirects: "never" },
              metadata: { balanceOrderId: orderId, studentId },
              receipt_email: email,
              description: "Balance of a booking made at the front desk",
            },
            { idempotencyKey: key },
          ),
        ),
      ),
    createCustomer: ({ familyId, email }) =>
      reach(async () => {
        const customer = await stripe.customers.create(
          { email, metadata: { familyId } },
          { idempotencyKey: `customer-${familyId}` },
        );
        return customer.id;
      }),
    chargeSavedCard: (input) =>
      reach(async () => {
        try {
          const pi = await stripe.paymentIntents.create(
            {
              amount: input.amountCents,
              currency: input.currency,
              customer: input.customerId,
              payment_method: input.paymentMethodId,
              off_session: true,
              confirm: true,
              // Cards only, as at checkout: nobody is there to follow a redirect.
              automatic_payment_methods: { enabled: true, allow_redirects: "never" },
              description: input.description.slice(0, 1000),
              metadata: input.metadata,
              expand: ["latest_charge"],
            },
            { idempotencyKey: input.idempotencyKey },
          );
          if (pi.status === "succeeded")
            return { paid: true, intentId: pi.id, cardLast4: toIntent(pi).cardLast4 ?? null };
          return {
            paid: false,
            intentId: pi.id,
            declineCode: pi.status,
            message: "The payment was not completed.",
            cardLast4: refusedCardLast4(pi.last_payment_error),
          };
        } catch (error) {
          // A refusal of the card (402), or of the request itself (400: asking again under the
          // same key gets the same answer), is an answer; anything else (unreachable, 429) is not.
          if (error instanceof Stripe.errors.StripeCardError) {
            const raw = error.raw as { payment_intent?: { id?: string } };
            return {
              paid: false,
              intentId: raw.payment_intent?.id ?? null,
              declineCode: error.decline_code ?? error.code ?? "card_declined",
              message: error.message,
              // The family's e-mail names the card refused: Stripe sends it whole with the refusal.
              cardLast4: refusedCardLast4(error.payment_intent?.last_payment_error) ?? refusedCardLast4(error),
            };
          }
          if (error instanceof Stripe.errors.StripeRateLimitError) {
            // Nothing was done: the charge waits, and this process slows down (plans/charging.ts).
            throw new ApiError(429, "The payment provider asks to slow down; nothing was charged.");
          }
          if (error instanceof Stripe.errors.StripeInvalidRequestError) {
            return {
              paid: false,
              intentId: null,
              declineCode: error.code ?? "invalid_request",
              message: error.message,
              cardLast4: null,
            };
          }
          throw error;
        }
      }),
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
    readyForFamily: (id, amountCents) =>
      reach(async () =>
        toIntent(
          await stripe.paymentIntents.update(id, {
            amount: amountCents,
            // The card the family pays with now is saved for the plan's later charges.
            setup_future_usage: "off_session",
          }),
        ),
      ),
    createCardSetup: ({ customerId, familyId }) =>
      reach(async () =>
        toCardSetup(
          await stripe.setupIntents.create({
            customer: customerId,
            usage: "off_session",
            // Cards only, as at checkout: the card field confirms it, never a redirect.
            automatic_payment_methods: { enabled: true, allow_redirects: "never" },
            metadata: { familyId },
          }),
        ),
      ),
    retrieveCardSetup: (id) =>
      reach(async () => {
        try {
          return toCardSetup(await stripe.setupIntents.retrieve(id));
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
