import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { API_URL } from "../support/ports";
import { accessToken, SEED, signInAs } from "../support/session";

/**
 * The seed's figures agree with its lists: a class's "Enrolled N" on the
 * instructor's card is the number of campers on its roster, and Admin Home's enrolments are the
 * seats the classes count. Before, the seed wrote "Enrolled 18" with nobody behind it.
 */

/** Maya's seeded classes with enrolled seats (api/src/seed/seed.ts). */
const MAYAS_CLASSES = ["Junior Soccer Skills", "Intro to Martial Arts"];

async function signedIn(browser: Browser, user: { email: string; password: string; name: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, user);
  return page;
}

const figure = (scope: Locator, label: string) =>
  scope.getByText(label, { exact: true }).locator("xpath=following-sibling::dd[1]");

test("each of the instructor's cards says as many enrolled as its roster lists", async ({ browser }) => {
  const page = await signedIn(browser, SEED.instructor);
  await page.goto("/dashboard/myclasses");
  for (const name of MAYAS_CLASSES) {
    const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
    const enrolled = Number(await figure(item, "Enrolled").textContent());
    // The seed's own seats at least: 18 and 5.
    expect(enrolled, name).toBeGreaterThanOrEqual(5);
    await item.getByRole("button", { name: "Students" }).click();
    const roster = item.getByRole("table", { name: `Campers enrolled in ${name}` });
    await expect(roster).toBeVisible();
    await expect(item.getByText(`${enrolled} campers`, { exact: true })).toBeVisible();
    // Every row but the headings' is a camper.
    await expect(roster.getByRole("row")).toHaveCount(enrolled + 1);
    await item.getByRole("button", { name: "Hide students" }).click();
  }
});

test("Admin Home's enrolments are the seats the classes count", async ({ browser, request }) => {
  // Every class, page by page (other specs add classes of their own).
  const enrolled: number[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const res = await request.get(`${API_URL}/admin/classes?size=100&page=${pageNo}`, {
      headers: { authorization: `Bearer ${accessToken(SEED.admin)}` },
    });
    expect(res.ok()).toBe(true);
    const { items, total } = (await res.json()) as { items: { enrolled_seats: number }[]; total: number };
    enrolled.push(...items.map((c) => c.enrolled_seats));
    if (enrolled.length >= total || items.length === 0) break;
  }
  const seats = enrolled.reduce((n, c) => n + c, 0);
  expect(seats).toBeGreaterThan(100);

  const page = await signedIn(browser, SEED.admin);
  await page.goto("/dashboard/adminhome");
  await expect(figure(page.getByRole("main"), "Enrolments")).toHaveText(new Intl.NumberFormat("en-US").format(seats));
});
