import underPressure from "@fastify/under-pressure";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { limitPerAddress, releaseOnce, type PerAddressCounts } from "./admission-per-address.js";

/**
 * Admission control (decision 035): past what one process can serve, a request is refused at once
 * with 503 and Retry-After instead of waiting in a queue until it times out. Two limits, each off
 * at 0:
 * - `maxInFlight`: requests this process is serving at once (ADMISSION_MAX_IN_FLIGHT);
 * - `maxEventLoopDelayMs` and `maxEventLoopUtilization`: the event loop's lag and how busy it was
 *   over the last second, measured by @fastify/under-pressure (ADMISSION_MAX_LOOP_DELAY_MS,
 *   ADMISSION_MAX_LOOP_UTILIZATION).
 * The refusal comes before the body is read or anything is done, so a refused request changed
 * nothing and may simply be sent again. The health checks and CORS preflights are always served.
 *
 * A body still arriving `bodyGraceMs` after the headers gives its place back until it has arrived
 * (then it takes one again, or is refused as any request: it has changed nothing yet), so clients
 * sending their bodies slowly hold sockets, not the places. What holds the sockets is bounded by
 * the limit per client address (admission-per-address.ts) and the HTTP server's deadlines
 * (HTTP_REQUEST_TIMEOUT_MS, HTTP_HEADERS_TIMEOUT_MS: app.ts).
 *
 * A family changing something (adding to the cart, checking out, paying, joining a line: any
 * method but GET and HEAD) is in the middle of a task and is served before one who is looking:
 * a read is refused once READ_SHARE of `maxInFlight` is in flight (reads and changes alike) or
 * while the event loop is past its limits; a change only at `maxInFlight` itself. On opening day the
 * families who reached the checkout finish first instead of queueing behind the crowd still
 * reading the list (measured with `npm run bench:rush`: docs/benchmarks.md).
 */
export interface AdmissionConfig {
  maxInFlight: number;
  maxEventLoopDelayMs: number;
  maxEventLoopUtilization: number;
  /** How long a body may take to arrive while holding its place (ADMISSION_BODY_GRACE_MS). */
  bodyGraceMs: number;
  /** Requests one client address may have open at once, bodies still arriving included (0: no limit). */
  maxPerAddress: number;
  /** The Retry-After of a refusal, in seconds (ADMISSION_RETRY_AFTER_SECONDS). */
  retryAfterSeconds: number;
}

/**
 * Requests never refused as very busy, though they count as in flight: a family the waiting room
 * let in is served to the end of its booking, and the room's questions answered from memory are
 * answered to those still waiting (decision 043); the room lets families in only as fast as the
 * processes serve them.
 */
export type Priority = (request: FastifyRequest) => boolean;

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Requests this process is serving now, its limit (0: none), how many it refused, and whether
     * it refuses reads now (background work waits while it does).
     */
    admission: () => {
      inFlight: number;
      maxInFlight: number;
      refused: number;
      busy: boolean;
      /** Requests whose body is still arriving after the grace: no place held. */
      slowBodies: number;
    } & PerAddressCounts;
  }
}

/** Orchestration's checks: a busy process is alive and says so. */
const ALWAYS_SERVED = new Set(["/health", "/health/ready"]);

/** The part of `maxInFlight` reads may fill; the rest is kept for changes. */
export const READ_SHARE = 0.5;

const isRead = (request: FastifyRequest) => request.method === "GET" || request.method === "HEAD";

export const busyMessage = (seconds: number) =>
  `The site is very busy right now. Please try again in ${seconds} second${seconds === 1 ? "" : "s"}: nothing was changed.`;

/** A request's place in flight: held, or given back while its body is slow to arrive. */
interface Place {
  holding: boolean;
  slow: boolean;
  timer?: NodeJS.Timeout;
  release?: () => void;
}

/** Whether the request has a body still to read (announced by Content-Length or sent in chunks). */
function bodyToCome(request: FastifyRequest): boolean {
  const { "content-length": length, "transfer-encoding": chunked } = request.headers;
  return chunked !== undefined || (length !== undefined && length !== "0");
}

function exempt(request: FastifyRequest): boolean {
  return request.method === "OPTIONS" || ALWAYS_SERVED.has(request.url.split("?", 1)[0] ?? "");
}

export const admissionPlugin = fp(
  async (app: FastifyInstance, config: AdmissionConfig & { priority?: Priority }) => {
    const priority = config.priority ?? (() => false);
    let inFlight = 0;
    let refused = 0;
    let slowBodies = 0;
    // The refusal in the API's error shape, made once: a rush refuses thousands of requests, and
    // building an error (its stack) for each and passing it through the error handler cost more
    // than the rest of the refusal.
    const refusal = JSON.stringify({ error: "Service Unavailable", message: busyMessage(config.retryAfterSeconds) });
    /** Sets the refusal's status and headers; returns its body. */
    const refuse = (reply: FastifyReply) => {
      refused += 1;
      void reply
        .code(503)
        .header("Retry-After", String(config.retryAfterSeconds))
        .type("application/json; charset=utf-8");
      return refusal;
    };
    const maxReads = Math.max(1, Math.floor(config.maxInFlight * READ_SHARE));
    const busy = () =>
      (config.maxInFlight > 0 && inFlight >= maxReads) ||
      (typeof app.isUnderPressure === "function" && app.isUnderPressure());
    // First, before a place is taken: an address past its limit takes none.
    const perAddress = limitPerAddress(app, { ...config, exempt });
    app.decorate("admission", () => ({
      inFlight,
      maxInFlight: config.maxInFlight,
      refused,
      busy: busy(),
      slowBodies,
      ...perAddress(),
    }));

    if (config.maxEventLoopDelayMs > 0 || config.maxEventLoopUtilization > 0) {
      await app.register(underPressure, {
        maxEventLoopDelay: config.maxEventLoopDelayMs,
        maxEventLoopUtilization: config.maxEventLoopUtilization,
        // The last second's utilisation, not the average since the process started.
        eventLoopUtilizationMode: "interval",
        retryAfter: config.retryAfterSeconds,
        // Nothing returned lets the request through; a body returned is sent as the answer (the
        // plugin sends what its handler returns; its types only declare void).
        pressureHandler: ((request: FastifyRequest, reply: FastifyReply) =>
          exempt(request) || !isRead(request) || priority(request)
            ? undefined
            : refuse(reply)) as unknown as () => void,
      });
    }

    if (config.maxInFlight > 0) {
      const room = (request: FastifyRequest) =>
        inFlight < (isRead(request) ? maxReads : config.maxInFlight) || priority(request);
      const places = new WeakMap<FastifyRequest, Place>();
      app.addHook("onRequest", async (request, reply) => {
        if (exempt(request)) return;
        if (!room(request)) {
          // Closed after the answer: the rest of a body is not waited for.
          if (bodyToCome(request)) void reply.header("Connection", "close");
          return reply.send(refuse(reply));
        }
        inFlight += 1;
        const place: Place = { holding: true, slow: false };
        if (bodyToCome(request)) {
          place.timer = setTimeout(() => {
            // Still on its way: the place goes back until the body has arrived.
            place.timer = undefined;
            if (!place.holding) return;
            place.holding = false;
            place.slow = true;
            inFlight -= 1;
            slowBodies += 1;
          }, config.bodyGraceMs);
          place.timer.unref();
        }
        place.release = releaseOnce(reply, () => {
          clearTimeout(place.timer);
          if (place.holding) inFlight -= 1;
          if (place.slow) slowBodies -= 1;
          place.holding = place.slow = false;
        });
        places.set(request, place);
      });
      // The body has arrived (or there was none): a slow one takes a place again, or is refused.
      app.addHook("preValidation", async (request, reply) => {
        const place = places.get(request);
        if (!place) return;
        clearTimeout(place.timer);
        place.timer = undefined;
        if (!place.slow) return;
        place.slow = false;
        slowBodies -= 1;
        if (!room(request)) return reply.send(refuse(reply));
        place.holding = true;
        inFlight += 1;
      });
      const releaseOf = async (request: FastifyRequest) => places.get(request)?.release?.();
      app.addHook("onResponse", releaseOf);
      app.addHook("onRequestAbort", releaseOf);
    }
  },
  { name: "admission" },
);
