import { z } from "zod";
import { errorBody } from "./platform/contract.js";

/** What the health checks answer (decision 038). */

const database = z.enum(["pglite", "postgres"]).meta({ description: "The database driver this process uses" });

/** Admission control's counts (decision 035: platform/admission.ts, admission-per-address.ts). */
const admission = z
  .object({
    inFlight: z.int().min(0).meta({
      description:
        "Requests this process is serving now, the health checks not counted; always 0 without a limit (maxInFlight 0)",
    }),
    maxInFlight: z.int().min(0).meta({
      description: "Its limit (ADMISSION_MAX_IN_FLIGHT); 0: no limit. Reads are refused at half of it",
    }),
    refused: z.int().min(0).meta({
      description:
        "Requests refused with 503 as very busy since the process started (the limit, or the event loop's lag)",
    }),
    busy: z.boolean().meta({ description: "Whether it refuses reads now (background work waits while it does)" }),
    slowBodies: z.int().min(0).meta({
      description: "Requests whose body is still arriving after the grace, holding no place; always 0 without a limit",
    }),
    open: z.int().min(0).meta({
      description:
        "Requests open now, counted for the limit per client address; always 0 without that limit (ADMISSION_MAX_PER_ADDRESS 0)",
    }),
    addresses: z.int().min(0).meta({ description: "Client addresses those requests come from" }),
    refusedPerAddress: z.int().min(0).meta({
      description: "Requests refused with 429 for their address's limit since the process started",
    }),
  })
  .meta({ description: "This process's admission control: what it serves now, its limits, what it refused" });

/** GET /health. */
export const healthAnswer = z
  .object({
    status: z.literal("ok"),
    database,
    databaseState: z.enum(["ok", "slow", "unreachable"]).meta({
      description: "ok; slow: no answer within a second (locks, a full pool); unreachable: the query failed",
    }),
    listCache: z.enum(["notified", "version-checked"]).meta({
      description:
        "How the public lists' cache learns of changes: notified by the database (served from memory), or " +
        "version-checked on each read while the notifications are down",
    }),
    frontServed: z
      .int()
      .min(0)
      .meta({ description: "Requests for the cached lists answered before Fastify (decision 036)" }),
    rateLimits: z.enum(["shared", "per-process"]).meta({
      description:
        "Where the rate limits' counters are kept: in Redis, shared by every process (REDIS_URL), or in this process's memory",
    }),
    admission,
  })
  .meta({ id: "Health", description: "The process is alive; its database's state, caches and limits" });

/** GET /health/ready, 200. */
export const readyAnswer = z.object({
  status: z.literal("ready"),
  database,
  databaseState: z.literal("ok"),
});

/** GET /health/ready, 503: the error shape and the database's state. */
export const notReadyAnswer = errorBody
  .pick({ error: true, message: true })
  .extend({
    // Fastify's own 503 while the process closes (return503OnClosing) is written before any route
    // runs, with this extra field and no databaseState.
    statusCode: z.literal(503).optional().meta({ description: "Sent only by the 503 of a process that is closing" }),
    databaseState: z
      .enum(["slow", "unreachable"])
      .optional()
      .meta({
        description:
          "slow: no answer within a second; unreachable: the query failed. Absent when the process is closing " +
          "(then every request gets 503)",
      }),
  })
  .meta({
    description: "Not ready (Retry-After: 2): the database did not answer within a second, or the process is closing",
  });
