import { connect } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/app.js";
import { readConfig } from "../src/platform/config.js";
import { openDatabase, type Database } from "../src/platform/database/client.js";
import { seed } from "../src/seed/index.js";
import { ADMIN, MAYA, SAM } from "./harness.js";

/**
 * What the API answers when something goes wrong: the client's mistakes are 400s in the API's
 * shape `{ error, message, fields? }`, its own faults a plain 500, and no stack trace, file path
 * or internal message ever leaves it.
 */

/** What a stack trace or an internal detail looks like in a body. */
const LEAK = /\bat\s+\S+\s+\(|node:internal|\/src\/|\.ts:\d+|secret internals|stack/i;

let app: FastifyInstance;
let database: Database;
/** What the API answered to the probe with a body, even to a client that is gone. */
const bodyAnswers: { status: number; payload: string }[] = [];

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
  await seed(database.db);
  app = await buildApp({
    config: readConfig({ ACADEMY_DEV_DEFAULTS: "1", NODE_ENV: "test" }),
    database,
    logger: false,
  });
  // Routes that fail the way a route could: a statement PostgreSQL refuses for a value's sake
  // (SQLSTATE class 22, data exception), and a bug.
  await app.register(async (scope) => {
    const statements: Record<string, string> = {
      "date-overflow": "select '0000-01-01'::date", // 22008
      "date-past-range": "select date '5874897-12-31' + (select 1)", // 22008
      "date-format": "select 'next tuesday'::date", // 22007
      "division-by-zero": "select 1 / (select 0)", // 22012
      "integer-overflow": "select 2147483647::int + (select 1)", // 22003
      "not-a-number": "select 'twelve'::int", // 22P02
    };
    scope.get<{ Params: { name: string } }>("/probe/sql/:name", async (request) => {
      await database.db.execute(sql.raw(statements[request.params.name]!));
      return { ok: true };
    });
    scope.get("/probe/bug", async () => {
      throw new Error("secret internals at /srv/api/src/routes/x.ts:12");
    });
    scope.post("/probe/body", async () => ({ ok: true }));
    scope.addHook("onSend", async (request, reply, payload) => {
      if (request.url === "/probe/body") bodyAnswers.push({ status: reply.statusCode, payload: String(payload) });
      return payload;
    });
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("database data exceptions (SQLSTATE class 22)", () => {
  it("are the client's 400, never a 500", async () => {
    for (const name of [
      "date-overflow",
      "date-past-range",
      "date-format",
      "division-by-zero",
      "integer-overflow",
      "not-a-number",
    ]) {
      const res = await app.inject({ method: "GET", url: `/probe/sql/${name}` });
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toEqual({ error: "Bad Request", message: "A value is malformed or out of range." });
    }
  });
});

describe("no stack trace leaves the API", () => {
  it("a bug answers a plain 500 without its message or stack", async () => {
    const res = await app.inject({ method: "GET", url: "/probe/bug" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: "Internal Server Error", message: "Something went wrong on our side." });
    expect(res.body).not.toMatch(LEAK);
  });

  it("a malformed percent-encoding in the path is a 400 in the API's own shape", async () => {
    for (const url of ["/%E0%A4%A", "/classes/%E0%A4%A", "/instructors/%ZZ/classes"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({
        error: "Bad Request",
        message: "This address is malformed: it holds a % that is not followed by a valid character code.",
      });
    }
  });

  it("malformed bodies and queries say what is wrong, and nothing of the server", async () => {
    const json = await app.inject({
      method: "POST",
      url: "/contact",
      headers: { "content-type": "application/json" },
      payload: '{"name": "A", ',
    });
    expect(json.statusCode).toBe(400);
    expect(json.body).not.toMatch(LEAK);
    const query = await app.inject({ method: "GET", url: "/classes?page=%E0%A4%A" });
    expect(query.statusCode).toBe(400);
    expect(query.body).not.toMatch(LEAK);
  });
});

describe("a client that hangs up halfway through its body", () => {
  it("is its own 400, not the database's 503", async () => {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as { port: number };
    const socket = connect(port, "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", resolve));
    socket.write(
      "POST /probe/body HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n" +
        '{"name": "half',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    await expect.poll(() => bodyAnswers.length).toBe(1);
    expect(bodyAnswers[0]!.status).toBe(400);
    expect(bodyAnswers[0]!.payload).not.toMatch(/database|unavailable/i);
  });
});

describe("GET /instructors/:id/classes tells nothing of ids that are not instructors'", () => {
  it("answers a student's id, an admin's id and an unknown id with the same 404", async () => {
    const answers = await Promise.all(
      [SAM.id, ADMIN.id, "00000000-0000-4000-8000-0000000000ff"].map((id) =>
        app.inject({ method: "GET", url: `/instructors/${id}/classes` }),
      ),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: "Not Found", message: "There is no such instructor." });
    }
    const instructor = await app.inject({ method: "GET", url: `/instructors/${MAYA.id}/classes` });
    expect(instructor.statusCode).toBe(200);
    expect(instructor.json().instructor).toMatchObject({ _id: MAYA.id, name: MAYA.name });
  });
});
