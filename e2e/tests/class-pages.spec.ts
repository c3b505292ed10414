import { expect, test, type Page } from "@playwright/test";
import { API_URL } from "../support/ports";
import { SOCCER_DAYS, SWIMMING_DAYS } from "../support/seed-calendar";
import { accessToken, SEED, signInAs, signUpFreshStudent } from "../support/session";

interface WireClass {
  _id: string;
  class_name: string;
  status?: string;
}
interface WirePage {
  items: WireClass[];
  hasMore: boolean;
}

async function classesFromApi(page: Page, params: Record<string, string> = {}): Promise<WireClass[]> {
  const res = await page.request.get(`${API_URL}/classes`, { params });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as WirePage | WireClass[];
  return Array.isArray(body) ? body : body.items;
}

/** How many classes the API lists for these filters, every page read (a public list says no total). */
async function countFromApi(page: Page, params: Record<string, string>): Promise<number> {
  let n = 0;
  for (let at = 1; ; at++) {
    const res = await page.request.get(`${API_URL}/classes`, { params: { ...params, size: "48", page: String(at) } });
    expect(res.ok()).toBe(true);
    const body = (await res.json()) as WirePage;
    n += body.items.length;
    if (!body.hasMore) return n;
  }
}

async function classId(page: Page, name: string): Promise<string> {
  const found = (await classesFromApi(page)).find((c) => c.class_name === name);
  expect(found, name).toBeTruthy();
  return found!._id;
}

const cardNames = (page: Page) => page.getByTestId("class-card").getByRole("heading", { level: 2 });

test.describe("a class's own page", () => {
  test("opens from its card and from a shared URL with everything a parent needs", async ({ page }) => {
    await page.goto("/classes");
    await page.getByRole("link", { name: "Junior Soccer Skills", exact: true }).click();
    await expect(page).toHaveURL(/\/classes\/[0-9a-f-]{36}$/);
    const url = page.url();
    await expect(page).toHaveTitle("Junior Soccer Skills | Summit Sports Academy");
    await expect(page.getByRole("heading", { level: 1, name: "Junior Soccer Skills" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Junior Soccer Skills" })).toBeVisible();
    const facts = page.getByRole("complementary", { name: "Session and booking" });
    await expect(facts).toContainText(`WhenMon-Fri, 9:00-12:00, ${SOCCER_DAYS}`);
    await expect(facts).toContainText("AgesAges 8-12");
    await expect(facts).toContainText("LevelBeginner");
    await expect(facts).toContainText("PlaceField 2");
    await expect(facts).toContainText("Seats left6 seats of 24");
    await expect(facts).toContainText("$149");
    await expect(page.getByText("Ball control, passing lanes")).toBeVisible();
    await expect(facts.getByRole("button", { name: "Add To Booking" })).toBeEnabled();

    // The instructor's name leads to their classes.
    await page.getByRole("link", { name: SEED.instructor.name }).click();
    await expect(page).toHaveURL(new RegExp(`/instructors/${SEED.instructor.id}$`));

    // A shared link opens the same page in a new tab.
    const other = await page.context().newPage();
    await other.goto(url);
    await expect(other.getByRole("heading", { level: 1, name: "Junior Soccer Skills" })).toBeVisible();
    await other.close();
  });

  test("an unknown or unapproved class shows the not-found page", async ({ page }) => {
    await page.goto("/classes/00000000-0000-4000-8000-000000009999");
    await expect(page.getByTestId("error-status")).toHaveText("404");
    await expect(page.getByRole("heading", { level: 1, name: "Not Found" })).toBeVisible();
    await expect(page).toHaveTitle(/^Not Found/);
    await expect(page.getByRole("link", { name: "Back to homepage" })).toBeVisible();

    // A pending class, as the admin's list shows it: not public.
    const admin = accessToken(SEED.admin);
    const all = (await (
      await page.request.get(`${API_URL}/classes`, { headers: { authorization: `Bearer ${admin}` } })
    ).json()) as WireClass[];
    const pending = all.find((c) => c.status === "pending")!;
    await page.goto(`/classes/${pending._id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Not Found" })).toBeVisible();
  });

  test("a visitor's Add To Booking on the class page asks to log in, as on the cards", async ({ page }) => {
    await page.goto(`/classes/${await classId(page, "Youth Volleyball")}`);
    await page.getByRole("button", { name: "Add To Booking" }).click();
    await expect(page.getByRole("dialog", { name: "Please login Booking for Class" })).toBeVisible();
  });
});

test.describe("narrowing the classes", () => {
  test("age and level go into the URL, the list follows, and Back returns to the previous list", async ({ page }) => {
    await page.goto("/classes");
    await expect(cardNames(page)).toHaveCount(9);

    await page.getByLabel("Level").selectOption("beginner");
    await expect(page).toHaveURL(/\/classes\?level=beginner$/);
    const beginners = await classesFromApi(page, { level: "beginner", size: "9" });
    await expect(cardNames(page)).toHaveText(beginners.map((c) => c.class_name));

    await page.getByLabel("Child's age").fill("10");
    await page.getByLabel("Child's age").press("Enter");
    await expect(page).toHaveURL(/\/classes\?age=10&level=beginner$/);
    const tens = await classesFromApi(page, { age: "10", level: "beginner", size: "9" });
    expect(tens.length).toBeGreaterThan(0);
    // Fewer classes suit a ten-year-old beginner than beginners of any age: compared over every
    // page, since the specs before this one add classes of their own to the list.
    expect(await countFromApi(page, { age: "10", level: "beginner" })).toBeLessThan(
      await countFromApi(page, { level: "beginner" }),
    );
    await expect(cardNames(page)).toHaveText(tens.map((c) => c.class_name));
    for (const card of await page.getByTestId("class-session").all()) {
      const [, min, max] = /Ages (\d+)-(\d+)/.exec((await card.textContent()) ?? "")!;
      expect(Number(min)).toBeLessThanOrEqual(10);
      expect(Number(max)).toBeGreaterThanOrEqual(10);
    }

    await page.goBack();
    await expect(page).toHaveURL(/\/classes\?level=beginner$/);
    await expect(page.getByLabel("Child's age")).toHaveValue("");
    await expect(cardNames(page)).toHaveText(beginners.map((c) => c.class_name));

    // The shared URL rebuilds the same list and form.
    await page.goto("/classes?age=10&level=beginner");
    await expect(page.getByLabel("Level")).toHaveValue("beginner");
    await expect(cardNames(page)).toHaveText(tens.map((c) => c.class_name));
  });

  test("Show more adds the next page, keeps it in the URL, and moves focus to the first new class", async ({
    page,
  }) => {
    const all = await classesFromApi(page, { size: "48" });
    expect(all.length).toBeGreaterThan(9);
    await page.goto("/classes");
    await expect(cardNames(page)).toHaveCount(9);
    const more = page.getByRole("button", { name: "Show more classes" });
    await more.focus();
    await page.keyboard.press("Enter");
    await expect(cardNames(page)).toHaveCount(Math.min(18, all.length));
    await expect(page).toHaveURL(/\/classes\?page=2$/);
    await expect(page.getByRole("link", { name: all[9]!.class_name, exact: true })).toBeFocused();
    await expect(cardNames(page)).toHaveText(all.slice(0, 18).map((c) => c.class_name));
    if (all.length <= 18) await expect(more).toBeHidden();
  });

  test("a search that finds nothing says so, and Clear filters shows every class again", async ({ page }) => {
    await page.goto("/classes");
    await page.getByRole("searchbox", { name: "Search" }).fill("underwater chess");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/search=underwater\+chess/);
    await expect(page.getByRole("heading", { name: "No classes match these filters" })).toBeVisible();
    await page.getByRole("button", { name: "Clear filters" }).last().click();
    await expect(page).toHaveURL(/\/classes$/);
    await expect(cardNames(page)).toHaveCount(9);
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("");
  });
});

test("on a phone the filters fold behind a Filters (n) button, so the first classes are on the first screen", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/classes");
  const toggle = page.getByRole("button", { name: "Filters", exact: true });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("search", { name: "Filter classes" })).toBeHidden();
  // The first class's card starts within the first screen.
  const first = page.getByTestId("class-card").first();
  await expect(first).toBeVisible();
  expect((await first.boundingBox())!.y).toBeLessThan(844);
  // Opened from the keyboard, the form is there to use; the count follows what is applied.
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await page.getByRole("combobox", { name: "Level" }).selectOption("beginner");
  await expect(page).toHaveURL(/level=beginner/);
  await page.getByLabel("Child's age").fill("9");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/age=9/);
  await expect(page.getByRole("button", { name: "Filters (2)" })).toBeVisible();
  // From 768 px the form is always open and the button is not there.
  await page.setViewportSize({ width: 1024, height: 900 });
  await expect(page.getByRole("search", { name: "Filter classes" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Filters/ })).toBeHidden();
});

test("every filter shows its whole hint or choice on a phone, a tablet, a laptop and a desktop", async ({ page }) => {
  for (const width of [390, 768, 1024, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/classes");
    // Below 768 px the form is folded behind its button (see the next test).
    if (width < 768) await page.getByRole("button", { name: "Filters", exact: true }).click();
    await expect(page.getByRole("search", { name: "Filter classes" })).toBeEnabled();
    // What each box shows (its hint, its choice, or the date's mm/dd/yyyy) against the room it has
    // inside its padding, less the pick's arrow, the date's calendar or the number's spin buttons.
    const clipped = await page.getByRole("search", { name: "Filter classes" }).evaluate((form) => {
      const ruler = document.createElement("canvas").getContext("2d")!;
      return Array.from(form.querySelectorAll<HTMLInputElement | HTMLSelectElement>("input, select")).flatMap((box) => {
        const style = getComputedStyle(box);
        ruler.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const shown =
          box instanceof HTMLSelectElement
            ? box.selectedOptions[0]!.text
            : box.type === "date"
              ? "mm/dd/yyyy"
              : box.placeholder;
        const control = box instanceof HTMLSelectElement || box.type === "date" || box.type === "number" ? 20 : 0;
        const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - control;
        const needs = ruler.measureText(shown).width;
        return needs > room ? [`${box.name}: "${shown}" needs ${Math.ceil(needs)} px, has ${Math.floor(room)}`] : [];
      });
    });
    expect(clipped, `at ${width} px`).toEqual([]);
  }
});

test("booking a class whose session overlaps one in the cart says why it cannot be added and offers the cart: one camper is never in two classes at once", async ({
  page,
}) => {
  const soccer = await classId(page, "Junior Soccer Skills"); // Mon-Fri 9:00-12:00, SOCCER_DAYS
  const swimming = await classId(page, "Competitive Swimming"); // Mon-Fri 9:00-12:00, SWIMMING_DAYS, a week later
  // A new student whose cart holds only the soccer class, booked on its page.
  await signUpFreshStudent(page, "Robin Overlap");
  await page.goto(`/classes/${soccer}`);
  await page.getByRole("button", { name: "Add To Booking" }).click();
  await expect(page.getByTestId("class-booking")).toHaveAttribute("data-state", "in-cart");

  await page.goto(`/classes/${swimming}`);
  await page.waitForLoadState("networkidle");
  const add = page.getByRole("button", { name: "Add To Booking" });
  let posted = 0;
  page.on("request", (r) => {
    if (r.url() === `${API_URL}/carts` && r.method() === "POST") posted++;
  });
  await add.click();
  const dialog = page.getByRole("dialog", { name: "These classes overlap" });
  await expect(dialog).toContainText(
    `Competitive Swimming (Mon-Fri, 9:00-12:00, ${SWIMMING_DAYS}) runs at the same time as Junior Soccer Skills (Mon-Fri, 9:00-12:00, ${SOCCER_DAYS}), which is already in your cart. You cannot take two classes at the same time: remove one of them from your cart first.`,
  );
  // The server refuses one camper two classes at the same time: there is no "Add anyway".
  await expect(dialog.getByRole("button", { name: "Add anyway" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect(posted).toBe(0);
  await expect(add).toBeEnabled();

  await add.click();
  await page
    .getByRole("dialog", { name: "These classes overlap" })
    .getByRole("button", { name: "Open my cart" })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/mydashboard$/);
  expect(posted).toBe(0);
  // The cart shows the class's dates and times.
  await expect(page.getByText(`Mon-Fri, 9:00-12:00, ${SOCCER_DAYS}`).first()).toBeVisible();
});

test("the class page, the filter bar and the add-class form fit a phone (390 px) and a desktop", async ({ page }) => {
  test.setTimeout(60_000);
  const soccer = await classId(page, "Junior Soccer Skills");
  const fits = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const shoot = (name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  for (const [label, width] of [
    ["desktop", 1280],
    ["phone", 390],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/classes/${soccer}`);
    await expect(page.getByRole("button", { name: "Add To Booking" })).toBeVisible();
    await fits();
    await shoot(`class-page-${label}`);
    await page.goto("/classes?level=beginner");
    if (width < 768) await page.getByRole("button", { name: "Filters (1)" }).click();
    await expect(page.getByRole("search", { name: "Filter classes" })).toBeVisible();
    await expect(page.getByTestId("class-card").first()).toBeVisible();
    await fits();
    await shoot(`filter-bar-${label}`);
  }
  await signInAs(page, SEED.instructor);
  for (const [label, width] of [
    ["desktop", 1280],
    ["phone", 390],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/dashboard/addclass");
    await expect(page.getByRole("group", { name: "Camp session" })).toBeVisible();
    await page.getByRole("button", { name: "Add Class" }).click();
    await expect(page.getByText("Pick at least one weekday")).toBeVisible();
    await fits();
    await shoot(`add-class-form-${label}`);
  }
});
