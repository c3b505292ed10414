import { createHmac } from "node:crypto";
import { positiveInteger } from "./numbers.js";

/** E-mail: where the outbox's worker sends, and what the messages link to. */
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

export function readMailConfig(
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
