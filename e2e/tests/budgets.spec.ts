import AxeBuilder from "@axe-core/playwright";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { revealLazySections } from "../support/lazy-sections";
import { SEED, signInAs } from "../support/session";

// The deterministic part of the performance budgets (tools/perf-budgets.json): bytes the home page
// loads, one React DOM, and axe on every page in both themes. Lighthouse scores and timings move
// with the machine's load: they are measured by `npm run bench:web`, never asserted here.
const budgets = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../../tools/perf-budgets.json"), "utf8"),
) as { pages: Record<string, { jsKB: number; cssKB?: number }>; tests: { homeJsKB: number; homeCssKB: number } };

/** Records every React renderer that registers with the DevTools hook (react-dom does, once per copy). */
async function countReactRenderers(page: Page) {
  await page.addInitScript(() => {
    const renderers: unknown[] = [];
    Object.defineProperty(window, "__reactRenderers", { value: renderers });
    Object.defineProperty(window, "__REACT_DEVTOOLS_GLOBAL_HOOK__", {
      configurable: true,
      value: {
        supportsFiber: true,
        renderers: new Map(),
        inject(renderer: unknown) {
          renderers.push(renderer);
          return renderers.length;
        },
        checkDCE() {},
        onCommitFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
      },
    });
  });
}

const reactDomCopies = (page: Page) =>
  page.evaluate(() => (window as unknown as { __reactRenderers: unknown[] }).__reactRenderers.length);

/** Waits until the page's remote has arrived and nothing is loading. */
async function settled(page: Page) {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[aria-label="Loading page"]')).toHaveCount(0);
  await page.waitForLoadState("networkidle");
}

/**
 * Problems known and not fixed yet, each to be removed with its fix: the cart link's name ("Cart")
 * does not contain its visible count, and the student pages' header badge (white at 15 % on
 * indigo) is short of contrast. Anything else fails.
 */
const KNOWN: { rule: string; target: RegExp }[] = [
  { rule: "label-content-name-mismatch", target: /aria-label="Cart"/ },
  { rule: "color-contrast", target: /^\.bg-white\\\/15$/ },
];

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      ...v,
      nodes: v.nodes.filter((n) => !KNOWN.some((k) => k.rule === v.id && k.target.test(n.target.join(" ")))),
    }))
    .filter((v) => v.nodes.length > 0)
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

const THEMES = ["light", "dark"] as const;

async function checkPages(page: Page, paths: string[]) {
  await countReactRenderers(page);
  const problems: string[] = [];
  for (const theme of THEMES) {
    await page.addInitScript((t) => localStorage.setItem("academy-theme", t), theme);
    for (const pagePath of paths) {
      await page.goto(pagePath);
      await settled(page);
      if (pagePath === "/") await revealLazySections(page);
      expect(await reactDomCopies(page), `React DOM copies on ${pagePath}`).toBe(1);
      for (const v of await seriousViolations(page)) problems.push(`${pagePath} [${theme}] ${v}`);
    }
  }
  expect(problems).toEqual([]);
}

test.describe("performance and accessibility budgets", () => {
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

  test("a student's dashboard pages: one React DOM, no serious accessibility problem, light and dark", async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await signInAs(page, SEED.student);
    await checkPages(page, [
      "/dashboard/userhome",
      "/dashboard/mydashboard",
      "/dashboard/paymenthistory",
      "/dashboard/enrolledclasses",
      "/settings",
    ]);
  });
});
