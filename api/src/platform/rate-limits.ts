import rateLimit, { normalizeIP, type RateLimitOptions } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { Redis } from "ioredis";
import { ApiError } from "./errors.js";

/** Requests per minute (checkouts: per hour) by kind of route (config: RATE_LIMIT_* variables). */
export interface RateLimitConfig {
  /** Sign-in exchange and payments. */
  sensitive: number;
  /** Public forms that write: contact messages, newsletter subscriptions. */
  forms: number;
  /** Image uploads (decoding and re-encoding takes CPU). */
  uploads: number;
  /** The sign-in exchange per client address, whatever accounts its tokens name. */
  signInPerAddress: number;
  /** Checkouts opened per hour by one account (POST /create-payment-intent, whole cart or one item). */
  checkouts: number;
  /** Checkouts opened per hour from one client address, whatever accounts open them. */
  checkoutsPerAddress: number;
  /** Requests carrying a promo code per hour by one account (a quote or a checkout with a code). */
  promoCodes: number;
  /** Requests carrying a promo code per hour from one client address. */
  promoCodesPerAddress: number;
  /** Waitlist joins per hour by one account (POST /classes/:id/waitlist). */
  waitlistJoins: number;
  /** Waitlist joins per hour from one client address, whatever accounts join. */
  waitlistJoinsPerAddress: number;
  /**
   * Places asked of a waiting room per hour from one client address (POST /waiting-room/places):
   * a browser id is the browser's own word, so a script making up new ones would fill the line
   * ahead of the families behind it.
   */
  waitingRoomPlacesPerAddress: number;
}

export type RateLimitName = keyof RateLimitConfig;

/** Where the counters live: Redis shared by every API process (REDIS_URL), or this process's memory. */
export interface RateLimitStore {
  redisUrl: string | undefined;
  /** Prefix of the keys in Redis (several sites may share one Redis). */
  redisPrefix: string;
}

declare module "fastify" {
  interface FastifyInstance {
    /** "shared" when the counters are in Redis, "per-process" when in memory. */
    rateLimitStore: "shared" | "per-process";
    /** The route options of each named limit: `config: { rateLimit: app.rateLimits.forms }`. */
    rateLimits: Record<RateLimitName, RateLimitOptions>;
  }
}

const perMinute = (max: number): RateLimitOptions => ({ max, timeWindow: 60_000 });
const perHour = (max: number): RateLimitOptions => ({ max, timeWindow: 3_600_000 });

/**
 * Rate limits are per route and opt-in (`global: false`): a route names one of the limits. An
 * exceeded limit answers 429 in the API's error shape, with Retry-After in seconds. With REDIS_URL
 * the counters are kept in Redis, so N processes behind a balancer share one budget per caller;
 * without it, in this process's memory (one process: the same thing). While Redis cannot be
 * reached, requests are served without counting (a limit is not worth an outage) and it is logged.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, options: RateLimitConfig & RateLimitStore) => {
  const { redisUrl, redisPrefix, ...limits } = options;
  let redis: Redis | undefined;
  if (redisUrl) {
    redis = new Redis(redisUrl, {
      connectionName: "academy-api rate limits",
      connectTimeout: 2_000,
      // A request must not wait for Redis to come back: it fails fast and is served uncounted.
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      lazyConnect: true,
    });
    redis.on("error", (error: Error) => app.log.warn({ err: error }, "the rate limits' Redis cannot be reached"));
    await redis.connect().catch(() => {});
    app.addHook("onClose", async () => {
      await redis?.quit().catch(() => redis?.disconnect());
    });
  }
  app.decorate("rateLimitStore", redis ? "shared" : "per-process");
  await app.register(rateLimit, {
    global: false,
    ...(redis && { redis, nameSpace: `${redisPrefix}rate-limit:`, skipOnError: true }),
    errorResponseBuilder: (_request, context) => new ApiError(429, `Too many requests: try again in ${context.after}.`),
  });
  app.decorate("rateLimits", {
    sensitive: perMinute(limits.sensitive),
    forms: perMinute(limits.forms),
    uploads: perMinute(limits.uploads),
    signInPerAddress: perMinute(limits.signInPerAddress),
    checkouts: perHour(limits.checkouts),
    checkoutsPerAddress: perHour(limits.checkoutsPerAddress),
    promoCodes: perHour(limits.promoCodes),
    promoCodesPerAddress: perHour(limits.promoCodesPerAddress),
    waitlistJoins: perHour(limits.waitlistJoins),
    waitlistJoinsPerAddress: perHour(limits.waitlistJoinsPerAddress),
    waitingRoomPlacesPerAddress: perHour(limits.waitingRoomPlacesPerAddress),
  });
});

/** The Firebase account a (not yet verified) ID token names, if it is shaped like one. */
function firebaseAccountOf(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as {
      iss?: unknown;
      sub?: unknown;
    };
    const issuer = typeof payload.iss === "string" && payload.iss.startsWith("https://securetoken.google.com/");
    return issuer && typeof payload.sub === "string" && payload.sub.length <= 128 ? payload.sub : null;
  } catch {
    return null;
  }
}

/** The client's address as the rate limits count it (an IPv6 client by its /64, as the plugin does). */
export const clientAddress = (request: FastifyRequest) => normalizeIP(request.ip);

/**
 * Who a request counts against: a camp's students often share one network address, so a caller
 * is counted on their own: by the API's access token (verified), or, for the sign-in exchange, by
 * the account its Firebase ID token names (verified by the route itself: a forged one gets its
 * 401 after a signature check, and writes nothing; the sign-in exchange also counts per address,
 * see signInRateLimits); anyone else by address.
 */
const callerKey =
  (app: FastifyInstance) =>
  (request: FastifyRequest): string => {
    const header = request.headers.authorization;
    if (header?.startsWith("Bearer ")) {
      const token = header.slice("Bearer ".length);
      try {
        const { sub } = app.jwt.verify<{ sub?: unknown }>(token);
        if (typeof sub === "string") return `user:${sub}`;
      } catch {
        const account = firebaseAccountOf(token);
        if (account) return `firebase:${account}`;
      }
    }
    return clientAddress(request);
  };

/**
 * The limit for sign-in exchange and payment routes, per signed-in caller or per address. Inside
 * a route plugin: `app.post("/payments", { config: { rateLimit: sensitiveRateLimit(app) }, ... })`.
 */
export const sensitiveRateLimit = (app: FastifyInstance): RateLimitOptions => ({
  ...app.rateLimits.sensitive,
  keyGenerator: callerKey(app),
});

/** "45 seconds", "1 minute": as the plugin words its own 429s. */
function inWords(seconds: number): string {
  const [n, unit] = seconds >= 60 ? [Math.round(seconds / 60), "minute"] : [Math.max(1, seconds), "second"];
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

/**
 * Counts a request against a limit of its own (the plugin runs one limit per route; the others are
 * counted here, in the same store) and refuses it with a 429 in plain words once it is exceeded.
 */
function countAgainst(
  app: FastifyInstance,
  options: RateLimitOptions & { keyGenerator: (request: FastifyRequest) => string },
  refusal: (wait: string) => string,
) {
  const limiter = app.createRateLimit(options);
  return async (request: FastifyRequest) => {
    const counted = await limiter(request);
    if (counted.isAllowed || !counted.isExceeded) return;
    const seconds = counted.ttlInSeconds;
    throw new ApiError(429, refusal(inWords(seconds)), undefined, seconds);
  };
}

/**
 * The sign-in exchange's two limits: per Firebase account, as the sensitive limit counts, and per
 * client address as well. The account an ID token names is read before the token is verified, so
 * a client making up a new one for every request would otherwise never be counted; the address
 * budget is looser (RATE_LIMIT_SIGN_IN_PER_ADDRESS) since a camp's students share one network.
 * Spread into the route's options: `app.post("/jwt", { ...signInRateLimits(app), schema }, ...)`.
 */
export function signInRateLimits(app: FastifyInstance) {
  // The plugin runs one limit per route; the second is counted here, in the same store.
  const perAddress = countAgainst(
    app,
    { ...app.rateLimits.signInPerAddress, keyGenerator: (request) => `sign-in-address:${clientAddress(request)}` },
    (wait) => `Too many requests: try again in ${wait}.`,
  );
  return { onRequest: perAddress, config: { rateLimit: sensitiveRateLimit(app) } };
}

/**
 * Opening checkouts (seat hoarding, decision 011): every checkout holds seats, so besides the sensitive
 * limit per minute, checkouts are counted per hour per account (RATE_LIMIT_CHECKOUTS), whichever
 * addresses it uses, and per client address (RATE_LIMIT_CHECKOUTS_PER_ADDRESS, looser: a camp's
 * students share one network), whichever accounts it uses, so throwaway accounts from one place
 * run out together. Every request counts, a reload of the payment page too. Spread into the
 * route's options, as signInRateLimits.
 */
export function checkoutRateLimits(app: FastifyInstance) {
  const caller = callerKey(app);
  const perAccount = countAgainst(
    app,
    { ...app.rateLimits.checkouts, keyGenerator: (request) => `checkouts:${caller(request)}` },
    (wait) => `You have opened too many checkouts in the last hour: try again in ${wait}.`,
  );
  const perAddress = countAgainst(
    app,
    { ...app.rateLimits.checkoutsPerAddress, keyGenerator: (request) => `checkouts-address:${clientAddress(request)}` },
    (wait) => `Too many checkouts have been opened from your network in the last hour: try again in ${wait}.`,
  );
  return {
    onRequest: async (request: FastifyRequest) => {
      await perAccount(request);
      await perAddress(request);
    },
    config: { rateLimit: sensitiveRateLimit(app) },
  };
}

/**
 * Guessing promo codes: every request that carries a code (a cart quote, a checkout)
 * is counted per hour per account (RATE_LIMIT_CODES) and per client address
 * (RATE_LIMIT_CODES_PER_ADDRESS, looser), whichever accounts it uses. Called by the route's
 * handler once it knows a code was sent: `await codeLimits(request)`. One counter for every route
 * that takes a code (the in-memory store is per limiter): made once per app.
 */
const promoCodeLimiters = new WeakMap<object, (request: FastifyRequest) => Promise<void>>();

export function promoCodeRateLimits(app: FastifyInstance) {
  const made = promoCodeLimiters.get(app.rateLimits);
  if (made) return made;
  const caller = callerKey(app);
  const perAccount = countAgainst(
    app,
    { ...app.rateLimits.promoCodes, keyGenerator: (request) => `promo-codes:${caller(request)}` },
    (wait) => `You have tried too many codes in the last hour: try again in ${wait}.`,
  );
  const perAddress = countAgainst(
    app,
    {
      ...app.rateLimits.promoCodesPerAddress,
      keyGenerator: (request) => `promo-codes-address:${clientAddress(request)}`,
    },
    (wait) => `Too many codes have been tried from your network in the last hour: try again in ${wait}.`,
  );
  const limit = async (request: FastifyRequest) => {
    await perAccount(request);
    await perAddress(request);
  };
  promoCodeLimiters.set(app.rateLimits, limit);
  return limit;
}

/**
 * Joining waitlists (decision 031): an offer keeps seats from everyone behind for hours, so joins
 * are counted per hour per account (RATE_LIMIT_WAITLIST) and per client address
 * (RATE_LIMIT_WAITLIST_PER_ADDRESS, looser: a camp's families share one network), as
 * checkouts are. Spread into the route's options, as checkoutRateLimits.
 */
export function waitlistJoinRateLimits(app: FastifyInstance) {
  const caller = callerKey(app);
  const perAccount = countAgainst(
    app,
    { ...app.rateLimits.waitlistJoins, keyGenerator: (request) => `waitlist-joins:${caller(request)}` },
    (wait) => `You have joined too many waitlists in the last hour: try again in ${wait}.`,
  );
  const perAddress = countAgainst(
    app,
    {
      ...app.rateLimits.waitlistJoinsPerAddress,
      keyGenerator: (request) => `waitlist-joins-address:${clientAddress(request)}`,
    },
    (wait) => `Too many waitlists have been joined from your network in the last hour: try again in ${wait}.`,
  );
  return {
    onRequest: async (request: FastifyRequest) => {
      await perAccount(request);
      await perAddress(request);
    },
    config: { rateLimit: sensitiveRateLimit(app) },
  };
}
