import { positiveInteger } from "./numbers.js";
import { refusePublished } from "./published-secrets.js";

/** Payments: Stripe (or the local payment sandbox), and how long a checkout or an offer holds seats. */
export interface PaymentConfig {
  /** Stripe's secret key (sk_live_... or sk_test_...). */
  secretKey: string;
  /** Signs the webhook's events (whsec_...); without it POST /webhooks/stripe answers 503. */
  webhookSecret: string | undefined;
  /** Local payment sandbox instead of Stripe's servers (development and tests only). */
  apiUrl: URL | undefined;
  /** How long a checkout holds its seats, and how much longer each extension keeps them. */
  holdSeconds: number;
  /**
   * The longest a checkout may hold its seats in all, counted from its opening, however often it
   * is extended: an account cannot keep seats from other students for hours.
   */
  holdMaxSeconds: number;
  /** The most seats one account may hold at once, across all its checkouts in progress. */
  heldSeatsPerAccount: number;
  /**
   * How long a waitlist offer keeps its seats for the family: WAITLIST_OFFER_HOURS
   * (default 24), or WAITLIST_OFFER_SECONDS where a test needs seconds.
   */
  offerSeconds: number;
  currency: "usd";
  /**
   * Payment plans' charges after the deposit (decision 040): how fast this process charges. How
   * often a refused charge is tried again is the academy's (plan settings), not the deployment's.
   */
  instalments: {
    /**
     * The most charges a process asks of the provider per second (INSTALMENT_CHARGES_PER_SECOND,
     * 12): Stripe creates 25 PaymentIntents a second for an account, shared by every process.
     */
    chargesPerSecond: number;
    /** How often each process looks for instalments due (INSTALMENT_CHECK_SECONDS, 60). */
    checkSeconds: number;
  };
}

/** The local payment sandbox's key and address: what `npm start` and the tests run against. */
const SANDBOX_SECRET_KEY = "sk_test_local_sandbox";
const SANDBOX_URL = "http://127.0.0.1:12111";

export function readPaymentConfig(env: NodeJS.ProcessEnv, production: boolean): PaymentConfig {
  const secretKey = env.STRIPE_SECRET_KEY ?? (production ? "" : SANDBOX_SECRET_KEY);
  if (!/^(sk|rk)_(live|test)_\w+$/.test(secretKey)) {
    throw new Error("STRIPE_SECRET_KEY must be a Stripe secret key (sk_live_... or sk_test_...)");
  }
  refusePublished(production, "STRIPE_SECRET_KEY", secretKey);
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET || undefined;
  if (production && !webhookSecret) throw new Error("STRIPE_WEBHOOK_SECRET must be set in production");
  refusePublished(production, "STRIPE_WEBHOOK_SECRET", webhookSecret);
  const rawUrl = env.STRIPE_API_URL ?? (production || env.STRIPE_SECRET_KEY ? "" : SANDBOX_URL);
  if (production && rawUrl) {
    // A payment API of our own choosing in production would let it confirm payments that never happened.
    throw new Error("STRIPE_API_URL must not be set in production (it points the payments at a sandbox)");
  }
  let apiUrl: URL | undefined;
  if (rawUrl) {
    apiUrl = new URL(rawUrl);
    if (apiUrl.protocol !== "http:" && apiUrl.protocol !== "https:") {
      throw new Error("STRIPE_API_URL must be an http(s) URL");
    }
  }
  const holdSeconds = positiveInteger(env, "PAYMENT_HOLD_SECONDS", 15 * 60);
  // 45 minutes: three full holds, time enough to find a card; never less than one hold.
  const holdMaxSeconds = positiveInteger(env, "PAYMENT_HOLD_MAX_SECONDS", Math.max(45 * 60, holdSeconds));
  if (holdMaxSeconds < holdSeconds) {
    throw new Error(
      `PAYMENT_HOLD_MAX_SECONDS (${holdMaxSeconds}) must be at least PAYMENT_HOLD_SECONDS (${holdSeconds}): a checkout's first hold would already pass it`,
    );
  }
  return {
    secretKey,
    webhookSecret,
    apiUrl,
    holdSeconds,
    holdMaxSeconds,
    heldSeatsPerAccount: positiveInteger(env, "PAYMENT_HOLD_SEATS_PER_ACCOUNT", 6),
    offerSeconds: env.WAITLIST_OFFER_SECONDS
      ? positiveInteger(env, "WAITLIST_OFFER_SECONDS", 60)
      : positiveInteger(env, "WAITLIST_OFFER_HOURS", 24) * 3600,
    currency: "usd",
    instalments: {
      chargesPerSecond: positiveInteger(env, "INSTALMENT_CHARGES_PER_SECOND", 12),
      checkSeconds: positiveInteger(env, "INSTALMENT_CHECK_SECONDS", 60),
    },
  };
}
