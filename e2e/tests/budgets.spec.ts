import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { holdRequests } from "../support/hold-requests";
import { settled, WIDTHS } from "../support/page-audit";
import { framesRendered } from "../support/page-signals";
import { API_URL, E2E_PORTS, listUrl } from "../support/ports";
import { SEED, signInAs, storedSessionContext } from "../support/session";

// The deterministic part of the performance budgets (tools/perf-budgets.json): bytes the home page
// loads, what it preloads and downloads, and nothing moving in view as a page loads. Lighthouse
// scores and timings move with the machine's load: they are measured by `npm run bench:web`,
// never asserted here. Every page's audit (one React DOM, no accessibility problem): budgets-page-audits.spec.ts.
const budgets = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../../tools/perf-budgets.json"), "utf8"),
) as {
  pages: Record<string, { jsKB: number; cssKB?: number }>;
  tests: { homeJsKB: number; homeCssKB: number; cartJsKB: number };
};

/** A preload nothing uses, put in by the test: Chromium's warning about it is the sign that it has checked. */
const UNUSED_PRELOAD = "/favicon.svg?preloaded-and-never-used";

/**
 * Counts each file the page downloads (of these resource types, by URL) and keeps Chromium's
 * console warnings about preloads; `preloadWarnings` waits for them. Chromium warns a few seconds
 * after the load event about each preloaded file that went unused, all in one go: the page gets
 * one unused preload of the test's own before its load event, and the warnings are read once
 * Chromium has warned about it (and a later console message has come, so none of the batch is
 * still on its way).
 */
async function watchDownloads(page: Page, types: string[]) {
  const downloads = new Map<string, number>();
  page.on("requestfinished", (request) => {
    if (types.includes(request.resourceType())) downloads.set(request.url(), (downloads.get(request.url()) ?? 0) + 1);
  });
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("preload")) warnings.push(message.text());
  });
  await page.addInitScript((href) => {
    document.addEventListener("DOMContentLoaded", () => {
      const link = document.createElement("link");
      link.rel = "preload";
      link.as = "image";
      link.href = href;
      document.head.append(link);
    });
  }, UNUSED_PRELOAD);
  const preloadWarnings = async () => {
    const own = (text: string) => text.includes(UNUSED_PRELOAD);
    await expect.poll(() => warnings.some(own), { timeout: 15_000 }).toBe(true);
    const after = page.waitForEvent("console", (message) => message.text() === "console read up to here");
    await page.evaluate(() => console.log("console read up to here"));
    await after;
    return warnings.filter((text) => !own(text));
  };
  return { downloads, preloadWarnings };
}

/** Where the e2e run serves the student remote (remotes.json names it by this port). */
const studentOrigin = () => `:${E2E_PORTS.mfe_student}/`;

test.describe("performance budgets", () => {
  test("a cold load of the home page stays within its JavaScript and CSS budgets", async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const sizes: { type: string; url: string; bytes: number }[] = [];
    page.on("requestfinished", async (request) => {
      const { responseBodySize } = await request.sizes();
      sizes.push({ type: request.resourceType(), url: request.url(), bytes: responseBodySize });
    });
    await page.goto("/");
    await settled(page);
    const kb = (type: string) => sizes.filter((s) => s.type === type).reduce((n, s) => n + s.bytes, 0) / 1024;
    const js = kb("script");
    const css = kb("stylesheet");
    test
      .info()
      .annotations.push({ type: "home page", description: `JS ${js.toFixed(1)} KB, CSS ${css.toFixed(1)} KB` });
    expect(js, "JS bytes (as transferred) of the home page").toBeLessThanOrEqual(budgets.tests.homeJsKB);
    expect(css, "CSS bytes (as transferred) of the home page").toBeLessThanOrEqual(budgets.tests.homeCssKB);
    await context.close();
  });

  test("a cold load of the student's cart, with a stored session, stays within its JavaScript budget", async ({
    browser,
  }) => {
    // A later visit: the stored session (access token), nothing in the browser's cache.
    const context = await storedSessionContext(browser, SEED.student);
    const page = await context.newPage();
    const scripts: number[] = [];
    page.on("requestfinished", async (request) => {
      if (request.resourceType() === "script") scripts.push((await request.sizes()).responseBodySize);
    });
    await page.goto("/dashboard/mydashboard");
    await expect(page.getByRole("heading", { level: 1, name: "My Selected Classes" })).toBeVisible();
    await expect(page.getByRole("button", { name: `Account menu of ${SEED.student.name}` })).toBeVisible();
    await settled(page);
    const js = scripts.reduce((n, bytes) => n + bytes, 0) / 1024;
    test.info().annotations.push({ type: "cart page", description: `JS ${js.toFixed(1)} KB` });
    expect(js, "JS bytes (as transferred) of the cart page").toBeLessThanOrEqual(budgets.tests.cartJsKB);
    await context.close();
  });

  test("index.html preloads the scripts every page runs at start: each is used, downloads once and carries V8's compile hint", async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const { downloads, preloadWarnings } = await watchDownloads(page, ["script"]);
    await page.goto("/");
    await settled(page);
    // The shell's own (decision 023); the remote page's are index.html's head start (024), checked below.
    const preloaded = await page
      .locator('link[rel="preload"][as="script"]')
      .evaluateAll((links) =>
        links.map((link) => (link as HTMLLinkElement).href).filter((href) => href.startsWith(location.origin)),
      );
    // The async boundary's chunk and the shared modules it needs (React, React DOM, the router...).
    expect(preloaded.length).toBeGreaterThanOrEqual(8);
    for (const url of preloaded) expect(downloads.get(url), url).toBe(1);
    for (const [url, count] of downloads) expect(count, url).toBe(1);
    // They, main.js and the remote's entry run whole as the page opens: V8 compiles them off the
    // main thread while they download (its compile hint, their first line).
    const main = await page.locator('script[src*="/main."]').evaluate((script) => (script as HTMLScriptElement).src);
    const remoteEntry = [...downloads.keys()].find((url) => url.endsWith("/remoteEntry.js"));
    expect(remoteEntry).toBeDefined();
    for (const url of [main, remoteEntry!, ...preloaded]) {
      expect((await (await context.request.get(url)).text()).startsWith("//# allFunctionsCalledOnLoad\n"), url).toBe(
        true,
      );
    }
    expect(await preloadWarnings()).toEqual([]);
    await context.close();
  });

  test("the page's remote code downloads beside the shell's: index.html preloads it before main.js runs, each file once", async ({
    browser,
  }) => {
    const context = await storedSessionContext(browser, SEED.student);
    const page = await context.newPage();
    const { downloads, preloadWarnings } = await watchDownloads(page, ["script", "stylesheet", "fetch"]);
    // The shell's first script held back: whatever of the student remote arrives meanwhile was asked
    // for by index.html itself (decision 024).
    const main = await holdRequests(page, /\/main\.[0-9a-f]+\.js$/);
    await page.goto("/dashboard/mydashboard", { waitUntil: "commit" });
    const studentFiles = () => [...downloads.keys()].filter((url) => url.includes(studentOrigin()));
    await expect.poll(() => main.held()).toBe(1);
    const names = () => studentFiles().map((url) => new URL(url).pathname.replace(/\.[0-9a-f]{8}\./, "."));
    await expect
      .poll(names)
      .toEqual(expect.arrayContaining(["/mf-manifest.json", "/remoteEntry.js", "/__federation_expose_MyCartPage.js"]));
    await expect.poll(() => names().some((name) => name.endsWith(".css"))).toBe(true);
    await main.release();
    await expect(page.getByText("Your cart is empty").or(page.getByText("Total Class:"))).toBeVisible();
    await settled(page);
    // The runtime took the manifest index.html had read, and the preloads served the page.
    for (const [url, count] of downloads) expect(count, url).toBe(1);
    expect(await preloadWarnings()).toEqual([]);
    await context.close();
  });

  test("a visitor opening a dashboard address downloads none of its remote (the guard sends to /login)", async ({
    page,
  }) => {
    const remoteFiles: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes(studentOrigin())) remoteFiles.push(request.url());
    });
    await page.goto("/dashboard/mydashboard");
    await expect(page).toHaveURL(/\/login$/);
    await settled(page);
    expect(remoteFiles).toEqual([]);
  });

  test("axios downloads with the first API call, not with a page that calls nothing", async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // Known by its content, whatever the build names the chunk: axios's defaults and error mark.
    const axiosScripts: string[] = [];
    const apiCalls: string[] = [];
    const reads: Promise<void>[] = [];
    page.on("response", (response) => {
      // Every page asks for the academy's facts with a plain fetch (decision 051): not axios's call.
      if (response.url().startsWith(API_URL) && response.url() !== `${API_URL}/academy`) apiCalls.push(response.url());
      if (response.request().resourceType() !== "script") return;
      reads.push(
        response.text().then(
          (body) => {
            if (body.includes("xsrfCookieName") && body.includes("isAxiosError")) axiosScripts.push(response.url());
          },
          () => undefined,
        ),
      );
    });
    const scriptsSoFar = async () => {
      await Promise.all(reads);
      return [...axiosScripts];
    };

    // Two pages that call nothing as they load: the shell's own login page, and a remote's page.
    for (const pagePath of ["/login", "/contact"]) {
      await page.goto(pagePath);
      await settled(page);
      expect(apiCalls, `API calls of ${pagePath}`).toEqual([]);
      expect(await scriptsSoFar(), `axios scripts after a cold load of ${pagePath}`).toEqual([]);
    }

    // The first call (the class list) loads it, and its answer arrives.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Classes" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Our Classes" })).toBeVisible();
    await expect(page.getByTestId("class-card").first()).toBeVisible();
    expect(apiCalls.some((url) => listUrl("classes").test(url))).toBe(true);
    expect(await scriptsSoFar(), "axios scripts after the first API call").toHaveLength(1);
    await context.close();
  });

  // Budget "CLS 0": nothing in view moves while a page loads: the skeletons, the guard's progress
  // bar and the dashboard frame keep the footer below the fold, the navbar keeps the account's room.
  const SHIFT_PAGES = [
    { path: "/", signedIn: false },
    { path: "/classes", signedIn: false },
    { path: "/dashboard/mydashboard", signedIn: true },
  ];
  for (const { path: pagePath, signedIn } of SHIFT_PAGES) {
    for (const [width, viewport] of Object.entries(WIDTHS)) {
      test(`a cold load of ${pagePath} moves nothing in view (${width})`, async ({ browser }) => {
        const context = await browser.newContext({ viewport });
        if (signedIn) await signInAs(await context.newPage(), SEED.student);
        const page = await context.newPage();
        await page.addInitScript(() => {
          const shifts: string[] = [];
          const note = (entries: PerformanceEntryList) => {
            for (const entry of entries as (PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
              sources: { node?: Node | null }[];
            })[]) {
              if (entry.hadRecentInput) continue;
              const nodes = entry.sources.map((s) => (s.node instanceof Element ? s.node.outerHTML.slice(0, 80) : "?"));
              shifts.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${nodes.join(" | ")}`);
            }
          };
          const observer = new PerformanceObserver((list) => note(list.getEntries()));
          observer.observe({ type: "layout-shift", buffered: true });
          /** Every shift so far, those not yet handed to the observer's callback too. */
          const layoutShifts = () => {
            note(observer.takeRecords());
            return shifts;
          };
          Object.assign(window, { layoutShifts });
        });
        await page.goto(pagePath);
        await settled(page);
        // Nothing loads any more (settled): once the fonts are in, the frames rendered after it laid
        // out everything that arrived, and each shift of theirs is recorded.
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        await framesRendered(page);
        const shifts = await page.evaluate(() =>
          (window as unknown as { layoutShifts: () => string[] }).layoutShifts(),
        );
        const total = shifts.reduce((sum, line) => sum + Number(line.split(" ")[0]), 0);
        // Lighthouse shows CLS to two decimals: below 0.005 is its "0".
        expect(total, `layout shifts:\n${shifts.join("\n")}`).toBeLessThan(0.005);
        await context.close();
      });
    }
  }
});
