import { AxiosError, type AxiosAdapter } from "axios";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ACCESS_TOKEN_KEY, createApiClient, errorMessage } from "./api-client";
import { EARLY_CALL_FRESH_MS, type EarlyCall } from "./early-calls";

/** The API behind the client: answers every request with its status and records what was asked. */
function api(status = 200, data: unknown = { from: "api" }) {
  const asked: string[] = [];
  const adapter: AxiosAdapter = async (config) => {
    asked.push(`${config.method} ${config.url} ${JSON.stringify(config.params ?? {})}`);
    const response = { data, status, statusText: "", headers: {}, config };
    if (status >= 400) throw new AxiosError("failed", String(status), config, null, response);
    return response;
  };
  return { adapter, asked };
}

/** What the shell's index.ts leaves for the page (ADR 022). */
function early(
  path: string,
  params: Record<string, string>,
  answer: Response | null,
  startedAt = performance.now(),
  token: string | null = "token-1",
) {
  const call: EarlyCall = { path, params, token, startedAt, response: Promise.resolve(answer) };
  (globalThis.academyEarlyCalls ??= []).push(call);
}
const json = (data: unknown, status = 200) =>
  new Response(JSON.stringify(data), { status, headers: { "Content-Type": "application/json" } });

describe("answers the shell started before the page's code", () => {
  beforeEach(() => localStorage.setItem(ACCESS_TOKEN_KEY, "token-1"));
  afterEach(() => {
    localStorage.clear();
    globalThis.academyEarlyCalls = undefined;
  });

  it("the page's first request for the same call gets the early answer, once; the next asks the API", async () => {
    const client = createApiClient();
    const server = api();
    early("/carts", { email: "sam@example.com" }, json([{ _id: "c1" }]));
    const first = await client.get("/carts", { params: { email: "sam@example.com" }, adapter: server.adapter });
    expect(first.data).toEqual([{ _id: "c1" }]);
    expect(first.status).toBe(200);
    expect(server.asked).toEqual([]);
    const second = await client.get("/carts", { params: { email: "sam@example.com" }, adapter: server.adapter });
    expect(second.data).toEqual({ from: "api" });
    expect(server.asked).toEqual(['get /carts {"email":"sam@example.com"}']);
  });

  it("not for another query, another session, a request with headers of its own, or an old answer", async () => {
    const client = createApiClient();
    const server = api();
    early("/carts", { email: "sam@example.com" }, json(["early"]));
    early("/users/me", {}, json({ early: true }), performance.now() - EARLY_CALL_FRESH_MS - 1);
    await client.get("/carts", { params: { email: "kim@example.com" }, adapter: server.adapter });
    await client.get("/carts", {
      params: { email: "sam@example.com" },
      headers: { Authorization: "Bearer other" },
      adapter: server.adapter,
    });
    localStorage.setItem(ACCESS_TOKEN_KEY, "token-2");
    await client.get("/carts", { params: { email: "sam@example.com" }, adapter: server.adapter });
    localStorage.setItem(ACCESS_TOKEN_KEY, "token-1");
    expect((await client.get("/users/me", { adapter: server.adapter })).data).toEqual({ from: "api" });
    expect(server.asked).toHaveLength(4);
    // The right request still finds its answer.
    const cart = await client.get("/carts", { params: { email: "sam@example.com" }, adapter: server.adapter });
    expect(cart.data).toEqual(["early"]);
  });

  it("an early call that failed leaves the request to the API, whose error the page reads as any other", async () => {
    const client = createApiClient();
    const refusing = api(503, { error: "Service Unavailable", message: "The database is busy. Try again." });
    early("/users/me", {}, null);
    const failed = await client.get("/users/me", { adapter: refusing.adapter }).catch((e: unknown) => e);
    expect(errorMessage(failed)).toBe("The database is busy. Try again.");
    expect(refusing.asked).toEqual(["get /users/me {}"]);
  });

  it("a write drops the early answers: what they say may no longer hold", async () => {
    const client = createApiClient();
    const server = api();
    early("/carts", { email: "sam@example.com" }, json([]));
    await client.post("/carts", { classItemId: "k1" }, { adapter: server.adapter });
    const cart = await client.get("/carts", { params: { email: "sam@example.com" }, adapter: server.adapter });
    expect(cart.data).toEqual({ from: "api" });
    expect(server.asked).toEqual(["post /carts {}", 'get /carts {"email":"sam@example.com"}']);
  });

  it("a visitor's early call (index.html's, for a painted page) answers a visitor's request only", async () => {
    const client = createApiClient();
    const server = api();
    const list = { page: "1", size: "9", sort: "popular" };
    early("/classes", list, json({ items: ["early"] }), performance.now(), null);
    // Someone signed in meanwhile: the visitor's answer is not theirs.
    await client.get("/classes", { params: list, adapter: server.adapter });
    expect(server.asked).toEqual(['get /classes {"page":"1","size":"9","sort":"popular"}']);
    localStorage.removeItem(ACCESS_TOKEN_KEY);
    const visitor = await client.get("/classes", {
      params: { sort: "popular", page: "1", size: "9" },
      adapter: server.adapter,
    });
    expect(visitor.data).toEqual({ items: ["early"] });
    expect(server.asked).toHaveLength(1);
  });
});
