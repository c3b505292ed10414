import { randomBytes } from "node:crypto";
import { expect, type Browser, type Locator, type Page } from "@playwright/test";
import { confirmCard } from "../../tools/card-payment.mjs";
import { confirmedSignUp } from "../support/email-verification";
import { API_URL, PAYMENT_SANDBOX_PORT } from "../support/ports";
import { accessToken, SEED, signInAs } from "../support/session";
import { seedDay } from "../support/seed-calendar";
import { birthDateForAge } from "../../tools/test-dates.mjs";

/**
 * What the roster-and-family spec (tests/roster-and-family.spec.ts) is built on: its family (a parent,
 * two children, a class of Maya's), booked and paid through the API before the spec opens any page, the
 * calls and sign-ins it makes, and what a printed roster must and must not show.
 */

export const TAG = randomBytes(3).toString("hex");
export const SANDBOX_URL = `http://127.0.0.1:${PAYMENT_SANDBOX_PORT}`;
export const PASSWORD = "Camp#Family2026";
export const JONAS = { id: "00000000-0000-4000-8000-000000000003", email: "jonas@summitsports.academy" };
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

export const CLASS_NAME = `Family Roster Soccer ${TAG}`;
export const FIRST_DAY = seedDay("2027-07-19");
export const SURNAME = `Rivera-${TAG}`;
export const MOTHER = { name: "Ana Rivera", relation: "mother", phone: "+1 555 0100" };
export const GRANDPA = { name: "Luis Rivera", relation: "grandfather", phone: "+1 555 0199" };
export const PARENT_NAME = `Ana Rivera ${TAG}`;
/** The family's parents, as the account holder gives them before the first booking. */
export const ADDRESS = { address_line1: "12 Field Lane", city: "Springfield", region: "IL", postal_code: "62701" };
export const FIRST_GUARDIAN = { name: PARENT_NAME, relation: "mother", phone: "+1 555 0142", ...ADDRESS };
export const SECOND_GUARDIAN = {
  name: "Tomas Rivera",
  relation: "father",
  phone: "+1 555 0143",
  email: `tomas-${TAG}@example.net`,
  ...ADDRESS,
};

export interface Seeded {
  classId: string;
  parent: { id: string; email: string; token: string };
  mia: { _id: string; name: string };
  kai: { _id: string; name: string };
  lea: { _id: string; name: string };
}
export const seeded = {} as Seeded;

export async function call<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${API_URL}${path}`, {
    method,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body !== undefined && { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.ok, `${method} ${path}: ${res.status} ${text}`).toBe(true);
  return JSON.parse(text) as T;
}

/**
 * axe's serious problems in the light and the dark theme, as they are now: the theme is switched
 * the way the site's toggle does it (the `dark` class on <html>), so no state of the page is lost.
 */
export async function bothThemes(page: Page, check: () => Promise<string[]>): Promise<string[]> {
  const problems: string[] = [];
  for (const dark of [false, true]) {
    await page.evaluate((on) => document.documentElement.classList.toggle("dark", on), dark);
    problems.push(...(await check()).map((p) => `${dark ? "dark" : "light"}: ${p}`));
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  return problems;
}

export const staff = (user: { id: string; email: string }) => accessToken(user);

/** Maya's class, the family's account and children, both children booked and paid: what the tests read. */
export async function bookTheFamily() {
  // Maya's class, approved by an admin: two weeks of mornings in the seeded summer, ages 8 to 12.
  const created = await call<{ insertedId: string }>("POST", "/classes", staff(SEED.instructor), {
    class_name: CLASS_NAME,
    image: "/images/seed/classes/soccer.svg",
    available_seats: 10,
    price: 40,
    sport: "soccer",
    start_date: FIRST_DAY,
    end_date: seedDay("2027-07-30"),
    weekdays: ["mon", "tue", "wed", "thu", "fri"],
    start_time: "13:00",
    end_time: "15:00",
    age_min: 8,
    age_max: 12,
    level: "all",
  });
  seeded.classId = created.insertedId;
  await call("PATCH", `/classes/${seeded.classId}/status`, staff(SEED.admin), { status: "approved" });

  // The parent: a confirmed account (they may pay), then the API's token.
  const email = `family-${TAG}@example.net`;
  const idToken = await confirmedSignUp(email, PASSWORD, PARENT_NAME);
  const { token } = await call<{ token: string }>("POST", "/jwt", idToken, { email });
  const me = await call<{ _id: string }>("GET", "/users/me", token);
  seeded.parent = { id: me._id, email, token };
  await call("PUT", "/guardians", token, { first: FIRST_GUARDIAN, second: SECOND_GUARDIAN });

  // Two children (one with an allergy and a medication), and a third taken off the family again.
  const add = async (body: object) =>
    (await call<{ camper: { _id: string; name: string } }>("POST", "/campers", token, body)).camper;
  seeded.mia = await add({
    first_name: "Mia",
    last_name: SURNAME,
    date_of_birth: birthDateForAge(9, FIRST_DAY, { monthsOver: 2 }),
    allergies: "Peanuts (carries an EpiPen)",
    medications: "Antihistamine before sport",
    emergency_contacts: [MOTHER],
    pickup_people: [GRANDPA],
    photo_consent: false,
  });
  seeded.kai = await add({
    first_name: "Kai",
    last_name: SURNAME,
    date_of_birth: birthDateForAge(11, FIRST_DAY, { monthsOver: 2 }),
    emergency_contacts: [MOTHER],
    photo_consent: true,
  });
  seeded.lea = await add({
    first_name: "Lea",
    last_name: SURNAME,
    date_of_birth: birthDateForAge(6, FIRST_DAY, { monthsOver: 2 }),
    emergency_contacts: [MOTHER],
  });
  await call("DELETE", `/campers/${seeded.lea._id}`, token);

  // Both booked and paid by card on the payment sandbox, as the payment page does it.
  for (const camper of [seeded.mia, seeded.kai]) {
    await call("POST", "/carts", token, { classItemId: seeded.classId, camperId: camper._id });
  }
  const checkout = await call<{ clientSecret: string; paymentIntentId: string }>(
    "POST",
    "/create-payment-intent",
    token,
    {},
  );
  expect(await confirmCard(SANDBOX_URL, checkout.clientSecret), "the sandbox confirms the card").toBe(200);
  await call("POST", "/payments", token, { transactionId: checkout.paymentIntentId });
}

export async function signedIn(browser: Browser, user: { email: string; password: string; name: string }) {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signInAs(page, user);
  return page;
}

/** My Classes' item of the family's class, with its roster open. */
export async function openRoster(page: Page): Promise<Locator> {
  await page.goto("/dashboard/myclasses");
  const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: CLASS_NAME }) });
  await item.getByRole("button", { name: "Students" }).click();
  await expect(item.getByRole("table", { name: `Campers enrolled in ${CLASS_NAME}` })).toBeVisible();
  return item;
}

export const row = (item: Locator, camper: string) => item.getByRole("row").filter({ hasText: camper });

export async function expectPrintedRosterOnly(page: Page, item: Locator) {
  // Each of these is on the page (includeHidden finds it) and not shown.
  const gone = [
    page.getByRole("navigation", { name: "Main", includeHidden: true }),
    page.getByRole("complementary", { name: "Dashboard", includeHidden: true }),
    page.getByRole("contentinfo", { includeHidden: true }),
    page.getByRole("heading", { level: 1, name: "My Classes", includeHidden: true }),
    page.getByRole("link", { name: "Skip to content", includeHidden: true }),
    item.locator("img").first(),
    ...["Print roster", "Export CSV", "Update", "Hide students", `Hide details: ${seeded.mia.name}`].map((name) =>
      item.getByRole("button", { name, includeHidden: true }),
    ),
  ];
  for (const locator of gone) {
    await expect(locator).toHaveCount(1);
    await expect(locator).toBeHidden();
  }
  await expect(item.getByRole("heading", { name: `Roster: ${CLASS_NAME}` })).toBeVisible();
  const table = item.getByRole("table", { name: `Campers enrolled in ${CLASS_NAME}` });
  await expect(table).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Emergency contacts" })).toBeVisible();
  await expect(table.getByTestId("printed-medical").getByText("Peanuts (carries an EpiPen)")).toBeVisible();
  // Once on paper: the details opened on screen are not printed a second time.
  await expect(table.getByText("Peanuts (carries an EpiPen)").filter({ visible: true })).toHaveCount(1);
  const look = await table.evaluate((t) => {
    const cell = t.querySelector("td")!;
    const style = getComputedStyle(cell);
    return {
      display: getComputedStyle(t).display,
      color: style.color,
      rowBreak: getComputedStyle(t.querySelector("tbody tr")!).breakInside,
      width: t.getBoundingClientRect().width,
      page: document.documentElement.clientWidth,
    };
  });
  expect(look).toMatchObject({ display: "table", color: "rgb(0, 0, 0)", rowBreak: "avoid" });
  // The shell's frame is gone too: the table has the paper's width, not the page column's.
  expect(look.width).toBeGreaterThan(look.page * 0.9);
}
