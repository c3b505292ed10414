import http from "node:http";
import { expect, test, type Page } from "@playwright/test";
import { startOwnApi } from "../support/own-api";
import { accessToken, SEED } from "../support/session";

/**
 * Overload is calm (decision 035): an API of this test's own serves one request at a
 * time (ADMISSION_MAX_IN_FLIGHT=1) and this test keeps that one busy. The page's calls are refused
 * with 503 and Retry-After; the page says "Very busy: trying again in N s", counts down, keeps
 * what the visitor typed, and once the API has room again it finishes by itself.
 */
let own: Awaited<ReturnType<typeof startOwnApi>>;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  own = await startOwnApi({ ADMISSION_MAX_IN_FLIGHT: "1", ADMISSION_RETRY_AFTER_SECONDS: "2" });
});
test.afterAll(async () => {
  await own?.stop();
});

/**
 * Takes the API's one place: an instructor's image upload whose file never finishes arriving (the
 * upload route reads its file itself, so it stays in flight; a JSON body that never finishes gives
 * its place back after a grace, decision 035). `release` ends it.
 */
async function occupy() {
  const req = http.request(`${own.url}/images`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${accessToken(SEED.instructor)}`,
      "Content-Type": "multipart/form-data; boundary=hanging",
      "Content-Length": "100000",
    },
  });
  req.on("error", () => {});
  req.write(
    '--hanging\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
  );
  // The API counts it from its headers on: wait until a call is refused (a change: a
  // read the cached lists' front path has learned would still be answered, decision 036).
  const probe = () =>
    fetch(`${own.url}/contact`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
  await expect.poll(async () => (await probe()).status, { timeout: 10_000 }).toBe(503);
  return { release: () => req.destroy() };
}

const busyNotice = (page: Page) => page.getByRole("status").filter({ hasText: /Very busy: trying again in \d+ s/ });

test("the class list waits out a very busy API, saying so, and shows by itself", async ({ page }, testInfo) => {
  await own.routeTo(page);
  const busy = await occupy();
  try {
    await page.goto("/classes");
    await expect(busyNotice(page)).toBeVisible();
    // It counts down (2 s and a little more, then again): the number changes while it waits.
    const first = await busyNotice(page).innerText();
    await expect.poll(() => busyNotice(page).innerText(), { timeout: 5_000 }).not.toBe(first);
    await page.screenshot({ path: testInfo.outputPath("very-busy-1280.png") });
  } finally {
    busy.release();
  }
  await expect(page.getByTestId("class-card").first()).toBeVisible({ timeout: 10_000 });
  await expect(busyNotice(page)).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a message typed in the contact form is kept while the API is busy, then sent by itself", async ({
    page,
  }, testInfo) => {
    await own.routeTo(page);
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    const message = `Is there a swimming class for 9-year-olds? (busy ${Date.now()})`;
    await page.getByLabel("Name").fill("Robin Parent");
    await page.getByLabel("Email").fill("robin.parent@example.com");
    await page.getByLabel("Message").fill(message);
    const busy = await occupy();
    try {
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(busyNotice(page)).toBeVisible();
      await expect(page.getByLabel("Message")).toHaveValue(message);
      await page.screenshot({ path: testInfo.outputPath("very-busy-390.png") });
    } finally {
      busy.release();
    }
    await expect(page.getByRole("status").filter({ hasText: "Your message reached the academy" })).toBeVisible({
      timeout: 10_000,
    });
    await expect(busyNotice(page)).toHaveCount(0);
  });
});
