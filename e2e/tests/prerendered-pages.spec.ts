import { expect, test, type Page } from "@playwright/test";
import { remotesJson } from "../../tools/system.mjs";
import { holdRequests } from "../support/hold-requests";
import { afterKnownLaterRequest } from "../support/page-signals";
import { API_URL, E2E_PORTS, listUrl } from "../support/ports";
import { SCRATCH_SHELL_URL, startScratchShell } from "../support/scratch-shell";

// Decision 018: the public remote's deploy prerenders the home page and the class list; index.html paints them before
// any script of the site has loaded, and the shell keeps it on screen until the remote's page
// replaces it, with nothing moving.

const REMOTE = `http://localhost:${E2E_PORTS.mfe_public}`;
const HEADING = { level: 1, name: "Welcome to the academy", exact: true } as const;

type EarlyReads = { academyEnvJson?: Promise<unknown>; academyRemotesJson?: Promise<unknown> };

/**
 * index.html's inline script has run (the document is parsed) and whatever it started on `read`
 * (the deploy file its later steps wait for: a visitor's early calls wait for env.json, a page
 * painted from its prerendered copy for remotes.json) has gone on from there: the script's own
 * steps, waiting on that read first, have run, and a later request is seen by the test. What the
 * script would have asked for by then has been asked for.
 */
async function inlineScriptWentOn(page: Page, read: keyof EarlyReads) {
  await page.waitForFunction(() => document.readyState !== "loading");
  await page.evaluate(async (name) => {
    await (window as EarlyReads)[name]?.catch(() => undefined);
  }, read);
  await afterKnownLaterRequest(page);
}

/** Adds up every layout shift of the document from its start. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.defineProperty(window, "__layoutShifts", { value: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: "layout-shift", buffered: true });
  });
}
const layoutShift = (page: Page) =>
  page.evaluate(() => (window as unknown as { __layoutShifts: number[] }).__layoutShifts.reduce((a, b) => a + b, 0));

/** The shell on a host that serves its files as built: index.html's inline script paints the page itself. */
async function startPlainShell(): Promise<{ close: () => Promise<void>; url: string }> {
  const shell = await startScratchShell(remotesJson(E2E_PORTS), "plain-shell");
  return { close: shell.close, url: SCRATCH_SHELL_URL };
}

const heroImage = (page: Page) => page.getByRole("img", { name: /Sunrise over the academy's mountains/ });

test.describe("the home page paints before the site's code has loaded", () => {
  test("no script of the site has run: the prerendered hero is painted; then the remote's page takes over in place", async ({
    page,
  }) => {
    await recordLayoutShifts(page);
    // Every script: the shell's and the public remote's.
    const { release } = await holdRequests(page, /\.js(\?.*)?$/);
    await page.goto("/", { waitUntil: "commit" });

    await expect(page.getByRole("heading", HEADING)).toBeVisible();
    await expect.poll(() => heroImage(page).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByRole("link", { name: "Create an account" })).toBeVisible();
    // Nothing of React yet: no navbar, no remote area.
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await expect(page.locator("[data-remote]")).toHaveCount(0);

    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await release();
    await expect(page.locator("[data-remote=mfe_public]")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    // The painted copy is gone: one page, one h1, one hero.
    await expect(page.locator("#prerendered-page")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(heroImage(page)).toHaveCount(1);
    // The footer stays below the fold and nothing moved on the way.
    const footerTop = await page.getByRole("contentinfo").evaluate((el) => el.getBoundingClientRect().top);
    expect(footerTop).toBeGreaterThan(page.viewportSize()!.height);
    expect(await layoutShift(page)).toBe(0);

    // The page is the remote's own, interactive: a client-side navigation, same document.
    await page.getByRole("link", { name: "View Our Classes" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Our Classes" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  test("while the remote's code loads, the shell shows the painted page inside its chrome", async ({ page }) => {
    await recordLayoutShifts(page);
    const { release } = await holdRequests(page, new RegExp(`^${REMOTE}/.*\\.js$`));
    await page.goto("/", { waitUntil: "commit" });
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("heading", HEADING)).toBeVisible();
    await expect(page.locator("main #prerendered-page")).toHaveCount(1);
    await expect(page.getByLabel("Loading page")).toHaveCount(0);
    // One main landmark and one h1 for screen readers, no skip link target missing.
    await expect(page.getByRole("main")).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);

    await release();
    await expect(page.locator("[data-remote=mfe_public]")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    expect(await layoutShift(page)).toBe(0);
  });

  test("dark theme: painted dark from the start, the same colours once React is up", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("academy-theme", "dark"));
    const { release } = await holdRequests(page, /\.js(\?.*)?$/);
    await page.goto("/", { waitUntil: "commit" });
    await expect(page.getByRole("heading", HEADING)).toBeVisible();
    const background = () => page.locator("#root > div").evaluate((el) => getComputedStyle(el).backgroundColor);
    const painted = await background();
    const popular = page.getByRole("heading", { name: "Our Popular Classes" });
    const paintedHeading = await popular.evaluate((el) => getComputedStyle(el).color);
    await release();
    await expect(page.locator("[data-remote=mfe_public]")).toBeVisible({ timeout: 15_000 });
    expect(await background()).toBe(painted);
    expect(await popular.evaluate((el) => getComputedStyle(el).color)).toBe(paintedHeading);
    // And dark it is: not the light theme's white.
    expect(painted).not.toBe("rgb(255, 255, 255)");
  });

  test("a browser with a session never sees the visitor-only link painted", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("access-token", "a session may exist"));
    await holdRequests(page, /\.js(\?.*)?$/);
    await page.goto("/", { waitUntil: "commit" });
    await expect(page.getByRole("heading", HEADING)).toBeVisible();
    await expect(page.getByRole("link", { name: "View Our Classes" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Create an account" })).toHaveCount(0);
  });

  test("no prerendered page in the remote's deploy: the home page loads as before", async ({ page }) => {
    const shell = await startPlainShell();
    try {
      await page.route(`${REMOTE}/prerender/**`, (route) => route.fulfill({ status: 404, body: "Not found" }));
      await page.goto(`${shell.url}/`);
      await expect(page.getByRole("heading", HEADING)).toBeVisible();
      await expect(page.locator("[data-remote=mfe_public]")).toBeVisible();
      await expect(page.locator("#prerendered-page")).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    } finally {
      await shell.close();
    }
  });

  test("a host that serves index.html as it is: its inline script paints the remote's page itself", async ({
    page,
  }) => {
    await recordLayoutShifts(page);
    const shell = await startPlainShell();
    try {
      const asked: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes("/prerender/")) asked.push(request.url());
      });
      const { release } = await holdRequests(page, /\.js(\?.*)?$/);
      const response = await page.goto(`${shell.url}/`, { waitUntil: "commit" });
      expect(await response!.text()).not.toContain("data-page=");
      await expect(page.getByRole("heading", HEADING)).toBeVisible();
      await expect.poll(() => heroImage(page).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      expect(asked).toEqual([`${REMOTE}/prerender/HomePage.html`]);
      await release();
      await expect(page.locator("[data-remote=mfe_public]")).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      expect(await layoutShift(page)).toBe(0);
    } finally {
      await shell.close();
    }
  });

  test("the server composes the home page into its HTML; other addresses get no prerendered page", async ({ page }) => {
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/prerender/")) asked.push(request.url());
    });
    for (const path of ["/login", "/dashboard/mydashboard", "/no-such-page", "/contact", "/classes?sport=soccer"]) {
      const response = await page.goto(path);
      expect(await response!.text()).not.toContain("data-page=");
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
    }
    expect(asked).toEqual([]);
    // Decision 020: the hero and its image are in the first response; the browser fetches no fragment.
    const response = await page.goto("/");
    const html = await response!.text();
    expect(html).toContain('<div id="prerendered-page" data-page="mfe_public/HomePage">');
    expect(html).toContain(`<img src="${REMOTE}/assets/banner.`);
    expect(html).toContain("Welcome to the academy");
    await expect(page.getByRole("heading", HEADING)).toBeVisible();
    const classes = await (await page.goto("/classes"))!.text();
    expect(classes).toContain('<div id="prerendered-page" data-page="mfe_public/ClassesPage">');
    expect(asked).toEqual([]);
  });
});

test.describe("the class list paints before its code too", () => {
  test("its filter form is disabled until the remote's page replaces it: nothing typed is lost, nothing moves", async ({
    page,
  }) => {
    await recordLayoutShifts(page);
    const { release } = await holdRequests(page, /\.js(\?.*)?$/);
    await page.goto("/classes", { waitUntil: "commit" });
    await expect(page.getByRole("heading", { level: 1, name: "Our Classes" })).toBeVisible();
    await expect(page.getByRole("search", { name: "Filter classes" })).toBeVisible();
    await expect(page.getByLabel("Search")).toBeDisabled();
    await expect(page.getByLabel("Sport", { exact: true })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Apply filters" })).toBeDisabled();
    await expect(page.locator("[data-remote]")).toHaveCount(0);

    await release();
    await expect(page.locator("[data-remote=mfe_public]")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId("class-card").first()).toBeVisible();
    await expect(page.locator("#prerendered-page")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("search", { name: "Filter classes" })).toHaveCount(1);
    expect(await layoutShift(page)).toBe(0);
    // The remote's own form: typing and Enter filter the list.
    await page.getByLabel("Search").fill("soccer");
    await page.getByLabel("Search").press("Enter");
    await expect(page).toHaveURL(/[?&]search=soccer/);
  });

  test("a visitor's list is asked for with the painted page, before any script, and once (decision 025)", async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on("request", (request) => {
      if (listUrl("classes").test(request.url())) asked.push(request.url().slice(API_URL.length));
    });
    const { release } = await holdRequests(page, /\.js(\?.*)?$/);
    await page.goto("/classes", { waitUntil: "commit" });
    await expect(page.getByRole("heading", { level: 1, name: "Our Classes" })).toBeVisible();
    await expect.poll(() => asked).toEqual(["/classes?page=1&size=9&sort=popular"]);
    await release();
    await expect(page.getByTestId("class-card").first()).toBeVisible({ timeout: 15_000 });
    await page.waitForLoadState("networkidle");
    // The page's own first request was answered by the early one.
    expect(asked).toHaveLength(1);
  });

  test("a browser with a session starts no visitor's call: its list is asked by the page", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("access-token", "not-a-token"));
    const asked: string[] = [];
    page.on("request", (request) => {
      if (listUrl("classes").test(request.url())) asked.push(request.url());
    });
    const { release } = await holdRequests(page, /\.js(\?.*)?$/);
    await page.goto("/classes", { waitUntil: "commit" });
    await expect(page.getByRole("heading", { level: 1, name: "Our Classes" })).toBeVisible();
    // A visitor's page starts its calls once env.json is read: had this one started them, they would be out.
    await inlineScriptWentOn(page, "academyEnvJson");
    expect(asked).toEqual([]);
    await release();
    await expect.poll(() => asked.length, { timeout: 15_000 }).toBeGreaterThan(0);
  });

  test("a filtered address is never painted from the bare page's copy", async ({ page }) => {
    const copies: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/prerender/")) copies.push(request.url());
    });
    const { release } = await holdRequests(page, /\.js(\?.*)?$/);
    const response = await page.goto("/classes?sport=soccer", { waitUntil: "commit" });
    expect(await response!.text()).not.toContain("data-page=");
    // index.html paints a copy it asks the remote for once remotes.json is read: none was asked for.
    await inlineScriptWentOn(page, "academyRemotesJson");
    expect(copies, "prerendered copies asked for").toEqual([]);
    await expect(page.getByRole("heading", { level: 1, name: "Our Classes" })).toHaveCount(0);
    await release();
    await expect(page.getByLabel("Sport", { exact: true })).toHaveValue("soccer", { timeout: 15_000 });
  });
});
