import { expect, test, type Page } from "@playwright/test";
import { revealLazySections } from "../support/lazy-sections";
import { accessibilityProblems, countReactRenderers, reactDomCopies, settled, WIDTHS } from "../support/page-audit";
import { SEED, signInAs } from "../support/session";
import { studentWithClasses } from "../support/students";

// Part of the performance budgets (tools/perf-budgets.json; the bytes and loads: budgets.spec.ts):
// on every page of the site in both themes, one React DOM and no accessibility problem that axe
// rates serious or critical, or that Lighthouse's accessibility score counts (decision 019).
// Named to run beside budgets.spec.ts, as when both were one file: before the specs that fill the
// site with more of their own data.

const CLASS = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, "0")}`;
/** Maya's (the seed instructor's) class that the audit's students pay for: her roster lists them. */
const MARTIAL_ARTS = { id: CLASS(7), name: "Intro to Martial Arts" };
const TRACK_AND_FIELD = { id: CLASS(6), name: "Track & Field Sprints" };
const FULL_CLASS = CLASS(2);

const THEMES = ["light", "dark"] as const;

interface SitePage {
  name: string;
  path: string;
  /** Brings the loaded page into the state to check: a form's errors, a dialog, an open menu. */
  prepare?: (page: Page) => Promise<void>;
  /** Desktop only unless listed: the pages with tables and menus are checked at phone width too. */
  widths?: (keyof typeof WIDTHS)[];
  /** Only this part is checked: a modal dialog, over a page that has its own entry. */
  scope?: string;
}

const MODAL = "dialog[open], [role=dialog]";

const dialogOpened = (page: Page, heading: string) =>
  expect(page.getByRole("dialog").getByRole("heading", { name: heading })).toBeVisible();

const VISITOR_PAGES: SitePage[] = [
  { name: "home", path: "/", prepare: revealLazySections, widths: ["desktop", "phone"] },
  {
    name: "home, the phone menu open",
    path: "/",
    widths: ["phone"],
    prepare: async (page) => {
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(page.locator("#mobile-menu")).toBeVisible();
    },
  },
  { name: "classes", path: "/classes", widths: ["desktop", "phone"] },
  {
    name: "classes, the log-in dialog",
    scope: MODAL,
    path: "/classes",
    prepare: async (page) => {
      await page.getByRole("button", { name: "Add To Booking" }).first().click();
      await dialogOpened(page, "Please login Booking for Class");
    },
  },
  { name: "a class", path: `/classes/${MARTIAL_ARTS.id}` },
  { name: "a full class", path: `/classes/${FULL_CLASS}` },
  { name: "instructors", path: "/instructors" },
  { name: "an instructor's classes", path: `/instructors/${SEED.instructor.id}` },
  { name: "contact", path: "/contact" },
  { name: "an information page", path: "/info/help" },
  { name: "login", path: "/login" },
  {
    name: "login, its errors",
    path: "/login",
    prepare: async (page) => {
      await page.getByRole("button", { name: "Login", exact: true }).click();
      await expect(page.getByLabel("Email")).toBeFocused();
    },
  },
  { name: "sign-up", path: "/signup" },
  {
    name: "sign-up, its errors",
    path: "/signup",
    prepare: async (page) => {
      await page.getByRole("button", { name: "Sign Up", exact: true }).click();
      await expect(page.getByRole("form", { name: "Sign up" }).getByLabel("Name", { exact: true })).toBeFocused();
    },
  },
  { name: "not found", path: "/no-such-page" },
];

const STUDENT_PAGES: SitePage[] = [
  { name: "student home", path: "/dashboard/userhome" },
  {
    name: "student home, the dashboard menu open",
    path: "/dashboard/userhome",
    widths: ["phone"],
    prepare: async (page) => {
      await page.getByRole("button", { name: "Dashboard menu" }).click();
      await expect(page.getByRole("navigation", { name: "Dashboard menu" })).toBeVisible();
    },
  },
  { name: "cart", path: "/dashboard/mydashboard", widths: ["desktop", "phone"] },
  {
    name: "cart, the delete confirmation",
    scope: MODAL,
    path: "/dashboard/mydashboard",
    prepare: async (page) => {
      await page.getByRole("button", { name: `Delete ${TRACK_AND_FIELD.name}` }).click();
      await dialogOpened(page, "Are you sure?");
    },
  },
  {
    name: "payment",
    path: "/dashboard/payment",
    prepare: (page) => expect(page.locator("iframe")).toBeVisible({ timeout: 15_000 }),
  },
  { name: "payment history", path: "/dashboard/paymenthistory", widths: ["desktop", "phone"] },
  { name: "enrolled classes", path: "/dashboard/enrolledclasses", widths: ["desktop", "phone"] },
  { name: "settings", path: "/settings" },
];

const myClass = (page: Page) => page.getByRole("listitem", { name: MARTIAL_ARTS.name });

const INSTRUCTOR_PAGES: SitePage[] = [
  { name: "instructor home", path: "/dashboard/instructorhome" },
  { name: "add a class", path: "/dashboard/addclass", widths: ["desktop", "phone"] },
  {
    name: "add a class, its errors",
    path: "/dashboard/addclass",
    widths: ["desktop", "phone"],
    prepare: async (page) => {
      await page.getByRole("button", { name: "Add Class" }).click();
      await expect(page.getByText("Class name is required")).toBeVisible();
    },
  },
  { name: "my classes", path: "/dashboard/myclasses", widths: ["desktop", "phone"] },
  {
    name: "my classes, a roster",
    path: "/dashboard/myclasses",
    widths: ["desktop", "phone"],
    prepare: async (page) => {
      await myClass(page).getByRole("button", { name: "Students" }).click();
      await expect(myClass(page).getByRole("table")).toBeVisible();
    },
  },
  {
    name: "my classes, the update form",
    path: "/dashboard/myclasses",
    prepare: async (page) => {
      await myClass(page).getByRole("button", { name: "Update" }).click();
      await expect(myClass(page).getByLabel("Class name")).toBeVisible();
    },
  },
];

const ADMIN_PAGES: SitePage[] = [
  { name: "admin home", path: "/dashboard/adminhome" },
  { name: "manage classes", path: "/dashboard/manageclasses", widths: ["desktop", "phone"] },
  {
    name: "manage classes, the feedback dialog",
    scope: MODAL,
    path: "/dashboard/manageclasses",
    prepare: async (page) => {
      await page.getByRole("button", { name: "Feedback" }).first().click();
      await expect(page.getByRole("dialog", { name: /^Feedback on / })).toBeVisible();
    },
  },
  {
    name: "manage classes, the delete confirmation",
    scope: MODAL,
    path: "/dashboard/manageclasses",
    prepare: async (page) => {
      await page
        .getByRole("button", { name: /^Delete / })
        .first()
        .click();
      await dialogOpened(page, "Are you sure?");
    },
  },
  { name: "manage users", path: "/dashboard/manageusers", widths: ["desktop", "phone"] },
  { name: "all users", path: "/dashboard/allusers", widths: ["desktop", "phone"] },
  { name: "balances due", path: "/dashboard/balances", widths: ["desktop", "phone"] },
];

/**
 * One test per page, both themes, with one signed-in page per role (signing in is the slow part).
 * Motion is reduced, as many visitors ask: nothing is caught halfway through a fade. The light
 * theme is checked by every rule; the dark one by the colour rules, all a theme changes (the
 * page's structure, names and landmarks are the same).
 */
function auditPages(who: string, pages: SitePage[], signIn: (page: Page) => Promise<void>) {
  test.describe(`every page ${who} sees: one React DOM, no accessibility problem`, () => {
    let page: Page;
    test.beforeAll(async ({ browser }) => {
      test.setTimeout(120_000);
      page = await (await browser.newContext({ reducedMotion: "reduce" })).newPage();
      await countReactRenderers(page);
      await signIn(page);
    });
    test.afterAll(async () => {
      await page.context().close();
    });

    for (const sitePage of pages) {
      test(`${sitePage.name} (${sitePage.path}), light and dark themes`, async () => {
        const problems: string[] = [];
        for (const width of sitePage.widths ?? ["desktop"]) {
          await page.setViewportSize(WIDTHS[width]);
          for (const theme of THEMES) {
            const toggle = page.getByRole("button", { name: "Switch to dark theme" });
            // A page as it loads turns dark as a visitor turns it, with the navbar's switch: the
            // page stays, its colours change (and no second load is paid for). A page brought into
            // a state (a dialog, a menu, a form's errors) is loaded again in the dark theme instead.
            if (theme === "dark" && !sitePage.prepare && (await toggle.isVisible())) {
              await toggle.click();
              await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
            } else {
              await page.evaluate((t) => localStorage.setItem("academy-theme", t), theme);
              await page.goto(sitePage.path);
              await settled(page);
              expect(await reactDomCopies(page), "React DOM copies").toBe(1);
              await sitePage.prepare?.(page);
            }
            await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
            const only = theme === "dark" ? "colours" : undefined;
            for (const problem of await accessibilityProblems(page, sitePage.scope, only))
              problems.push(`${width}, ${theme}: ${problem}`);
          }
        }
        expect(problems).toEqual([]);
      });
    }
  });
}

auditPages("a visitor", VISITOR_PAGES, async (page) => {
  await page.goto("/");
});
auditPages("a student", STUDENT_PAGES, async (page) => {
  const student = await studentWithClasses("Ada Audit", { paid: [MARTIAL_ARTS.id], cart: [TRACK_AND_FIELD.id] });
  await signInAs(page, student);
});
auditPages("an instructor", INSTRUCTOR_PAGES, async (page) => {
  // A student of Maya's, so her roster has a row.
  await studentWithClasses("Rosa Roster", { paid: [MARTIAL_ARTS.id], cart: [] });
  await signInAs(page, SEED.instructor);
});
auditPages("an admin", ADMIN_PAGES, async (page) => {
  await signInAs(page, SEED.admin);
});
