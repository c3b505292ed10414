import { expect, test, type Page } from "@playwright/test";
import { confirmCard } from "../../tools/card-payment.mjs";
import { API_URL, PAYMENT_SANDBOX_PORT } from "../support/ports";
import { signUpFreshStudent, storedAccessToken } from "../support/session";

/**
 * The student area with a fresh student: the cart table and its delete dialogs, then (after a
 * payment made on the sandbox as the card form would make it) the payment history, the enrolled
 * classes and the home summary. Screenshots of each page, desktop and phone, go to test-results.
 */
const CLASS_ID = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, "0")}`;
const MARTIAL_ARTS = CLASS_ID(7);
const BASEBALL = CLASS_ID(8);
const CYCLING = CLASS_ID(10);
const SANDBOX_URL = `http://127.0.0.1:${PAYMENT_SANDBOX_PORT}`;
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test("the cart lists the student's classes with S/N, photo, price, Pay and delete; deleting asks first and the badge follows; an empty cart says so", async ({
  page,
  request,
}) => {
  await signUpFreshStudent(page);
  await page.goto("/dashboard/mydashboard");
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse classes" })).toHaveAttribute("href", "/classes");

  const headers = { authorization: `Bearer ${await storedAccessToken(page)}` };
  for (const id of [MARTIAL_ARTS, BASEBALL]) {
    const booked = await request.post(`${API_URL}/carts`, { headers, data: { classItemId: id } });
    expect(booked.status(), await booked.text()).toBe(201);
  }
  await page.reload();
  const table = page.getByRole("table", { name: "Your selected classes" });
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table.getByRole("columnheader", { name: "S/N" })).toBeVisible();
  await expect(table.getByRole("rowheader", { name: "Intro to Martial Arts" })).toBeVisible();
  await expect(page.getByText("Total Class: 2")).toBeVisible();
  await expect(page.getByText("Total Price: $288.50")).toBeVisible();
  await expect(page.getByRole("link", { name: "Pay Now" })).toHaveAttribute("href", "/dashboard/payment");
  const pay = table.getByRole("link", { name: "Pay for Baseball Batting Clinic" });
  await expect(pay).toHaveAttribute("href", /\/dashboard\/singlepayment\?item=[0-9a-f-]{36}$/);
  await shoot(page, "cart-desktop");

  // Cancelling the dialog keeps the class; confirming deletes it, and both badges follow.
  await table.getByRole("button", { name: "Delete Intro to Martial Arts" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Are you sure?" })).toBeVisible();
  await expect(dialog).toContainText("You won't be able to revert this!");
  await shoot(page, "cart-delete-dialog");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(table.getByRole("row")).toHaveCount(3);
  // By keyboard: the delete button, then the dialog's confirm button.
  await table.getByRole("button", { name: "Delete Intro to Martial Arts" }).press("Enter");
  await page.getByRole("dialog").getByRole("button", { name: "Yes, delete it!" }).press("Enter");
  await expect(page.getByRole("dialog").getByRole("heading", { name: "Deleted!" })).toBeVisible();
  await expect(page.getByRole("dialog")).toContainText("Your file has been deleted.");
  // A success notice closes by itself (spec section 9: 1000-1500 ms)...
  await expect(page.getByRole("dialog")).toBeHidden({ timeout: 3_000 });
  await expect(table.getByRole("row")).toHaveCount(2);
  // ...and focus stays in the list, on the delete button of the line now in the deleted one's place.
  await expect(table.getByRole("button", { name: /^Delete / })).toBeFocused();
  await expect(page.getByText("Total Class: 1")).toBeVisible();
  // The navbar's and the sidebar's badges read the same shared cart query.
  await expect(page.getByRole("navigation", { name: "Main" })).toContainText("1 class in your cart");
  await expect(page.getByRole("navigation", { name: "Dashboard menu" })).toContainText("1 class in your cart");
  await expect(page.getByText("Total Price: $149.50")).toBeVisible();
  const carts = (await (
    await request.get(`${API_URL}/carts`, { headers, params: { email: (await me(request, headers)).email } })
  ).json()) as unknown[];
  expect(carts).toHaveLength(1);

  // On a phone the rows become cards, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table).toBeHidden();
  const cards = page.getByRole("list", { name: "Your selected classes" });
  await expect(cards.getByRole("listitem")).toHaveCount(1);
  await expect(cards.getByRole("link", { name: "Pay for Baseball Batting Clinic" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shoot(page, "cart-phone");
});

async function me(request: import("@playwright/test").APIRequestContext, headers: Record<string, string>) {
  const res = await request.get(`${API_URL}/users/me`, { headers });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { email: string };
}

test("after a payment, history, enrolled classes and the home summary show it; with nothing yet each page says so", async ({
  page,
  request,
}) => {
  const student = await signUpFreshStudent(page);
  for (const [path, empty] of [
    ["paymenthistory", "No payments yet"],
    ["enrolledclasses", "No enrolled classes yet"],
  ] as const) {
    await page.goto(`/dashboard/${path}`);
    await expect(page.getByRole("heading", { name: empty })).toBeVisible();
  }

  const headers = { authorization: `Bearer ${await storedAccessToken(page)}` };
  expect((await request.post(`${API_URL}/carts`, { headers, data: { classItemId: CYCLING } })).status()).toBe(201);
  const opened = await request.post(`${API_URL}/create-payment-intent`, { headers, data: { price: 1 } });
  expect(opened.status(), await opened.text()).toBe(201);
  const checkout = (await opened.json()) as { clientSecret: string; paymentIntentId: string };
  expect(await confirmCard(SANDBOX_URL, checkout.clientSecret), "the sandbox confirms the card").toBe(200);
  const recorded = await request.post(`${API_URL}/payments`, {
    headers,
    data: { transactionId: checkout.paymentIntentId },
  });
  expect([200, 201], await recorded.text()).toContain(recorded.status());

  await page.goto("/dashboard/paymenthistory");
  const payments = page.getByRole("list", { name: "Your payments, newest first" });
  await expect(payments.getByRole("listitem")).toHaveCount(1);
  await expect(payments).toContainText("Cycling Endurance");
  await expect(payments).toContainText("$109.00");
  await expect(payments).toContainText(`Transaction id: ${checkout.paymentIntentId}`);
  // The stored "service pending" (spec section 9, kept by the API) reads "Paid" to people.
  await expect(payments.getByTestId("payment-status")).toHaveText("Paid");
  await shoot(page, "history-desktop");

  await page.goto("/dashboard/enrolledclasses");
  const enrolled = page.getByRole("list", { name: "Your enrolled classes" });
  await expect(enrolled.getByRole("heading", { name: "Cycling Endurance" })).toBeVisible();
  await expect(enrolled).toContainText("Instructor: ");
  await shoot(page, "enrolled-desktop");

  await page.goto("/dashboard/userhome");
  await expect(page.getByText(`Welcome, ${student.name}`)).toBeVisible();
  const summary = page.getByRole("list", { name: "Summary" });
  await expect(summary).toContainText("In my cart0");
  await expect(summary).toContainText("Enrolled classes1");
  await expect(summary).toContainText("Spent$109.00");
  await shoot(page, "home-desktop");

  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["userhome", "paymenthistory", "enrolledclasses"]) {
    await page.goto(`/dashboard/${path}`);
    await expect(page.locator("[data-remote=mfe_student] h1")).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shoot(page, `${path}-phone`);
  }
});
