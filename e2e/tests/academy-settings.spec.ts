import { expect, test, type Locator } from "@playwright/test";
import { approvedClass, callApi } from "../support/api-calls";
import { apiNowMs } from "../support/api-clock";
import { holdRequests } from "../support/hold-requests";
import { attachment, mailTo } from "../support/inbox";
import { accessibilityProblems } from "../support/page-audit";
import { API_URL } from "../support/ports";
import { accessToken, SEED, storedSessionContext } from "../support/session";
import { studentWithClasses } from "../support/students";

/**
 * The academy's facts are its own (decision 051): an admin renames it on Admin Home, and a visitor's
 * pages (footer, uploaded logo, home, a class page, an information page, the painted home page of a later
 * visit), a family's receipt and its calendar say the new name and address, not the old ones. The
 * facts are put back afterwards: the other specs read the seeded academy.
 */
const run = Date.now().toString(36).slice(-5);
const NEW_NAME = `Lakeside Kids Camp ${run}`;
const NEW_STREET = "9 Shore Road";
/** A one-pixel PNG: the API re-encodes whatever it is given. */
const LOGO = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

let before: Record<string, unknown>;

test.beforeAll(async () => {
  const { updatedAt: _changed, ...facts } = (await (await fetch(`${API_URL}/academy`)).json()) as Record<
    string,
    unknown
  >;
  before = facts;
});

test.afterAll(async () => {
  await callApi("PUT", "/admin/academy", accessToken(SEED.admin), before);
});

async function shoot(part: Locator, name: string) {
  await part.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

/** A day this many days after the API's today, at the academy. */
const dayAhead = (days: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(
    new Date(apiNowMs() + days * 86_400_000),
  );

test("an admin renames the academy: every page, a receipt and its calendar say the new name", async ({ browser }) => {
  test.slow();
  // A class with no venue of its own: its page gives the academy's name and address.
  const tokens = { instructor: accessToken(SEED.instructor), admin: accessToken(SEED.admin) };
  const camp = `Renamed Academy Tennis ${run}`;
  const classId = await approvedClass(tokens, {
    name: camp,
    price: 90,
    seats: 5,
    sport: "tennis",
    firstDay: dayAhead(50),
    lastDay: dayAhead(54),
  });

  // The admin, on Admin Home at 1280 px.
  const office = await storedSessionContext(browser, SEED.admin);
  const admin = await office.newPage();
  await admin.setViewportSize({ width: 1280, height: 900 });
  await admin.goto("/dashboard/adminhome");
  const form = admin.getByRole("form", { name: "Academy details" });
  await form.getByLabel("Academy name").fill(NEW_NAME);
  await form.getByLabel("Sender name").fill(NEW_NAME);
  await form.getByLabel("Address line 1").fill(NEW_STREET);
  await form.getByLabel("Logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: LOGO });
  await expect(form.getByRole("img", { name: "The academy's logo" })).toBeVisible();
  await form.getByRole("button", { name: "Save details" }).click();
  await expect(form.getByText("Saved: every page, e-mail, calendar and statement says these")).toBeVisible();
  // The admin's own page says it at once.
  await expect(admin.getByRole("link", { name: `${NEW_NAME}, home` }).first()).toBeVisible();
  await office.close();

  // A visitor on a phone: the footer, the logo and the home page's own words.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const visitor = await phone.newPage();
  await visitor.goto("/");
  const footer = visitor.getByRole("contentinfo");
  await expect(footer).toContainText(`© ${new Date().getFullYear()} ${NEW_NAME}. All rights reserved.`);
  await expect(footer.locator("address")).toContainText(NEW_STREET);
  await expect(footer).not.toContainText("120 Riverside Drive");
  const home = visitor.getByRole("link", { name: `${NEW_NAME}, home` }).first();
  await expect(home).toBeVisible();
  // The academy's logo in place of the site's own mark, loaded.
  await expect.poll(() => home.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const about = visitor.locator("section[aria-labelledby=about-heading]");
  await expect(about).toContainText(`${NEW_NAME} is a school that combines academics with sports training.`);
  await footer.scrollIntoViewIfNeeded();
  await shoot(footer, "footer-phone");

  // A later visit paints the home page before any script with the facts this browser kept.
  const { release } = await holdRequests(visitor, /\.js(\?.*)?$/);
  await visitor.goto("/", { waitUntil: "commit" });
  await expect(visitor.locator("#prerendered-page [data-academy=name]")).toHaveText(NEW_NAME);
  await release();

  // The class page: its title and where it meets.
  await visitor.goto(`/classes/${classId}`);
  await expect(visitor.getByRole("heading", { level: 1, name: camp })).toBeVisible();
  await expect(visitor).toHaveTitle(`${camp} | ${NEW_NAME}`);
  const venue = visitor.getByTestId("class-venue");
  await expect(venue).toContainText(NEW_NAME);
  await expect(venue).toContainText(NEW_STREET);
  await shoot(venue, "class-venue-phone");

  // An information page and the contact page.
  await visitor.goto("/info/about");
  await expect(visitor.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
  await expect(visitor.getByRole("main")).toContainText(`${NEW_NAME} combines schooling with serious sports training`);
  await visitor.goto("/contact");
  const card = visitor.getByRole("complementary", { name: "The academy's address" });
  await expect(card).toContainText(NEW_NAME);
  await expect(card).toContainText(NEW_STREET);
  expect(await accessibilityProblems(visitor)).toEqual([]);
  await phone.close();

  // A family pays for the class: the receipt and its calendar name the academy as it is now.
  const family = await studentWithClasses(`Rena Renamed ${run}`, { paid: [classId], cart: [] });
  const mail = await mailTo(family.email, /^Your receipt/);
  expect(mail.text).toContain(NEW_NAME);
  expect(mail.text).not.toContain("Summit Sports Academy");
  const ics = await attachment(mail, "sessions.ics");
  expect(ics).toContain(NEW_NAME);
  expect(ics).not.toContain("Summit Sports Academy");
});
