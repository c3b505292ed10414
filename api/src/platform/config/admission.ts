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
    retryAfterSeconds: positiveInteger(env, "ADMISSION_RETRY_AFTER_SECONDS", 2),
  };
}
