import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { apiNowMs } from "../support/api-clock";
import { confirmCard } from "../../tools/card-payment.mjs";
import { confirmedSignUp } from "../support/email-verification";
import { callApi } from "../support/api-calls";
import { accessibilityProblems } from "../support/page-audit";
import { API_URL, PAYMENT_SANDBOX_PORT } from "../support/ports";
import { accessToken, SEED, signInAs, storedAccessToken, giveGuardian } from "../support/session";

/**
 * Cancellations under the policy: a family pays for two classes, cancels the
 * one 20 days ahead (the whole price back, shown before and made) and the one 10 days ahead (half,
 * inside the 50% window), sees both refunds in the payment history, and the seats count on
 * /classes goes back down. The family pays through the API (this spec is about cancelling).
 */

const TAG = randomBytes(3).toString("hex");
const PASSWORD = "Camp#Family2026";
const SANDBOX_URL = `http://127.0.0.1:${PAYMENT_SANDBOX_PORT}`;
const EARLY = `Cancel Early Soccer ${TAG}`;
const HALF = `Cancel Half Tennis ${TAG}`;
const BY_ADMIN = `Cancel By Admin Climbing ${TAG}`;
const BOUNCED = `Refund Bounced Golf ${TAG}`;
/** Stripe's test card whose refunds the bank sends back a moment after they were made. */
const REFUND_FAIL_CARD = "4000000000005126";

/** A date `days` from today on the academy's calendar (Portland), YYYY-MM-DD. */
function academyDay(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date(apiNowMs()));
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const parent = { email: `cancel-${TAG}@example.net`, password: PASSWORD, name: `Casey Cancel ${TAG}` };
const classIds: Record<string, string> = {};
const POLICY_TEXT =
  "Full refund until 14 days before the first day, 50% until 7 days before, no refund after that or once the class has started. If cancelling a seat means the seats you keep no longer earn a discount (multi-class, sibling, or a promo code's minimum order), the refund is reduced by the discount they no longer earn. On a payment plan, a refund is of what was paid so far, and cancelling ends the payments still to come: nothing more is owed, even when nothing is refunded.";

test.describe.configure({ mode: "serial", timeout: 90_000 });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const maya = accessToken(SEED.instructor);
  const admin = accessToken(SEED.admin);
  for (const [name, first, sport] of [
    [EARLY, 20, "soccer"],
    [HALF, 10, "tennis"],
    [BY_ADMIN, 30, "climbing"],
    [BOUNCED, 40, "golf"],
  ] as const) {
    const created = await callApi<{ insertedId: string }>("POST", "/classes", maya, {
      class_name: name,
      image: `/images/seed/classes/${sport}.svg`,
      available_seats: 6,
      price: 149,
      sport,
      start_date: academyDay(first),
      end_date: academyDay(first + 4),
      weekdays: ["mon", "tue", "wed", "thu", "fri"],
      start_time: "09:00",
      end_time: "12:00",
      age_min: 8,
      age_max: 18,
      level: "all",
    });
    classIds[name] = created.insertedId;
    await callApi("PATCH", `/classes/${created.insertedId}/status`, admin, { status: "approved" });
  }
  const idToken = await confirmedSignUp(parent.email, PASSWORD, parent.name);
  const { token } = await callApi<{ token: string }>("POST", "/jwt", idToken, { email: parent.email });
  await giveGuardian(token);
  // Two payments: three classes with a card that refunds, then one with a card whose refunds bounce.
  for (const [names, card] of [
    [[EARLY, HALF, BY_ADMIN], undefined],
    [[BOUNCED], REFUND_FAIL_CARD],
  ] as const) {
    for (const name of names) await callApi("POST", "/carts", token, { classItemId: classIds[name] });
    const checkout = await callApi<{ clientSecret: string; paymentIntentId: string }>(
      "POST",
      "/create-payment-intent",
      token,
      {},
    );
    expect(await confirmCard(SANDBOX_URL, checkout.clientSecret, card), "the sandbox confirms the card").toBe(200);
    await callApi("POST", "/payments", token, { transactionId: checkout.paymentIntentId });
  }
});

/** The class's card on /classes, found by its name. */
async function enrolledOnCard(page: Page, name: string) {
  await page.goto(`/classes?search=${encodeURIComponent(name)}`);
  const card = page.getByTestId("class-card").filter({ hasText: name });
  return card.getByText("Enrolled", { exact: true }).locator("xpath=following-sibling::dd");
}

async function cancelSeat(page: Page, className: string, expected: { quote: string; done: string }) {
  await page.goto("/dashboard/enrolledclasses");
  await page.getByRole("button", { name: `Cancel seat in ${className} for ${parent.name}` }).click();
  const ask = page.getByRole("dialog", { name: "Cancel this seat?" });
  await expect(ask).toContainText(expected.quote);
  await ask.getByRole("button", { name: "Yes, cancel the seat" }).click();
  const done = page.getByRole("dialog", { name: "Seat cancelled" });
  await expect(done).toContainText(expected.done);
  await done.getByRole("button", { name: "OK" }).click();
  await expect(page.getByRole("button", { name: `Cancel seat in ${className} for ${parent.name}` })).toHaveCount(0);
}

test("a family cancels 20 days ahead (all back) and 10 days ahead (half back), and sees both refunds", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, parent);
  await expect(await enrolledOnCard(page, EARLY)).toHaveText("1 student");

  await page.goto("/dashboard/enrolledclasses");
  await expect(page.getByRole("region", { name: "Cancellation policy" })).toContainText(
    "Full refund until 14 days before the first day, 50% until 7 days before",
  );
  expect(await accessibilityProblems(page)).toEqual([]);

  await cancelSeat(page, EARLY, {
    quote: "You will get $149.00 back of $149.00.",
    done: "The seat is cancelled and $149.00 is on its way back to the card.",
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await cancelSeat(page, HALF, {
    quote: "You will get $74.50 back of $149.00.",
    done: "The seat is cancelled and $74.50 is on its way back to the card.",
  });
  // The seats for the admin's tests are the ones left.
  await expect(page.getByRole("button", { name: /^Cancel seat in / })).toHaveCount(2);

  await page.goto("/dashboard/paymenthistory");
  const refunds = page.getByTestId("payment-refund");
  await expect(refunds).toHaveCount(2);
  await expect(refunds.filter({ hasText: "Refund $149.00" })).toHaveCount(1);
  await expect(refunds.filter({ hasText: "Refund $74.50" })).toHaveCount(1);
  // $149.00 and $74.50 of $298.00 went back: the payment is partly refunded (in people's words).
  await expect(page.getByText("Partly refunded", { exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("payment-history-390.png"), fullPage: true });

  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(await enrolledOnCard(page, EARLY)).toHaveText("0 students");

  // The terms a family accepts: on the class page, and on the payment page before paying.
  await page.goto(`/classes/${classIds[EARLY]}`);
  await expect(page.getByTestId("class-policy")).toHaveText(POLICY_TEXT);
  await callApi("POST", "/carts", await storedAccessToken(page), { classItemId: classIds[EARLY] });
  await page.goto("/dashboard/payment");
  await expect(page.getByTestId("accepted-terms")).toContainText(`${POLICY_TEXT} By paying you accept it.`);
});

test("an admin cancels a family's seat with an amount they type and a reason, from the family's view", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, SEED.admin);
  await page.goto(`/dashboard/manageusers?q=${encodeURIComponent(parent.email)}`);
  await page.getByRole("button", { name: `Family: ${parent.name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Family of ${parent.name}` });
  // The family's view has loaded its payments too: a form opened before then was closed again once
  // in a fast run (left for the admin's family view to mend: an early press should hold).
  await expect(dialog.getByRole("list", { name: "Payments" })).toBeVisible();
  await dialog.getByRole("button", { name: `Cancel seat: ${BY_ADMIN}, ${parent.name}` }).click();
  const form = dialog.getByRole("form", { name: `Cancel seat: ${BY_ADMIN}, ${parent.name}` });
  await expect(form).toContainText("Under the policy today: $149.00");
  await form.getByLabel("Another amount").check();
  await form.getByLabel("Amount ($)").fill("150");
  await form.getByLabel("Reason (kept with the cancellation, and told to the family)").fill("Injured before camp");
  await form.getByRole("button", { name: "Cancel the seat" }).click();
  // Refused before sending: the reason beside the field, a summary by the button, focus on the field.
  const amount = form.getByLabel("Amount ($)");
  await expect(form.getByRole("alert")).toHaveText("1 field needs another look: Amount.");
  await expect(amount).toHaveAccessibleDescription(/At most \$149\.00 of this seat is left to refund\./);
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await expect(amount).toBeFocused();
  await amount.fill("40");
  await form.getByRole("button", { name: "Cancel the seat" }).click();
  await expect(dialog.getByRole("status").filter({ hasText: "cancelled" })).toContainText(
    "The seat is cancelled and $40.00 is on its way back to the card.",
  );
  expect(await accessibilityProblems(page, "dialog")).toEqual([]);
});

test("an admin sends a goodwill refund without cancelling; one the bank sends back shows on Admin Home", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, SEED.admin);
  await page.goto(`/dashboard/manageusers?q=${encodeURIComponent(parent.email)}`);
  await page.getByRole("button", { name: `Family: ${parent.name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Family of ${parent.name}` });
  const payments = dialog.getByRole("list", { name: "Payments" });
  // Newest first: the golf class's payment, with the card whose refunds bounce.
  await expect(payments.getByRole("listitem")).toHaveCount(2);
  const bounced = payments.getByRole("listitem").filter({ hasText: BOUNCED });
  await bounced.getByRole("button", { name: /^Refund part of the payment of \$149\.00/ }).click();
  const form = bounced.getByRole("form", { name: /^Refund part of the payment of/ });
  await expect(form).toContainText("$149.00 of this payment is left to refund");
  await form.getByLabel("Amount ($)").fill("12.5");
  await form.getByRole("button", { name: "Refund to the card" }).click();
  await expect(form.getByRole("alert")).toHaveText("Say why, for the record.");
  await form.getByLabel("Reason (kept with the refund)").fill("Rained out on the first day");
  await form.getByRole("button", { name: "Refund to the card" }).click();
  await expect(bounced.getByRole("status")).toContainText("$12.50 is on its way back to the card.");
  // The seat stays booked: its cancel button is still there.
  await expect(dialog.getByRole("button", { name: `Cancel seat: ${BOUNCED}, ${parent.name}` })).toBeVisible();
  expect(await accessibilityProblems(page, "dialog")).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("goodwill-refund-390.png"), fullPage: true });
  await dialog.getByRole("button", { name: "Close" }).click();

  // A moment later the card's bank sends it back (refund.failed): Admin Home lists it as failed.
  await page.goto("/dashboard/adminhome");
  const panel = page.getByRole("list", { name: "Refunds to follow up" });
  await expect(async () => {
    await page.reload();
    await expect(panel.getByRole("listitem").filter({ hasText: parent.email })).toContainText(
      "Failed: The card's bank sent the refund back (expired or canceled card): nothing was refunded.",
      { timeout: 1_000 },
    );
  }).toPass({ timeout: 20_000 });
  await expect(panel.getByRole("listitem").filter({ hasText: parent.email })).toContainText(
    "Reason: Rained out on the first day",
  );
  await page.screenshot({ path: test.info().outputPath("refunds-panel-390.png"), fullPage: true });
});

test("an admin sets the policy on Admin Home: a wrong field is said, a saved one is what families read", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, SEED.admin);
  await page.goto("/dashboard/adminhome");
  const form = page.getByRole("form", { name: "Cancellation policy" });
  await expect(form.getByTestId("policy-text")).toHaveText(POLICY_TEXT);
  await form.getByLabel("Partial refund until (days before)").fill("20");
  await form.getByRole("button", { name: "Save policy" }).click();
  await expect(form.getByText("The partial refund cannot last longer than the full one.")).toBeVisible();
  await form.getByLabel("Partial refund until (days before)").fill("7");
  await form.getByLabel("Processing fee kept ($)").fill("2.50");
  await form.getByRole("button", { name: "Save policy" }).click();
  const withFee = `${POLICY_TEXT} A processing fee of $2.50 is kept from any refund.`;
  await expect(form.getByTestId("policy-text")).toHaveText(withFee);
  expect((await (await fetch(`${API_URL}/cancellation-policy`)).json()).text).toBe(withFee);
  expect(await accessibilityProblems(page, "form")).toEqual([]);
  // Back as it was, for the rest of the suite.
  await form.getByLabel("Processing fee kept ($)").fill("0");
  await form.getByRole("button", { name: "Save policy" }).click();
  await expect(form.getByTestId("policy-text")).toHaveText(POLICY_TEXT);
});
