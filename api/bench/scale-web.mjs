// The browser half of bench:scale: the production build of the site, served as it is deployed and
// pointed at the benchmark's API, and the LCP of cold loads of its public lists in headless Chromium.
import { existsSync } from "node:fs";
import path from "node:path";
import { launchBenchBrowser, readLcp, settle, watchLcp } from "../../tools/bench-browser.mjs";
import { localFirebaseConfig, REMOTE_APPS, startStaticSite } from "../../tools/system.mjs";
import { ROOT } from "../../tools/workspace.mjs";

/**
 * The pages measured, each with what shows it is drawn: on /classes the cards (its data arrived,
 * not a skeleton or an error); on the home page its heading, since its lists load only when
 * scrolled near and a 1280x720 window never shows them.
 */
export const LCP_PAGES = { "/": "#home-heading", "/classes": "[data-testid=class-card]" };

/** The front-end apps the site needs built (the API is built by the npm script). */
export const WEB_APPS = ["shell", ...Object.values(REMOTE_APPS).map((app) => app.dir)];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Serves the built site on `ports` (env.json points at the API on ports.api; accounts stay signed
 * out, so neither the Auth Emulator nor the payment sandbox is needed) and opens Chromium.
 */
export async function startScaleSite(ports) {
  const missing = WEB_APPS.filter((dir) => !existsSync(path.join(ROOT, dir, "dist", "index.html")));
  if (missing.length) throw new Error(`no production build of ${missing.join(", ")}: run without --no-build`);
  const site = await startStaticSite({
    ports,
    deployDir: path.join(ROOT, ".tmp", "scale-deploy"),
    env: { apiUrl: `http://localhost:${ports.api}`, firebase: localFirebaseConfig() },
  });
  const browser = await launchBenchBrowser().catch(async (error) => {
    await site.close();
    throw error;
  });

  /** One cold load (a new browser context: empty cache, no open connections): its LCP. */
  async function coldLcp(pagePath) {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await watchLcp(page);
      await page.goto(`${site.shellUrl}${pagePath}`);
      await settle(page);
      await page.locator(LCP_PAGES[pagePath]).first().waitFor({ timeout: 20_000 });
      // The observer hears of the last paint a moment after it happened.
      await page.waitForTimeout(500);
      const lcp = await readLcp(page);
      if (!lcp) throw new Error(`${pagePath}: Chromium reported no largest-contentful-paint`);
      const element = `${lcp.tag}${lcp.url ? ` ${new URL(lcp.url).pathname}` : ""}`;
      return { ms: Math.round(lcp.time), element };
    } finally {
      await context.close();
    }
  }

  return {
    /** The median LCP of `runs` cold loads, the element of the median run, and every run's time. */
    async lcp(pagePath, runs) {
      const loads = [];
      for (let i = 0; i < runs; i++) loads.push(await coldLcp(pagePath));
      const ms = median(loads.map((load) => load.ms));
      return { ms, element: loads.find((load) => load.ms === ms).element, runs: loads.map((load) => load.ms) };
    },
    async close() {
      await browser.close();
      await site.close();
    },
  };
}
