import type { FastifyBaseLogger } from "fastify";
import type { PublicCache } from "../../catalog/index.js";
import type { PaymentConfig } from "../../platform/config.js";
import type { Db } from "../../platform/database/client.js";
import type { Sealer } from "../../platform/sealing.js";
import type { PaymentProvider } from "./payment-provider.js";

/**
 * Checkout: an order holds the seats it buys from the moment its PaymentIntent is created until
 * it is paid (enrolments), abandoned or expired (seats released). The browser's POST /payments
 * and the signed webhook both settle an order through `settle`, under a row lock on the order, so
 * they converge on one result and replays change nothing. No database transaction is ever open
 * while the payment provider is called.
 */
export interface CheckoutDeps {
  db: Db;
  cache: PublicCache;
  provider: PaymentProvider;
  config: PaymentConfig;
  log: FastifyBaseLogger;
  /** Opens campers' sealed details (an emergency contact is needed before a child's first seat). */
  sealer: Sealer;
}

/**
 * The latest moment a checkout opened at `createdAt` may hold its seats, however often it is
 * extended (PAYMENT_HOLD_MAX_SECONDS): extensions once let three throwaway accounts keep every seat
 * of a class for 2 h 45 min (decision 011, its revision).
 */
export const latestExpiry = (createdAt: Date, config: PaymentConfig) =>
  new Date(createdAt.getTime() + config.holdMaxSeconds * 1000);
