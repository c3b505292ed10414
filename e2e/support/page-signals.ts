import { expect, type Page } from "@playwright/test";

/**
 * Positive signals for checks that something did NOT happen: instead of waiting a fixed time and
 * finding nothing, a test waits for an event that comes after whatever it is guarding against, so
 * on a slow machine the check waits longer instead of proving nothing.
 */

let marker = 0;

/**
 * A request the page makes now, awaited as the test sees it: every request the page started before
 * has been reported to the test's listeners by then (a count taken after this is complete).
 */
export async function afterKnownLaterRequest(page: Page): Promise<void> {
  const url = `/favicon.svg?known-later-request=${++marker}`;
  const seen = page.waitForRequest((request) => request.url().endsWith(url));
  await page.evaluate((href) => void fetch(href).catch(() => undefined), url);
  await seen;
}

/**
 * Resolves once the page has rendered `frames` more frames and run the tasks queued before them
 * (React's renders and effects among them).
 */
export async function framesRendered(page: Page, frames = 2): Promise<void> {
  await page.evaluate(async (n) => {
    for (let i = 0; i < n; i++) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }, frames);
}

/**
 * The home page's lazy parts (`data-lazy-section`, loaded as they come near the viewport) have been
 * told where they are and have acted on it: an IntersectionObserver made now reports after every
 * observer made before it (the page's own), the page then renders (React runs what those reports
 * set in motion: an import or a list request), and a later request is seen by the test. What
 * would have been requested by then has been.
 */
export async function lazyPartsDecided(page: Page): Promise<void> {
  await expect(page.locator("[data-lazy-section]").first()).toBeAttached();
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const observer = new IntersectionObserver(() => {
          observer.disconnect();
          resolve();
        });
        document.querySelectorAll("[data-lazy-section]").forEach((element) => observer.observe(element));
      }),
  );
  await framesRendered(page, 3);
  await afterKnownLaterRequest(page);
}
