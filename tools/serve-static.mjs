#!/usr/bin/env node
// Serves one built app from its own origin, as a CDN or web server would in production:
// revalidated entry files (no-cache), immutable content-hashed chunks, brotli or gzip, CORS for remotes,
// and index.html for client-side routes (the shell), with a remote's prerendered page put in at
// request time where the shell asks for one (tools/page-composer.mjs, decision 020).
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { BASE_SECURITY_HEADERS } from "./security-headers.mjs";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".woff2": "font/woff2",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
};
/** Where a page's CSP asks browsers to report violations (when the server takes reports). */
export const CSP_REPORT_PATH = "/__csp-report";
const MAX_REPORT_BYTES = 64 * 1024;

/** A violation report's JSON body (at most 64 KB; anything unreadable is kept as text). */
async function readReport(req) {
  let body = "";
  for await (const chunk of req) {
    body += chunk;
    if (body.length > MAX_REPORT_BYTES) break;
  }
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}
const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".json", ".map", ".svg", ".txt"]);
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;

/** Cache policy of DESIGN section 2: entries revalidate, hashed chunks live forever. */
export function cacheControl(fileName) {
  return HASHED.test(fileName) ? "public, max-age=31536000, immutable" : "no-cache";
}

/**
 * The encoding to send: brotli where the browser takes it (smaller), else gzip, else none.
 * @param {string | undefined} acceptEncoding
 * @returns {"br" | "gzip" | null}
 */
export function pickEncoding(acceptEncoding) {
  const accepted = String(acceptEncoding ?? "")
    .split(",")
    .map((part) => part.trim().split(";"))
    .filter(([, q]) => !q || Number(q.split("=")[1]) > 0)
    .map(([name]) => name.trim().toLowerCase());
  if (accepted.includes("br")) return "br";
  if (accepted.includes("gzip")) return "gzip";
  return null;
}

/**
 * The compressed body: the build's own `.br` beside the file when there is one (brotli's best
 * level, made once by the production build), else compressed here at a fast level.
 */
async function compress(encoding, file, info) {
  if (encoding === "br") {
    // Only a copy at least as new as the file (a file changed by hand is compressed here instead).
    const copy = await stat(`${file}.br`).catch(() => null);
    if (copy && copy.mtimeMs >= info.mtimeMs) return readFile(`${file}.br`);
  }
  const body = await readFile(file);
  if (encoding === "gzip") return gzipSync(body, { level: 9 });
  return brotliCompressSync(body, {
    params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}

/**
 * The request's path (as sent, and decoded) and query; null when the request-target is not one a
 * browser sends (`//`, or a `%` not followed by a character's code such as `/%E0%A4%A`).
 * @param {string | undefined} target
 * @returns {{ urlPath: string, search: string } | null}
 */
function readTarget(target) {
  try {
    const { pathname, search } = new URL(target ?? "/", "http://x");
    decodeURIComponent(pathname);
    return { urlPath: pathname, search };
  } catch {
    return null;
  }
}

/** A page made at request time: revalidated by its content, compressed once per content. */
function sendComposed(req, res, html, compressed) {
  const body = Buffer.from(html);
  const etag = `"c-${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  res.setHeader("Content-Type", TYPES[".html"]);
  res.setHeader("Cache-Control", "no-cache");
  res.setHeader("ETag", etag);
  res.setHeader("Vary", "Accept-Encoding");
  if (req.headers["if-none-match"] === etag) {
    res.writeHead(304).end();
    return;
  }
  const encoding = pickEncoding(req.headers["accept-encoding"]);
  let out = body;
  if (encoding) {
    const key = `composed:${etag}:${encoding}`;
    out = compressed.get(key);
    if (!out) {
      if (compressed.size > 256) compressed.clear();
      out =
        encoding === "br"
          ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(body, { level: 9 });
      compressed.set(key, out);
    }
    res.setHeader("Content-Encoding", encoding);
  }
  res.writeHead(200, { "Content-Length": out.length });
  res.end(req.method === "HEAD" ? undefined : out);
}

/**
 * @param {{ dir: string, port: number, host?: string, spa?: boolean, cors?: boolean,
 *           overrides?: Record<string, string>, quiet?: boolean,
 *           compose?: (indexHtml: string, pathname: string, search: string) => Promise<string | null>,
 *           pageHeaders?: (html: string) => Promise<Record<string, string>>,
 *           onCspReport?: (report: unknown) => void }} options
 *   overrides: URL path -> file served instead (deploy-time files such as /remotes.json)
 *   compose: what index.html becomes for a path (null: as it is); see tools/page-composer.mjs
 *   pageHeaders: the headers of an HTML page, from its own HTML (its CSP: tools/security-headers.mjs);
 *     every response carries the base security headers whatever this says
 *   onCspReport: takes the violation reports browsers POST to CSP_REPORT_PATH (tests and local runs)
 * @returns {Promise<{ server: import("node:http").Server, url: string, close: () => Promise<void> }>}
 */
export async function startStaticServer(options) {
  const root = path.resolve(options.dir);
  const compressed = new Map();

  async function resolveFile(urlPath) {
    if (options.overrides?.[urlPath]) return options.overrides[urlPath];
    const file = path.join(root, path.normalize(decodeURIComponent(urlPath)).replace(/^([/\\])+/, ""));
    if (!file.startsWith(root)) return null; // path traversal
    try {
      const info = await stat(file);
      if (info.isFile()) return file;
      if (info.isDirectory()) {
        const index = path.join(file, "index.html");
        if ((await stat(index).catch(() => null))?.isFile()) return index;
      }
    } catch {
      // fall through
    }
    // A client-side route (no file extension) gets the app's index.html.
    if (options.spa && !path.extname(urlPath)) return path.join(root, "index.html");
    return null;
  }

  const server = http.createServer(async (req, res) => {
    try {
      for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) res.setHeader(name, value);
      if (options.cors) res.setHeader("Access-Control-Allow-Origin", "*");
      if (options.onCspReport && req.method === "POST" && req.url === CSP_REPORT_PATH) {
        options.onCspReport(await readReport(req));
        res.writeHead(204).end();
        return;
      }
      if (req.method !== "GET" && req.method !== "HEAD") {
        res.writeHead(405, { Allow: "GET, HEAD" }).end();
        return;
      }
      const target = readTarget(req.url);
      if (!target) {
        // The client's mistake, not the server's: said plainly, with nothing of the server's inside.
        res
          .writeHead(400, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-cache" })
          .end("Bad request: this address is malformed.");
        return;
      }
      const { urlPath, search } = target;
      const file = await resolveFile(urlPath);
      if (!file) {
        res
          .writeHead(404, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-cache" })
          .end("Not found");
        return;
      }
      const ext = path.extname(file);
      if (options.pageHeaders && ext === ".html") {
        // The policy allows the page's own inline scripts by hash: those of the file as built, never
        // of a fragment a remote put in (a remote's markup cannot grant itself a script).
        const headers = await options.pageHeaders(await readFile(file, "utf8"));
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      }
      if (options.compose && file === path.join(root, "index.html")) {
        const composed = await options.compose(await readFile(file, "utf8"), urlPath, search).catch(() => null);
        if (composed) return sendComposed(req, res, composed, compressed);
      }
      const info = await stat(file);
      const etag = `W/"${info.size.toString(16)}-${info.mtimeMs.toString(16)}"`;
      res.setHeader("Content-Type", TYPES[ext] ?? "application/octet-stream");
      res.setHeader("Cache-Control", cacheControl(path.basename(file)));
      res.setHeader("ETag", etag);
      if (req.headers["if-none-match"] === etag) {
        res.writeHead(304).end();
        return;
      }
      // The same URL answers in several encodings: caches must key on Accept-Encoding.
      if (COMPRESSIBLE.has(ext)) res.setHeader("Vary", "Accept-Encoding");
      const encoding = pickEncoding(req.headers["accept-encoding"]);
      if (encoding && COMPRESSIBLE.has(ext) && info.size > 512) {
        const key = `${file}:${etag}:${encoding}`;
        let body = compressed.get(key);
        if (!body) {
          body = await compress(encoding, file, info);
          compressed.set(key, body);
        }
        res.writeHead(200, { "Content-Encoding": encoding, "Content-Length": body.length });
        res.end(req.method === "HEAD" ? undefined : body);
        return;
      }
      res.writeHead(200, { "Content-Length": info.size });
      if (req.method === "HEAD") {
        res.end();
        return;
      }
      // A file gone between stat and read ends this response, not the whole server.
      createReadStream(file)
        .on("error", () => res.destroy())
        .pipe(res);
    } catch (error) {
      // The stack goes to this server's own log only; the client learns nothing of the internals.
      if (!options.quiet) console.error(error);
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
      res.end("Internal error");
    }
  });

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "127.0.0.1", resolve);
  });
  const url = `http://localhost:${options.port}`;
  return {
    server,
    url,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      dir: { type: "string", default: "dist" },
      port: { type: "string", default: "3000" },
      host: { type: "string", default: "127.0.0.1" },
      spa: { type: "boolean", default: false },
      cors: { type: "boolean", default: false },
      file: { type: "string", multiple: true, default: [] },
    },
  });
  const overrides = Object.fromEntries(values.file.map((f) => f.split("=", 2)));
  const { url } = await startStaticServer({ ...values, port: Number(values.port), overrides });
  console.log(`serving ${values.dir} at ${url}`);
}
