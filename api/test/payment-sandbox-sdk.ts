import Stripe from "stripe";
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY, type PaymentSandbox } from "../../tools/payment-sandbox.mjs";

/**
 * What the API's suites of the payment sandbox send it and read from it (payment-sandbox*.test.ts):
 * the SDK as the API makes it, a browser card form's call, and the answers as the assertions read them.
 */

/** The SDK pointed at the sandbox, with the account's secret key, another key (to be refused), or options. */
export const stripeFor = (sandbox: PaymentSandbox, keyOrOptions: string | Stripe.StripeConfig = {}) =>
  new Stripe(typeof keyOrOptions === "string" ? keyOrOptions : LOCAL_SECRET_KEY, {
    host: "127.0.0.1",
    port: sandbox.port,
    protocol: "http",
    maxNetworkRetries: 0,
    telemetry: false,
    ...(typeof keyOrOptions === "string" ? {} : keyOrOptions),
  });

export async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as Stripe.errors.StripeError;
  }
  throw new Error("expected the call to fail");
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A PaymentIntent's error as the worker reads it (the SDK keeps the answer's error object in `raw`). */
export const intentOf = (error: Stripe.errors.StripeError) =>
  (error.raw as { payment_intent: Stripe.PaymentIntent }).payment_intent;

export const nextYear = String(new Date().getUTCFullYear() + 1);

/** What a browser card form sends: the publishable key, the client secret and the raw card. */
export function browserConfirm(
  sandbox: PaymentSandbox,
  intent: { id: string; client_secret: string | null },
  card: { number: string; exp_month?: string; exp_year?: string; cvc?: string },
  clientSecret = intent.client_secret ?? "",
) {
  const body = new URLSearchParams({
    key: LOCAL_PUBLISHABLE_KEY,
    client_secret: clientSecret,
    "payment_method_data[type]": "card",
    "payment_method_data[card][number]": card.number,
    "payment_method_data[card][exp_month]": card.exp_month ?? "12",
    "payment_method_data[card][exp_year]": card.exp_year ?? nextYear,
    "payment_method_data[card][cvc]": card.cvc ?? "123",
    "payment_method_data[billing_details][name]": "Sam Student",
    "payment_method_data[billing_details][email]": "sam@example.com",
  });
  return fetch(`${sandbox.url}/v1/payment_intents/${intent.id}/confirm`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000" },
    body,
  });
}

/** The answers read by fetch, typed as loosely as the assertions need. */
export interface IntentBody {
  id: string;
  status: string;
  metadata?: Record<string, string>;
}
export interface ErrorBody {
  error: {
    type: string;
    code?: string;
    decline_code?: string;
    message: string;
    param?: string;
    payment_intent: IntentBody & { last_payment_error: { message: string } };
  };
}
export const json = async <T = ErrorBody>(res: Response) => (await res.json()) as T;
