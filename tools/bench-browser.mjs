// Chromium as the benchmarks drive it (bench:web, bench:scale): Debian's Chromium through the
// e2e package's Playwright, kept off the network, and the page's Largest Contentful Paint as the
// browser itself reports it.
import { createRequire } from "node:module";
import path from "node:path";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.mjs";
import { ROOT } from "./workspace.mjs";

/** @type {typeof import("@playwright/test").chromium} */
export const chromium = createRequire(path.join(ROOT, "e2e", "package.json"))("@playwright/test").chromium;

// Nothing may wait on the network: every host but this machine's resolves to nothing.
export const BENCH_ARGS = [
  ...CHROMIUM_ARGS,
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
  "--disable-extensions",
];

export function launchBenchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: BENCH_ARGS });
}

/**
 * Records the page's latest largest-contentful-paint entry from its very start (buffered), in
 * `window.__lcp`: call before the page is opened, read it with readLcp once the page settled.
 * @param {import("@playwright/test").Page} page
 */
export async function watchLcp(page) {
  await page.addInitScript(() => {
    window.__lcp = null;
    new PerformanceObserver((list) => {
      const last = list.getEntries().at(-1);
      window.__lcp = { time: last.renderTime || last.loadTime, url: last.url, tag: last.element?.tagName ?? null };
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
}

/**
 * The page's LCP so far: its time (ms from navigation start), the URL of an image LCP, the tag.
 * @param {import("@playwright/test").Page} page
 * @returns {Promise<{ time: number, url: string, tag: string | null } | null>}
 */
export function readLcp(page) {
  return page.evaluate(() => window.__lcp);
}

/**
 * What the page settles to once its main heading shows (the remote page has arrived) and the
 * network has been quiet for half a second.
 * @param {import("@playwright/test").Page} page
 */
export async function settle(page) {
  await page.getByRole("heading", { level: 1 }).first().waitFor({ timeout: 20_000 });
  await page.waitForLoadState("networkidle");
}
