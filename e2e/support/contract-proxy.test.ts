import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { startContractProxy, structureProblems, type ContractViolation } from "./contract-proxy";

/** A small API with a document of two operations, whose answers the tests choose. */
const DOCUMENT = {
  openapi: "3.0.3",
  info: { title: "t", version: "1" },
  paths: {
    "/things/{id}": {
      get: {
        operationId: "getThing",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: {
          200: {
            description: "A thing",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: { name: { type: "string" }, seats: { type: "integer" } },
                  required: ["name", "seats"],
                  additionalProperties: false,
                },
              },
            },
          },
          404: { description: "None", content: { "application/json": { schema: { type: "object" } } } },
        },
      },
    },
    "/things.csv": {
      get: {
        operationId: "thingsCsv",
        responses: { 200: { description: "CSV", content: { "text/csv": { schema: { type: "string" } } } } },
      },
    },
  },
};

let answer: { status: number; type: string; body: string; gzip?: boolean } = { status: 200, type: "", body: "" };
let api: Server;
let proxy: Awaited<ReturnType<typeof startContractProxy>>;
let base = "";
const violations: ContractViolation[] = [];

beforeAll(async () => {
  api = createServer((req, res) => {
    if (req.url === "/docs/json")
      return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(DOCUMENT));
    const body = answer.gzip ? gzipSync(answer.body) : answer.body;
    // As Fastify answers: its own connection terms, a keep-alive far longer than the proxy's.
    res.writeHead(answer.status, {
      "content-type": answer.type,
      "keep-alive": "timeout=72",
      ...(answer.gzip && { "content-encoding": "gzip" }),
    });
    res.end(body);
  });
  api.listen(0, "127.0.0.1");
  await once(api, "listening");
  const probe = createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  proxy = await startContractProxy({
    port,
    target: { host: "127.0.0.1", port: (api.address() as AddressInfo).port },
    onViolation: (v) => violations.push(v),
  });
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await proxy.close();
  api.close();
});

/** Asks through the proxy; the answer reaches the caller unchanged; then the proxy's verdict. */
async function through(path: string, given: typeof answer): Promise<ContractViolation[]> {
  answer = given;
  violations.length = 0;
  const res = await fetch(`${base}${path}`);
  expect(res.status).toBe(given.status);
  expect(await res.text()).toBe(given.body);
  await new Promise((resolve) => setTimeout(resolve, 50));
  return [...violations];
}

describe("the contract proxy", () => {
  it("says its own connection terms, so a caller never reuses a connection the proxy has closed", async () => {
    const json = "application/json; charset=utf-8";
    const res = await fetch(`${base}/things/1`);
    await res.text();
    expect(res.headers.get("keep-alive")).toBe("timeout=5");
    // Past the proxy's own 5 s: the caller has let the connection go too, and the next call works.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    expect(await through("/things/1", { status: 200, type: json, body: '{"name":"a","seats":1}' })).toEqual([]);
  }, 15_000);

  it("lets an answer that keeps the contract pass, compressed or not", async () => {
    const json = "application/json; charset=utf-8";
    expect(await through("/things/1", { status: 200, type: json, body: '{"name":"Kayak","seats":4}' })).toEqual([]);
    expect(
      await through("/things/1", { status: 200, type: json, body: '{"name":"Kayak","seats":4}', gzip: true }),
    ).toEqual([]);
    expect(await through("/things.csv", { status: 200, type: "text/csv", body: "a,b\n" })).toEqual([]);
    expect(await through("/nowhere", { status: 404, type: json, body: "{}" })).toEqual([]);
  });

  it("records a body that breaks its schema, an unlisted status or content type, and an unknown path", async () => {
    const json = "application/json";
    const [extra] = await through("/things/1", {
      status: 200,
      type: json,
      body: '{"name":"Kayak","seats":4,"secret":1}',
    });
    expect(extra).toMatchObject({
      operationId: "getThing",
      status: 200,
      problem: expect.stringContaining("breaks the schema"),
    });
    const [wrongType] = await through("/things/1", {
      status: 200,
      type: json,
      body: '{"name":"Kayak","seats":"4"}',
      gzip: true,
    });
    expect(wrongType?.problem).toContain("/seats");
    const [status] = await through("/things/1", { status: 409, type: json, body: "{}" });
    expect(status?.problem).toContain("status 409 is not one the document lists");
    const [type] = await through("/things.csv", { status: 200, type: "text/html", body: "<p>" });
    expect(type?.problem).toContain('content type "text/html"');
    const [unknown] = await through("/elsewhere", { status: 200, type: json, body: "{}" });
    expect(unknown?.problem).toContain("no operation");
    expect(proxy.checked()).toBeGreaterThanOrEqual(9);
  });
});

describe("the document the proxy trusts", () => {
  it("is the API's committed one, valid OpenAPI 3.0 with every operation named", () => {
    const committed = JSON.parse(readFileSync(new URL("../../api/openapi.json", import.meta.url), "utf8"));
    expect(structureProblems(committed)).toEqual([]);
  });

  it("is refused with a JSON Schema bound where OpenAPI 3.0 wants a flag, or an unnamed operation", () => {
    const broken = {
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      paths: { "/a": { get: { responses: { 200: { description: "x" } } } } },
      components: { schemas: { Price: { type: "number", exclusiveMinimum: 0 } } },
    };
    expect(structureProblems(broken as never)).toEqual([
      "#/components/schemas/Price/exclusiveMinimum is 0, not a boolean",
      "get /a has no operationId",
    ]);
  });
});
