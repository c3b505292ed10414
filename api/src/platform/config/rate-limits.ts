import type { RateLimitConfig, RateLimitStore } from "../rate-limits.js";
import { positiveInteger } from "./numbers.js";

/** Requests per minute per client IP for each kind of rate-limited route (RATE_LIMIT_...). */
export function readRateLimits(env: NodeJS.ProcessEnv): RateLimitConfig {
  return {
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
    // Promo codes tried per hour: enough for a family's honest typos, too few to guess.
    promoCodes: positiveInteger(env, "RATE_LIMIT_CODES", 30),
    promoCodesPerAddress: positiveInteger(env, "RATE_LIMIT_CODES_PER_ADDRESS", 100),
    // Waitlist joins per hour (decision 031): a family joins a few lines, not dozens.
    waitlistJoins: positiveInteger(env, "RATE_LIMIT_WAITLIST", 20),
    waitlistJoinsPerAddress: positiveInteger(env, "RATE_LIMIT_WAITLIST_PER_ADDRESS", 100),
    // Places in a waiting room per hour from one address (decision 043): a household's browsers and
    // a shared network's families ask a few each; a script making up browser ids asks hundreds.
    waitingRoomPlacesPerAddress: positiveInteger(env, "RATE_LIMIT_PLACES_PER_ADDRESS", 60),
  };
}

/** Where the rate limits count: Redis shared by every API process (REDIS_URL), or each process's memory. */
export function readRateLimitStore(env: NodeJS.ProcessEnv): RateLimitStore {
  return { redisUrl: env.REDIS_URL || undefined, redisPrefix: env.REDIS_PREFIX ?? "academy:" };
}
