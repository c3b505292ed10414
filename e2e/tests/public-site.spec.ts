import { expect, test, type Locator, type Page } from "@playwright/test";
import { SEED_SIGN_INS } from "../../tools/auth-emulator.mjs";
import { holdRequests } from "../support/hold-requests";
import { API_URL, E2E_PORTS, listUrl } from "../support/ports";
import { SOCCER_DAYS } from "../support/seed-calendar";
import { accessToken, SEED, signInAs } from "../support/session";
import { revealLazySections } from "../support/lazy-sections";
import { settled } from "../support/page-audit";
import { lazyPartsDecided } from "../support/page-signals";

/** A second seed student, so the booking test leaves the cart of SEED.student to other tests. */
const lee = SEED_SIGN_INS.find((s) => s.email === "lee@example.com")!;
const BOOKING_STUDENT = { email: lee.email, password: lee.password, name: lee.displayName };

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

interface WireClass {
  _id: string;
  class_name: string;
  available_seats: number;
  enrolled_seats: number;
}

async function publicClasses(page: Page): Promise<WireClass[]> {
  const res = await page.request.get(`${API_URL}/classes`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as WireClass[];
}

/**
 * Strings only Swiper's own code holds: the carousel's first frame, in the home page's code, names
 * only the swiper-wrapper and swiper-slide classes it lays out the same way.
 */
const SWIPER_CODE = /swiper-slide-index|swiper-lazy-preloader/;

/** How long the carousel shows a slide before it moves on by itself (mfe-public's AUTOPLAY_MS). */
const AUTOPLAY_MS = 2_500;

/** Scrolls with the mouse wheel, a little at a time as a visitor does, until the element is in view. */
async function scrollWheelTo(page: Page, target: Locator) {
  const height = page.viewportSize()!.height;
  for (let i = 0; i < 60; i++) {
    const box = await target.boundingBox();
    if (box && box.y >= 0 && box.y + Math.min(box.height, height / 2) <= height) return;
    await page.mouse.wheel(0, 200);
    await page.waitForTimeout(50);
  }
  throw new Error("never scrolled into view");
}

/** The carousel's slider, before (plain markup) and after Swiper took over. */
const swiperRuns = (page: Page) =>
  expect(page.getByTestId("activities-carousel").locator(".swiper-initialized")).toHaveCount(1);

const classCard = (page: Page, name: string) =>
  page.getByTestId("class-card").filter({ has: page.getByRole("heading", { name, exact: true }) });

test.describe("a visitor browses the public site", () => {
  test("home: banner, activities carousel, 6 popular classes most enrolled first, 6 instructors, about, newsletter", async ({
    page,
  }) => {
    await page.goto("/");
    // The prerendered copy is painted first: the remote's page replaces it, in place.
    await settled(page);
    await expect(page).toHaveTitle(/^Home/);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to the academy" })).toBeVisible();
    await expect(page.getByRole("link", { name: "View Our Classes" })).toHaveAttribute("href", "/classes");

    await expect(page.getByRole("heading", { level: 2, name: "Our Summer Camp Activities" })).toBeVisible();
    await expect(page.getByTestId("activity-slide")).toHaveCount(9);
    await expect(page.getByTestId("activity-dot")).toHaveCount(9);
    for (const img of await page.getByTestId("activity-slide").getByRole("img").all()) {
      expect(await img.getAttribute("alt")).toBeTruthy();
    }

    // The lists are asked for as the visitor scrolls near them.
    await page.getByRole("heading", { level: 2, name: "Our Popular Classes" }).scrollIntoViewIfNeeded();
    const popular = page.getByRole("list", { name: "Popular classes" }).getByTestId("popular-class");
    await expect(popular).toHaveCount(6);
    // Exactly the page the home page asks for: the 6 most popular, in the server's order.
    const popularPage = (await (
      await page.request.get(`${API_URL}/classes`, { params: { sort: "popular", size: "6" } })
    ).json()) as { items: WireClass[] } | WireClass[];
    const expected = (Array.isArray(popularPage) ? popularPage : popularPage.items)
      .slice(0, 6)
      .map((c) => c.class_name);
    await expect(popular.getByRole("heading")).toHaveText(expected);
    await expect(page.getByRole("link", { name: "View More Class" })).toHaveAttribute("href", "/classes");

    await page.getByRole("heading", { level: 2, name: "Our Popular Instructors" }).scrollIntoViewIfNeeded();
    await expect(page.getByRole("heading", { level: 2, name: "Our Popular Instructors" })).toBeInViewport();
    await expect(page.getByRole("list", { name: "Popular instructors" }).getByTestId("instructor-card")).toHaveCount(6);
    await expect(page.getByRole("link", { name: "View More Instructor" })).toHaveAttribute("href", "/instructors");

    const about = page.locator("section", { has: page.getByRole("heading", { name: "Where school and sport meet" }) });
    await expect(about.getByText("Our mission")).toBeVisible();
    await expect(about.getByText("Our vision")).toBeVisible();
    await expect(about.getByRole("img")).toHaveCount(4);
    const more = about.getByRole("button", { name: "Show More" });
    await expect(more).toHaveAttribute("aria-expanded", "false");
    await expect(about.getByText("Read the camp information")).toBeHidden();
    await more.click();
    await expect(about.getByRole("button", { name: "Show Less" })).toHaveAttribute("aria-expanded", "true");
    await expect(about.getByText("Read the camp information")).toBeVisible();

    await revealLazySections(page);
    await expect(page.getByRole("heading", { level: 2, name: "Subscribe For Offer!" })).toBeVisible();
    // Every section has a sub-heading above its heading.
    for (const heading of ["Our Summer Camp Activities", "Our Popular Classes", "Our Popular Instructors"]) {
      const header = page.locator("header", { has: page.getByRole("heading", { name: heading }) });
      await expect(header.locator("p").first()).not.toBeEmpty();
    }
  });

  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 412, height: 823 },
  ]) {
    test(`a cold load at ${viewport.width}x${viewport.height} loads no Swiper and asks for no list until the visitor scrolls to them`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const swiperFiles: string[] = [];
      const lists: string[] = [];
      const reads: Promise<void>[] = [];
      page.on("request", (request) => {
        if (listUrl("classes").test(request.url()) || listUrl("instructors").test(request.url()))
          lists.push(new URL(request.url()).pathname);
        // Every script asked for is read, those still on their way too.
        if (request.resourceType() !== "script") return;
        reads.push(
          request.response().then(
            async (response) =>
              void (
                SWIPER_CODE.test((await response?.text().catch(() => "")) ?? "") && swiperFiles.push(request.url())
              ),
            () => undefined,
          ),
        );
      });
      await page.goto("/");
      await settled(page);
      // The lazy parts have been told they are out of view and have acted on it; every script asked
      // for by then is read.
      await lazyPartsDecided(page);
      await Promise.all(reads);
      expect(swiperFiles, "Swiper's code, before any scroll").toEqual([]);
      expect(lists, "list requests, before any scroll").toEqual([]);
      const carousel = page.getByTestId("activities-carousel");
      await expect(carousel).toHaveAttribute("data-autoplay", "paused");
      await expect(page.getByRole("status", { name: "Loading popular classes" })).toBeAttached();

      await scrollWheelTo(page, carousel.getByTestId("activity-slide").first());
      await expect.poll(() => swiperFiles.length, "Swiper's code, the carousel in view").toBeGreaterThan(0);
      await swiperRuns(page);
      await expect(carousel).toHaveAttribute("data-autoplay", "running");

      await scrollWheelTo(page, page.getByRole("heading", { name: "Our Popular Instructors" }));
      await expect(page.getByRole("list", { name: "Popular classes" }).getByTestId("popular-class")).toHaveCount(6);
      await expect(page.getByRole("list", { name: "Popular instructors" }).getByTestId("instructor-card")).toHaveCount(
        6,
      );
      expect(lists.sort()).toEqual(["/classes", "/instructors"]);
      await context.close();
    });
  }

  test("the carousel advances on its own every 2.5 s, and its dots, arrows, keys and pause work", async ({ page }) => {
    // The page's timers run on a clock the test can move (it runs on in real time meanwhile).
    await page.clock.install();
    await page.goto("/");
    await settled(page);
    const carousel = page.getByTestId("activities-carousel");
    const dots = page.getByTestId("activity-dot");
    const activeDot = () => dots.evaluateAll((all) => all.findIndex((d) => d.getAttribute("aria-current") === "true"));
    // Below the fold it waits, without Swiper; in view it runs.
    await expect(carousel).toHaveAttribute("data-autoplay", "paused");
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel).toHaveAttribute("data-autoplay", "running");
    const first = await activeDot();
    await expect.poll(activeDot, { timeout: 4_000 }).not.toBe(first);

    await dots.nth(4).click();
    await expect(dots.nth(4)).toHaveAttribute("aria-current", "true");
    // Focus in the carousel stops it, so what the visitor chose stays in view.
    await expect(carousel).toHaveAttribute("data-autoplay", "paused");
    await page.getByRole("button", { name: "Next activity" }).click();
    await expect(dots.nth(5)).toHaveAttribute("aria-current", "true");
    await page.keyboard.press("ArrowLeft");
    await expect(dots.nth(4)).toHaveAttribute("aria-current", "true");
    await page.getByRole("button", { name: "Previous activity" }).press("Enter");
    await expect(dots.nth(3)).toHaveAttribute("aria-current", "true");

    await page.getByRole("button", { name: "Pause the slideshow" }).click();
    await expect(page.getByRole("button", { name: "Play the slideshow" })).toBeVisible();
    await page.mouse.move(0, 0);
    await page.locator("body").click({ position: { x: 5, y: 300 } });
    await expect(carousel).toHaveAttribute("data-autoplay", "paused");
    // Two autoplay periods of the page's time pass, every timer due in them fired: nothing moves.
    await page.clock.runFor(2 * AUTOPLAY_MS);
    await expect(dots.nth(3)).toHaveAttribute("aria-current", "true");
  });

  test("with reduced motion the cards do not fade and the carousel waits for the visitor", async ({ page }) => {
    await page.clock.install();
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/classes");
    const card = page.getByRole("list", { name: "Classes" }).getByRole("listitem").first();
    await expect(card).toBeVisible();
    expect(await card.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
    await page.goto("/");
    const carousel = page.getByTestId("activities-carousel");
    // Painted (prerendered) with the play button: reduced motion decides it in CSS.
    await expect(carousel).toHaveAttribute("data-autoplay", "paused");
    await expect(page.getByRole("button", { name: "Play the slideshow" })).toBeVisible();
    await settled(page);
    // In view, Swiper takes over and still waits.
    await carousel.scrollIntoViewIfNeeded();
    await swiperRuns(page);
    // Two autoplay periods of the page's time pass, every timer due in them fired: still the first slide.
    await page.clock.runFor(2 * AUTOPLAY_MS);
    await expect(page.getByTestId("activity-dot").first()).toHaveAttribute("aria-current", "true");
    await expect(carousel).toHaveAttribute("data-autoplay", "paused");
    await expect(page.getByRole("button", { name: "Play the slideshow" })).toBeVisible();
  });

  test("a press on the carousel before Swiper has loaded is done once it has", async ({ page }) => {
    await page.goto("/");
    await settled(page);
    // Swiper's code is slow to come.
    const swiper = await holdRequests(page, `http://localhost:${E2E_PORTS.mfe_public}/*.js`);
    const dots = page.getByTestId("activity-dot");
    await dots.nth(6).click();
    await expect.poll(swiper.held).toBeGreaterThan(0);
    await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
    await swiper.release();
    await swiperRuns(page);
    await expect(dots.nth(6)).toHaveAttribute("aria-current", "true");
    // The focus stays on the dot: the carousel stays where the visitor put it.
    await expect(page.getByTestId("activities-carousel")).toHaveAttribute("data-autoplay", "paused");
    await page.keyboard.press("ArrowRight");
    await expect(dots.nth(7)).toHaveAttribute("aria-current", "true");
  });

  test("classes fade up over 2000 ms otherwise", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.goto("/classes");
    const card = page.getByRole("list", { name: "Classes" }).getByRole("listitem").first();
    await expect(card).toBeVisible();
    expect(await card.evaluate((el) => getComputedStyle(el).animationName)).toBe("fade-up");
    expect(await card.evaluate((el) => getComputedStyle(el).animationDuration)).toBe("2s");
  });

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

test.describe("Add To Booking", () => {
  test("a visitor is asked to log in, may cancel, and after logging in is back on /classes", async ({ page }) => {
    await page.goto("/classes");
    const soccer = classCard(page, "Junior Soccer Skills");
    await soccer.getByRole("button", { name: "Add To Booking" }).click();
    const dialog = page.getByRole("dialog", { name: "Please login Booking for Class" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/classes$/);

    await soccer.getByRole("button", { name: "Add To Booking" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Please Login!" }).click();
    await expect(page).toHaveURL(/\/login$/);
    const from = await page.evaluate(
      () => (history.state as { usr?: { from?: { pathname?: string } } })?.usr?.from?.pathname,
    );
    expect(from).toBe("/classes");

    await page.getByLabel("Email").fill(SEED.student.email);
    await page.getByLabel("Password", { exact: true }).fill(SEED.student.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(/\/classes$/, { timeout: 15_000 });
    await expect(page.getByRole("heading", { level: 1, name: "Our Classes" })).toBeVisible();
  });

  test("a student books a class: toast at the top-end for 1.5 s, badge up at once, button stays disabled", async ({
    page,
  }) => {
    await signInAs(page, BOOKING_STUDENT);
    await page.goto("/classes");
    const badge = page.getByRole("navigation", { name: "Main" }).getByTestId("cart-count").first();
    await expect(badge).toBeVisible();
    const open = page.locator('[data-testid=class-card][data-state="open"]');
    await expect(open.first()).toBeVisible();
    // Let the cart and enrolments settle, so the count and the card states are the server's.
    await page.waitForLoadState("networkidle");
    const before = Number(await badge.textContent());
    const name = (await open.first().getByRole("heading").textContent())!;
    const button = classCard(page, name).getByRole("button", { name: "Add To Booking" });

    const posted = page.waitForResponse((r) => r.url() === `${API_URL}/carts` && r.request().method() === "POST");
    await button.click();
    await expect(button).toBeDisabled();
    expect((await posted).status()).toBe(201);
    const toast = page.getByRole("status").filter({ hasText: "Class added on the Cart." });
    await expect(toast).toBeVisible();
    await expect(badge).toHaveText(String(before + 1));
    const box = (await toast.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.y).toBeLessThan(100);
    expect(box.x + box.width).toBeGreaterThan(viewport.width - 100);
    await expect(toast).toBeHidden({ timeout: 3_000 });

    const booked = classCard(page, name);
    await expect(booked).toHaveAttribute("data-state", "in-cart");
    await expect(booked).toContainText("In your cart");
    await expect(booked.getByRole("button", { name: "Add To Booking" })).toBeDisabled();
    await page.reload();
    await expect(classCard(page, name)).toHaveAttribute("data-state", "in-cart");
    await expect(page.getByRole("navigation", { name: "Main" }).getByTestId("cart-count").first()).toHaveText(
      String(before + 1),
    );
  });

  for (const role of ["admin", "instructor"] as const) {
    test(`an ${role} sees the classes without any add button`, async ({ page }) => {
      await signInAs(page, SEED[role]);
      await page.goto("/classes");
      await expect(page.getByTestId("class-card").first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      await expect(page.getByRole("button", { name: "Add To Booking" })).toHaveCount(0);
    });
  }
});
