import underPressure from "@fastify/under-pressure";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

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
  /** The Retry-After of a refusal, in seconds (ADMISSION_RETRY_AFTER_SECONDS). */
  retryAfterSeconds: number;
}

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Requests this process is serving now, its limit (0: none), how many it refused, and whether
     * it refuses reads now (background work waits while it does).
     */
    admission: () => { inFlight: number; maxInFlight: number; refused: number; busy: boolean };
  }
}

/** Orchestration's checks: a busy process is alive and says so. */
const ALWAYS_SERVED = new Set(["/health", "/health/ready"]);

/** The part of `maxInFlight` reads may fill; the rest is kept for changes. */
export const READ_SHARE = 0.5;

const isRead = (request: FastifyRequest) => request.method === "GET" || request.method === "HEAD";

export const busyMessage = (seconds: number) =>
  `The site is very busy right now. Please try again in ${seconds} second${seconds === 1 ? "" : "s"}: nothing was changed.`;

function exempt(request: FastifyRequest): boolean {
  return request.method === "OPTIONS" || ALWAYS_SERVED.has(request.url.split("?", 1)[0] ?? "");
}

export const admissionPlugin = fp(
  async (app: FastifyInstance, config: AdmissionConfig) => {
    let inFlight = 0;
    let refused = 0;
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
    app.decorate("admission", () => ({ inFlight, maxInFlight: config.maxInFlight, refused, busy: busy() }));

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
          exempt(request) || !isRead(request) ? undefined : refuse(reply)) as unknown as () => void,
      });
    }

    if (config.maxInFlight > 0) {
      const releases = new WeakMap<FastifyRequest, () => void>();
      app.addHook("onRequest", async (request, reply) => {
        if (exempt(request)) return;
        if (inFlight >= (isRead(request) ? maxReads : config.maxInFlight)) return reply.send(refuse(reply));
        inFlight += 1;
        let done = false;
        const release = () => {
          if (done) return;
          done = true;
          inFlight -= 1;
        };
        releases.set(request, release);
        // Whichever comes first: the answer sent, the client gone, or the socket closed.
        reply.raw.once("close", release);
      });
      const releaseOf = async (request: FastifyRequest) => releases.get(request)?.();
      app.addHook("onResponse", releaseOf);
      app.addHook("onRequestAbort", releaseOf);
    }
  },
  { name: "admission" },
);
