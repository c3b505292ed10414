import { expect, type Page } from "@playwright/test";

/**
 * The home page loads its sections below the fold (carousel, newsletter) as they come near the
 * viewport, as a visitor scrolls. Scrolls each one into view until all have loaded, then back up.
 */
export async function revealLazySections(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  const pending = page.locator("[data-lazy-section]");
  for (let i = 0; i < 20 && (await pending.count()) > 0; i++) {
    await pending
      .first()
      .scrollIntoViewIfNeeded({ timeout: 2_000 })
      .catch(() => undefined);
    await page.waitForTimeout(100);
  }
  await expect(pending).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
}
