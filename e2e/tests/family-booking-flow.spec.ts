import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { confirmCard } from "../../tools/card-payment.mjs";
import { callApi } from "../support/api-calls";
import { API_URL, PAYMENT_SANDBOX_PORT } from "../support/ports";
import { accessToken, SEED, signInAs, signUpFreshStudent, storedAccessToken } from "../support/session";
import { seedDay } from "../support/seed-calendar";
import { birthDateForAge } from "../../tools/test-dates.mjs";

/**
 * Families (decision 030) as one flow: a parent adds two children on My Campers (one with an allergy),
 * books one class for both (two seats, one payment on the payment sandbox), is refused a class for
 * a child outside its ages with the reason shown, and finds both under Enrolled Classes; the
 * class's instructor sees both on the roster with the allergy flag and prints it; another
 * instructor may not open it. The classes, the payment and the other instructor's attempt go
 * through the API (other specs cover those pages: campers-page, booking-for-campers,
 * roster-and-family); what the flow is about goes through the pages.
 */

const TAG = randomBytes(3).toString("hex");
const SANDBOX_URL = `http://127.0.0.1:${PAYMENT_SANDBOX_PORT}`;
const JONAS = { id: "00000000-0000-4000-8000-000000000003", email: "jonas@summitsports.academy" };
const FIRST_DAY = seedDay("2027-07-26");
const LAST_DAY = seedDay("2027-08-06");
const BOOKED = `Family Flow Tennis ${TAG}`;
const OLDER = `Family Flow Climbing ${TAG}`;
const PRICE = 45;

const longDay = (day: string) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** An approved class of Maya's, two weeks of the seeded summer, for the given ages. */
async function mayasClass(name: string, ages: [number, number], hours: [string, string]): Promise<string> {
  const maya = accessToken(SEED.instructor);
  const { insertedId } = await callApi<{ insertedId: string }>("POST", "/classes", maya, {
    class_name: name,
    image: "/images/seed/classes/tennis.svg",
    available_seats: 10,
    price: PRICE,
    sport: "tennis",
    start_date: FIRST_DAY,
    end_date: LAST_DAY,
    weekdays: ["mon", "tue", "wed", "thu", "fri"],
    start_time: hours[0],
    end_time: hours[1],
    age_min: ages[0],
    age_max: ages[1],
    level: "all",
  });
  await callApi("PATCH", `/classes/${insertedId}/status`, accessToken(SEED.admin), { status: "approved" });
  return insertedId;
}

/** Adds a child through My Campers' form, with the emergency contact a booking needs. */
async function addChild(page: Page, first: string, born: string, allergies = "") {
  await page.getByRole("button", { name: "Add a child" }).click();
  const form = page.getByRole("form", { name: "Add a child" });
  await form.getByLabel("First name").fill(first);
  await form.getByLabel("Last name").fill("Rivera");
  await form.getByLabel("Date of birth").fill(born);
  if (allergies) await form.getByLabel("Allergies").fill(allergies);
  const contact = form.getByRole("group", { name: "Emergency contact 1" });
  await contact.getByLabel("Name").fill("Ana Rivera");
  await contact.getByLabel("Relation").fill("mother");
  await contact.getByLabel("Phone").fill("+1 555 0100");
  await form.getByRole("button", { name: "Add child" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${first} Rivera was added.` })).toBeVisible();
}

/** The class page's "Add To Booking", opening the dialog that asks whose seat it is. */
async function openSeatDialog(page: Page, classId: string, name: string) {
  await page.goto(`/classes/${classId}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await page.getByTestId("class-booking").getByRole("button", { name: "Add To Booking" }).click();
  const dialog = page.getByRole("dialog", { name: "Who is this seat for?" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("a family's whole booking: two children, one class, two seats, one payment; the ages refused; the roster printed; another instructor kept out", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const [bookedId, olderId] = await Promise.all([
    mayasClass(BOOKED, [8, 12], ["09:00", "12:00"]),
    mayasClass(OLDER, [10, 14], ["13:00", "15:00"]),
  ]);

  // The parent adds Mia (9, allergic to peanuts) and Kai (11) on My Campers.
  const parent = await signUpFreshStudent(page, `Ana Rivera ${TAG}`);
  await page.goto("/dashboard/campers");
  await expect(page.getByRole("heading", { level: 1, name: "My Campers" })).toBeVisible();
  await addChild(page, "Mia", birthDateForAge(9, FIRST_DAY, { monthsOver: 2 }), "Peanuts");
  await addChild(page, "Kai", birthDateForAge(11, FIRST_DAY, { monthsOver: 2 }));
  const campers = page.getByRole("list", { name: "Your campers" });
  await expect(campers.getByRole("heading", { level: 2 })).toHaveText([
    `Myself (${parent.name})`,
    "Mia Rivera",
    "Kai Rivera",
  ]);

  // One class for both: two lines in the cart, from one press of "Add".
  const dialog = await openSeatDialog(page, bookedId, BOOKED);
  await dialog.getByRole("checkbox", { name: "Mia Rivera" }).check();
  await dialog.getByRole("checkbox", { name: "Kai Rivera" }).check();
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("class-booking")).toContainText("In your cart for Mia and Kai.");

  // One payment for the two seats, on the payment sandbox (the payment pages have their own specs).
  const token = await storedAccessToken(page);
  const checkout = await callApi<{ clientSecret: string; paymentIntentId: string; amount: number }>(
    "POST",
    "/create-payment-intent",
    token,
    {},
  );
  expect(checkout.amount).toBe(2 * PRICE);
  expect(await confirmCard(SANDBOX_URL, checkout.clientSecret), "the sandbox confirms the card").toBe(200);
  const paid = await callApi<{ payment: { quantity: number; camperNames: string[] } }>("POST", "/payments", token, {
    transactionId: checkout.paymentIntentId,
  });
  expect(paid.payment.quantity).toBe(2);
  expect([...paid.payment.camperNames].sort()).toEqual(["Kai Rivera", "Mia Rivera"]);

  // A class for ages 10-14: Mia may not go, and the dialog says why; the server refuses her too.
  const tooYoung = `Mia will be 9 on ${longDay(FIRST_DAY)}; this class is for ages 10-14.`;
  const older = await openSeatDialog(page, olderId, OLDER);
  const miaBox = older.getByRole("checkbox", { name: "Mia Rivera" });
  await expect(miaBox).toBeDisabled();
  await expect(miaBox).toHaveAccessibleDescription(tooYoung);
  await expect(older.getByText(tooYoung)).toBeVisible();
  await expect(older.getByRole("checkbox", { name: "Kai Rivera" })).toBeEnabled();
  await page.screenshot({ path: testInfo.outputPath("flow-refused-1280.png") });
  await page.keyboard.press("Escape");
  const mia = (await callApi<{ _id: string; name: string }[]>("GET", "/campers", token)).find(
    (c) => c.name === "Mia Rivera",
  )!;
  const refused = await fetch(`${API_URL}/carts`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ classItemId: olderId, camperId: mia._id }),
  });
  expect(refused.status).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toBe(tooYoung);

  // Both children under Enrolled Classes, each with their own seat.
  await page.goto("/dashboard/enrolledclasses");
  const enrolled = page.getByRole("list", { name: "Your enrolled classes" });
  const seats = enrolled.getByRole("listitem").filter({ hasText: BOOKED });
  await expect(seats).toHaveCount(2);
  expect((await seats.getByTestId("enrolled-camper").allInnerTexts()).sort()).toEqual([
    "for Kai Rivera",
    "for Mia Rivera",
  ]);

  // Maya, the class's instructor: both on the roster, the allergy flag on Mia's row alone.
  const maya = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInAs(maya, SEED.instructor);
  await maya.goto("/dashboard/myclasses");
  const item = maya.getByRole("listitem").filter({ has: maya.getByRole("heading", { name: BOOKED }) });
  await item.getByRole("button", { name: "Students" }).click();
  const roster = item.getByRole("table", { name: `Campers enrolled in ${BOOKED}` });
  await expect(roster).toBeVisible();
  const row = (name: string) => roster.getByRole("row").filter({ hasText: name });
  await expect(row("Mia Rivera")).toHaveCount(1);
  await expect(row("Kai Rivera")).toHaveCount(1);
  await expect(row("Mia Rivera").getByText("Allergy/medical")).toBeVisible();
  await expect(row("Kai Rivera").getByText("Allergy/medical")).toHaveCount(0);
  await expect(row("Kai Rivera").getByText("None noted")).toBeVisible();

  // Print: the browser's print is asked for; on paper the roster shows without the site's navigation.
  await maya.evaluate(() => {
    window.print = () => {
      (window as unknown as { printed: number }).printed = 1;
    };
  });
  await item.getByRole("button", { name: "Print roster" }).click();
  // The print dialog is asked for once the children's details are fetched, so this waits for it.
  await expect.poll(() => maya.evaluate(() => (window as unknown as { printed?: number }).printed)).toBe(1);
  await maya.emulateMedia({ media: "print" });
  await expect(maya.getByRole("navigation", { name: "Main", includeHidden: true })).toBeHidden();
  await expect(maya.getByRole("complementary", { name: "Dashboard", includeHidden: true })).toBeHidden();
  await expect(item.getByRole("button", { name: "Print roster", includeHidden: true })).toBeHidden();
  await expect(roster).toBeVisible();
  await expect(row("Mia Rivera")).toBeVisible();
  await expect(row("Kai Rivera")).toBeVisible();
  await maya.screenshot({ path: testInfo.outputPath("flow-roster-print-1280.png"), fullPage: true });
  await maya.emulateMedia({ media: "screen" });
  await maya.context().close();

  // Jonas, another instructor: the roster, a child's details and the export are refused.
  for (const path of [
    `/classes/${bookedId}/roster`,
    `/classes/${bookedId}/roster/${mia._id}/medical`,
    `/classes/${bookedId}/roster.csv`,
  ]) {
    const res = await fetch(`${API_URL}${path}`, { headers: { authorization: `Bearer ${accessToken(JONAS)}` } });
    expect(res.status, path).toBe(403);
    expect(((await res.json()) as { message: string }).message, path).toBe("You are not allowed to do this.");
  }
});
