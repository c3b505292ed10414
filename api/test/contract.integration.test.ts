import { readFile } from "node:fs/promises";
import Fastify from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { useContract } from "../src/platform/contract.js";
import { registerErrorHandling } from "../src/platform/errors.js";
import { useTestApi } from "./harness.js";

const api = useTestApi();

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  responses: Record<string, { description: string; content?: Record<string, { schema?: unknown }> }>;
}
type Document = { paths: Record<string, Record<string, Operation>>; tags: { name: string }[] };

async function served(): Promise<Document> {
  const res = await api.call({ method: "GET", url: "/docs/json" });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const operations = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );

describe("the OpenAPI document (decision 038)", () => {
  it("is the one committed in api/openapi.json, which the front ends' types are made from", async () => {
    const committed = JSON.parse(await readFile(new URL("../openapi.json", import.meta.url), "utf8"));
    // After a change to a route's schema: `npm run openapi` writes both files again.
    expect(await served()).toEqual(committed);
  });

  it("names, summarises and tags every operation, with a unique operationId", async () => {
    const doc = await served();
    const declared = new Set(doc.tags.map((t) => t.name));
    const ids = new Map<string, string>();
    const problems: string[] = [];
    for (const { name, op } of operations(doc)) {
      if (!op.operationId) problems.push(`${name}: no operationId`);
      else if (ids.has(op.operationId)) problems.push(`${name}: operationId also on ${ids.get(op.operationId)}`);
      else ids.set(op.operationId, name);
      if (!op.summary) problems.push(`${name}: no summary`);
      if (!op.tags?.length || op.tags.some((t) => !declared.has(t))) problems.push(`${name}: no declared tag`);
    }
    expect(problems).toEqual([]);
    expect(ids.size).toBeGreaterThanOrEqual(90);
  });

  it("gives every operation a success answer, and every answer with a body its schema", async () => {
    const problems: string[] = [];
    for (const { name, op } of operations(await served())) {
      const statuses = Object.keys(op.responses);
      if (!statuses.some((s) => /^[23]/.test(s))) problems.push(`${name}: no 2xx or 3xx answer`);
      for (const [status, answer] of Object.entries(op.responses)) {
        if (answer.description === "Default Response") problems.push(`${name} ${status}: not described`);
        const bodiless = status === "204" || status === "304" || /^3/.test(status);
        if (bodiless) continue;
        const media = Object.entries(answer.content ?? {});
        if (media.length === 0 || media.some(([, m]) => !m.schema)) problems.push(`${name} ${status}: no body schema`);
      }
      // Every 4xx and 5xx is the shared error shape (or a route's own extension of it).
      for (const [status, answer] of Object.entries(op.responses)) {
        if (!/^[45]/.test(status)) continue;
        const schema = JSON.stringify(answer.content?.["application/json"]?.schema ?? {});
        if (!schema.includes("#/components/schemas/Error") && !schema.includes('"message"')) {
          problems.push(`${name} ${status}: not the error shape`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("asks no access token of the public calls, and one of the others", async () => {
    const doc = await served();
    const security = (path: string, method: string) => doc.paths[path]?.[method]?.security;
    for (const [path, method] of [
      ["/instructors", "get"],
      ["/health", "get"],
      ["/contact", "post"],
      ["/newsletter", "post"],
      ["/webhooks/stripe", "post"],
      ["/calendar/{file}", "get"],
      ["/unsubscribe/{token}", "post"],
    ] as const) {
      expect(security(path, method), `${method} ${path}`).toEqual([]);
    }
    // The class list and a class page answer anyone; a token shows an admin or the class's
    // instructor more.
    expect(security("/classes", "get")).toEqual([{}, { bearer: [] }]);
    expect(security("/classes/{id}", "get")).toEqual([{}, { bearer: [] }]);
    // Signed-in calls keep the document's global bearer requirement.
    expect(security("/campers", "get")).toBeUndefined();
    expect(security("/carts", "get")).toBeUndefined();
  });
});

describe("answers are written by their schemas", () => {
  async function tinyApi(answer: unknown) {
    const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    useContract(app);
    registerErrorHandling(app);
    app.get(
      "/thing",
      { schema: { response: { 200: z.object({ name: z.string(), seats: z.int() }) } } },
      async () => answer as { name: string; seats: number },
    );
    await app.ready();
    return app;
  }

  it("leave out a field the schema does not name", async () => {
    const app = await tinyApi({ name: "Kayak", seats: 4, passwordHash: "x", familyId: "y" });
    const res = await app.inject({ method: "GET", url: "/thing" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: "Kayak", seats: 4 });
    await app.close();
  });

  it("never send an answer that breaks the schema: the caller gets the error shape", async () => {
    const app = await tinyApi({ name: "Kayak", seats: "four" });
    const res = await app.inject({ method: "GET", url: "/thing" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: "Internal Server Error", message: "Something went wrong on our side." });
    expect(res.body).not.toContain("four");
    await app.close();
  });
});
