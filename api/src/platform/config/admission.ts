import type { AdmissionConfig } from "../admission.js";
import { positiveInteger, wholeNumber } from "./numbers.js";

/** When this process refuses requests with 503 instead of queueing them (ADMISSION_..., decision 035). */
export function readAdmission(env: NodeJS.ProcessEnv): AdmissionConfig {
  const raw = env.ADMISSION_MAX_LOOP_UTILIZATION;
  const utilization = raw === undefined || raw === "" ? 0 : Number(raw);
  if (!(utilization >= 0 && utilization <= 1)) {
    throw new Error("ADMISSION_MAX_LOOP_UTILIZATION must be between 0 (off) and 1, e.g. 0.98");
  }
  return {
    maxInFlight: wholeNumber(env, "ADMISSION_MAX_IN_FLIGHT", 24),
    maxEventLoopDelayMs: wholeNumber(env, "ADMISSION_MAX_LOOP_DELAY_MS", 1_000),
    maxEventLoopUtilization: utilization,
    // A family's JSON body (a few kB) arrives within a few hundred ms on a slow phone.
    bodyGraceMs: positiveInteger(env, "ADMISSION_BODY_GRACE_MS", 500),
    // A camp's families often share one address; one client past this many open requests (bodies
    // still arriving included) is refused with 429.
    maxPerAddress: wholeNumber(env, "ADMISSION_MAX_PER_ADDRESS", 50),
    retryAfterSeconds: positiveInteger(env, "ADMISSION_RETRY_AFTER_SECONDS", 2),
  };
}

/** How long a client may take to send a request (decision 035); Node's HTTP server enforces them. */
export interface HttpTimeouts {
  /** The headers (HTTP_HEADERS_TIMEOUT_MS). */
  headersMs: number;
  /** The whole request, headers and body (HTTP_REQUEST_TIMEOUT_MS): past it, 408 and the connection closed. */
  requestMs: number;
  /** How often the server looks for requests past their time (derived: at most a second). */
  checkEveryMs: number;
}

export function readHttpTimeouts(env: NodeJS.ProcessEnv): HttpTimeouts {
  // A minute lets the largest upload (IMAGE_MAX_BYTES, 5 MB) through a slow 1 Mbit/s uplink; the
  // headers are a few kilobytes.
  const requestMs = positiveInteger(env, "HTTP_REQUEST_TIMEOUT_MS", 60_000);
  const headersMs = positiveInteger(env, "HTTP_HEADERS_TIMEOUT_MS", Math.min(10_000, requestMs));
  if (headersMs > requestMs) {
    throw new Error("HTTP_HEADERS_TIMEOUT_MS must not be longer than HTTP_REQUEST_TIMEOUT_MS");
  }
  // Node looks every 30 s by default, so a deadline of 10 s would be enforced after up to 40.
  const checkEveryMs = Math.max(50, Math.min(1_000, Math.floor(headersMs / 4)));
  return { headersMs, requestMs, checkEveryMs };
}
