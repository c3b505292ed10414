import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStaticServer } from "./serve-static.mjs";

/** A request with its path sent exactly as written (fetch would normalise some of them). */
function rawGet(port, requestPath) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: requestPath, method: "GET" }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** What a stack trace looks like in a body: "    at fn (file:line:col)" or a file of this machine. */
const STACK = /\n\s+at\s|node:internal|\/work\/|\.mjs:\d+/;

describe("the static server's answers to what it cannot serve", () => {
  let dir;
  let server;
  let port;
  const logged = [];
  const consoleError = console.error;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "serve-static-errors-"));
    writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>Shell</title>");
    writeFileSync(path.join(dir, "app.js"), "console.log(1);");
    // Not quiet, as `npm start` runs it: what the server logs is checked too.
    console.error = (...args) => logged.push(args);
    server = await startStaticServer({
      dir,
      port: 0,
      spa: true,
      // A deploy-time file whose source has gone: the server's own fault (500).
      overrides: { "/remotes.json": path.join(dir, "missing", "remotes.json") },
    });
    port = server.server.address().port;
  });
  afterAll(async () => {
    console.error = consoleError;
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers a malformed percent-encoding in the path with 400, plainly, and logs no error", async () => {
    for (const bad of ["/%E0%A4%A", "/assets/%", "/%C0%AF", "/classes/%ZZ"]) {
      const res = await rawGet(port, bad);
      expect(res.status, bad).toBe(400);
      expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
      expect(res.body).toBe("Bad request: this address is malformed.");
    }
    expect(logged).toEqual([]);
  });

  it("answers a request-target that is no path (//) with 400", async () => {
    const res = await rawGet(port, "//");
    expect(res.status).toBe(400);
    expect(res.body).not.toMatch(STACK);
  });

  it("still serves well-formed escapes, files and client-side routes", async () => {
    expect((await rawGet(port, "/app.js")).status).toBe(200);
    expect((await rawGet(port, "/%61pp.js")).body).toBe("console.log(1);");
    const route = await rawGet(port, "/classes/%E2%9C%93");
    expect(route.status).toBe(200);
    expect(route.body).toContain("<title>Shell</title>");
  });

  it("keeps its own failures to its log: the client gets 500 without a stack trace", async () => {
    const res = await rawGet(port, "/remotes.json");
    expect(res.status).toBe(500);
    expect(res.body).toBe("Internal error");
    expect(res.body).not.toMatch(STACK);
    expect(logged.length).toBe(1);
  });
});
