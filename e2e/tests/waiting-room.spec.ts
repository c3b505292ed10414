import { expect, test, type Page } from "@playwright/test";
import { startOwnApi } from "../support/own-api";
import { accessibilityProblems } from "../support/page-audit";
import { accessToken, SEED, signUpFreshStudent } from "../support/session";

/**
 * A registration opening's waiting room (the API's decision 043) in Chromium, on an API of this
 * test's own with rooms on and a slow, fixed pace (one family every ten seconds of its clock):
 * three browsers open the site before the opening, are sent to the room, get places 1, 2 and 3 in
 * the order they came, and are let in in that order as the test moves the API's clock on. The
 * first, signed in, books with its pass; the second is told to sign in.
 */
/** Table Tennis Tactics (seed class 12). */
const CLASS = { id: "00000000-0000-4000-9000-000000000012", name: "Table Tennis Tactics" };
const SECONDS_A_FAMILY = 10;

let own: Awaited<ReturnType<typeof startOwnApi>>;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  own = await startOwnApi({
    WAITING_ROOM_LEAD_MINUTES: "15",
    WAITING_ROOM_START_RATE: String(1 / SECONDS_A_FAMILY),
    WAITING_ROOM_MAX_RATE: String(1 / SECONDS_A_FAMILY),
  });
});
test.afterAll(async () => {
  await own?.stop();
});

const place = (page: Page) => page.getByTestId("room-place");
const yourTurn = (page: Page) => page.getByRole("heading", { level: 1, name: "It's your turn" });

test("three browsers wait in the order they came and are let in in that order; the first books with its pass", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const opening = Math.ceil((own.nowMs() + 5 * 60_000) / 1000) * 1000;
  const set = await fetch(`${own.url}/classes/${CLASS.id}`, {
    method: "PATCH",
    headers: { authorization: `Bearer ${accessToken(SEED.admin)}`, "content-type": "application/json" },
    body: JSON.stringify({ registration_opens_at: new Date(opening).toISOString() }),
  });
  expect(set.status, await set.text()).toBe(200);

  const pages: Page[] = [];
  for (const name of ["first", "second", "third"]) {
    const context = await browser.newContext(name === "third" ? { viewport: { width: 390, height: 844 } } : {});
    const page = await context.newPage();
    await own.routeTo(page);
    pages.push(page);
  }
  const [first, second, third] = pages as [Page, Page, Page];
  // The first family signs up (the sign-up page stays open during the room), then opens the classes.
  await signUpFreshStudent(first, "Wren Early");

  for (const [i, page] of pages.entries()) {
    await page.goto("/classes");
    await expect(page).toHaveURL(/\/waiting-room\?next=%2Fclasses$/);
    await expect(place(page)).toHaveText(String(i + 1));
  }
  await expect(first.getByText("You're next.")).toBeVisible();
  await expect(third.getByText("2 families ahead of you.")).toBeVisible();
  await expect(first.getByText(/Registration opens at \d{1,2}:\d{2} [AP]M \(Pacific time\)/)).toBeVisible();
  // Another tab of the first browser: the same place, not a fourth.
  const again = await first.context().newPage();
  await own.routeTo(again);
  await again.goto("/waiting-room");
  await expect(place(again)).toHaveText("1");
  await again.close();
  await first.screenshot({ path: test.info().outputPath("waiting-room-1280.png"), fullPage: true });
  await third.screenshot({ path: test.info().outputPath("waiting-room-390.png"), fullPage: true });
  expect(await third.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await accessibilityProblems(third)).toEqual([]);

  // Just past the opening: the first place only.
  await own.moveClockTo(opening + SECONDS_A_FAMILY * 1000 + 500);
  await expect(yourTurn(first)).toBeVisible({ timeout: 15_000 });
  await expect(second.getByText("You're next.")).toBeVisible({ timeout: 15_000 });
  await expect(yourTurn(second)).toBeHidden();
  await expect(yourTurn(third)).toBeHidden();

  // Ten seconds of the API's clock later, the second; then the third.
  await own.moveClockTo(opening + 2 * SECONDS_A_FAMILY * 1000 + 500);
  await expect(yourTurn(second)).toBeVisible({ timeout: 15_000 });
  await expect(second.getByText(/Sign in to book\. Your place lets you book until \d{1,2}:\d{2} [AP]M/)).toBeVisible();
  await expect(second.getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(yourTurn(third)).toBeHidden();
  await own.moveClockTo(opening + 3 * SECONDS_A_FAMILY * 1000 + 500);
  await expect(yourTurn(third)).toBeVisible({ timeout: 15_000 });
  await third.screenshot({ path: test.info().outputPath("your-turn-390.png"), fullPage: true });

  // The first family goes on with its pass and books.
  await expect(first.getByText(/You can book now until \d{1,2}:\d{2} [AP]M/)).toBeVisible();
  await first.getByRole("button", { name: "Continue" }).click();
  await expect(first).toHaveURL(/\/classes$/);
  await first.goto(`/classes/${CLASS.id}`);
  const add = first.getByTestId("class-booking").getByRole("button", { name: "Add To Booking" });
  await add.click();
  await expect(first.getByRole("navigation", { name: "Main" })).toContainText("1 class in your cart");
  await expect(first).toHaveURL(new RegExp(`/classes/${CLASS.id}$`));
});
