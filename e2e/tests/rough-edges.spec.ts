import { randomBytes } from "node:crypto";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { API_URL, listUrl, AUTH_EMULATOR_HOST, E2E_PORTS } from "../support/ports";
import { giveGuardianFromPage, signInAs } from "../support/session";
import { settled } from "../support/page-audit";

/** What a newcomer meets at the edges of the site: other local names, failures, keyboard, small screens. */

/** A student of its own (made in the Auth Emulator, recorded by the API at first sign-in). */
async function newStudent(page: Page) {
  const email = `edge-${randomBytes(4).toString("hex")}@example.com`;
  const password = "Camp#Edge2026";
  const name = "Eddie Edge";
  const res = await page.request.post(
    `http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    { data: { email, password, displayName: name, returnSecureToken: true } },
  );
  expect(res.ok()).toBe(true);
  return { email, password, name };
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error("not on screen");
  return found;
}

/** Signs the student in and books the first open class on /classes; the toast is showing. */
async function bookFirstOpenClass(
  page: Page,
  student: { email: string; password: string; name: string },
  by: "keyboard" | "mouse",
) {
  await signInAs(page, student);
  await giveGuardianFromPage(page);
  await page.goto("/classes");
  const card = page.locator('[data-testid=class-card][data-state="open"]').first();
  await expect(card).toBeVisible();
  await page.waitForLoadState("networkidle");
  const name = (await card.getByRole("heading").textContent())!;
  const booked = page.getByTestId("class-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
  const button = booked.getByRole("button", { name: "Add To Booking" });
  if (by === "keyboard") {
    await button.focus();
    await page.keyboard.press("Enter");
  } else {
    await button.click();
  }
  await expect(page.getByRole("status").filter({ hasText: "Class added on the Cart." })).toBeVisible();
  return booked;
}

test.describe("the local site answers at both of this machine's names", () => {
  const byAddress = `http://127.0.0.1:${E2E_PORTS.shell}`;

  test("opened at 127.0.0.1, the lists load and sign-in works", async ({ page }) => {
    await page.goto(`${byAddress}/classes`);
    await expect(page.getByTestId("class-card").first()).toBeVisible({ timeout: 5_000 });
    await page.goto(`${byAddress}/instructors`);
    await expect(page.getByTestId("instructor-card").first()).toBeVisible({ timeout: 5_000 });
    const student = await newStudent(page);
    await page.goto(`${byAddress}/login`);
    await page.getByLabel("Email").fill(student.email);
    await page.getByLabel("Password", { exact: true }).fill(student.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page.getByRole("button", { name: `Account menu of ${student.name}` })).toBeVisible({
      timeout: 15_000,
    });
  });

  test("a list whose server cannot be reached says so within a few seconds", async ({ page }) => {
    // Counted from the first attempt, not from goto: how long the page takes to boot is another
    // test's business (budgets), and on a loaded machine it varies by seconds.
    const attempts: number[] = [];
    await page.route(listUrl("classes"), (route) => {
      attempts.push(Date.now());
      return route.abort("connectionrefused");
    });
    await page.goto("/classes");
    const problem = page.getByRole("alert").filter({ hasText: "The classes could not be loaded" });
    await expect(problem).toBeVisible({ timeout: 10_000 });
    // The painted page's own early call (decision 025) failed first, before any script ran; then
    // the page's request and one quick retry (1 s back-off), not three back-offs (7 s) before the
    // page says why.
    expect(attempts).toHaveLength(3);
    const shownAfter = Date.now() - attempts[1]!;
    expect(shownAfter).toBeLessThan(3_000);
    await expect(problem).toContainText("Could not reach the server");
  });

  test("a list whose server answers with an error names the HTTP error, not the network", async ({ page }) => {
    test.setTimeout(40_000);
    await page.route(listUrl("instructors"), (route) =>
      route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad Gateway</h1>" }),
    );
    await page.goto("/instructors");
    const problem = page.getByRole("alert").filter({ hasText: "The instructors could not be loaded" });
    await expect(problem).toContainText("The server had a problem (HTTP 502)", { timeout: 20_000 });
  });
});

test("sign-in while the identity provider is down shows the API's 'briefly unavailable' message", async ({ page }) => {
  const student = await newStudent(page);
  const message = "Sign-in is briefly unavailable: the sign-in service cannot be reached. Try again in a minute.";
  // The API's answer when firebase-admin cannot reach the provider (api/test/identity-provider-down.integration.test.ts).
  await page.route(`${API_URL}/jwt`, (route) =>
    route.fulfill({ status: 503, headers: { "retry-after": "30" }, json: { error: "Service Unavailable", message } }),
  );
  await page.goto("/login");
  await page.getByLabel("Email").fill(student.email);
  await page.getByLabel("Password", { exact: true }).fill(student.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText(message);
});

test("Escape closes the phone menu and gives focus back to its button", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const toggle = page.getByRole("button", { name: "Open menu" });
  await toggle.click();
  await expect(page.locator("#mobile-menu")).toBeVisible();
  await page.locator("#mobile-menu").getByRole("link", { name: "Classes" }).focus();
  await page.keyboard.press("Escape");
  await expect(page.locator("#mobile-menu")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
});

test.describe("a student at the keyboard", () => {
  for (const width of [1280, 390]) {
    test(`Add To Booking by keyboard keeps focus on the card (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const card = await bookFirstOpenClass(page, await newStudent(page), "keyboard");
      const focusedInCard = () =>
        page.evaluate(() => {
          const active = document.activeElement;
          return Boolean(active && active !== document.body && active.closest("[data-testid=class-card]"));
        });
      expect(await focusedInCard()).toBe(true);
      await expect(card.locator(":focus")).toContainText("In your cart");
      // Still there once the toast has gone.
      await expect(page.getByRole("status").filter({ hasText: "Class added on the Cart." })).toBeHidden({
        timeout: 3_000,
      });
      expect(await focusedInCard()).toBe(true);
    });

    test(`the success toast hides neither the avatar nor Logout (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const student = await newStudent(page);
      await bookFirstOpenClass(page, student, "mouse");
      const toastBox = await box(page.getByRole("status").filter({ hasText: "Class added on the Cart." }));
      const avatar = page.getByRole("button", { name: `Account menu of ${student.name}` });
      expect(overlaps(toastBox, await box(avatar))).toBe(false);
      if (width >= 640) {
        expect(overlaps(toastBox, await box(page.getByRole("button", { name: "Logout", exact: true })))).toBe(false);
      }
      // Still at the top-end of the screen (spec section 4), below the navbar.
      expect(toastBox.x + toastBox.width).toBeGreaterThan(width - 100);
      expect(toastBox.y).toBeLessThan(120);
    });
  }

  test("the account menu works like a menu button: arrows, Home/End, Escape back to the avatar", async ({ page }) => {
    const student = await newStudent(page);
    await signInAs(page, student);
    // The page the sign-in lands on has finished loading (its session and lists answered), as a
    // person's first key press would find it: a re-render while the menu opens is not what is tested.
    await settled(page);
    const avatar = page.getByRole("button", { name: `Account menu of ${student.name}` });
    await avatar.focus();
    await page.keyboard.press("ArrowDown");
    const menu = page.getByRole("menu", { name: "Account" });
    const settings = menu.getByRole("menuitem", { name: "Settings" });
    const logout = menu.getByRole("menuitem", { name: "Logout" });
    await expect(settings).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(logout).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(settings).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(logout).toBeFocused();
    await page.keyboard.press("Home");
    await expect(settings).toBeFocused();
    await page.keyboard.press("End");
    await expect(logout).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
    await expect(avatar).toBeFocused();
    await expect(avatar).toHaveAttribute("aria-expanded", "false");

    // Opened by Enter: focus on the first item; ArrowUp from the avatar opens on the last one.
    await page.keyboard.press("Enter");
    await expect(settings).toBeFocused();
    await page.keyboard.press("Escape");
    await page.keyboard.press("ArrowUp");
    await expect(logout).toBeFocused();
    // Only the focused item is in the Tab order; Tab leaves the menu and closes it.
    await expect(settings).toHaveAttribute("tabindex", "-1");
    await page.keyboard.press("Tab");
    await expect(menu).toHaveCount(0);
  });
});

test("a class card says plainly how many seats are left of how many", async ({ page }) => {
  await page.goto("/classes");
  const soccer = page
    .getByTestId("class-card")
    .filter({ has: page.getByRole("heading", { name: "Junior Soccer Skills", exact: true }) });
  // Wire: available_seats 24 (the capacity), enrolled_seats 18.
  await expect(soccer).toContainText("6 seats left of 24");
  await expect(soccer).toContainText("Capacity24 seats");
  await expect(soccer).toContainText("Enrolled18 students");
  await expect(soccer).not.toContainText("Available seats");
});

test("every page states the same facts: how many sports, which ages, how soon the academy answers", async ({
  page,
}) => {
  const texts: string[] = [];
  for (const path of [
    "/",
    "/classes",
    "/contact",
    "/login",
    ...["help", "support", "camp", "about", "policies"].map((s) => `/info/${s}`),
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    // The home page's About Us keeps its second half behind Show More.
    const more = page.getByRole("button", { name: "Show More" });
    if (await more.isVisible()) await more.click();
    texts.push(await page.locator("body").innerText());
  }
  const all = texts.join("\n");
  const found = (pattern: RegExp) => [...all.matchAll(pattern)].map((m) => m[1]!.toLowerCase());
  // Whatever counts, ages and answer times the pages state, they state one of each (a class's own
  // "Ages 8-12" is that class's, not the camp's).
  expect(
    new Set(found(/\b(\w+) sports\b/gi).filter((w) => /^(nine|ten|eleven|twelve|thirteen|a dozen|dozen|\d+)$/.test(w))),
  ).toEqual(new Set(["thirteen"]));
  expect(new Set(found(/\bages (\d+ to \d+)/gi))).toEqual(new Set(["5 to 18"]));
  expect(all).not.toMatch(/a dozen sports|same day|within two working days/i);
  expect(all).toContain("within one working day");
  // The home page no longer says the mornings are for the classroom while classes run in the morning.
  expect(all).not.toMatch(/mornings in the classroom/i);
});

test("a visitor's Add To Booking offers Sign up beside the spec's Please Login!, and comes back after signing up", async ({
  page,
}) => {
  await page.goto("/classes");
  const card = page.locator('[data-testid=class-card][data-state="open"]').first();
  await card.getByRole("button", { name: "Add To Booking" }).click();
  const dialog = page.getByRole("dialog", { name: "Please login Booking for Class" });
  await expect(dialog.getByRole("button", { name: "Please Login!" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("login-or-sign-up.png") });
  await dialog.getByRole("button", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/\/signup$/);
  const name = "Sydney Signup";
  const form = page.getByRole("form", { name: "Sign up" });
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("Email", { exact: true }).fill(`signup-${randomBytes(4).toString("hex")}@example.com`);
  await form.getByLabel("Password", { exact: true }).fill("Camp#Edge2026");
  await form.getByLabel("Confirm password", { exact: true }).fill("Camp#Edge2026");
  await form.getByLabel("Photo URL", { exact: true }).fill(`${API_URL}/images/seed/people/rae.svg`);
  await form.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(page.getByRole("button", { name: `Account menu of ${name}` })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/classes$/);
});

test("a new page opens at its top; Back returns to where the list was left", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/classes");
  const cards = page.getByTestId("class-card");
  await expect(cards.nth(5)).toBeVisible();
  await cards.nth(5).scrollIntoViewIfNeeded();
  await page.waitForTimeout(200);
  const left = await page.evaluate(() => window.scrollY);
  expect(left).toBeGreaterThan(300);
  await cards.nth(5).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/classes\/[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/classes$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(left - 50);
  await page.goForward();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("pictures that do not load show initials, never a broken frame", async ({ page }) => {
  // Every class picture and portrait (served under /images/) fails, as when their host is down; the
  // site's own pictures (the banner, the activities) come with its code and are not theirs to lose.
  await page.route(/\/images\//, (route) =>
    route.request().resourceType() === "image" ? route.abort("failed") : route.fallback(),
  );
  const broken = () =>
    page.evaluate(
      () =>
        Array.from(document.querySelectorAll("main img")).filter(
          (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 0,
        ).length,
    );
  for (const path of ["/classes", "/instructors", "/"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await expect.poll(broken, { message: `broken pictures on ${path}` }).toBe(0);
  }
  await page.goto("/classes");
  const placeholder = page.getByTestId("class-card").first().getByTestId("image-placeholder");
  await expect(placeholder).toBeVisible();
  await expect(placeholder).toHaveAttribute("role", "img");
  await page.screenshot({ path: test.info().outputPath("classes-broken-pictures.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/instructors");
  await page.waitForLoadState("networkidle");
  await expect.poll(broken).toBe(0);
  await page.screenshot({ path: test.info().outputPath("instructors-broken-pictures-390.png") });
});
