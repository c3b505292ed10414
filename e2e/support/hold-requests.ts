import type { Page, Route } from "@playwright/test";

/**
 * Holds the page's requests that match until `release()`, as a slow network would: a test sees
 * what the page does before those files (or answers) arrive. `held()` counts those waiting.
 */
export async function holdRequests(page: Page, pattern: string | RegExp) {
  const held: Route[] = [];
  let released = false;
  await page.route(pattern, (route) => (released ? route.continue() : void held.push(route)));
  return {
    held: () => held.length,
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}
