// Starts the whole site on embedded defaults: the API, each remote on its own origin, and the
// shell with the deploy-time remotes.json and env.json that point at them.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import net from "node:net";
import {
  FIREBASE_PROJECT_ID,
  readEmulatorPorts,
  seedSignIns,
  startAuthEmulator,
  wipeAccounts,
} from "./auth-emulator.mjs";
import {
  DEFAULT_PORT as PAYMENT_SANDBOX_PORT,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  LOCAL_WEBHOOK_SECRET,
  startPaymentSandbox,
} from "./payment-sandbox.mjs";
import { catcherSmtpUrl, readMailPorts, startMailCatcher } from "./mail-catcher.mjs";
import { deployedPageHeaders } from "./security-headers.mjs";
import { CSP_REPORT_PATH, startStaticServer } from "./serve-static.mjs";
import { createPageComposer } from "./page-composer.mjs";
import { log, ROOT } from "./workspace.mjs";

export const REMOTE_APPS = {
  mfe_public: { dir: "mfe-public", portVar: "MFE_PUBLIC_PORT", port: 3001 },
  mfe_student: { dir: "mfe-student", portVar: "MFE_STUDENT_PORT", port: 3002 },
  mfe_instructor: { dir: "mfe-instructor", portVar: "MFE_INSTRUCTOR_PORT", port: 3003 },
  mfe_admin: { dir: "mfe-admin", portVar: "MFE_ADMIN_PORT", port: 3004 },
};

/** Ports of DESIGN section 6, each overridable by an environment variable. */
export function readPorts(env = process.env) {
  const ports = { shell: Number(env.SHELL_PORT ?? 3000), api: Number(env.API_PORT ?? 4000) };
  for (const [name, app] of Object.entries(REMOTE_APPS)) ports[name] = Number(env[app.portVar] ?? app.port);
  return ports;
}

/** The shell's origins on this machine: the site answers at both local names. */
export function localShellOrigins(ports) {
  return [`http://localhost:${ports.shell}`, `http://127.0.0.1:${ports.shell}`];
}

export function remotesJson(ports) {
  return Object.fromEntries(
    Object.keys(REMOTE_APPS).map((name) => [name, `http://localhost:${ports[name]}/mf-manifest.json`]),
  );
}

// A first start migrates and seeds a new PGlite database: measured at 35-40 s on a busy 2-core machine.
function waitForHealth(url, child, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = async () => {
      if (child.exitCode !== null) return reject(new Error(`the API exited with code ${child.exitCode}`));
      try {
        if ((await fetch(url)).ok) return resolve();
      } catch {
        // not up yet
      }
      if (Date.now() > deadline) return reject(new Error(`the API did not answer ${url} in time`));
      setTimeout(attempt, 200);
    };
    void attempt();
  });
}

/** The Firebase web config of the local run: the emulator accepts any API key for a demo project. */
export function localFirebaseConfig() {
  return {
    apiKey: "demo-api-key",
    authDomain: `${FIREBASE_PROJECT_ID}.firebaseapp.com`,
    projectId: FIREBASE_PROJECT_ID,
  };
}

/** The payment sandbox's port (DESIGN section 6), overridable like the others. */
export function readPaymentSandboxPort(env = process.env) {
  return Number(env.PAYMENT_SANDBOX_PORT ?? PAYMENT_SANDBOX_PORT);
}

/**
 * The API's payment settings against the local sandbox: the SDK is pointed at it, and its
 * webhooks are signed with a fixed local secret (production sets real Stripe keys instead).
 */
export function sandboxPaymentEnv(sandboxUrl) {
  return {
    STRIPE_SECRET_KEY: LOCAL_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: LOCAL_WEBHOOK_SECRET,
    STRIPE_API_URL: sandboxUrl,
  };
}

/**
 * Keeps the API running: a process that ends on its own (a crash, kill -9) is started again after
 * a back-off that doubles from 1 s up to 30 s, and starts over at 1 s once a process has run a minute.
 */
export function superviseApi(start) {
  let child = start();
  let stopping = false;
  let delay = 1_000;
  let startedAt = Date.now();
  let timer;
  const watch = (proc) =>
    proc.once("exit", (code, signal) => {
      if (stopping) return;
      if (Date.now() - startedAt > 60_000) delay = 1_000;
      log(`the API exited (${signal ?? `code ${code}`}); starting it again in ${delay / 1000} s`);
      timer = setTimeout(() => {
        startedAt = Date.now();
        child = start();
        watch(child);
      }, delay);
      delay = Math.min(delay * 2, 30_000);
    });
  watch(child);
  return {
    current: () => child,
    stop: () =>
      new Promise((resolve) => {
        stopping = true;
        clearTimeout(timer);
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", resolve);
        child.kill("SIGTERM");
      }),
  };
}

/**
 * Serves the production builds as they are deployed: each remote on its own origin, and the shell
 * with the deploy-time remotes.json (pointing at them) and env.json (`env`), both written to deployDir.
 * Every page carries the security headers made from those two files (tools/security-headers.mjs).
 * @param {{ ports: ReturnType<typeof readPorts>, deployDir: string, env: Record<string, unknown>,
 *           onCspReport?: (report: unknown) => void }} options
 *   onCspReport: receives each Content-Security-Policy violation a browser reports
 */
export async function startStaticSite({ ports, deployDir, env, onCspReport }) {
  mkdirSync(deployDir, { recursive: true });
  const remotesFile = path.join(deployDir, "remotes.json");
  const envFile = path.join(deployDir, "env.json");
  writeFileSync(remotesFile, JSON.stringify(remotesJson(ports), null, 2));
  writeFileSync(envFile, JSON.stringify(env, null, 2));
  const pageHeaders = deployedPageHeaders({
    remotesFile,
    envFile,
    reportUri: onCspReport ? CSP_REPORT_PATH : undefined,
  });
  const servers = {};
  const close = () => Promise.allSettled(Object.values(servers).map((server) => server.close()));
  try {
    for (const [name, app] of Object.entries(REMOTE_APPS)) {
      servers[name] = await startStaticServer({
        dir: path.join(ROOT, app.dir, "dist"),
        port: ports[name],
        cors: true,
        pageHeaders,
        onCspReport,
      });
    }
    servers.shell = await startStaticServer({
      dir: path.join(ROOT, "shell", "dist"),
      port: ports.shell,
      spa: true,
      overrides: { "/remotes.json": remotesFile, "/env.json": envFile },
      compose: createPageComposer({ remotesFile }),
      pageHeaders,
      onCspReport,
    });
  } catch (error) {
    await close();
    throw error;
  }
  return { shellUrl: `http://localhost:${ports.shell}`, servers, close };
}

/**
 * @param {{
 *   ports?: ReturnType<typeof readPorts>,
 *   apiEnv?: Record<string,string>,
 *   deployDir?: string,
 *   auth?: { ports?: ReturnType<typeof readEmulatorPorts>, dataDir?: string, wipe?: boolean },
 *   payments?: { port?: number, dataFile?: string },
 *   mail?: { ports?: ReturnType<typeof readMailPorts>, mailDir?: string },
 *   healthTimeoutMs?: number,
 *   onCspReport?: (report: unknown) => void,
 *   apiProxy?: (where: { port: number, target: { host: string, port: number } }) => Promise<{ close(): Promise<void> }>,
 * }} [options]
 */
export async function startSystem(options = {}) {
  const ports = options.ports ?? readPorts();
  const deployDir = options.deployDir ?? path.join(ROOT, ".tmp", "deploy");
  const apiUrl = `http://localhost:${ports.api}`;
  // With a proxy in front (the e2e run's contract check), the API listens on a port of its own and
  // everything else, browsers and webhooks included, goes through the proxy at the API's address.
  const apiPort = options.apiProxy ? await freePort() : ports.api;

  const stops = [];
  const stop = async () => {
    await Promise.allSettled(stops.reverse().map((fn) => fn()));
  };
  try {
    // Accounts: the Firebase Auth Emulator, with the seed users' sign-ins (README lists them).
    const emulator = await startAuthEmulator({
      ports: options.auth?.ports ?? readEmulatorPorts(),
      dataDir: options.auth?.dataDir,
      workDir: path.join(deployDir, "auth-emulator"),
    });
    stops.push(emulator.stop);
    if (options.auth?.wipe) await wipeAccounts(emulator.host);
    await seedSignIns(emulator.host);

    // Payments: the local sandbox instead of Stripe, its webhooks sent to the API's endpoint
    // (at 127.0.0.1, where the API listens, rather than a name that may resolve to ::1).
    const payments = await startPaymentSandbox({
      port: options.payments?.port ?? readPaymentSandboxPort(),
      dataFile: options.payments?.dataFile,
      webhooks: [{ url: `http://127.0.0.1:${ports.api}/webhooks/stripe`, secret: LOCAL_WEBHOOK_SECRET }],
    });
    stops.push(payments.stop);

    // Mail: a local catcher (MailDev) receives everything the API sends over SMTP; its web inbox
    // shows it (production sends through SMTP_URL to a real mail server).
    const mail = await startMailCatcher({
      ports: options.mail?.ports ?? readMailPorts(),
      mailDir: options.mail?.mailDir,
    });
    stops.push(mail.stop);
    const env = {
      apiUrl,
      firebase: localFirebaseConfig(),
      authEmulatorUrl: emulator.url,
      payments: {
        publishableKey: LOCAL_PUBLISHABLE_KEY,
        sandboxUrl: payments.url,
        stripeJsUrl: `${payments.url}/v3/`,
      },
    };

    const api = superviseApi(() =>
      spawn(process.execPath, ["dist/server.js"], {
        cwd: path.join(ROOT, "api"),
        stdio: ["ignore", "inherit", "inherit"],
        env: {
          ...process.env,
          // A local run: the development secrets, the seed, the Auth Emulator (api config/mode.ts).
          ACADEMY_DEV_DEFAULTS: "1",
          PORT: String(apiPort),
          CORS_ORIGINS: localShellOrigins(ports).join(","),
          LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
          FIREBASE_PROJECT_ID,
          FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
          ...sandboxPaymentEnv(payments.url),
          SMTP_URL: catcherSmtpUrl(mail.smtpPort),
          ...options.apiEnv,
        },
      }),
    );
    stops.push(api.stop);
    if (options.apiProxy) {
      const proxy = await options.apiProxy({ port: ports.api, target: { host: "127.0.0.1", port: apiPort } });
      stops.push(proxy.close);
    }
    const site = await startStaticSite({ ports, deployDir, env, onCspReport: options.onCspReport });
    stops.push(site.close);
    await waitForHealth(`${apiUrl}/health`, api.current(), options.healthTimeoutMs);
    return {
      ports,
      shellUrl: site.shellUrl,
      apiUrl,
      authEmulator: emulator,
      paymentSandbox: payments,
      mailCatcher: mail,
      servers: site.servers,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export function describe(system) {
  log(`API            ${system.apiUrl}  (GET /health, docs at /docs)`);
  log(`Auth emulator  ${system.authEmulator.url}  (sign-ins: see the README)`);
  log(`Payments       ${system.paymentSandbox.url}  (local Stripe sandbox: pay with 4242 4242 4242 4242)`);
  log(
    `Mail inbox     ${system.mailCatcher.webUrl}  (every e-mail the site sends; SMTP at ${system.mailCatcher.smtpUrl})`,
  );
  for (const name of Object.keys(REMOTE_APPS)) log(`${name.padEnd(15)}http://localhost:${system.ports[name]}`);
  log(`\x1b[1mOpen the site: ${system.shellUrl}\x1b[0m   (Ctrl-C stops everything)`);
}

/** A TCP port nobody listens on now, chosen by the system. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
