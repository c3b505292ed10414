import { isIP } from "node:net";

/** Who may reach the API: the proxies believed about the caller's address, and the browser origins. */

/** The names proxy-addr (Fastify's trustProxy) knows for whole address ranges. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address (IPv4 or IPv6), a network in CIDR notation, or one of PROXY_RANGE_NAMES. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off unless the deployment says which proxies stand in front of the API. Trusting
 * every proxy (true) would let any client choose the address its rate limits are counted under
 * by sending its own X-Forwarded-For, so that is refused.
 */
export function readTrustProxy(raw: string | undefined): false | number | string[] {
  const value = raw?.trim() ?? "";
  if (value === "" || value === "0" || value.toLowerCase() === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  const usage =
    "TRUST_PROXY must be the number of proxies in front of the API (e.g. 1) or their addresses and networks (e.g. 10.0.0.0/8,192.168.1.5)";
  if (value.toLowerCase() === "true") {
    throw new Error(`${usage}: "true" would believe the address any client writes in X-Forwarded-For`);
  }
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (entries.length === 0 || wrong.length > 0) {
    throw new Error(`${usage}; not understood: ${wrong.join(", ") || value}`);
  }
  return entries;
}

/** CORS_ORIGINS: the browser origins allowed to call the API (the site's shell), comma-separated. */
export function readCorsOrigins(env: NodeJS.ProcessEnv): string[] {
  return (env.CORS_ORIGINS ?? "http://localhost:3000,http://127.0.0.1:3000")
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean);
}
