import type { FirebaseWebConfig, PaymentsConfig, RuntimeEnv } from "shared-auth";
import { parseRemotesConfig, type RemoteEntry } from "./remotes";

export interface DeployConfig {
  remotes: RemoteEntry[];
  env: RuntimeEnv;
  /** env.json was read: `env.apiUrl` is the deploy's API, not the stand-in `/api`. */
  envRead: boolean;
  /** What could not be read; the site still starts, the affected areas show their fallback. */
  problems: string[];
}

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

async function readJson(fetchFn: Fetch, url: string): Promise<unknown> {
  // The default cache mode, so the preload of index.html answers it; the server marks both files
  // no-cache, so a redeploy still shows on the next load.
  const res = await fetchFn(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.json();
}

const text = (value: unknown): value is string => typeof value === "string" && value.length > 0;

function parseFirebase(value: unknown): FirebaseWebConfig | undefined {
  if (!value || typeof value !== "object") return undefined;
  const { apiKey, authDomain, projectId } = value as Record<string, unknown>;
  return text(apiKey) && text(authDomain) && text(projectId) ? { apiKey, authDomain, projectId } : undefined;
}

/** A tool of the local run (emulator, payment sandbox) must be on this machine. */
const LOOPBACK = /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/;

/** A script of the local run: an http URL on this machine, with a path and no credentials. */
function isLoopbackScript(value: unknown): value is string {
  if (!text(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    LOOPBACK.test(url.origin) && url.origin === value.slice(0, url.origin.length) && !url.username && !url.password
  );
}

function parsePayments(value: unknown): PaymentsConfig | undefined {
  if (!value || typeof value !== "object") return undefined;
  const { publishableKey, sandboxUrl, stripeJsUrl } = value as Record<string, unknown>;
  if (!text(publishableKey) || !/^pk_(live|test)_\w+$/.test(publishableKey)) return undefined;
  const payments: PaymentsConfig = { publishableKey };
  if (text(sandboxUrl) && LOOPBACK.test(sandboxUrl)) payments.sandboxUrl = sandboxUrl;
  if (isLoopbackScript(stripeJsUrl)) payments.stripeJsUrl = stripeJsUrl;
  return payments;
}

export function parseEnv(json: unknown): RuntimeEnv {
  if (!json || typeof json !== "object" || !("apiUrl" in json) || !text(json.apiUrl)) {
    throw new Error("env.json has no apiUrl");
  }
  const env: RuntimeEnv = { apiUrl: json.apiUrl.replace(/\/+$/, "") };
  const firebase = parseFirebase((json as { firebase?: unknown }).firebase);
  if (firebase) env.firebase = firebase;
  const emulator = (json as { authEmulatorUrl?: unknown }).authEmulatorUrl;
  if (text(emulator) && LOOPBACK.test(emulator)) env.authEmulatorUrl = emulator;
  const payments = parsePayments((json as { payments?: unknown }).payments);
  if (payments) env.payments = payments;
  return env;
}

/**
 * remotes.json and env.json as the inline scripts of index.html already fetched them (to paint a
 * prerendered page, decision 018; to start its first calls, 025), so neither is requested twice.
 */
function earlyJson(name: "academyRemotesJson" | "academyEnvJson"): Promise<unknown> | undefined {
  return (globalThis as Partial<Record<typeof name, Promise<unknown>>>)[name];
}

/**
 * Reads the two deploy-time files next to the shell's index.html: remotes.json (where each remote
 * lives) and env.json (the API's address). Both are fetched together and never fail the start.
 */
export async function loadDeployConfig(fetchFn: Fetch = fetch): Promise<DeployConfig> {
  const problems: string[] = [];
  const [remotesResult, envResult] = await Promise.allSettled([
    (earlyJson("academyRemotesJson") ?? readJson(fetchFn, "/remotes.json")).then(parseRemotesConfig),
    (earlyJson("academyEnvJson") ?? readJson(fetchFn, "/env.json")).then(parseEnv),
  ]);
  let remotes: RemoteEntry[] = [];
  if (remotesResult.status === "fulfilled") remotes = remotesResult.value;
  else problems.push(`remotes.json: ${String(remotesResult.reason)}`);
  let env: RuntimeEnv = { apiUrl: "/api" };
  if (envResult.status === "fulfilled") env = envResult.value;
  else problems.push(`env.json: ${String(envResult.reason)}`);
  return { remotes, env, envRead: envResult.status === "fulfilled", problems };
}
