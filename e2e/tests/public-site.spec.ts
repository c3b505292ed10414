import { expect, test, type Locator, type Page } from "@playwright/test";
import { holdRequests } from "../support/hold-requests";
import { API_URL, E2E_PORTS, listUrl } from "../support/ports";
import { revealLazySections } from "../support/lazy-sections";
import { settled } from "../support/page-audit";
import { lazyPartsDecided } from "../support/page-signals";
import { type WireClass } from "../support/public-classes";

// The public site's home page: its sections, the activities carousel (loaded only when scrolled to,
// moving on its own, and how it answers a visitor), and its classes fading in. The other public
// pages: public-site-pages.spec.ts; booking from them: public-site-booking.spec.ts.

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
});
