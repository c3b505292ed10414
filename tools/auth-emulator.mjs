// The Firebase Auth Emulator for the local run and the tests (DESIGN section 3): started from the
// workspace's firebase-tools, on its own ports, with sign-ins that match the API's seed users.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./workspace.mjs";

/** A `demo-` project id never reaches Google's services. */
export const FIREBASE_PROJECT_ID = "demo-academy";

/**
 * Sign-ins for the API's seed users (api/src/seed/seed.ts): the README lists these passwords.
 * Each password follows the sign-up rules (8 to 25, upper, lower, digit, one of ! @ # $ & *).
 */
export const SEED_SIGN_INS = [
  { email: "admin@summitsports.academy", password: "Admin#Camp2026", displayName: "Avery Admin", role: "admin" },
  { email: "maya@summitsports.academy", password: "Coach#Maya2026", displayName: "Maya Torres", role: "instructor" },
  {
    email: "jonas@summitsports.academy",
    password: "Coach#Jonas2026",
    displayName: "Jonas Berg",
    role: "instructor",
  },
  { email: "sam@example.com", password: "Student#Sam2026", displayName: "Sam Student", role: "student" },
  { email: "lee@example.com", password: "Student#Lee2026", displayName: "Lee Learner", role: "student" },
];

/** Default ports: auth 9099 plus the hub and logging ports the emulator suite reserves. */
export function readEmulatorPorts(env = process.env) {
  const auth = Number(env.AUTH_EMULATOR_PORT ?? 9099);
  return {
    auth,
    hub: Number(env.AUTH_EMULATOR_HUB_PORT ?? 4400),
    logging: Number(env.AUTH_EMULATOR_LOGGING_PORT ?? 4500),
  };
}

/**
 * The API test stages' emulator ports (fixed, so a second run finds a stale emulator rather than
 * starting a third). TEST_EMULATOR_PORT_OFFSET moves all three, for a second checkout of the
 * repository running its API tests at the same time.
 */
export function apiTestEmulatorPorts(env = process.env) {
  const offset = Number(env.TEST_EMULATOR_PORT_OFFSET ?? 0);
  return { auth: 9199 + offset, hub: 4401 + offset, logging: 4501 + offset };
}

function adminUrl(host, pathname) {
  return `http://${host}${pathname}`;
}

async function call(host, method, pathname, body) {
  const response = await fetch(adminUrl(host, pathname), {
    method,
    headers: { "content-type": "application/json", authorization: "Bearer owner" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`auth emulator ${method} ${pathname}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Error messages as in production (one message for a wrong password and an unknown user). */
export async function configureEmulator(host, projectId = FIREBASE_PROJECT_ID) {
  await call(host, "PATCH", `/emulator/v1/projects/${projectId}/config`, {
    signIn: { allowDuplicateEmails: false },
    emailPrivacyConfig: { enableImprovedEmailPrivacy: true },
  });
}

/** Removes every account (tests start from a known state). */
export async function wipeAccounts(host, projectId = FIREBASE_PROJECT_ID) {
  await call(host, "DELETE", `/emulator/v1/projects/${projectId}/accounts`);
}

/** Creates the seed sign-ins that do not exist yet (an account's e-mail is its identity). */
export async function seedSignIns(host, projectId = FIREBASE_PROJECT_ID, signIns = SEED_SIGN_INS) {
  const existing = new Set();
  for (const { email } of signIns) {
    const found = await call(host, "POST", `/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:lookup`, {
      email: [email],
    });
    if (found.users?.length) existing.add(email);
  }
  const users = signIns
    .filter(({ email }) => !existing.has(email))
    .map(({ email, password, displayName }) => ({
      // Fixed ids, so a seed account is the same account after every wipe.
      localId: `seed-${email.split("@")[0]}`,
      email,
      rawPassword: password,
      displayName,
      emailVerified: true,
    }));
  if (users.length === 0) return 0;
  const result = await call(
    host,
    "POST",
    `/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchCreate`,
    {
      users,
    },
  );
  if (result.error?.length) throw new Error(`auth emulator could not seed: ${JSON.stringify(result.error)}`);
  return users.length;
}

async function waitUntilUp(host, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the auth emulator exited with code ${child.exitCode}`);
    try {
      if ((await fetch(adminUrl(host, "/"))).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`the auth emulator did not start on ${host} in time`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Starts the emulator and resolves once it answers. With `dataDir`, accounts are imported from
 * it at start and exported to it on a clean stop, so sign-ups survive a restart of `npm start`.
 * @param {{ ports?: ReturnType<typeof readEmulatorPorts>, dataDir?: string, workDir: string, quiet?: boolean }} options
 */
export async function startAuthEmulator({ ports = readEmulatorPorts(), dataDir, workDir, quiet = true }) {
  mkdirSync(workDir, { recursive: true });
  const config = path.join(workDir, "firebase.json");
  writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        singleProjectMode: true,
        auth: { host: "127.0.0.1", port: ports.auth },
        hub: { host: "127.0.0.1", port: ports.hub },
        logging: { host: "127.0.0.1", port: ports.logging },
        ui: { enabled: false },
      },
    }),
  );
  const args = [
    path.join(ROOT, "node_modules", "firebase-tools", "lib", "bin", "firebase.js"),
    "emulators:start",
    "--only",
    "auth",
    "--project",
    FIREBASE_PROJECT_ID,
    "--config",
    config,
  ];
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    if (existsSync(path.join(dataDir, "firebase-export-metadata.json"))) args.push("--import", dataDir);
    args.push("--export-on-exit", dataDir);
  }
  const child = spawn(process.execPath, args, {
    cwd: workDir,
    // CI=true skips the update check and the usage prompt.
    env: { ...process.env, CI: "true", FIREBASE_CLI_DISABLE_UPDATE_CHECK: "true" },
    stdio: ["ignore", quiet ? "ignore" : "inherit", "inherit"],
    // Its own process group: a terminal Ctrl-C reaches only the runner, which then asks the
    // emulator once to stop (a second SIGINT would make it quit without exporting its accounts).
    detached: true,
  });
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  const host = `127.0.0.1:${ports.auth}`;
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      child.once("exit", () => {
        clearTimeout(timer);
        process.off("exit", killOnExit);
        resolve();
      });
      child.kill("SIGINT");
    });
  try {
    await waitUntilUp(host, child, 90_000);
    await configureEmulator(host);
  } catch (error) {
    await stop();
    throw error;
  }
  return { host, url: `http://${host}`, projectId: FIREBASE_PROJECT_ID, stop };
}
