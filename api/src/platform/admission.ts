import underPressure from "@fastify/under-pressure";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ApiError } from "./errors.js";

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
    /** Requests this process is serving now, and its limit (0: none). */
    admission: () => { inFlight: number; maxInFlight: number; refused: number };
  }
}

/** Orchestration's checks: a busy process is alive and says so. */
const ALWAYS_SERVED = new Set(["/health", "/health/ready"]);

export const busyMessage = (seconds: number) =>
  `The site is very busy right now. Please try again in ${seconds} second${seconds === 1 ? "" : "s"}: nothing was changed.`;

function exempt(request: FastifyRequest): boolean {
  return request.method === "OPTIONS" || ALWAYS_SERVED.has(request.url.split("?", 1)[0] ?? "");
}

export const admissionPlugin = fp(
  async (app: FastifyInstance, config: AdmissionConfig) => {
    let inFlight = 0;
    let refused = 0;
    /** The refusal, in the API's error shape through its error handler (with Retry-After). */
    const busy = () => {
      refused += 1;
      return new ApiError(503, busyMessage(config.retryAfterSeconds), undefined, config.retryAfterSeconds);
    };
    app.decorate("admission", () => ({ inFlight, maxInFlight: config.maxInFlight, refused }));

    if (config.maxEventLoopDelayMs > 0 || config.maxEventLoopUtilization > 0) {
      await app.register(underPressure, {
        maxEventLoopDelay: config.maxEventLoopDelayMs,
        maxEventLoopUtilization: config.maxEventLoopUtilization,
        // The last second's utilisation, not the average since the process started.
        eventLoopUtilizationMode: "interval",
        retryAfter: config.retryAfterSeconds,
        // Nothing returned lets the request through; a rejection is answered by the error handler.
        pressureHandler: (request) => (exempt(request) ? undefined : Promise.reject(busy())),
      });
    }

    if (config.maxInFlight > 0) {
      const releases = new WeakMap<FastifyRequest, () => void>();
      app.addHook("onRequest", async (request, reply) => {
        if (exempt(request)) return;
        if (inFlight >= config.maxInFlight) throw busy();
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
