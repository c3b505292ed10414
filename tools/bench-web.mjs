#!/usr/bin/env node
// `npm run bench:web`: builds every app for production, starts the whole site on ports of its own,
// and measures cold loads of the home page, the class list and a student's cart in Chromium:
//   - JS and CSS bytes as transferred (gzip/brotli) and files, requests (Playwright, unthrottled);
//   - the serial network hops before the LCP element (from Resource Timing);
//   - Lighthouse 12 performance and accessibility, mobile and desktop presets, median of N runs,
//     with FCP, LCP, CLS and TBT of the median run.
// Each Lighthouse figure is printed beside the CPU benchmark index Lighthouse measured for its run,
// so figures from machines of different speed can be compared.
// Writes .tmp/bench-web.json and prints pass/fail lines against tools/perf-budgets.json; a run of
// every page with Lighthouse also writes docs/benchmarks/web.json, from which docs/benchmarks.md's
// table is made (`node tools/bench-docs.mjs`).
// Options: --no-build, --runs N (default 3), --pages /,/classes (a dashboard page is opened by an
// account of its area: student, instructor or admin), --out file, --no-lighthouse,
// --presets mobile,desktop, --reports dir (each Lighthouse report as JSON, to read its diagnostics).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { SEED_SIGN_INS, readEmulatorPorts } from "./auth-emulator.mjs";
import { BENCH_ARGS, chromium, launchBenchBrowser, readLcp, settle, watchLcp } from "./bench-browser.mjs";
import { CHROMIUM_PATH } from "./chromium.mjs";
import { readMailPorts } from "./mail-catcher.mjs";
import { readPaymentSandboxPort, readPorts, startSystem } from "./system.mjs";
import { buildAll, ensurePnpm, log, ROOT } from "./workspace.mjs";
import { machine, writeFigures } from "../api/bench/figures.mjs";

// Every page with a budget in tools/perf-budgets.json: the public ones signed out, the dashboard
// ones with a stored session (signed in once, the cache emptied before each measure).
const DEFAULT_PAGES =
  "/,/classes,/dashboard/mydashboard,/dashboard/campers,/dashboard/waitlists,/dashboard/payment,/dashboard/balance,/dashboard/forms,/dashboard/pickup,/dashboard/today,/dashboard/attendance";
const { values: opts } = parseArgs({
  options: {
    build: { type: "boolean", default: true },
    "no-build": { type: "boolean", default: false },
    runs: { type: "string", default: "3" },
    pages: { type: "string", default: DEFAULT_PAGES },
    out: { type: "string", default: path.join(ROOT, ".tmp", "bench-web.json") },
    "no-lighthouse": { type: "boolean", default: false },
    presets: { type: "string", default: "mobile,desktop" },
    reports: { type: "string" },
  },
});
const RUNS = Number(opts.runs);
const PAGES = opts.pages.split(",");
const PRESETS = opts.presets.split(",");
const SIGNED_IN = (p) => p.startsWith("/dashboard");
// Who opens a dashboard page: its area's role (the shell's route table), else the student.
const INSTRUCTOR_PAGES = [
  "/dashboard/instructorhome",
  "/dashboard/addclass",
  "/dashboard/myclasses",
  "/dashboard/today",
];
const ADMIN_PAGES = [
  "/dashboard/adminhome",
  "/dashboard/manageclasses",
  "/dashboard/manageusers",
  "/dashboard/allusers",
  "/dashboard/attendance",
];
const accountFor = (pagePath) => {
  const page = pagePath.split("?")[0];
  const role = ADMIN_PAGES.includes(page) ? "admin" : INSTRUCTOR_PAGES.includes(page) ? "instructor" : "student";
  return SEED_SIGN_INS.find((s) => s.role === role);
};
const budgets = JSON.parse(readFileSync(path.join(ROOT, "tools", "perf-budgets.json"), "utf8")).pages;

const lighthouse = (await import("lighthouse")).default;
const desktopConfig = (await import("lighthouse/core/config/desktop-config.js")).default;

if (opts.build && !opts["no-build"]) await buildAll(ensurePnpm());

// Ports of its own (+300), so it runs beside a started site and the size report.
const shifted = (ports) => Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, v + 300]));
const dataDir = path.join(ROOT, ".tmp", "bench-data");
rmSync(dataDir, { recursive: true, force: true });
const system = await startSystem({
  ports: shifted(readPorts()),
  deployDir: path.join(ROOT, ".tmp", "bench-deploy"),
  apiEnv: { DATA_DIR: dataDir, RATE_LIMIT_SENSITIVE: "1000", LOG_LEVEL: "error" },
  auth: { ports: shifted(readEmulatorPorts()), wipe: true },
  payments: { port: readPaymentSandboxPort() + 300 },
  mail: { ports: shifted(readMailPorts()) },
  // A fresh database is migrated and seeded at start: slow on a busy machine.
  healthTimeoutMs: 180_000,
});

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const kb = (n) => Math.round((n / 1024) * 10) / 10;

async function signIn(page, account) {
  await page.goto(`${system.shellUrl}/login`);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.getByRole("button", { name: /^Account menu of / }).waitFor({ timeout: 20_000 });
}

/**
 * A cold load in Playwright (empty cache): bytes as transferred, files, requests, and the chain of
 * serial network hops before the LCP: from the LCP's resource (or, for a text LCP, the last request
 * done before it painted), each step back is the request that finished last before this one started.
 */
async function coldLoad(context, pagePath) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.clearBrowserCache");
  const seen = [];
  page.on("requestfinished", async (request) => {
    const sizes = await request.sizes().catch(() => null);
    // Script bodies as well: gzip -9 of each is the figure other sites are compared on.
    const body =
      request.resourceType() === "script" ? await (await request.response())?.body().catch(() => null) : null;
    seen.push({ url: request.url(), type: request.resourceType(), bytes: sizes?.responseBodySize ?? 0, body });
  });
  await watchLcp(page);
  await page.goto(`${system.shellUrl}${pagePath}`);
  await settle(page);
  await page.waitForTimeout(500);
  const entries = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0];
    return [
      { name: nav.name, start: 0, end: nav.responseEnd },
      ...performance
        .getEntriesByType("resource")
        .map((r) => ({ name: r.name, start: r.startTime, end: r.responseEnd || r.startTime + r.duration })),
    ];
  });
  const lcp = await readLcp(page);
  await page.close();
  const sum = (type) => seen.filter((r) => r.type === type).reduce((n, r) => n + r.bytes, 0);
  const count = (type) => seen.filter((r) => r.type === type).length;
  let target = lcp?.url ? entries.find((e) => e.name === lcp.url) : null;
  if (!target && lcp) target = entries.filter((e) => e.end <= lcp.time).sort((a, b) => b.end - a.end)[0];
  const chain = [];
  const candidates = entries.filter((e) => !/favicon/.test(e.name));
  for (let at = target; at;) {
    chain.unshift(at.name);
    if (at.start === 0) break;
    const start = at.start;
    at = candidates.filter((e) => e.end <= start + 1).sort((a, b) => b.end - a.end)[0];
  }
  const bodies = seen.filter((r) => r.type === "script" && r.body).map((r) => r.body);
  return {
    jsKB: kb(sum("script")),
    jsGzip9KB: kb(bodies.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0)),
    jsBrotliKB: kb(
      bodies.reduce((n, b) => n + brotliCompressSync(b, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length, 0),
    ),
    jsFiles: count("script"),
    cssKB: kb(sum("stylesheet")),
    cssFiles: count("stylesheet"),
    requests: seen.length,
    lcpElement: lcp ? `${lcp.tag}${lcp.url ? ` ${lcp.url}` : ""}` : null,
    hopsBeforeLcp: chain.length,
    files: seen
      .filter((r) => r.type === "script" || r.type === "stylesheet")
      .map((r) => ({ url: r.url, kb: kb(r.bytes) }))
      .sort((a, b) => b.kb - a.kb),
    lcpChain: chain.map((u) => u.replace(/^https?:\/\/[^/]+/, (o) => o.replace(/^https?:\/\//, ""))),
  };
}

/** Lighthouse in a browser of its own (a persistent profile, signed in when the page needs it). */
async function lighthouseRuns(pagePath, preset) {
  const results = [];
  for (let i = 0; i < RUNS; i++) {
    const profile = path.join(os.tmpdir(), `academy-bench-${process.pid}-${i}`);
    const port = 9500 + Math.floor(Math.random() * 400);
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...BENCH_ARGS, `--remote-debugging-port=${port}`],
    });
    try {
      if (SIGNED_IN(pagePath)) {
        const page = context.pages()[0] ?? (await context.newPage());
        await signIn(page, accountFor(pagePath));
        await page.goto("about:blank");
        const cdp = await context.newCDPSession(page);
        await cdp.send("Network.clearBrowserCache");
      }
      const flags = {
        port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
        // The signed-in page keeps its session (storage) but the cache was emptied above.
        disableStorageReset: SIGNED_IN(pagePath),
      };
      const result = await lighthouse(
        `${system.shellUrl}${pagePath}`,
        flags,
        preset === "desktop" ? desktopConfig : undefined,
      );
      const lhr = result.lhr;
      if (opts.reports) {
        mkdirSync(opts.reports, { recursive: true });
        const name = `${pagePath.replace(/\W+/g, "_") || "_"}-${preset}-${i + 1}.json`;
        writeFileSync(path.join(opts.reports, name), JSON.stringify(lhr));
      }
      const num = (id) => lhr.audits[id]?.numericValue ?? null;
      results.push({
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
        fcpMs: Math.round(num("first-contentful-paint")),
        lcpMs: Math.round(num("largest-contentful-paint")),
        cls: Math.round(num("cumulative-layout-shift") * 1000) / 1000,
        tbtMs: Math.round(num("total-blocking-time")),
        finalUrl: lhr.finalDisplayedUrl,
        a11yFailures: Object.values(lhr.audits)
          .filter((a) => a.score === 0 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id))
          .map((a) => a.id),
        runtimeError: lhr.runtimeError?.message ?? null,
        // Lighthouse's own CPU benchmark of this machine: its 4x slowdown assumes a host that
        // scores over 1000; below that it warns that the scores suffer (compare runs of one machine).
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
        warnings: lhr.runWarnings,
      });
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  }
  const pick = median(results.map((r) => r.performance));
  const medianRun = results.find((r) => r.performance === pick);
  return {
    performance: pick,
    accessibility: median(results.map((r) => r.accessibility)),
    fcpMs: medianRun.fcpMs,
    lcpMs: medianRun.lcpMs,
    cls: medianRun.cls,
    tbtMs: medianRun.tbtMs,
    benchmarkIndex: median(results.map((r) => r.benchmarkIndex)),
    runs: results,
  };
}

const startedOn = machine();
const report = { date: new Date().toISOString(), runs: RUNS, machine: startedOn, pages: {} };
try {
  const browser = await launchBenchBrowser();
  try {
    for (const pagePath of PAGES) {
      const context = await browser.newContext();
      if (SIGNED_IN(pagePath)) await signIn(await context.newPage(), accountFor(pagePath));
      report.pages[pagePath] = { cold: await coldLoad(context, pagePath) };
      await context.close();
    }
  } finally {
    await browser.close();
  }
  if (!opts["no-lighthouse"]) {
    for (const pagePath of PAGES) {
      for (const preset of PRESETS) {
        log(`lighthouse ${preset} ${pagePath} (${RUNS} runs)`);
        report.pages[pagePath][preset] = await lighthouseRuns(pagePath, preset);
      }
    }
  }
} finally {
  await system.stop();
}

mkdirSync(path.dirname(opts.out), { recursive: true });
writeFileSync(opts.out, JSON.stringify(report, null, 2));

// The figures, then one line per budget.
const lines = [];
for (const [pagePath, r] of Object.entries(report.pages)) {
  const c = r.cold;
  console.log(`\n${pagePath}`);
  console.log(
    `  cold load: JS ${c.jsKB} KB as transferred (gzip -9 of every body ${c.jsGzip9KB} KB, brotli ${c.jsBrotliKB} KB)` +
      ` in ${c.jsFiles} files, CSS ${c.cssKB} KB in ${c.cssFiles} files, ${c.requests} requests`,
  );
  console.log(`  LCP element: ${c.lcpElement}; ${c.hopsBeforeLcp} serial hops: ${c.lcpChain.join(" > ")}`);
  for (const preset of ["mobile", "desktop"]) {
    const l = r[preset];
    if (!l) continue;
    console.log(
      `  lighthouse ${preset.padEnd(7)} performance ${l.performance}  accessibility ${l.accessibility}  ` +
        `FCP ${l.fcpMs} ms  LCP ${l.lcpMs} ms  CLS ${l.cls}  TBT ${l.tbtMs} ms` +
        `  CPU index ${l.benchmarkIndex}` +
        `  (runs: ${l.runs.map((x) => `${x.performance} at CPU index ${x.benchmarkIndex}`).join(", ")})`,
    );
    const warnings = [...new Set(l.runs.flatMap((x) => x.warnings))];
    for (const warning of warnings) console.log(`    Lighthouse warns: ${warning}`);
    const failing = [...new Set(l.runs.flatMap((x) => x.a11yFailures))];
    if (failing.length) console.log(`    accessibility audits failing: ${failing.join(", ")}`);
  }
  const b = budgets[pagePath];
  if (!b) continue;
  const check = (name, ok, figure, limit) =>
    lines.push(`${ok ? "PASS" : "FAIL"} ${pagePath} ${name}: ${figure} (budget ${limit})`);
  if (b.jsKB != null) check("JS as transferred", c.jsKB <= b.jsKB, `${c.jsKB} KB`, `<= ${b.jsKB} KB`);
  if (b.jsGzip9KB != null) check("JS gzip -9", c.jsGzip9KB <= b.jsGzip9KB, `${c.jsGzip9KB} KB`, `<= ${b.jsGzip9KB} KB`);
  if (b.cssKB != null) check("CSS as transferred", c.cssKB <= b.cssKB, `${c.cssKB} KB`, `<= ${b.cssKB} KB`);
  for (const preset of ["mobile", "desktop"]) {
    const l = r[preset];
    if (!l) continue;
    check(
      `performance ${preset}`,
      l.performance >= b.performance[preset],
      l.performance,
      `>= ${b.performance[preset]}`,
    );
    check(`accessibility ${preset}`, l.accessibility >= b.accessibility, l.accessibility, `>= ${b.accessibility}`);
    check(`CLS ${preset}`, l.cls <= b.cls, l.cls, `<= ${b.cls}`);
  }
  if (r.mobile) check("LCP mobile", r.mobile.lcpMs < b.lcpMobileMs, `${r.mobile.lcpMs} ms`, `< ${b.lcpMobileMs} ms`);
}
console.log(`\nbudgets (tools/perf-budgets.json):\n${lines.join("\n")}`);
console.log(`\nfigures written to ${path.relative(ROOT, opts.out)}`);

// The docs' table: only from a run of every page with Lighthouse, so it never shows half a run.
if (opts.pages === DEFAULT_PAGES && !opts["no-lighthouse"]) {
  const rows = Object.entries(report.pages).flatMap(([pagePath, r]) =>
    ["mobile", "desktop"]
      .filter((preset) => r[preset])
      .map((preset) => ({
        page: pagePath,
        preset,
        performance: r[preset].performance,
        runs: r[preset].runs.map((x) => x.performance).join("/"),
        cpuIndex: r[preset].runs.map((x) => x.benchmarkIndex).join("/"),
        lcpMs: r[preset].lcpMs,
        tbtMs: r[preset].tbtMs,
        cls: r[preset].cls,
        jsKB: r.cold.jsKB,
        jsGzip9KB: r.cold.jsGzip9KB,
      })),
  );
  writeFigures("web", {
    title: `Lighthouse 12 (median of ${RUNS} runs), each run beside the CPU benchmark index Lighthouse measured`,
    columns: [
      ["page", "page"],
      ["preset", "preset"],
      ["performance", "performance"],
      ["runs", "runs"],
      ["cpuIndex", "CPU index of each run"],
      ["lcpMs", "LCP ms"],
      ["tbtMs", "TBT ms"],
      ["cls", "CLS"],
      ["jsKB", "JS KB transferred"],
      ["jsGzip9KB", "JS KB gzip -9"],
    ],
    rows,
    verdict: { held: lines.every((l) => l.startsWith("PASS")) },
    notes: [
      "JS is a cold load's scripts: as transferred (brotli from the servers) and as gzip -9 of every body. " +
        "Dashboard pages are measured with a stored session.",
    ],
    startedOn,
  });
}
