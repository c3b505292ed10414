import type { AdmissionConfig } from "./admission.js";
import type { DatabaseTimeouts } from "./database/client.js";
import { clockOffsetFromEnv } from "./clock.js";
import type { RateLimitConfig, RateLimitStore } from "./rate-limits.js";
import { readAdmission, readHttpTimeouts, type HttpTimeouts } from "./config/admission.js";
import { readWaitingRoom, type WaitingRoomConfig } from "./config/waiting-room.js";
import { readFirebaseAuthEmulatorHost, readFirebaseProjectId, readJwtSecret } from "./config/auth.js";
import { readCamperDataKeys } from "./config/camper-data.js";
import { readDatabaseConfig } from "./config/database.js";
import { readMailConfig, type MailConfig } from "./config/mail.js";
import { refuseMissingSettings, usesDevDefaults } from "./config/mode.js";
import { readCorsOrigins, readTrustProxy } from "./config/network.js";
import { positiveInteger } from "./config/numbers.js";
import { readPaymentConfig, type PaymentConfig } from "./config/payments.js";
import { readRateLimits, readRateLimitStore } from "./config/rate-limits.js";
import { refuseReusedSecrets } from "./config/secret-strength.js";

export type { MailConfig } from "./config/mail.js";
export type { PaymentConfig } from "./config/payments.js";

/**
 * Everything the API reads from its environment, read once, with the local defaults. Each area's
 * variables, defaults and checks are in `config/`: auth, camper data, database, network, rate
 * limits, admission, payments, mail (and the published secrets production refuses).
 */
export interface ApiConfig {
  port: number;
  host: string;
  /**
   * Production unless the start script asked for the development defaults (ACADEMY_DEV_DEFAULTS=1,
   * config/mode.ts): real secrets, no seeding, the real clock, no Auth Emulator.
   */
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
  /** How long a client may take to send its headers and its whole request (decision 035). */
  httpTimeouts: HttpTimeouts;
  /** When registration goes through a waiting room, and how it lets families in (decision 043). */
  waitingRoom: WaitingRoomConfig;
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

export function readConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const production = !usesDevDefaults(env);
  if (production) refuseMissingSettings(env);
  const jwtSecret = readJwtSecret(env, production);
  const firebaseAuthEmulatorHost = readFirebaseAuthEmulatorHost(env, production);
  // The clock itself is set where platform/clock.ts is loaded; here a moved clock in production (or a
  // value that is not an instant) stops the server before it serves anything.
  clockOffsetFromEnv(env);
  const firebaseProjectId = readFirebaseProjectId(env, production);
  const payments = readPaymentConfig(env, production);
  const { camperDataKey, camperDataOldKeys } = readCamperDataKeys(env, production);
  if (production) {
    refuseReusedSecrets([
      ["JWT_SECRET", jwtSecret],
      ["CAMPER_DATA_KEY", camperDataKey.toString("hex")],
      ...camperDataOldKeys.map((key) => ["CAMPER_DATA_OLD_KEYS", key.toString("hex")] as const),
      ["STRIPE_SECRET_KEY", payments.secretKey],
      ["STRIPE_WEBHOOK_SECRET", payments.webhookSecret],
    ]);
  }
  const corsOrigins = readCorsOrigins(env);
  return {
    port: Number(env.PORT ?? env.API_PORT ?? 4000),
    host: env.HOST ?? "127.0.0.1",
    production,
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    corsOrigins,
    ...readDatabaseConfig(env),
    reconcileIntervalMs: positiveInteger(env, "RECONCILE_INTERVAL_MS", 20_000),
    jwtSecret,
    accessTokenTtl: env.ACCESS_TOKEN_TTL ?? "1h",
    logLevel: env.LOG_LEVEL ?? (production ? "info" : "warn"),
    imageMaxBytes: positiveInteger(env, "IMAGE_MAX_BYTES", 5 * 1024 * 1024),
    rateLimits: readRateLimits(env),
    rateLimitStore: readRateLimitStore(env),
    admission: readAdmission(env),
    httpTimeouts: readHttpTimeouts(env),
    waitingRoom: readWaitingRoom(env),
    firebaseProjectId,
    firebaseAuthEmulatorHost,
    payments,
    camperDataKey,
    camperDataOldKeys,
    mail: readMailConfig(env, production, corsOrigins, { jwtSecret, port: Number(env.PORT ?? env.API_PORT ?? 4000) }),
  };
}
