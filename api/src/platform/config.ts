import { createHmac } from "node:crypto";
import { isIP } from "node:net";
import path from "node:path";
import type { AdmissionConfig } from "./admission.js";
import type { DatabaseTimeouts } from "./database/client.js";
import { clockOffsetFromEnv } from "./clock.js";
import type { RateLimitConfig, RateLimitStore } from "./rate-limits.js";
import { parseKey } from "./sealing.js";

/** Everything the API reads from its environment, read once, with the local defaults. */
export interface ApiConfig {
  port: number;
  host: string;
  production: boolean;
  /**
   * Which proxies in front of the API are believed about the caller's address (X-Forwarded-For):
   * none (false), this many hops counted from the API, or these addresses and networks.
   */
  trustProxy: false | number | string[];
  /** Browser origins allowed to call the API (the site's shell). */
  corsOrigins: string[];
  /** PostgreSQL when set; otherwise PGlite in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** PostgreSQL's statement, lock, idle-in-transaction and connection timeouts, and the pool size. */
  timeouts: DatabaseTimeouts;
  /** How often each process checks pending checkouts against the provider (reconciliation). */
  reconcileIntervalMs: number;
  /** Signs the API's own access tokens. */
  jwtSecret: string;
  accessTokenTtl: string;
  logLevel: string;
  /** Largest image upload accepted (POST /images), in bytes. */
  imageMaxBytes: number;
  /** Requests per minute per client IP for each kind of rate-limited route. */
  rateLimits: RateLimitConfig;
  /** Where the rate limits count: Redis shared by every API process, or each process's memory. */
  rateLimitStore: RateLimitStore;
  /** When this process refuses requests with 503 instead of queueing them (decision 035). */
  admission: AdmissionConfig;
  /** The Firebase project whose ID tokens POST /jwt accepts. */
  firebaseProjectId: string;
  /** Set only for the local emulator: the Admin SDK then accepts unsigned tokens. */
  firebaseAuthEmulatorHost: string | undefined;
  payments: PaymentConfig;
  /**
   * The key that seals campers' medical and contact details (CAMPER_DATA_KEY), and older keys that
   * still open what they sealed while a rotation runs (CAMPER_DATA_OLD_KEYS, comma-separated).
   */
  camperDataKey: Buffer;
  camperDataOldKeys: Buffer[];
  mail: MailConfig;
}

/** E-mail (issue 32): where the outbox's worker sends, and what the messages link to. */
export interface MailConfig {
  /**
   * The mail server (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). Outside production
   * the local mail catcher at 127.0.0.1:MAIL_SMTP_PORT (1025) that `npm start` and the tests run.
   */
  smtpUrl: string;
  /** The sender of every message (MAIL_FROM). */
  from: string;
  /** The site's address the messages link to (SITE_URL; the first CORS origin by default). */
  siteUrl: string;
  /** How often each process's worker looks for messages to send (MAIL_WORKER_INTERVAL_MS). */
  workerIntervalMs: number;
  /** How long a worker may take to send one message before another may claim it (MAIL_LEASE_SECONDS). */
  leaseSeconds: number;
  /** The first retry's wait after a failed attempt, doubled each time up to 15 minutes (MAIL_RETRY_SECONDS). */
  retrySeconds: number;
  /** Attempts before a message is given up as failed (MAIL_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** How many days before a camper's first session the reminder goes (REMINDER_DAYS). */
  reminderDays: number;
  /** How often each process's worker looks for reminders to write (REMINDER_INTERVAL_MS). */
  reminderIntervalMs: number;
  /**
   * The API's own public address (API_PUBLIC_URL; http://localhost:PORT by default): the one-click
   * unsubscribe links and the calendar feed point at it, as they must work without the site.
   */
  apiUrl: string;
  /** Signs the unsubscribe links (derived from JWT_SECRET: nothing else to keep secret). */
  linkSecret: string;
}

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
   * is extended: an account cannot keep seats from other students for hours (issue 27).
   */
  holdMaxSeconds: number;
  /** The most seats one account may hold at once, across all its checkouts in progress. */
  heldSeatsPerAccount: number;
  /**
   * How long a waitlist offer keeps its seats for the family (issue 30): WAITLIST_OFFER_HOURS
   * (default 24), or WAITLIST_OFFER_SECONDS where a test needs seconds.
   */
  offerSeconds: number;
  currency: "usd";
}

const DEV_SECRET = "local-development-secret-change-me-in-production";
/** The local run's and the tests' key for campers' medical and contact details (sealing.ts). */
const DEV_CAMPER_DATA_SECRET = "0d5c1c0fa3be4f0e9c2b7a61d84e3f5a6b7c8d9e0f1a2b3c4d5e6f708192a3b4";

/**
 * Secrets written in this repository (the local run's, the payment sandbox's, the test suites'):
 * anyone can read them, so production refuses them. `api/test/config.test.ts` scans the
 * repository for secret-shaped values and fails while one of them is missing here.
 */
const PUBLISHED_SECRETS = new Set([
  DEV_SECRET,
  DEV_CAMPER_DATA_SECRET,
  "sk_test_local_sandbox",
  "whsec_local_sandbox",
  "sk_test_api_suite",
  "whsec_api_suite",
  "sk_test_payments_suite",
  "sk_test_interrupted",
  "sk_test_checkout_load",
  "whsec_test_payment_sandbox",
  "whsec_other",
  "sk_live_nope",
  "sk_live_abc",
  "sk_live_academy",
  "whsec_academy",
  "sk_test_money_races",
  "whsec_money_races",
  "whsec_contract_check",
]);

/** In production: a secret must be one of the operator's own, not one anyone can read here. */
function refusePublished(production: boolean, name: string, value: string | undefined): void {
  if (production && value !== undefined && PUBLISHED_SECRETS.has(value)) {
    throw new Error(`${name} is a value published in the project's repository: set a secret of your own in production`);
  }
}

/** The names proxy-addr (Fastify's trustProxy) knows for whole address ranges. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address (IPv4 or IPv6), a network in CIDR notation, or one of PROXY_RANGE_NAMES. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off unless the deployment says which proxies stand in front of the API. Trusting
 * every proxy (true) would let any client choose the address its rate limits are counted under
 * by sending its own X-Forwarded-For, so that is refused.
 */
function readTrustProxy(raw: string | undefined): false | number | string[] {
  const value = raw?.trim() ?? "";
  if (value === "" || value === "0" || value.toLowerCase() === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  const usage =
    "TRUST_PROXY must be the number of proxies in front of the API (e.g. 1) or their addresses and networks (e.g. 10.0.0.0/8,192.168.1.5)";
  if (value.toLowerCase() === "true") {
    throw new Error(`${usage}: "true" would believe the address any client writes in X-Forwarded-For`);
  }
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (entries.length === 0 || wrong.length > 0) {
    throw new Error(`${usage}; not understood: ${wrong.join(", ") || value}`);
  }
  return entries;
}

/** A whole number, 0 allowed (a limit that is off). */
function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number (0 turns it off)`);
  return value;
}

function readAdmission(env: NodeJS.ProcessEnv): AdmissionConfig {
  const raw = env.ADMISSION_MAX_LOOP_UTILIZATION;
  const utilization = raw === undefined || raw === "" ? 0 : Number(raw);
  if (!(utilization >= 0 && utilization <= 1)) {
    throw new Error("ADMISSION_MAX_LOOP_UTILIZATION must be between 0 (off) and 1, e.g. 0.98");
  }
  return {
    maxInFlight: wholeNumber(env, "ADMISSION_MAX_IN_FLIGHT", 24),
    maxEventLoopDelayMs: wholeNumber(env, "ADMISSION_MAX_LOOP_DELAY_MS", 1_000),
    maxEventLoopUtilization: utilization,
    retryAfterSeconds: positiveInteger(env, "ADMISSION_RETRY_AFTER_SECONDS", 2),
  };
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const production = env.NODE_ENV === "production";
  const jwtSecret = env.JWT_SECRET ?? (production ? "" : DEV_SECRET);
  if (production && jwtSecret.length < 32) {
    throw new Error("JWT_SECRET must be set to at least 32 characters in production");
  }
  refusePublished(production, "JWT_SECRET", jwtSecret);
  if (production && new Set(jwtSecret).size < 10) {
    // "x" 40 times is 40 characters but no secret: a random value has many different characters.
    throw new Error("JWT_SECRET is too repetitive to be a secret: use a random value (e.g. openssl rand -hex 32)");
  }
  const firebaseAuthEmulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST || undefined;
  if (production && firebaseAuthEmulatorHost) {
    // firebase-admin accepts unsigned ID tokens when this is set: anyone could sign in as anyone.
    throw new Error("FIREBASE_AUTH_EMULATOR_HOST must not be set in production (it disables token signatures)");
  }
  // The clock itself is set where platform/clock.ts is loaded; here a moved clock in production (or a
  // value that is not an instant) stops the server before it serves anything.
  clockOffsetFromEnv(env);
  const firebaseProjectId = env.FIREBASE_PROJECT_ID ?? (production ? "" : "demo-academy");
  if (production && !firebaseProjectId) throw new Error("FIREBASE_PROJECT_ID must be set in production");
  const payments = readPaymentConfig(env, production);
  const camperKeyHex = env.CAMPER_DATA_KEY ?? (production ? "" : DEV_CAMPER_DATA_SECRET);
  if (production && !camperKeyHex) {
    throw new Error("CAMPER_DATA_KEY must be set in production (64 hex digits: openssl rand -hex 32)");
  }
  refusePublished(production, "CAMPER_DATA_KEY", camperKeyHex.toLowerCase());
  const camperDataKey = parseKey("CAMPER_DATA_KEY", camperKeyHex);
  const camperDataOldKeys = (env.CAMPER_DATA_OLD_KEYS ?? "")
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean)
    .map((k) => parseKey("CAMPER_DATA_OLD_KEYS", k));
  const corsOrigins = (env.CORS_ORIGINS ?? "http://localhost:3000,http://127.0.0.1:3000")
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean);
  return {
    port: Number(env.PORT ?? env.API_PORT ?? 4000),
    host: env.HOST ?? "127.0.0.1",
    production,
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    corsOrigins,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? path.join(import.meta.dirname, "../../../.data/api")),
    timeouts: {
      statementMs: positiveInteger(env, "DB_STATEMENT_TIMEOUT_MS", 5_000),
      lockMs: positiveInteger(env, "DB_LOCK_TIMEOUT_MS", 3_000),
      idleInTransactionMs: positiveInteger(env, "DB_IDLE_IN_TRANSACTION_TIMEOUT_MS", 10_000),
      connectMs: positiveInteger(env, "DB_CONNECT_TIMEOUT_MS", 3_000),
      poolMax: positiveInteger(env, "DB_POOL_MAX", 10),
    },
    reconcileIntervalMs: positiveInteger(env, "RECONCILE_INTERVAL_MS", 20_000),
    jwtSecret,
    accessTokenTtl: env.ACCESS_TOKEN_TTL ?? "1h",
    logLevel: env.LOG_LEVEL ?? (production ? "info" : "warn"),
    imageMaxBytes: positiveInteger(env, "IMAGE_MAX_BYTES", 5 * 1024 * 1024),
    rateLimits: {
      sensitive: positiveInteger(env, "RATE_LIMIT_SENSITIVE", 10),
      forms: positiveInteger(env, "RATE_LIMIT_FORMS", 10),
      uploads: positiveInteger(env, "RATE_LIMIT_UPLOADS", 30),
      // Students of one camp often sign in from one shared address: a looser budget than per account.
      signInPerAddress: positiveInteger(
        env,
        "RATE_LIMIT_SIGN_IN_PER_ADDRESS",
        3 * positiveInteger(env, "RATE_LIMIT_SENSITIVE", 10),
      ),
      // Per hour, not per minute: a hold lives up to PAYMENT_HOLD_MAX_SECONDS, so what keeps seats
      // from being held again and again is how many checkouts an account or an address opens in an
      // hour. Derived from RATE_LIMIT_SENSITIVE as the sign-in's address budget is.
      checkouts: positiveInteger(env, "RATE_LIMIT_CHECKOUTS", 2 * positiveInteger(env, "RATE_LIMIT_SENSITIVE", 10)),
      checkoutsPerAddress: positiveInteger(
        env,
        "RATE_LIMIT_CHECKOUTS_PER_ADDRESS",
        6 * positiveInteger(env, "RATE_LIMIT_SENSITIVE", 10),
      ),
      // Promo codes tried per hour (issue 33): enough for a family's honest typos, too few to guess.
      promoCodes: positiveInteger(env, "RATE_LIMIT_CODES", 30),
      promoCodesPerAddress: positiveInteger(env, "RATE_LIMIT_CODES_PER_ADDRESS", 100),
    },
    rateLimitStore: { redisUrl: env.REDIS_URL || undefined, redisPrefix: env.REDIS_PREFIX ?? "academy:" },
    admission: readAdmission(env),
    firebaseProjectId,
    firebaseAuthEmulatorHost,
    payments,
    camperDataKey,
    camperDataOldKeys,
    mail: readMailConfig(env, production, corsOrigins, { jwtSecret, port: Number(env.PORT ?? env.API_PORT ?? 4000) }),
  };
}

function readMailConfig(
  env: NodeJS.ProcessEnv,
  production: boolean,
  corsOrigins: string[],
  api: { jwtSecret: string; port: number },
): MailConfig {
  const smtpUrl =
    env.SMTP_URL || (production ? "" : `smtp://127.0.0.1:${positiveInteger(env, "MAIL_SMTP_PORT", 1025)}`);
  if (production && !smtpUrl)
    throw new Error("SMTP_URL must be set in production (the mail server the site sends through)");
  if (!/^smtps?:\/\/[^/]+/.test(smtpUrl)) {
    throw new Error("SMTP_URL must be an smtp:// or smtps:// URL (e.g. smtps://user:password@smtp.example.com:465)");
  }
  const siteUrl = (env.SITE_URL || corsOrigins[0] || "http://localhost:3000").replace(/\/+$/, "");
  if (!/^https?:\/\//.test(siteUrl)) throw new Error("SITE_URL must be an http(s) URL");
  const apiUrl = (env.API_PUBLIC_URL || `http://localhost:${api.port}`).replace(/\/+$/, "");
  if (!/^https?:\/\//.test(apiUrl)) throw new Error("API_PUBLIC_URL must be an http(s) URL");
  return {
    smtpUrl,
    from: env.MAIL_FROM || "Summit Sports Academy <no-reply@summitsports.academy>",
    siteUrl,
    workerIntervalMs: positiveInteger(env, "MAIL_WORKER_INTERVAL_MS", 5_000),
    leaseSeconds: positiveInteger(env, "MAIL_LEASE_SECONDS", 120),
    retrySeconds: positiveInteger(env, "MAIL_RETRY_SECONDS", 15),
    maxAttempts: positiveInteger(env, "MAIL_MAX_ATTEMPTS", 12),
    reminderDays: positiveInteger(env, "REMINDER_DAYS", 3),
    reminderIntervalMs: positiveInteger(env, "REMINDER_INTERVAL_MS", 300_000),
    apiUrl,
    linkSecret: createHmac("sha256", api.jwtSecret).update("notification links").digest("base64url"),
  };
}

/** The local payment sandbox's key and address: what `npm start` and the tests run against. */
const SANDBOX_SECRET_KEY = "sk_test_local_sandbox";
const SANDBOX_URL = "http://127.0.0.1:12111";

function readPaymentConfig(env: NodeJS.ProcessEnv, production: boolean): PaymentConfig {
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
  };
}
