import { createServer, request as forward, type IncomingMessage, type Server } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import addFormats from "ajv-formats";
import { OpenAPIBackend, type Document } from "openapi-backend";

/**
 * A validating proxy in front of the e2e run's API (decision 038): the browsers and the tests'
 * own calls reach the API through it unchanged, and every answer is checked against the OpenAPI
 * document the API publishes (GET /docs/json): its status must be one the operation lists, and a
 * JSON body must match that status's schema. What breaks the contract is recorded; the run fails
 * on any (support/global-setup.ts).
 */
export interface ContractViolation {
  method: string;
  path: string;
  status: number;
  operationId: string | null;
  problem: string;
}

/** Not operations of the document: CORS preflights, and the docs page itself. */
const UNCHECKED = (method: string, path: string) =>
  method === "OPTIONS" || method === "HEAD" || path === "/docs" || path.startsWith("/docs/");

type Responses = Record<string, { content?: Record<string, { schema?: unknown }> }>;

export async function startContractProxy(options: {
  port: number;
  /** Where the API itself listens. */
  target: { host: string; port: number };
  onViolation: (violation: ContractViolation) => void;
}): Promise<{ close(): Promise<void>; checked(): number }> {
  let checker: OpenAPIBackend | null = null;
  let checked = 0;

  /** The document is read once the API answers (the proxy starts first, so the API's health check goes through it). */
  async function contract(): Promise<OpenAPIBackend | null> {
    if (checker) return checker;
    const res = await fetch(`http://${options.target.host}:${options.target.port}/docs/json`).catch(() => null);
    if (!res?.ok) return null;
    const document = (await res.json()) as Document;
    // The document must be valid OpenAPI 3.0, or nothing it says can be trusted.
    const problems = structureProblems(document);
    if (problems.length) throw new Error(`the document is not valid OpenAPI 3.0: ${problems.slice(0, 5).join("; ")}`);
    const api = new OpenAPIBackend({
      definition: asDraft7(document),
      // The document's structure is checked above (openapi-backend's own check reads schema
      // objects as JSON Schema draft 7, which OpenAPI 3.0's boolean exclusive bounds are not).
      quick: true,
      validate: true,
      // Formats are checked too (uuid, date-time, e-mail...): Ajv only knows of them with ajv-formats.
      customizeAjv: (ajv) => addFormats(ajv),
    });
    await api.init();
    checker = api;
    return api;
  }

  async function check(req: IncomingMessage, status: number, headers: IncomingMessage["headers"], raw: Buffer) {
    const url = new URL(req.url ?? "/", "http://api");
    const method = req.method ?? "GET";
    if (UNCHECKED(method, url.pathname)) return;
    const api = await contract();
    if (!api) return;
    const report = (operationId: string | null, problem: string) =>
      options.onViolation({ method, path: url.pathname, status, operationId, problem });
    const operation = api.router.matchOperation({
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers as Record<string, string>,
    });
    checked += 1;
    if (!operation) {
      // The API's answer to a path it does not have is its 404 in the error shape.
      if (status !== 404) report(null, "no operation of the document has this method and path");
      return;
    }
    const operationId = operation.operationId ?? null;
    const responses = operation.responses as Responses;
    const described = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
    if (!described) {
      report(operationId, `status ${status} is not one the document lists (${Object.keys(responses).join(", ")})`);
      return;
    }
    const type = String(headers["content-type"] ?? "")
      .split(";")[0]!
      .trim();
    const content = described.content ?? {};
    if (status === 204 || status === 304 || raw.length === 0) {
      if (raw.length > 0) report(operationId, `a ${status} with a body`);
      return;
    }
    if (!(type in content) && !("*/*" in content)) {
      report(operationId, `content type "${type}" is not one the document lists (${Object.keys(content).join(", ")})`);
      return;
    }
    if (type !== "application/json") return;
    const encoding = String(headers["content-encoding"] ?? "");
    const text = (
      encoding === "br" ? brotliDecompressSync(raw) : encoding === "gzip" ? gunzipSync(raw) : raw
    ).toString();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      report(operationId, "the body is not JSON");
      return;
    }
    const result = api.validator.validateResponse(body, operation, status);
    if (!result.valid) {
      const problems = (result.errors ?? []).map((e) => `${e.instancePath || "(body)"} ${e.message ?? ""}`.trim());
      report(operationId, `the body breaks the schema: ${problems.slice(0, 5).join("; ")}`);
    }
  }

  /**
   * The answer's headers without the hop-by-hop ones (RFC 9110 section 7.6.1). The API's
   * `Keep-Alive: timeout=72` passed on told the tests' clients to keep a connection to this proxy
   * for 71 s while the proxy closed it after its own 5 s: a call on it then failed with "other
   * side closed". The proxy says its own connection terms.
   */
  const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "upgrade"]);
  const endToEnd = (raw: string[]) =>
    raw.flatMap((value, i) => (i % 2 === 0 && !HOP_BY_HOP.has(value.toLowerCase()) ? [value, raw[i + 1]!] : []));

  const server: Server = createServer((req, res) => {
    const upstream = forward(
      { host: options.target.host, port: options.target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.rawHeaders));
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          res.write(chunk);
        });
        answer.on("end", () => {
          res.end();
          check(req, answer.statusCode ?? 0, answer.headers, Buffer.concat(chunks)).catch((error: unknown) =>
            options.onViolation({
              method: req.method ?? "",
              path: req.url ?? "",
              status: answer.statusCode ?? 0,
              operationId: null,
              problem: `could not be checked: ${String(error)}`,
            }),
          );
        });
        answer.on("error", () => res.destroy());
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" }).end("The API is not answering.");
      else res.destroy();
    });
    req.pipe(upstream);
    res.on("close", () => {
      if (!res.writableFinished) upstream.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, resolve);
  });
  return {
    checked: () => checked,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Where the document breaks OpenAPI 3.0's rules that its consumers rely on (every operation named, exclusive bounds as flags). */
export function structureProblems(document: Document): string[] {
  const problems: string[] = [];
  if (!String(document.openapi).startsWith("3.0.")) problems.push(`openapi is ${document.openapi}, not 3.0.x`);
  const walk = (node: unknown, where: string) => {
    if (!node || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if ((key === "exclusiveMinimum" || key === "exclusiveMaximum") && typeof value !== "boolean") {
        problems.push(`${where}/${key} is ${JSON.stringify(value)}, not a boolean`);
      }
      walk(value, `${where}/${key}`);
    }
  };
  walk(document.paths, "#/paths");
  walk(document.components, "#/components");
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      if (!(operation as { operationId?: string }).operationId) problems.push(`${method} ${path} has no operationId`);
    }
  }
  return problems;
}

/** A copy whose schema objects Ajv (JSON Schema draft 7) reads as OpenAPI 3.0 means them. */
function asDraft7(document: Document): Document {
  const convert = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(convert);
    if (!node || typeof node !== "object") return node;
    const object = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, convert(value)]));
    for (const [exclusive, inclusive] of [
      ["exclusiveMinimum", "minimum"],
      ["exclusiveMaximum", "maximum"],
    ] as const) {
      if (object[exclusive] === true && typeof object[inclusive] === "number") {
        object[exclusive] = object[inclusive];
        delete object[inclusive];
      } else if (object[exclusive] === false) {
        delete object[exclusive];
      }
    }
    return object;
  };
  return convert(document) as Document;
}
