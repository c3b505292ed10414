import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

/** Every error the API answers: `{ error, message, fields? }` with the right status. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
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
  415: "Unsupported Media Type",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

/** PostgreSQL error codes that are the client's fault, not the server's. */
function fromDatabase(error: unknown): ApiError | null {
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
      // Still conflicting after the retries (lib/transaction.ts): the client may simply try again.
      return conflict("Someone else changed this at the same moment: try again.");
    case "22P02":
    case "22003":
    case "22001":
      return badRequest("A value is malformed or out of range.");
    default:
      return null;
  }
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
    const known = error instanceof ApiError ? error : fromDatabase(error);
    if (known) {
      const body: Record<string, unknown> = {
        error: STATUS_NAMES[known.statusCode] ?? "Error",
        message: known.message,
      };
      if (known.fields) body.fields = known.fields;
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
