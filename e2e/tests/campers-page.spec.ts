import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { confirmCard } from "../../tools/card-payment.mjs";
import { accessibilityProblems } from "../support/page-audit";
import { API_URL, PAYMENT_SANDBOX_PORT } from "../support/ports";
import { SEED_SUMMER, seedDay } from "../support/seed-calendar";
import { approvedClass } from "../support/api-calls";
import { accessToken, SEED, signUpFreshStudent, storedAccessToken } from "../support/session";

/**
 * My Campers: a family's campers, "Myself" first, children added, changed and removed
 * through the page; whose seat each booking is on the cart, payment, enrolled and history pages.
 * Bookings and the payment are made through the API (they are not what this page is about).
 * Screenshots at 1280 and 390 px go to test-results.
 */
const CLASS_ID = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, "0")}`;
/** Intro to Martial Arts: ages 6 to 10, Tuesdays and Thursdays. */
const MARTIAL_ARTS = CLASS_ID(7);
/** Baseball Batting Clinic: ages 10 to 14. */
const BASEBALL = CLASS_ID(8);
/** Table Tennis Tactics: ages 8 to 14. */
const TABLE_TENNIS = CLASS_ID(12);
/** A class of this spec's own, open to every age: where the parent books a seat for themselves. */
const FAMILY_PADDLE = { id: "", name: "Family Paddle Hour" };
const SANDBOX_URL = `http://127.0.0.1:${PAYMENT_SANDBOX_PORT}`;
/** Mia is 8 and Leo 9 when the seeded summer's classes start. */
const MIA_BORN = `${SEED_SUMMER - 8}-01-15`;
const LEO_BORN = `${SEED_SUMMER - 9}-05-20`;

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

async function noSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function apiCall<T>(
  request: APIRequestContext,
  token: string,
  method: "GET" | "POST",
  path: string,
  data?: object,
  status?: number,
) {
  const res = await request.fetch(`${API_URL}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data && { data }),
  });
  if (status) expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(status);
  else expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

test.beforeAll(async () => {
  FAMILY_PADDLE.id = await approvedClass(
    { instructor: accessToken(SEED.instructor), admin: accessToken(SEED.admin) },
    {
      name: FAMILY_PADDLE.name,
      price: 45,
      seats: 20,
      sport: "table-tennis",
      firstDay: seedDay("2027-08-09"),
      lastDay: seedDay("2027-08-13"),
      ages: null,
    },
  );
});

test("a family adds two children, changes one, is told what is missing or refused, removes one; every booking says whose seat it is", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const parent = await signUpFreshStudent(page, "Jordan Rivera");
  await page.goto("/dashboard/campers");
  await expect(page.getByRole("heading", { level: 1, name: "My Campers" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Dashboard menu" }).getByRole("link", { name: "My Campers" }),
  ).toHaveAttribute("aria-current", "page");
  const campers = page.getByRole("list", { name: "Your campers" });
  // "Myself" is always there, first, as the account holder.
  await expect(campers.getByRole("heading", { level: 2 })).toHaveText([`Myself (${parent.name})`]);
  await expect(campers).toContainText("Account holder");
  await expect(page.getByRole("heading", { name: "No children yet: add the first" })).toBeVisible();
  // The emergency-contact reminder shows only while a child lacks one (none yet here).
  await expect(page.getByTestId("emergency-contact-banner")).toHaveCount(0);
  expect(await accessibilityProblems(page, "[data-remote=mfe_student]")).toEqual([]);
  await shoot(page, "campers-empty-desktop");

  // Adding: the form's own messages first, under each field, focus on the first.
  await page.getByRole("button", { name: "Add a child" }).click();
  const form = page.getByRole("form", { name: "Add a child" });
  await expect(form.getByLabel("First name")).toBeFocused();
  await form.getByRole("button", { name: "Add child" }).click();
  await expect(form.getByText("First name is required")).toBeVisible();
  await expect(form.getByText("Last name is required")).toBeVisible();
  await expect(form.getByText("Date of birth is required")).toBeVisible();
  await expect(form.getByText("Contact name is required")).toBeVisible();
  await expect(form.getByLabel("First name")).toBeFocused();
  await expect(form.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
  expect(await accessibilityProblems(page, "[data-remote=mfe_student]")).toEqual([]);
  await shoot(page, "campers-add-errors-desktop");

  // Then the API's own message under the field it refused (a text-direction override in a name).
  await form.getByLabel("First name").fill("Mia\u202E");
  await form.getByLabel("Last name").fill("Rivera");
  await form.getByLabel("Date of birth").fill(MIA_BORN);
  await form.getByLabel("Allergies").fill("Peanuts");
  const contact = form.getByRole("group", { name: "Emergency contact 1" });
  await contact.getByLabel("Name").fill("Ana Rivera");
  await contact.getByLabel("Relation").fill("mother");
  await contact.getByLabel("Phone").fill("call me");
  await form.getByRole("button", { name: "Add child" }).click();
  await expect(
    contact.getByText("Enter a phone number: digits, spaces, + ( ) - only, 6 to 20 characters"),
  ).toBeVisible();
  await expect(contact.getByLabel("Phone")).toBeFocused();
  await contact.getByLabel("Phone").fill("+1 555 0100");
  await form.getByRole("button", { name: "Add child" }).click();
  await expect(form.getByText("Must not contain text-direction control characters.")).toBeVisible();
  await expect(form.getByRole("alert")).toContainText("Some fields are invalid.");
  await expect(form.getByLabel("First name")).toBeFocused();
  await form.getByLabel("First name").fill("Mia");
  await form.getByRole("button", { name: "Add child" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Mia Rivera was added." })).toBeVisible();
  await expect(campers.getByRole("heading", { name: "Mia Rivera" })).toBeFocused();
  const mia = campers.getByRole("article", { name: "Mia Rivera" });
  await expect(mia).toContainText("Peanuts");
  await expect(mia).toContainText("Ana Rivera (mother), +1 555 0100");
  await expect(mia).toContainText("(age ");

  // The second child, without an emergency contact for now (its empty row removed).
  await page.getByRole("button", { name: "Add a child" }).click();
  const second = page.getByRole("form", { name: "Add a child" });
  await second.getByLabel("First name").fill("Leo");
  await second.getByLabel("Last name").fill("Rivera");
  await second.getByLabel("Date of birth").fill(LEO_BORN);
  await second.getByRole("button", { name: "Remove emergency contact 1" }).click();
  await expect(second.getByRole("button", { name: "Add an emergency contact" })).toBeFocused();
  await second.getByRole("button", { name: "Add child" }).click();
  const leo = campers.getByRole("article", { name: "Leo Rivera" });
  await expect(leo).toContainText("No emergency contact yet: add one before booking Leo's first class.");
  await expect(page.getByTestId("emergency-contact-banner")).toContainText("add at least one emergency contact");
  await expect(campers.getByRole("heading", { level: 2 })).toHaveText([
    `Myself (${parent.name})`,
    "Mia Rivera",
    "Leo Rivera",
  ]);

  // Changing Leo: an emergency contact, someone allowed to pick him up, photo consent.
  await leo.getByRole("button", { name: "Edit Leo Rivera" }).click();
  const edit = page.getByRole("form", { name: "Edit Leo Rivera" });
  await edit.getByRole("button", { name: "Add an emergency contact" }).click();
  const leoContact = edit.getByRole("group", { name: "Emergency contact 1" });
  await expect(leoContact.getByLabel("Name")).toBeFocused();
  await leoContact.getByLabel("Name").fill("Ana Rivera");
  await leoContact.getByLabel("Relation").fill("mother");
  await leoContact.getByLabel("Phone").fill("+1 555 0100");
  await edit.getByRole("button", { name: "Add a person allowed to pick up" }).click();
  const pickup = edit.getByRole("group", { name: "Person allowed to pick up 1" });
  await pickup.getByLabel("Name").fill("Tom Rivera");
  await pickup.getByLabel("Relation").fill("uncle");
  await pickup.getByLabel("Phone").fill("555 0101");
  await edit.getByLabel("Photo consent").check();
  await shoot(page, "campers-edit-desktop");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Leo Rivera: changes saved." })).toBeVisible();
  await expect(campers.getByRole("heading", { name: "Leo Rivera" })).toBeFocused();
  await expect(leo).toContainText("Tom Rivera (uncle), 555 0101");
  await expect(leo).not.toContainText("No emergency contact yet");
  await expect(page.getByTestId("emergency-contact-banner")).toHaveCount(0);

  // "Myself": everything but the name, which is changed in Settings. A parent who books a seat
  // for themselves gives a grown-up's date of birth and someone to call, as for any camper.
  await campers.getByRole("button", { name: `Edit Myself (${parent.name})` }).click();
  const self = page.getByRole("form", { name: `Edit Myself (${parent.name})` });
  await expect(self.getByLabel("First name")).toHaveCount(0);
  await expect(self.getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/settings");
  await expect(self.getByLabel("Date of birth")).toBeFocused();
  await self.getByLabel("Date of birth").fill("1986-03-14");
  await self.getByRole("button", { name: "Add an emergency contact" }).click();
  const selfContact = self.getByRole("group", { name: "Emergency contact 1" });
  await selfContact.getByLabel("Name").fill("Tom Rivera");
  await selfContact.getByLabel("Relation").fill("brother");
  await selfContact.getByLabel("Phone").fill("555 0101");
  await self.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Myself (${parent.name}): changes saved.` })).toBeVisible();
  await expect(campers.getByRole("heading", { name: `Myself (${parent.name})` })).toBeFocused();
  await shoot(page, "campers-list-desktop");

  // Bookings, through the API: Mia pays for a class; Leo and the parent wait in the cart.
  const token = await storedAccessToken(page);
  const family = await apiCall<{ _id: string; name: string }[]>(request, token, "GET", "/campers");
  const idOf = (name: string) => family.find((c) => c.name === name)!._id;
  await apiCall(request, token, "POST", "/carts", { classItemId: MARTIAL_ARTS, camperId: idOf("Mia Rivera") });
  const checkout = await apiCall<{ clientSecret: string; paymentIntentId: string }>(
    request,
    token,
    "POST",
    "/create-payment-intent",
    {},
  );
  expect(await confirmCard(SANDBOX_URL, checkout.clientSecret), "the sandbox confirms the card").toBe(200);
  await apiCall(request, token, "POST", "/payments", { transactionId: checkout.paymentIntentId });
  await apiCall(request, token, "POST", "/carts", { classItemId: TABLE_TENNIS, camperId: idOf("Leo Rivera") });
  // Baseball is for ages 10 to 14: the parent's own seat is in a class open to every age.
  const forMyself = await apiCall<{ message: string }>(
    request,
    token,
    "POST",
    "/carts",
    { classItemId: BASEBALL },
    409,
  );
  expect(forMyself.message).toContain("book it for one of your children");
  await apiCall(request, token, "POST", "/carts", { classItemId: FAMILY_PADDLE.id });

  await page.goto("/dashboard/mydashboard");
  const cart = page.getByRole("table", { name: "Your selected classes" });
  await expect(cart.getByRole("rowheader", { name: "Table Tennis Tactics" })).toContainText("for Leo Rivera");
  await expect(cart.getByRole("rowheader", { name: FAMILY_PADDLE.name })).toContainText(`for ${parent.name}`);
  await expect(cart.getByRole("link", { name: "Pay for Table Tennis Tactics for Leo Rivera" })).toBeVisible();
  await page.goto("/dashboard/enrolledclasses");
  await expect(page.getByRole("list", { name: "Your enrolled classes" })).toContainText("Intro to Martial Arts");
  await expect(page.getByTestId("enrolled-camper")).toHaveText(["for Mia Rivera"]);
  await page.goto("/dashboard/paymenthistory");
  await expect(page.getByRole("list", { name: "Your payments, newest first" })).toContainText(
    "Intro to Martial Arts for Mia Rivera",
  );

  // Removing Mia while she holds a seat: why not, said at once, and no "Are you sure?" first.
  await page.goto("/dashboard/campers");
  await campers.getByRole("button", { name: "Remove Mia Rivera" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Mia cannot be removed yet" })).toBeVisible();
  await expect(dialog).toContainText(
    'Mia holds a seat in "Intro to Martial Arts": cancel it first in My Enrolled Classes, then remove Mia.',
  );
  await expect(dialog.getByRole("button", { name: "Yes, delete it!" })).toBeHidden();
  await shoot(page, "campers-remove-refused-desktop");
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(campers.getByRole("article", { name: "Mia Rivera" })).toBeVisible();
  // The dialog gives focus back to the button that opened it.
  await expect(campers.getByRole("button", { name: "Remove Mia Rivera" })).toBeFocused();

  // Removing Leo: asked first, then gone, with his cart line; focus on the camper before him.
  await campers.getByRole("button", { name: "Remove Leo Rivera" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Yes, delete it!" }).click();
  await expect(page.getByRole("dialog").getByRole("heading", { name: "Deleted!" })).toBeVisible();
  await expect(page.getByRole("dialog")).toContainText("Leo Rivera has been removed from your family.");
  await expect(page.getByRole("dialog")).toBeHidden({ timeout: 3_000 });
  await expect(campers.getByRole("heading", { level: 2 })).toHaveText([`Myself (${parent.name})`, "Mia Rivera"]);
  await expect(campers.getByRole("heading", { name: "Mia Rivera" })).toBeFocused();
  await expect(page.getByRole("navigation", { name: "Dashboard menu" })).toContainText("1 class in your cart");

  // The family's data, as one JSON file.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download our data" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^academy-family-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync(await download.path(), "utf8")) as {
    campers: { name: string; allergies: string }[];
  };
  expect(data.campers.find((c) => c.name === "Mia Rivera")?.allergies).toBe("Peanuts");

  // The payment page names whose seat it pays for.
  await page.goto("/dashboard/payment");
  await expect(page.getByTestId("checkout-camper")).toHaveText([`for ${parent.name}`]);
  await shoot(page, "campers-payment-desktop");

  // On a phone: nothing scrolls sideways, the list nor the form.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard/campers");
  await expect(campers.getByRole("article", { name: "Mia Rivera" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await noSidewaysScroll(page, 390);
  await shoot(page, "campers-list-phone");
  await campers.getByRole("button", { name: "Edit Mia Rivera" }).click();
  const phoneForm = page.getByRole("form", { name: "Edit Mia Rivera" });
  await expect(phoneForm.getByLabel("First name")).toBeFocused();
  await phoneForm.getByLabel("First name").fill("");
  await phoneForm.getByRole("button", { name: "Save changes" }).click();
  await expect(phoneForm.getByText("First name is required")).toBeVisible();
  await noSidewaysScroll(page, 390);
  expect(await accessibilityProblems(page, "[data-remote=mfe_student]")).toEqual([]);
  await shoot(page, "campers-edit-phone");
  await phoneForm.getByRole("button", { name: "Cancel" }).click();
  await expect(campers.getByRole("button", { name: "Edit Mia Rivera" })).toBeFocused();
  await page.goto("/dashboard/enrolledclasses");
  await expect(page.getByTestId("enrolled-camper")).toHaveText(["for Mia Rivera"]);
  await noSidewaysScroll(page, 390);
});

test("a parent gives their own phone and address before the first booking, then a second parent's at the same address", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const parent = await signUpFreshStudent(page, "Noor Haddad", { guardian: false });
  // A first try at booking says what is missing, and offers the page where it is given.
  await page.goto("/classes");
  await page.getByRole("button", { name: "Add To Booking" }).first().click();
  const refused = page.getByRole("dialog");
  await expect(refused.getByRole("heading", { name: "This class was not added" })).toBeVisible();
  await expect(refused).toContainText("Give your own mobile phone and postal address under My Campers");
  await refused.getByRole("button", { name: "Open My Campers" }).click();
  await expect(page).toHaveURL(/\/dashboard\/campers$/);
  await expect(page.getByTestId("guardian-banner")).toContainText("Before your first booking");
  const form = page.getByRole("form", { name: "Parents and guardians" });
  const you = form.getByRole("group", { name: "You" });
  // The account's own name to start with, and its e-mail (changed in Settings, not here).
  await expect(you.getByLabel("Full name")).toHaveValue(parent.name);
  await expect(you).toContainText(parent.email);
  await expect(you.getByLabel("Mobile phone")).toHaveAttribute("autocomplete", "section-first tel");

  // What is missing is said under each field, as the API words it; nothing is sent.
  await form.getByRole("button", { name: "Save details" }).click();
  await expect(
    form.getByText("Relation is required (for example: mother, father, grandmother, guardian)"),
  ).toBeVisible();
  await expect(form.getByText("Street address is required")).toBeVisible();
  await expect(you.getByLabel("Relation to the children")).toBeFocused();
  expect(await accessibilityProblems(page, "[data-remote=mfe_student]")).toEqual([]);
  await shoot(page, "guardians-missing-desktop");

  await you.getByLabel("Relation to the children").fill("mother");
  await you.getByLabel("Mobile phone").fill("+1 555 0177");
  await you.getByLabel("Street address").fill("4 Orchard Row");
  await you.getByLabel("Town or city").fill("Springfield");
  await you.getByLabel("Postal code").fill("62704");
  await form.getByRole("button", { name: "Save details" }).click();
  const saved = page.getByRole("region", { name: "Parents and guardians" });
  await expect(saved).toContainText(`${parent.name} (mother)`);
  await expect(saved).toContainText("4 Orchard Row, Springfield, 62704");
  await expect(page.getByTestId("guardian-banner")).toHaveCount(0);
  await expect(page.getByText("Parents and guardians: saved.")).toBeVisible();

  // A second parent, at the same address with one click, reached at their own e-mail.
  await saved.getByRole("button", { name: "Edit parents and guardians" }).click();
  await expect(form.getByRole("group", { name: "You" }).getByLabel("Full name")).toBeFocused();
  await form.getByLabel("Add a second parent or guardian").check();
  const second = form.getByRole("group", { name: "Second parent or guardian" });
  await second.getByRole("button", { name: "Same address as mine" }).click();
  await expect(second.getByLabel("Street address")).toHaveValue("4 Orchard Row");
  await second.getByLabel("Full name").fill("Sami Haddad");
  await second.getByLabel("Relation to the children").fill("father");
  await second.getByLabel("Mobile phone").fill("+1 555 0178");
  await second.getByLabel("E-mail").fill("not an address");
  await form.getByRole("button", { name: "Save details" }).click();
  await expect(second.getByText("Enter an e-mail address such as name@example.com")).toBeVisible();
  await second.getByLabel("E-mail").fill("Sami.Haddad@example.com");
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page, 390);
  await shoot(page, "guardians-second-phone");
  await form.getByRole("button", { name: "Save details" }).click();
  await expect(saved).toContainText("Sami Haddad (father)");
  await expect(saved).toContainText("sami.haddad@example.com");
  await noSidewaysScroll(page, 390);
  await shoot(page, "guardians-saved-phone");

  // Kept: a new visit reads them back from the API.
  await page.reload();
  await expect(page.getByRole("region", { name: "Parents and guardians" })).toContainText("+1 555 0178");
});
