#!/usr/bin/env node
// `node tools/check-dev-refresh.mjs`: a dev-tool check, not part of `npm test` (ADR 007).
// Starts the shell's and mfe-public's dev servers on ports of their own, edits a source file and
// checks in Chromium that React Fast Refresh shows the edit in place: no page reload, the text
// typed into the contact form and `window.__marker` survive. Three cases: a remote's edit inside
// the shell, a shell edit, and the remote's own page. Every edited file is restored, even on
// failure. A fourth case: a remote edit, then a shell edit, then the page left and visited again.
// Prints one line per case; exits non-zero if one fails.
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.mjs";
import { ensurePnpm, log, ROOT } from "./workspace.mjs";

const { chromium } = createRequire(path.join(ROOT, "e2e", "package.json"))("@playwright/test");

// Apart from the usual ports (3000-3004), the size report's (+200) and the e2e suite's (3100-3111).
const SHELL_PORT = Number(process.env.CHECK_SHELL_PORT ?? 3350);
const REMOTE_PORT = Number(process.env.CHECK_REMOTE_PORT ?? 3351);
const SHELL = `http://localhost:${SHELL_PORT}`;
const REMOTE = `http://localhost:${REMOTE_PORT}`;

// Each edit: the file, the text replaced, and how the page shows it before and after.
const CONTACT = {
  file: "mfe-public/src/pages/contact-page.tsx",
  from: "Questions about classes, age groups",
  to: "Refreshed: questions about classes, age groups",
  before: (page) => page.getByText(/Questions about classes, age groups/),
  after: (page) => page.getByText(/Refreshed: questions about classes, age groups/),
};
// A module that exports only components (one that also exports a constant reloads the page when
// edited, as Fast Refresh does for any such module).
const NAVBAR = {
  file: "shell/src/layout/navbar.tsx",
  from: "        Instructors\n      </NavLink>",
  to: "        Refreshed instructors\n      </NavLink>",
  before: (page) => page.getByRole("link", { name: "Instructors", exact: true }).first(),
  after: (page) => page.getByRole("link", { name: "Refreshed instructors", exact: true }).first(),
};
const CASES = [
  { name: "remote edit, page in the shell", url: `${SHELL}/contact`, edit: CONTACT },
  { name: "shell edit, page in the shell", url: `${SHELL}/contact`, edit: NAVBAR },
  { name: "remote edit, remote's own page", url: `${REMOTE}/ContactPage`, edit: CONTACT },
];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- dev servers ----
const [pnpmCmd, ...pnpmPre] = ensurePnpm();
const servers = [];

function startDevServer(app, port) {
  const child = spawn(pnpmCmd, [...pnpmPre, "--filter", app, "run", "dev"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port) },
    detached: true, // its own process group: rspack and its workers stop with it
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = [];
  const keep = (chunk) => output.push(...String(chunk).split("\n").filter(Boolean));
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const server = { app, child, output };
  servers.push(server);
  return server;
}

async function waitFor(url, server, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`${server.app} dev server exited (${server.child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(500);
  }
  throw new Error(`${server.app} dev server did not answer ${url} in time`);
}

function stopServers() {
  for (const { child } of servers) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}

// ---- edited files: always put back ----
const originals = new Map();

function edit({ file, from, to }) {
  const full = path.join(ROOT, file);
  const text = readFileSync(full, "utf8");
  if (!text.includes(from)) throw new Error(`${file} no longer contains "${from}": update this check`);
  if (!originals.has(full)) originals.set(full, text);
  writeFileSync(full, text.replace(from, to));
}

function restoreFiles() {
  for (const [full, text] of originals) writeFileSync(full, text);
  originals.clear();
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    restoreFiles();
    stopServers();
    process.exit(130);
  });
}

// ---- one case ----
async function openPage(browser) {
  const page = await browser.newPage();
  const messages = [];
  page.on("console", (m) => messages.push(`${m.type()}: ${m.text().slice(0, 300)}`));
  page.on("pageerror", (e) => messages.push(`pageerror: ${e.message.slice(0, 300)}`));
  // The shell reads where remotes live from /remotes.json: point it at this check's remote.
  await page.route("**/remotes.json", (route) => route.fulfill({ json: { mfe_public: `${REMOTE}/mf-manifest.json` } }));
  let navigations = 0;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) navigations++;
  });
  const fail = (reason) => {
    const error = new Error(reason);
    error.messages = messages;
    return error;
  };
  return { page, fail, navigations: () => navigations };
}

async function runCase(browser, { url, edit: change }) {
  const { page, fail, navigations } = await openPage(browser);
  try {
    await page.goto(url);
    const form = page.locator("#contact-name");
    try {
      await CONTACT.before(page).waitFor({ timeout: 60_000 });
      await form.waitFor({ timeout: 10_000 });
      await change.before(page).waitFor({ timeout: 10_000 });
    } catch {
      throw fail("the page did not show the contact page (blank?)");
    }
    // Let the first load settle (a late reload would show here as a second navigation).
    await sleep(2000);
    await form.fill("Kept state");
    await page.evaluate(() => {
      window.__marker = "kept";
    });
    const loads = navigations();
    const started = Date.now();
    edit(change);
    try {
      await change.after(page).waitFor({ timeout: 30_000 });
    } catch {
      throw fail("the edit never showed");
    }
    const ms = Date.now() - started;
    await sleep(1000); // a reload after the edit would land here
    const marker = await page.evaluate(() => window.__marker);
    const typed = await form.inputValue();
    if (navigations() !== loads || marker !== "kept") throw fail("the page reloaded: state lost");
    if (typed !== "Kept state") throw fail(`the form lost its text (now "${typed}")`);
    restoreFiles();
    // The dev servers must be back on the original text before the next case.
    try {
      await change.before(page).waitFor({ timeout: 30_000 });
    } catch {
      throw fail("restoring the file did not refresh the page back");
    }
    return `edit shown in ${ms} ms, no reload, typed text and window.__marker kept`;
  } finally {
    restoreFiles();
    await page.close();
  }
}

// Each bundle has its own refresh runtime; after a shell refresh the remote's refreshed page must
// still render its new code when the shell renders it again (here: away and back by a link).
async function runRevisitCase(browser) {
  const { page, fail } = await openPage(browser);
  try {
    await page.goto(`${SHELL}/contact`);
    try {
      await CONTACT.before(page).waitFor({ timeout: 60_000 });
    } catch {
      throw fail("the page did not show the contact page (blank?)");
    }
    await sleep(2000);
    await page.evaluate(() => {
      window.__marker = "kept";
    });
    for (const change of [CONTACT, NAVBAR]) {
      edit(change);
      try {
        await change.after(page).waitFor({ timeout: 30_000 });
      } catch {
        throw fail(`the edit of ${change.file} never showed`);
      }
    }
    await page.getByRole("link", { name: "Home", exact: true }).first().click();
    await CONTACT.before(page).or(CONTACT.after(page)).waitFor({ state: "detached", timeout: 10_000 });
    await page.getByRole("link", { name: "Contact", exact: true }).first().click();
    try {
      await CONTACT.after(page).waitFor({ timeout: 10_000 });
    } catch {
      throw fail("back on the page, the remote's edit was gone (its old code rendered)");
    }
    // Links navigate in the page (framenavigated counts those too): the marker tells a reload.
    if ((await page.evaluate(() => window.__marker)) !== "kept") throw fail("the page reloaded: state lost");
    restoreFiles();
    try {
      await CONTACT.before(page).waitFor({ timeout: 30_000 });
      await NAVBAR.before(page).waitFor({ timeout: 30_000 });
    } catch {
      throw fail("restoring the files did not refresh the page back");
    }
    return "both edits shown, the remote's edit still shown after leaving the page and coming back, no reload";
  } finally {
    restoreFiles();
    await page.close();
  }
}

// ---- main ----
let failed = false;
let browser;
try {
  log(`starting dev servers: shell on ${SHELL_PORT}, mfe-public on ${REMOTE_PORT}`);
  const remote = startDevServer("mfe-public", REMOTE_PORT);
  const shell = startDevServer("shell", SHELL_PORT);
  await waitFor(`${REMOTE}/mf-manifest.json`, remote);
  await waitFor(`${SHELL}/`, shell);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const all = [
    ...CASES.map((testCase) => ({ name: testCase.name, run: () => runCase(browser, testCase) })),
    { name: "remote edit, then shell edit, page visited again", run: () => runRevisitCase(browser) },
  ];
  for (const testCase of all) {
    try {
      const result = await testCase.run();
      console.log(`PASS  ${testCase.name}: ${result}`);
    } catch (error) {
      failed = true;
      console.log(`FAIL  ${testCase.name}: ${error.message}`);
      for (const line of (error.messages ?? []).slice(-15)) console.log(`      browser ${line}`);
    }
  }
} catch (error) {
  failed = true;
  console.log(`FAIL  ${error.message}`);
  for (const { app, output } of servers) for (const line of output.slice(-20)) console.log(`      [${app}] ${line}`);
} finally {
  restoreFiles();
  await browser?.close();
  stopServers();
}
process.exit(failed ? 1 : 0);
