import { expect, test } from "@playwright/test";
import { API_URL, listUrl } from "../support/ports";
import { SOCCER_DAYS } from "../support/seed-calendar";
import { accessToken, SEED } from "../support/session";
import { revealLazySections } from "../support/lazy-sections";
import { classCard, publicClasses, type WireClass } from "../support/public-classes";

// The public site's pages beyond the home page: the instructors and classes lists, contact, the
// newsletter, the footer's information pages, the lists' loading, empty and error states, and this
// remote's styles kept to itself.

/** The footer's Quick Links and Information pages, with their headings. */
const INFO_PAGES = {
  help: "Help Center",
  vouchers: "Redeem Voucher",
  policies: "Policies & Rules",
  offers: "Check Offer List",
  support: "Students Support",
  camp: "Camp Info",
  license: "License Policy",
  affiliate: "Affiliate",
  about: "About Us",
};

test.describe("a visitor browses the public site", () => {
  test("/instructors lists every instructor; View Classes opens their approved classes", async ({ page }) => {
    const instructors = (await (await page.request.get(`${API_URL}/instructors`)).json()) as { name: string }[];
    await page.goto("/instructors");
    await expect(page.getByRole("heading", { level: 1, name: "Our Instructors" })).toBeVisible();
    const cards = page.getByTestId("instructor-card");
    await expect(cards).toHaveCount(instructors.length);
    const maya = cards.filter({ hasText: SEED.instructor.name });
    await expect(maya.getByRole("img", { name: `Portrait of ${SEED.instructor.name}` })).toBeVisible();
    await expect(maya.getByText(SEED.instructor.email)).toBeVisible();
    await maya.getByRole("link", { name: /View Classes/ }).click();
    await expect(page).toHaveURL(new RegExp(`/instructors/${SEED.instructor.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: SEED.instructor.name })).toBeVisible();
    const own = (await (await page.request.get(`${API_URL}/instructors/${SEED.instructor.id}/classes`)).json()) as {
      classes: WireClass[];
    };
    await expect(page.getByTestId("class-card")).toHaveCount(own.classes.length);
    expect(own.classes.length).toBeGreaterThan(0);

    await page.goto("/instructors/00000000-0000-4000-8000-000000009999");
    await expect(page.getByRole("heading", { name: "We could not find this instructor" })).toBeVisible();
    await page.getByRole("link", { name: "See all instructors" }).click();
    await expect(page).toHaveURL(/\/instructors$/);
  });

  test("/classes shows the approved classes with their facts; a full class is red and cannot be booked", async ({
    page,
  }) => {
    const classes = await publicClasses(page);
    await page.goto("/classes");
    await expect(page.getByRole("heading", { level: 1, name: "Our Classes" })).toBeVisible();
    // A page of 9 first, then the rest with Show more, a page at a time (other specs add classes).
    await expect(page.getByTestId("class-card")).toHaveCount(Math.min(9, classes.length));
    for (let shown = 9; shown < classes.length; shown += 9) {
      await page.getByRole("button", { name: "Show more classes" }).click();
      await expect(page.getByTestId("class-card")).toHaveCount(Math.min(shown + 9, classes.length));
    }
    await expect(page.getByRole("button", { name: "Show more classes" })).toHaveCount(0);

    const soccer = classCard(page, "Junior Soccer Skills");
    await expect(soccer).toHaveAttribute("data-state", "open");
    await expect(soccer).toContainText("Instructor: Maya Torres");
    await expect(soccer).toContainText("Capacity24 seats");
    await expect(soccer).toContainText("Enrolled18 students");
    await expect(soccer).toContainText("6 seats left of 24");
    await expect(soccer).toContainText("$149");
    await expect(soccer.getByTestId("class-session")).toHaveText(
      new RegExp(`Mon-Fri, 9:00-12:00, ${SOCCER_DAYS}\\s*Ages 8-12 · Beginner`),
    );
    await expect(soccer.getByRole("img", { name: "Junior Soccer Skills" })).toBeVisible();
    expect(await soccer.evaluate((el) => el.className)).toMatch(/bg-indigo/);
    await expect(soccer.getByRole("button", { name: "Add To Booking" })).toBeEnabled();

    const full = classCard(page, "Basketball Fundamentals");
    await expect(full).toHaveAttribute("data-state", "full");
    expect(await full.evaluate((el) => el.className)).toMatch(/bg-red/);
    await expect(full.getByRole("button", { name: "Add To Booking" })).toBeDisabled();
    await expect(full).toContainText("Class full");

    // Three columns from medium screens on.
    await page.setViewportSize({ width: 1024, height: 900 });
    const columns = await page
      .getByRole("list", { name: "Classes" })
      .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
    expect(columns).toBe(3);
  });

  test("/contact stores the message and confirms it; the fields are required", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Name is required")).toBeVisible();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Message is required")).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");

    const stamp = `e2e ${Date.now()}`;
    await page.getByLabel("Name").fill("Robin Parent");
    await page.getByLabel("Email").fill("robin.parent@example.com");
    await page.getByLabel("Message").fill(`Is there a swimming class for 9-year-olds? (${stamp})`);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your message reached the academy" })).toBeVisible();
    await expect(page.getByLabel("Message")).toHaveValue("");

    const res = await page.request.get(`${API_URL}/contact`, {
      headers: { authorization: `Bearer ${accessToken(SEED.admin)}` },
    });
    expect(res.ok()).toBe(true);
    const messages = (await res.json()) as { name: string; email: string; message: string }[];
    expect(messages.find((m) => m.message.includes(stamp))).toMatchObject({
      name: "Robin Parent",
      email: "robin.parent@example.com",
    });
  });

  test("the newsletter validates the e-mail and the terms, then subscribes", async ({ page }) => {
    await page.goto("/");
    await revealLazySections(page);
    const form = page.getByRole("form", { name: "Subscribe for offers" });
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByText("Email is required")).toBeVisible();
    await expect(form.getByText("Please accept the terms to subscribe")).toBeVisible();
    await form.getByLabel("Email address").fill("not-an-email");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByText("Enter a valid email address")).toBeVisible();

    const email = `fan-${Date.now()}@example.com`;
    await form.getByLabel("Email address").fill(email);
    await form.getByLabel(/I accept the terms/).check();
    const sent = page.waitForRequest((r) => r.url() === `${API_URL}/newsletter` && r.method() === "POST");
    await form.getByRole("button", { name: "Subscribe" }).click();
    expect((await sent).postDataJSON()).toEqual({ email, acceptedTerms: true });
    await expect(form.getByRole("status")).toContainText(`Subscribed! Offers will reach ${email} first.`);
    await expect(form.getByLabel("Email address")).toHaveValue("");
  });

  test("every footer information page has its own heading and text", async ({ page }) => {
    for (const [slug, heading] of Object.entries(INFO_PAGES)) {
      await page.goto(`/info/${slug}`);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.locator("[data-remote=mfe_public] article p").first()).not.toBeEmpty();
    }
    await page.goto("/info/nothing-here");
    await expect(page.getByRole("heading", { name: "There is no such information page" })).toBeVisible();
  });

  test("lists show a skeleton while loading, an empty state, and an error with a working retry", async ({ page }) => {
    test.setTimeout(60_000);
    // Loading: hold the answer back.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(listUrl("classes"), async (route) => {
      await held;
      await route.fulfill({ json: [] });
    });
    await page.goto("/classes");
    await expect(page.getByRole("status", { name: "Loading classes" })).toBeVisible();
    release();
    await expect(page.getByRole("heading", { name: "No classes open yet" })).toBeVisible();
    await page.unroute(listUrl("classes"));

    // Error: the API is unreachable; after one quick retry the list says so, and retry works.
    let failing = true;
    await page.route(listUrl("instructors"), (route) => (failing ? route.abort() : route.fallback()));
    await page.goto("/instructors");
    const problem = page.getByRole("alert").filter({ hasText: "The instructors could not be loaded" });
    await expect(problem).toBeVisible({ timeout: 5_000 });
    await expect(problem).toContainText("Could not reach the server");
    failing = false;
    await problem.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByTestId("instructor-card").first()).toBeVisible();
  });

  test("this remote's styles never restyle the shell: the desktop navbar keeps its links", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const path of ["/", "/classes", "/contact"]) {
      await page.goto(path);
      await expect(page.locator("[data-remote=mfe_public] h1").first()).toBeVisible();
      const nav = page.getByRole("navigation", { name: "Main" });
      await expect(nav.getByRole("link", { name: "Instructors" })).toBeVisible();
      await expect(nav.getByRole("button", { name: "Open menu" })).toBeHidden();
    }
  });
});
