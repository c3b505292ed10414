#!/usr/bin/env node
// The site's security headers, made from the deploy config that lists the remotes (remotes.json)
// and the services the pages talk to (env.json), plus the hashes of the HTML's own inline scripts.
// `tools/serve-static.mjs` sends them as `npm start` and the tests run the site; a production host
// sends the same, printed by `node tools/security-headers.mjs --remotes remotes.json --env env.json
// --html shell/dist/index.html` (docs/deploying.md, "Security headers").
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

/** Stripe's origins in production (no `payments.stripeJsUrl`): its script, its frames, its API. */
const STRIPE = {
  script: ["https://js.stripe.com"],
  frame: ["https://js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
};
/** Firebase Authentication in production: its REST endpoints and Google's sign-in popup helpers. */
const FIREBASE = {
  connect: ["https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com"],
  script: ["https://apis.google.com"],
};

/** A header value's origin of a URL, or null for anything that is not http(s). */
function originOf(url) {
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** The same origin at both local names: the site answers at localhost and at 127.0.0.1. */
function withLoopbackTwin(origin) {
  const url = new URL(origin);
  if (url.hostname === "localhost") return [origin, origin.replace("//localhost", "//127.0.0.1")];
  if (url.hostname === "127.0.0.1") return [origin, origin.replace("//127.0.0.1", "//localhost")];
  return [origin];
}

function origins(...urls) {
  return urls
    .flat()
    .map(originOf)
    .filter((origin) => origin !== null)
    .flatMap(withLoopbackTwin);
}

/**
 * `'sha256-…'` sources for each inline classic script of an HTML page (those the browser runs:
 * no `src`, no non-JavaScript type such as `application/json`).
 * @param {string} html
 */
export function inlineScriptHashes(html) {
  const hashes = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== "module" && type !== "text/javascript" && type !== "application/javascript") continue;
    hashes.push(`'sha256-${createHash("sha256").update(match[2], "utf8").digest("base64")}'`);
  }
  return [...new Set(hashes)];
}

/**
 * The Content-Security-Policy of the site's pages.
 * @param {{ remotes: Record<string, string>, env: Record<string, any>, html: string, reportUri?: string }} config
 *   remotes: remotes.json (name -> manifest URL); env: env.json; html: the page's own HTML
 *   (its inline scripts are allowed by hash); reportUri: where a browser reports violations
 */
export function contentSecurityPolicy({ remotes, env, html, reportUri }) {
  const remoteOrigins = origins(Object.values(remotes ?? {}));
  const api = origins(env?.apiUrl ?? []);
  const payments = env?.payments ?? {};
  // The local run's payment sandbox stands in for Stripe: its Stripe.js, its card frame, its API.
  const sandbox = payments.stripeJsUrl ? origins(payments.stripeJsUrl, payments.sandboxUrl ?? []) : [];
  const payScript = payments.stripeJsUrl ? sandbox : STRIPE.script;
  const payFrame = payments.stripeJsUrl ? sandbox : STRIPE.frame;
  const payConnect = payments.stripeJsUrl ? sandbox : STRIPE.connect;
  const identity = env?.authEmulatorUrl ? origins(env.authEmulatorUrl) : FIREBASE.connect;
  const identityScript = env?.authEmulatorUrl ? [] : FIREBASE.script;
  const identityFrame =
    env?.firebase?.authDomain && !env?.authEmulatorUrl ? [`https://${env.firebase.authDomain}`] : [];
  const unique = (list) => [...new Set(list)].join(" ");

  const directives = [
    ["default-src", "'self'"],
    ["script-src", unique(["'self'", ...remoteOrigins, ...payScript, ...identityScript, ...inlineScriptHashes(html)])],
    // React's style attributes, the painted page's inline stylesheet and the dialogs' styles: inline
    // styles cannot run code, so they are allowed; stylesheets come from the site and its remotes.
    ["style-src", unique(["'self'", "'unsafe-inline'", ...remoteOrigins])],
    // Photos are addresses users typed (the spec's photo URL), so any https image; the rest is ours.
    ["img-src", unique(["'self'", "data:", "blob:", "https:", ...api, ...remoteOrigins])],
    ["font-src", unique(["'self'", "data:", ...remoteOrigins])],
    // The shell reads each remote's manifest; pages call the API, the identity provider, payments.
    ["connect-src", unique(["'self'", ...remoteOrigins, ...api, ...identity, ...payConnect])],
    ["frame-src", unique([...payFrame, ...identityFrame]) || "'none'"],
    ["worker-src", "'none'"],
    ["manifest-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
  ];
  if (reportUri) directives.push(["report-uri", reportUri]);
  return directives.map(([name, value]) => `${name} ${value}`).join("; ");
}

/** The headers every response of the site carries, beside the pages' CSP. */
export const BASE_SECURITY_HEADERS = Object.freeze({
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), usb=()",
  // Ignored by browsers over plain http (the local run); binding once the site is on https.
  "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
});

/**
 * The headers of one page: the base set and its CSP.
 * @param {Parameters<typeof contentSecurityPolicy>[0]} config
 */
export function pageSecurityHeaders(config) {
  return { ...BASE_SECURITY_HEADERS, "Content-Security-Policy": contentSecurityPolicy(config) };
}

/**
 * A page-header maker for the static server that reads the deploy files at each request (staging
 * swaps a remote by editing remotes.json, and the policy follows without a restart).
 * @param {{ remotesFile: string, envFile: string, reportUri?: string }} files
 * @returns {(html: string) => Promise<Record<string, string>>}
 */
export function deployedPageHeaders({ remotesFile, envFile, reportUri }) {
  return async (html) => {
    const [remotes, env] = await Promise.all(
      [remotesFile, envFile].map(async (file) => JSON.parse(await readFile(file, "utf8"))),
    );
    return pageSecurityHeaders({ remotes, env, html, reportUri });
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { remotes: { type: "string" }, env: { type: "string" }, html: { type: "string" } },
  });
  if (!values.remotes || !values.env || !values.html) {
    console.error("usage: node tools/security-headers.mjs --remotes remotes.json --env env.json --html index.html");
    process.exit(2);
  }
  const headers = await deployedPageHeaders({ remotesFile: values.remotes, envFile: values.env })(
    await readFile(values.html, "utf8"),
  );
  for (const [name, value] of Object.entries(headers)) console.log(`${name}: ${value}`);
}
