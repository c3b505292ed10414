import { expect, test, type Page } from "@playwright/test";
import { startOwnApi } from "../support/own-api";
import { accessibilityProblems } from "../support/page-audit";

/**
 * A new installation's first visit (decision 051) in Chromium, on an API of this test's own with
 * an empty database (no seed, no admin, as production starts): the API prints a setup token in its
 * log; the first page opened is sent to /setup, which takes the token, names the academy and makes
 * the first admin, whose password goes to Firebase (the Auth Emulator); the admin lands on Admin
 * Home under the academy's new name, and the setup is not offered again.
 */
let own: Awaited<ReturnType<typeof startOwnApi>>;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  own = await startOwnApi({}, { empty: true });
});
test.afterAll(async () => {
  await own?.stop();
});

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test("the first visit sets the academy up with the token from the log and signs its first admin in", async ({
  page,
}) => {
  const said = own.logLines
    .map((line) => JSON.parse(line) as { msg?: string })
    .find((l) => l.msg?.includes("setup token"));
  const token = /setup token (\S+) /.exec(said?.msg ?? "")?.[1];
  expect(token, "the API's log names the setup token").toBeTruthy();

  await own.routeTo(page);
  await page.goto("/classes");
  await expect(page).toHaveURL(/\/setup$/);
  const form = page.getByRole("form", { name: "Set up your academy" });
  await expect(form).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "setup-390");
  expect(await accessibilityProblems(page), "the setup page").toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });

  const email = `first-admin-${Date.now()}@example.com`;
  await form.getByLabel("Setup token").fill("not-the-token");
  await form.getByLabel("Name shown on every page").fill("Lakeside Kids Camp");
  await form.getByLabel("Legal name").fill("Lakeside Kids Camp Inc.");
  await form.getByLabel("Address").fill("9 Harbour Road\nDuluth, MN 55802");
  await form.getByLabel("Phone").fill("+1 218 555 0199");
  await form.getByLabel("Contact e-mail").fill("office@lakeside.example");
  await form.getByLabel("Your name").fill("Dana Director");
  await form.getByLabel("Your e-mail").fill(email);
  await form.getByLabel("Password", { exact: true }).fill("Camp#Setup2026");
  await form.getByLabel("Confirm password").fill("Camp#Setup2026");
  await form.getByRole("button", { name: "Set up the academy and log in" }).click();
  await expect(form.getByText("Not the setup token.")).toBeVisible();
  await shoot(page, "setup-refused-1280");

  await form.getByLabel("Setup token").fill(token!);
  await form.getByRole("button", { name: "Set up the academy and log in" }).click();
  await expect(page).toHaveURL(/\/dashboard\/adminhome$/, { timeout: 20_000 });
  await expect(page.getByRole("contentinfo")).toContainText("9 Harbour Road");
  await expect(page.getByRole("banner").getByRole("link").first()).toContainText("Lakeside");
  await shoot(page, "admin-home-after-setup-1280");

  await page.goto("/setup");
  await expect(page.getByText("This site is set up: its admins log in as usual.")).toBeVisible();
});
