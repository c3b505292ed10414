import { expect, type Page } from "@playwright/test";

/**
 * The home page loads what is below the fold as a visitor scrolls: the newsletter's code, the
 * carousel's Swiper (its first frame is plain markup) and the popular classes' and instructors'
 * cards. Each waiting part is marked `data-lazy-section`: scrolls each one into view until all
 * have loaded and no list is still loading, then back up.
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
  await expect(page.locator("[data-remote] [aria-busy=true]")).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
}
