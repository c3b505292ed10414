#!/usr/bin/env node
// `npm run report:size`: cold load of the home page (signed out) in Chromium against the production
// builds. JavaScript is reported two ways: as transferred (what the server sent, brotli) and as
// gzip -9 of every script body, the figure peers' sites are compared on. Then each script, and the
// composition by package read from the build's source maps, so a budget's bytes have names.
// Build first (`npm run build`).
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.mjs";
import { readEmulatorPorts } from "./auth-emulator.mjs";
import { readPaymentSandboxPort, readPorts, startSystem } from "./system.mjs";
import { ROOT } from "./workspace.mjs";

const { chromium } = createRequire(path.join(ROOT, "e2e", "package.json"))("@playwright/test");
// Ports of its own (+200), so it runs beside a started system.
const shifted = (ports) => Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, v + 200]));
const ports = shifted(readPorts());

const gzip9 = (buffer) => gzipSync(buffer, { level: 9 }).length;
const brotli11 = (buffer) =>
  brotliCompressSync(buffer, {
    params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: buffer.length },
  }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
/** A source map's mappings as [generated line][] of [column, source index] (VLQ, fields 1 and 2). */
function decodeMappings(mappings) {
  const lines = [];
  let source = 0;
  for (const line of mappings.split(";")) {
    const segments = [];
    let column = 0;
    for (const segment of line.split(",")) {
      if (!segment) continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = B64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0];
      if (fields.length > 1) source += fields[1];
      segments.push([column, fields.length > 1 ? source : -1]);
      // Fields 3 and 4 (original line, column) are not needed; names neither.
    }
    lines.push(segments);
  }
  return lines;
}

/** The package a source map's source belongs to: node_modules' package, or the workspace's package. */
function packageOf(source) {
  const namespace = source.match(/^webpack:\/\/([^/]*)\//)?.[1]?.replace("_", "-");
  const clean = source.replace(/^webpack:\/\/[^/]*\//, "").replace(/^\.\//, "");
  const nodeModules = clean.lastIndexOf("node_modules/");
  if (nodeModules >= 0) {
    const rest = clean.slice(nodeModules + "node_modules/".length).split("/");
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (clean.startsWith("webpack/") || clean.includes("(webpack)")) return "(bundler runtime)";
  const workspace = clean.match(/(?:^|\/)(shell|shared-auth|mfe-[a-z]+)\//);
  if (workspace) return workspace[1];
  // The app's own code (`webpack://shell/./src/...`).
  return namespace && clean.startsWith("src/") ? namespace : "(other)";
}

/** Bytes of the minified file attributed to each package, by its source map (if the build wrote one). */
async function composition(file, body) {
  let map;
  try {
    map = JSON.parse(await readFile(`${file}.map`, "utf8"));
  } catch {
    return null;
  }
  const text = body.toString("utf8");
  const codeLines = text.split("\n");
  const bytes = new Map();
  const add = (name, n) => bytes.set(name, (bytes.get(name) ?? 0) + n);
  decodeMappings(map.mappings).forEach((segments, lineIndex) => {
    const line = codeLines[lineIndex] ?? "";
    segments.forEach(([column, source], i) => {
      const end = i + 1 < segments.length ? segments[i + 1][0] : line.length;
      const n = Buffer.byteLength(line.slice(column, end));
      add(source >= 0 ? packageOf(map.sources[source]) : "(unmapped)", n);
    });
    const first = segments[0]?.[0] ?? line.length;
    add("(unmapped)", Buffer.byteLength(line.slice(0, Math.min(first, line.length))));
  });
  return bytes;
}

/** The dist directory a served URL comes from (each app serves its own `dist`). */
function distFileOf(url, origins) {
  const { origin, pathname } = new URL(url);
  const app = origins.get(origin);
  return app ? path.join(ROOT, app, "dist", decodeURIComponent(pathname)) : null;
}

const system = await startSystem({
  ports,
  deployDir: path.join(ROOT, ".tmp", "size-deploy"),
  apiEnv: { DATA_DIR: path.join(ROOT, ".tmp", "size-data") },
  auth: { ports: shifted(readEmulatorPorts()) },
  payments: { port: readPaymentSandboxPort() + 200 },
});
const origins = new Map(
  Object.entries(ports)
    .filter(([name]) => name === "shell" || name.startsWith("mfe_"))
    .map(([name, port]) => [`http://localhost:${port}`, name.replace("_", "-")]),
);
for (const [origin, app] of [...origins]) origins.set(origin.replace("localhost", "127.0.0.1"), app);

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  const seen = [];
  page.on("requestfinished", async (request) => {
    const sizes = await request.sizes();
    const response = await request.response();
    const body = request.resourceType() === "script" && response ? await response.body() : null;
    seen.push({ url: request.url(), type: request.resourceType(), bytes: sizes.responseBodySize, body });
  });
  await page.goto(`${system.shellUrl}/`, { waitUntil: "networkidle" });
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  const sum = (type) => seen.filter((r) => r.type === type).reduce((n, r) => n + r.bytes, 0);
  const scripts = seen.filter((r) => r.type === "script");
  for (const script of scripts) {
    script.gzip9 = gzip9(script.body);
    script.brotli = brotli11(script.body);
  }
  const total = (key) => scripts.reduce((n, r) => n + r[key], 0);
  console.log(`home page cold load (signed out): ${seen.length} requests`);
  console.log(`  JavaScript (gzip -9 of every body): ${kb(total("gzip9"))} in ${scripts.length} files`);
  console.log(`  JavaScript (brotli 11 of every body): ${kb(total("brotli"))}`);
  console.log(`  JavaScript (as transferred): ${kb(sum("script"))}`);
  console.log(
    `  CSS (as transferred):        ${kb(sum("stylesheet"))} in ${seen.filter((r) => r.type === "stylesheet").length} files`,
  );
  console.log(
    `  other:             ${seen
      .filter((r) => !["script", "stylesheet"].includes(r.type))
      .map((r) => `${r.type} ${new URL(r.url).pathname}`)
      .join(", ")}`,
  );

  console.log("\nscripts (gzip -9 / brotli / minified), largest first:");
  const byPackage = new Map();
  for (const script of [...scripts].sort((a, b) => b.gzip9 - a.gzip9)) {
    const file = distFileOf(script.url, origins);
    const app = file ? path.relative(ROOT, file).split(path.sep)[0] : "?";
    console.log(
      `  ${kb(script.gzip9).padStart(9)} ${kb(script.brotli).padStart(9)} ${kb(script.body.length).padStart(9)}  ${app} ${new URL(script.url).pathname}`,
    );
    const parts = file ? await composition(file, script.body) : null;
    const whole = [...(parts ?? new Map([["(no source map)", script.body.length]])).entries()];
    // A file's gzip -9 bytes shared out by each package's part of its minified bytes (an estimate).
    const minified = whole.reduce((n, [, b]) => n + b, 0) || 1;
    for (const [name, b] of whole) {
      const entry = byPackage.get(name) ?? { minified: 0, gzip9: 0, files: new Set() };
      entry.minified += b;
      entry.gzip9 += (b / minified) * script.gzip9;
      entry.files.add(`${app}${new URL(script.url).pathname}`);
      byPackage.set(name, entry);
    }
  }
  console.log("\ncomposition by package (source maps; gzip -9 shared out by minified bytes, so ≈):");
  for (const [name, entry] of [...byPackage].sort((a, b) => b[1].gzip9 - a[1].gzip9)) {
    if (entry.minified < 200) continue;
    console.log(
      `  ${`≈${kb(entry.gzip9)}`.padStart(10)} ${kb(entry.minified).padStart(9)}  ${name} (${entry.files.size} file${entry.files.size === 1 ? "" : "s"})`,
    );
  }
} finally {
  await browser.close();
  await system.stop();
}
