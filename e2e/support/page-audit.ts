import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Records every React renderer that registers with the DevTools hook (react-dom does, once per copy). */
export async function countReactRenderers(page: Page) {
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

// Lighthouse's screens (desktop and mobile presets): the bench's figures and these checks see the same fold.
export const WIDTHS = { desktop: { width: 1350, height: 940 }, phone: { width: 412, height: 823 } };

export const reactDomCopies = (page: Page) =>
  page.evaluate(() => (window as unknown as { __reactRenderers: unknown[] }).__reactRenderers.length);

/** Waits until the page's remote has arrived and nothing is loading. */
export async function settled(page: Page) {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[aria-label="Loading page"]')).toHaveCount(0);
  await page.waitForLoadState("networkidle");
}

/**
 * Rules Lighthouse's accessibility score counts although axe rates them below serious (a page
 * fails them for everyone who navigates by headings or landmarks).
 */
const SCORED_BELOW_SERIOUS = new Set([
  "heading-order",
  "empty-heading",
  "landmark-one-main",
  "image-redundant-alt",
  "table-duplicate-name",
  "skip-link",
  "tabindex",
  "accesskeys",
]);

/** The rules a page's colours decide: all a second theme of the same page can change. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * axe's serious and critical violations on the page as it is now, and those Lighthouse scores, one
 * line each; only inside `scope` (a CSS selector) when given; only the colour rules with `"colours"`.
 */
export async function accessibilityProblems(page: Page, scope?: string, only?: "colours"): Promise<string[]> {
  const axe = new AxeBuilder({ page });
  if (scope) axe.include(scope);
  if (only === "colours") axe.withRules(COLOUR_RULES);
  const { violations } = await axe.analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical" || SCORED_BELOW_SERIOUS.has(v.id))
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
