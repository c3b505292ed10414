import type { FastifyInstance, RouteOptions } from "fastify";
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from "fastify-type-provider-zod";
import { z } from "zod";

declare module "fastify" {
  interface FastifySchema {
    /**
     * The request body of a route that reads its body itself, for the document only: a
     * multipart/form-data upload (request.parts()), the payment provider's webhook (the raw bytes
     * its signature is checked against), a one-click unsubscribe (whose form is not read).
     * Fastify never validates it (a `body` schema would be checked against what the route's
     * parser keeps, which is not that shape); `documentTransform` writes it as the body.
     */
    documentedBody?: { schema: z.ZodType; mediaTypes: string[] };
  }
}

/**
 * The API's contract (decision 038): every route declares its request and each answer it can
 * give, in Zod, and the OpenAPI document at /docs/json is made from those declarations. This
 * module holds what every route shares: the error shape, and the answers any route can give
 * whatever it does (added to each route's own when the route is registered).
 */

/** Every refusal and failure: `{ error, message, fields? }` (platform/errors.ts sends it). */
export const errorBody = z
  .object({
    error: z.string().meta({ description: 'The status\'s name, such as "Bad Request"', example: "Bad Request" }),
    message: z.string().meta({
      description: "What went wrong, in words a person can read",
      example: "Some fields are invalid.",
    }),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .meta({
        description: "For invalid input: each field's problem, by the field's path",
        example: { date_of_birth: "Enter a date as YYYY-MM-DD." },
      }),
  })
  .meta({ id: "Error" });

/** A route's own answer with no body (204). */
export const noBody = z.undefined();

/** Statuses any route can answer with, whatever it does. */
const ALWAYS = {
  429: "Too many requests from this client (a Retry-After header says when to try again)",
  500: "Something went wrong on the server",
  503: "The API is very busy or its database briefly unavailable (a Retry-After header says when to try again)",
} as const;
/** Statuses of a route that reads input: params, query or body. */
const WITH_INPUT = { 400: "The input is malformed or a field is invalid (each field's problem in `fields`)" } as const;
/** Statuses of a route that takes a body. */
const WITH_BODY = {
  413: "The body is larger than the API takes",
  415: "The body's content type is not one this route takes",
} as const;
/** Statuses of a route that needs a signed-in caller (`config.access`). */
const SIGNED_IN = {
  401: "No valid access token came with the request, or its session ended",
  403: "The caller's role may not do this",
} as const;

/** Shorthand for a route's own refusals: `response: { 200: x, ...refusals({ 404: "No such class" }) }`. */
export function refusals(described: Record<number, string>) {
  return Object.fromEntries(
    Object.entries(described).map(([status, description]) => [status, errorBody.describe(description)]),
  );
}

type RouteSchema = NonNullable<RouteOptions["schema"]> & {
  response?: Record<string, unknown>;
  security?: unknown;
  hide?: boolean;
};

/**
 * Makes an instance keep the contract: requests are validated by their routes' schemas, answers
 * are written by theirs (a field a schema does not name is left out; an answer that breaks its
 * schema is never sent: the caller gets a 500 and the log says which field), and each route's
 * schema is completed as below. Called before any route is registered.
 */
export function useContract(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  completeEachRoute(app);
}

/**
 * Completes each route's schema as it is registered: the answers every route can give, in the
 * error shape, and `security: []` for a route that needs no access token (no `config.access`
 * and no security of its own). Registered before the routes (onRoute sees only later routes).
 */
function completeEachRoute(app: FastifyInstance) {
  app.addHook("onRoute", (route) => {
    const schema = (route.schema ?? {}) as RouteSchema;
    if (schema.hide) return;
    const response: Record<string, unknown> = { ...schema.response };
    const add = (statuses: Record<number, string>) => {
      for (const [status, description] of Object.entries(statuses))
        response[status] ??= errorBody.describe(description);
    };
    if (schema.params || schema.querystring || schema.body || schema.documentedBody) add(WITH_INPUT);
    if (schema.body || schema.documentedBody) add(WITH_BODY);
    if (route.config?.access) add(SIGNED_IN);
    add(ALWAYS);
    const completed: RouteSchema = { ...schema, response };
    if (!route.config?.access && schema.security === undefined) completed.security = [];
    route.schema = completed;
  });
}

type Transform = typeof jsonSchemaTransform;
type Json = Record<string, unknown>;

/** `{ description, allOf: [{ $ref }] }`: how a named schema with a description of its use comes out of Zod. */
function describedRef(schema: unknown): { ref: string; description: string } | null {
  if (!schema || typeof schema !== "object") return null;
  const { description, allOf, ...rest } = schema as Json;
  const [only, ...more] = Array.isArray(allOf) ? (allOf as Json[]) : [];
  if (typeof description !== "string" || !only || more.length || Object.keys(rest).length) return null;
  return typeof only.$ref === "string" && Object.keys(only).length === 1 ? { ref: only.$ref, description } : null;
}

/**
 * The route schemas as the document shows them (@fastify/swagger's `transform`): Zod's JSON
 * schemas, with what the library leaves out. A route's `documentedBody` is its request body. An answer given in the content form keeps its
 * headers (a download's Content-Disposition). A named schema given a description of its use
 * ("No such class" for an `Error`) is referred to as it is, the description going to the answer
 * (@fastify/swagger takes a `$ref`'s description for the answer and drops it from the schema):
 * code generators then name it by its schema, and no `$ref` carries siblings.
 */
export const documentTransform: Transform = (route) => {
  const { documentedBody, ...schema } = (route.schema ?? {}) as RouteSchema;
  const result = jsonSchemaTransform(
    documentedBody
      ? { ...route, schema: { ...schema, body: documentedBody.schema, consumes: documentedBody.mediaTypes } }
      : route,
  );
  const given = schema.response ?? {};
  const written = (result.schema as { response?: Record<string, Json> }).response ?? {};
  for (const [status, answer] of Object.entries(written)) {
    const original = given[status] as { headers?: unknown } | undefined;
    if (original && typeof original === "object" && "content" in original && original.headers) {
      answer.headers = original.headers;
    }
    const named = describedRef(answer);
    if (named) written[status] = { $ref: named.ref, description: named.description };
  }
  return result;
};

/** The document's named schemas, less the copies nothing refers to (the library writes an input and an output copy of each). */
export const documentTransformObject: typeof jsonSchemaTransformObject = (document) => {
  const whole = jsonSchemaTransformObject(document) as { components?: { schemas?: Json } };
  const schemas = whole.components?.schemas;
  if (!schemas) return whole as ReturnType<typeof jsonSchemaTransformObject>;
  const referenced = (value: unknown, into: Set<string>) => {
    const text = JSON.stringify(value);
    for (const match of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) into.add(match[1]!);
  };
  // What the paths use, and what those use in turn.
  const used = new Set<string>();
  referenced({ ...whole, components: { ...whole.components, schemas: {} } }, used);
  for (let grew = true; grew;) {
    const before = used.size;
    for (const name of [...used]) referenced(schemas[name], used);
    grew = used.size > before;
  }
  whole.components!.schemas = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  typeNullableReferences(whole, schemas);
  return whole as ReturnType<typeof jsonSchemaTransformObject>;
};

/**
 * OpenAPI 3.0 has no null type, and its `nullable` only adds null to a `type` in the same schema
 * (3.0.3's clarification); Zod's output needs two corrections for a validator to read it as
 * meant. A nullable choice of values lists null among them. A nullable named schema, which Zod
 * writes as `{ nullable: true, allOf: [{ $ref }] }` (and the allOf would still refuse null), is
 * written as either the schema or null.
 */
function typeNullableReferences(node: unknown, schemas: Json): void {
  if (!node || typeof node !== "object") return;
  if (Array.isArray(node)) return node.forEach((item) => typeNullableReferences(item, schemas));
  const object = node as Json;
  if (object.nullable === true && Array.isArray(object.enum) && !object.enum.includes(null)) object.enum.push(null);
  const [only, ...more] = Array.isArray(object.allOf) ? (object.allOf as Json[]) : [];
  if (object.nullable === true && typeof only?.$ref === "string" && more.length === 0) {
    const target = schemas[only.$ref.replace("#/components/schemas/", "")] as Json | undefined;
    delete object.nullable;
    delete object.allOf;
    delete object.type;
    object.anyOf = [only, { type: target?.type ?? "object", nullable: true, enum: [null] }];
  }
  for (const value of Object.values(object)) typeNullableReferences(value, schemas);
}
