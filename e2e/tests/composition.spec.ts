import { expect, test, type Locator } from "@playwright/test";
import { SEED, signInAs } from "../support/session";
import { revealLazySections } from "../support/lazy-sections";

/** WCAG contrast ratio of an element's text colour against the first painted background behind it. */
function contrast(element: Locator): Promise<number> {
  return element.evaluate((el) => {
    // Tailwind's colours are oklch(): let a canvas turn them into sRGB.
    const ctx = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
    const rgba = (color: string) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, 1, 1);
      return [...ctx.getImageData(0, 0, 1, 1).data];
    };
    const luminance = ([r, g, b]: number[]) => {
      const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
    };
    let background = [255, 255, 255, 255];
    for (let node: Element | null = el; node; node = node.parentElement) {
      const color = rgba(getComputedStyle(node).backgroundColor);
      if (color[3]! > 0) {
        background = color;
        break;
      }
    }
    const [a, b] = [luminance(rgba(getComputedStyle(el).color)), luminance(background)];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
}

const publicPages = [
  { path: "/", heading: "Welcome to the academy" },
  { path: "/instructors", heading: "Our Instructors" },
  { path: "/classes", heading: "Our Classes" },
  { path: "/contact", heading: "Contact Us" },
  { path: "/info/help", heading: "Help Center" },
];

test.describe("the shell composes the remotes at runtime", () => {
  for (const { path, heading } of publicPages) {
    test(`${path} renders the public remote's page inside the shell chrome`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.locator("[data-remote=mfe_public]")).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
      await expect(page.getByRole("contentinfo")).toContainText("All rights reserved.");
    });
  }

  test("the active navbar link is orange", async ({ page }) => {
    await page.goto("/classes");
    const classes = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Classes" });
    const home = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home", exact: true });
    await expect(classes).toHaveAttribute("aria-current", "page");
    // A dark orange in the light theme: readable on white (WCAG AA, checked below).
    expect(await classes.evaluate((a) => a.classList.contains("text-orange-700"))).toBe(true);
    expect(await home.evaluate((a) => a.classList.contains("text-orange-700"))).toBe(false);
    const [active, idle] = [
      await classes.evaluate((a) => getComputedStyle(a).color),
      await home.evaluate((a) => getComputedStyle(a).color),
    ];
    expect(active).not.toBe(idle);
  });

  test("navbar and footer are hidden on login and signup paths", async ({ page }) => {
    for (const path of ["/login", "/signup"]) {
      await page.goto(path);
      await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
      await expect(page.getByRole("contentinfo")).toHaveCount(0);
    }
  });

  test("an unknown path shows the error page", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page.getByTestId("error-status")).toHaveText("404");
    await expect(page.getByRole("heading", { name: "Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to homepage" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to the academy" })).toBeVisible();
  });

  test("a guarded dashboard page sends a visitor to /login, remembering the origin", async ({ page }) => {
    for (const path of ["/dashboard/userhome", "/dashboard/adminhome", "/dashboard/addclass"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      const from = await page.evaluate(
        () => (history.state as { usr?: { from?: { pathname?: string } } })?.usr?.from?.pathname,
      );
      expect(from).toBe(path);
    }
  });

  for (const theme of ["light", "dark"] as const) {
    // The footer is dark in both themes; the navbar follows the theme (checked here in the dark one).
    test(`in the ${theme} theme the footer's and the navbar's logo, headings and links are readable`, async ({
      page,
    }) => {
      // The theme toggle remembers the choice here.
      await page.addInitScript((t) => localStorage.setItem("academy-theme", t), theme);
      await page.goto("/");
      const footer = page.getByRole("contentinfo");
      await expect(footer.locator("nav a")).toHaveCount(10);
      expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
      const logo = (area: Locator) => area.getByRole("link", { name: "Summit Sports Academy, home" }).locator("span");
      const header = page.getByRole("navigation", { name: "Main" });
      const texts = [
        // The logo's name and its "Sports Academy" line.
        ...(await logo(footer).all()),
        ...(await footer.getByRole("heading").all()),
        ...(await footer.locator("nav a, address a").all()),
        ...(await logo(header).all()),
        ...(await header.getByRole("link").all()),
      ];
      expect(texts.length).toBeGreaterThan(20);
      for (const text of texts) {
        const label = await text.evaluate((el) => el.textContent?.trim() ?? "");
        if (!label) continue; // an icon-only link: no text to read
        expect(await contrast(text), `"${label}" in the ${theme} theme`).toBeGreaterThanOrEqual(4.5);
      }
    });
  }

  test("the buttons that call to action are readable: white on a dark enough orange", async ({ page }) => {
    await page.goto("/");
    await revealLazySections(page);
    const buttons = [
      page.getByRole("link", { name: "View Our Classes" }),
      page.getByRole("button", { name: "Show More" }),
      page.getByRole("button", { name: /Subscribe/ }),
    ];
    for (const button of buttons) {
      await button.scrollIntoViewIfNeeded();
      expect(await contrast(button), await button.innerText()).toBeGreaterThanOrEqual(4.5);
    }
    await page.goto("/classes");
    const book = page.getByRole("button", { name: "Add To Booking" }).and(page.locator(":enabled")).first();
    expect(await contrast(book)).toBeGreaterThanOrEqual(4.5);
    await page.goto("/contact");
    expect(await contrast(page.getByRole("button", { name: "Send Message" }))).toBeGreaterThanOrEqual(4.5);
  });

  test("a signed-in student's navbar fits at tablet and laptop widths: nothing pushed off the screen", async ({
    page,
  }) => {
    await signInAs(page, SEED.student);
    for (const width of [768, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/dashboard/userhome");
      await expect(page.getByRole("heading", { level: 1, name: "Student Home" })).toBeVisible();
      const nav = page.getByRole("navigation", { name: "Main" });
      for (const control of [
        nav.getByRole("button", { name: /^Switch to/ }),
        nav.getByRole("button", { name: `Account menu of ${SEED.student.name}` }),
        nav.getByRole("button", { name: "Logout" }),
      ]) {
        const box = (await control.boundingBox())!;
        expect(box.width, `${width} px`).toBeGreaterThanOrEqual(36);
        expect(box.x + box.width, `${width} px`).toBeLessThanOrEqual(width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    }
  });

  test("every footer link leads to a page of the site, none to the error page", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    // The shell renders once it has read its deploy config: wait for the footer's links.
    await expect(footer.locator("nav a")).toHaveCount(10);
    const hrefs = await footer.locator("nav a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    for (const href of hrefs) {
      await page.goto(href!);
      await expect(page.getByTestId("error-status")).toHaveCount(0);
      await expect(page.locator("[data-remote=mfe_public]")).toBeVisible();
    }
  });

  test("exactly one React DOM and one shared-auth are loaded; remotes read the shell's store", async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __reactDomCopies: number; __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown };
      w.__reactDomCopies = 0;
      w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
        isDisabled: false,
        supportsFiber: true,
        renderers: new Map(),
        inject: () => ++w.__reactDomCopies,
        onCommitFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        checkDCE() {},
      };
    });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to the academy" })).toBeVisible();
    // The shell settles the session to "signed-out"; a remote with its own store copy would still be "loading".
    await expect(page.getByRole("link", { name: "Create an account" })).toBeVisible();
    // The shell's theme toggle writes the store; the remote's page follows.
    const banner = page.locator("[data-remote=mfe_public] section[data-theme]");
    await expect(banner).toHaveAttribute("data-theme", "light");
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(banner).toHaveAttribute("data-theme", "dark");
    await expect(page.locator("html")).toHaveClass(/dark/);

    const shared = await page.evaluate(() => {
      type ShareInfo = Record<string, Record<string, Record<string, { loaded?: boolean; from: string }>>>;
      const scope = (window as unknown as { __FEDERATION__: { __SHARE__: Record<string, ShareInfo> } }).__FEDERATION__
        .__SHARE__;
      const loaded: Record<string, string[]> = {};
      for (const instance of Object.values(scope)) {
        for (const [pkg, versions] of Object.entries(instance.default ?? {})) {
          for (const [version, info] of Object.entries(versions)) {
            if (info.loaded) (loaded[pkg] ??= []).push(`${version} from ${info.from}`);
          }
        }
      }
      return Object.fromEntries(Object.entries(loaded).map(([k, v]) => [k, [...new Set(v)]]));
    });
    expect(shared["react-dom"]).toHaveLength(1);
    expect(shared["react"]).toHaveLength(1);
    expect(shared["shared-auth"]).toEqual(["1.0.0 from shell"]);

    // Every copy of React DOM announces itself to the DevTools hook once: count the announcements.
    expect(await page.evaluate(() => (window as unknown as { __reactDomCopies: number }).__reactDomCopies)).toBe(1);
  });
});
