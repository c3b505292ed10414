import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

/** Every error the API answers: `{ error, message, fields? }` with the right status. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    /** Seconds after which the same request may succeed (a Retry-After header). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new ApiError(400, message, fields);
export const unauthorized = (message = "Sign in to do this.") => new ApiError(401, message);
export const forbidden = (message = "You are not allowed to do this.") => new ApiError(403, message);
export const notFound = (message: string) => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);

const STATUS_NAMES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  409: "Conflict",
  413: "Payload Too Large",
  414: "URI Too Long",
  415: "Unsupported Media Type",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

/** The database did not answer in time or its connection dropped: the same request may succeed soon. */
export const databaseUnavailable = () =>
  new ApiError(503, "The service is briefly unavailable. Please try again in a moment.", undefined, 2);

/** SQLSTATE classes and codes of a lost connection, a shutdown, or a timeout (statement, lock, idle). */
const UNAVAILABLE_CODES = new Set(["57P01", "57P02", "57P03", "57014", "55P03", "25P03", "53300"]);
/** What node-postgres throws without a SQLSTATE: the socket dropped, or no connection in time. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated due to connection timeout|ECONNREFUSED|ECONNRESET|EPIPE|Query read timeout/i;

function isUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
    if (typeof code === "string" && /^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT)$/.test(code)) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}

/** PostgreSQL error codes that are the client's fault, not the server's. */
function fromDatabase(error: unknown): ApiError | null {
  if (isUnavailable(error)) return databaseUnavailable();
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;
  switch (code) {
    case "23505":
      return conflict("That already exists.");
    case "23514":
      return new ApiError(409, "That would break a rule of the data (for example more enrolled than available seats).");
    case "23503":
      return notFound("Something this refers to does not exist.");
    case "40P01":
    case "40001":
      // Still conflicting after the retries (platform/transaction.ts): the client may simply try again.
      return conflict("Someone else changed this at the same moment: try again.");
    default:
      // SQLSTATE class 22, data exception (a date or number out of the column's range, text that
      // is not valid input): a value the client sent that the checks in front did not catch.
      return typeof code === "string" && code.startsWith("22")
        ? badRequest("A value is malformed or out of range.")
        : null;
  }
}

/**
 * Fastify's own refusals before any route runs (a malformed %-escape in the path, a path
 * parameter over its length), in the API's error shape rather than Fastify's: Fastify option
 * `frameworkErrors`.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ error: "Internal Server Error", message: "Something went wrong on our side." });
  }
  const message =
    error.code === "FST_ERR_BAD_URL"
      ? "This address is malformed: it holds a % that is not followed by a valid character code."
      : "This address is not valid.";
  return reply.status(status).send({ error: STATUS_NAMES[status] ?? "Error", message });
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const where =
          issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || error.validationContext || "request";
        fields[where] ??= issue.message ?? "Invalid value.";
      }
      return reply.status(400).send({ error: "Bad Request", message: "Some fields are invalid.", fields });
    }
    // Fastify's own 4xx (a body the client stopped sending carries ECONNRESET "aborted" and a
    // 400) is the client's doing, never the database's, whatever its code says.
    const fromFastify = typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500;
    const known = error instanceof ApiError ? error : fromFastify ? null : fromDatabase(error);
    if (known) {
      const body: Record<string, unknown> = {
        error: STATUS_NAMES[known.statusCode] ?? "Error",
        message: known.message,
      };
      if (known.fields) body.fields = known.fields;
      if (known.retryAfter !== undefined) void reply.header("Retry-After", String(known.retryAfter));
      if (known.statusCode === 503 && !(error instanceof ApiError)) {
        request.log.warn({ err: error }, "database unavailable");
      }
      return reply.status(known.statusCode).send(body);
    }
    const status = typeof error.statusCode === "number" ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: STATUS_NAMES[status] ?? "Error", message: error.message });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ error: "Internal Server Error", message: "Something went wrong on our side." });
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ error: "Not Found", message: `There is no ${request.method} ${request.url.split("?")[0]}.` }),
  );
}
