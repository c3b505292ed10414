import { test as base } from "@playwright/test";
import { apiNowMs } from "./api-clock";

export * from "@playwright/test";

/**
 * The suite's `test`: Playwright's, with the browser's clock on the API's (issue 35, item 1). With
 * `API_CLOCK` set (the suite run as on another day: `API_CLOCK=2031-03-01 npm run test:e2e`), every
 * page's `Date` starts at the API's instant and runs on from there, so what a page works out from
 * the time (a hold's countdown, "starts in 3 days", today's date in a form) agrees with what the
 * API decides; its timers stay real. Without it, nothing changes.
 */
export const test = base.extend<{ browserClock: void }>({
  browserClock: [
    async ({ page }, use) => {
      if (process.env.API_CLOCK) await page.clock.setSystemTime(apiNowMs());
      await use();
    },
    { auto: true },
  ],
});
