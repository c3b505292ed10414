import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { pdfText } from "../../tools/pdf-text.mjs";
import { approvedClass, callApi } from "../support/api-calls";
import { apiNowMs } from "../support/api-clock";
import { typeCard } from "../support/card-field";
import { mailTo } from "../support/inbox";
import { confirmCard } from "../../tools/card-payment.mjs";
import { SANDBOX_URL } from "../support/pricing-steps";
import { accessibilityProblems } from "../support/page-audit";
import { accessToken, SEED, signInAs, signUpFreshStudent, storedAccessToken } from "../support/session";

/**
 * Moving a seat to a dearer class (decision 048), in Chromium: a family's child holds a seat paid
 * in full at the desk (set up through the API); the admin moves it at the front desk with a fee,
 * reads the figures, and leaves the difference due; the family pays the difference by card on My
 * Balance and reads the move's lines in its payment history and its e-mail.
 */
const run = Date.now().toString(36).slice(-5);

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** A day this many days after the API's today, at the academy (Portland). */
const dayAhead = (days: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(
    new Date(apiNowMs() + days * 86_400_000),
  );

test("an admin moves a seat to a dearer class and the family pays the difference by card", async ({
  page,
  browser,
}) => {
  test.slow();
  const tokens = { instructor: accessToken(SEED.instructor), admin: accessToken(SEED.admin) };
  const from = `Move From ${run}`;
  const to = `Move To ${run}`;
  const fromId = await approvedClass(tokens, {
    name: from,
    price: 100,
    seats: 10,
    sport: "soccer",
    firstDay: dayAhead(40),
    lastDay: dayAhead(44),
  });
  const toId = await approvedClass(tokens, {
    name: to,
    price: 160,
    seats: 10,
    sport: "tennis",
    firstDay: dayAhead(47),
    lastDay: dayAhead(51),
  });

  // The family signs up on a phone and adds a child; the office booked the seat, paid in cash.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const parent = await phone.newPage();
  const { email } = await signUpFreshStudent(parent, `Robin Mover ${run}`);
  const familyToken = await storedAccessToken(parent);
  const me = await callApi<{ _id: string }>("GET", "/users/me", familyToken);
  const kid = await callApi<{ camper: { _id: string } }>("POST", "/campers", familyToken, {
    first_name: "Mia",
    last_name: `Mover${run}`,
    date_of_birth: `${Number(dayAhead(40).slice(0, 4)) - 10}-03-01`,
    emergency_contacts: [{ name: "Rosa Mover", relation: "grandmother", phone: "+1 555 0111" }],
  });
  await callApi("POST", `/admin/families/${me._id}/bookings`, tokens.admin, {
    seats: [{ classId: fromId, camperId: kid.camper._id }],
    payment: { method: "cash", amountCents: 10_000, receivedOn: dayAhead(0) },
  });

  // The admin moves the seat at the front desk: a $10 fee, the figures, the difference due in a week.
  await signInAs(page, SEED.admin);
  await page.goto(`/dashboard/front-desk?family=${me._id}`);
  await page.getByRole("button", { name: `Move to another class: Mia Mover${run}'s seat in ${from}` }).click();
  const form = page.getByRole("form", { name: `Move Mia Mover${run}'s seat in ${from}` });
  await form.getByLabel("Find a class (name or instructor)").fill(to);
  await form.getByLabel("Class to move to").selectOption(toId);
  await form.getByLabel("Transfer fee (dollars)").fill("10");
  await form.getByRole("button", { name: "See the figures" }).click();
  const figures = form.getByRole("table", { name: "The figures for Mia" });
  await expect(figures).toContainText("$160.00");
  await expect(figures).toContainText("−$100.00");
  await expect(figures.getByRole("row", { name: /Difference to pay/ })).toContainText("$70.00");
  await form.getByLabel("Difference due by").fill(dayAhead(7));
  await form.getByLabel("Reason (the family reads it)").fill("Moved to the tennis week, as asked on the phone");
  expect(await accessibilityProblems(page)).toEqual([]);
  await shoot(page, "seat-move-figures-1280");
  await form.getByRole("button", { name: "Move the seat" }).click();
  await expect(page.getByText(`moved from ${from} to ${to}. $70.00 is left to pay on the new booking.`)).toBeVisible();
  await expect(page.getByText(`Moved to ${to}`)).toBeVisible();
  await expect(page.getByRole("region", { name: "What the office did for this family" })).toContainText(
    `from ${from} to ${to}: $70.00 to pay, fee $10.00`,
  );
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await accessibilityProblems(page)).toEqual([]);
  await shoot(page, "seat-move-done-390");

  // The desk's first screen: every family's statements of last year in one archive, counted as it comes.
  await page.getByRole("button", { name: "Find another family" }).click();
  const statements = page.getByRole("region", { name: "Year-end statements" });
  const lastYearOfAll = String(Number(dayAhead(0).slice(0, 4)) - 1);
  await expect(statements.getByLabel("Year")).toHaveValue(lastYearOfAll);
  await statements.getByRole("button", { name: `Download every statement for ${lastYearOfAll}` }).click();
  await expect(statements.getByRole("status")).toHaveText(
    new RegExp(
      `^(No family paid anything in ${lastYearOfAll}|Downloaded \\d+ of \\d+ statements? for ${lastYearOfAll})`,
    ),
  );
  expect(await accessibilityProblems(page)).toEqual([]);

  // The family's e-mail: the lines that add up, both calendars.
  const moved = await mailTo(email, new RegExp(`^Moved to ${to}: \\$70\\.00 to pay$`));
  expect(moved.text).toContain("Difference to pay: $70.00");
  expect(moved.text).toContain("Transfer fee: $10.00");

  // The family pays the difference by card on My Balance.
  await parent.goto("/dashboard/balance");
  await parent.getByRole("button", { name: /^Pay \$70\.00 by card/ }).click();
  await typeCard(parent);
  await parent
    .getByRole("button", { name: /^Pay \$70\.00/ })
    .last()
    .click();
  await expect(parent.getByText(`Paid $70.00 for ${to}. Thank you.`)).toBeVisible({ timeout: 20_000 });
  const after = await callApi<{ orders: { owedCents: number }[] }>("GET", "/balance/orders", familyToken);
  expect(after.orders.every((o) => o.owedCents === 0)).toBe(true);

  // Payment History: the credit's lines, and the old payment carried to the new class.
  await parent.goto("/dashboard/paymenthistory");
  const move = parent.getByTestId("payment-move");
  await expect(move).toContainText(`Mia Mover${run}'s seat moved from ${from}`);
  await expect(move).toContainText("Difference to pay");
  await expect(parent.getByTestId("payment-refund")).toContainText(`Carried to ${to}: $90.00`);
  expect(await accessibilityProblems(parent)).toEqual([]);
  await shoot(parent, "seat-move-history-390");

  // Year-end statements: last year's, for the child (this year's money counts from next January).
  const lastYear = Number(dayAhead(0).slice(0, 4)) - 1;
  const child = parent.getByTestId("statement-child");
  await child.getByRole("button", { name: /^Show statement: / }).click();
  await expect(child.getByText(`No payment for Mia Mover${run} in ${lastYear}.`)).toBeVisible();
  expect(await accessibilityProblems(parent)).toEqual([]);
  await shoot(parent, "statement-390");
  const [download] = await Promise.all([
    parent.waitForEvent("download"),
    child.getByRole("button", { name: /^Download PDF: / }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`statement-${lastYear}-Mia-Mover${run}.pdf`);
  const text = await pdfText(await readFile((await download.path())!));
  expect(text).toContain(`Statement of payments, ${lastYear}`);
  expect(text).toContain("Tax id (EIN): 93-4172085");
  expect(text).toContain(`Mia Mover${run}`);
  await phone.close();
});

test("a family moves its own seat to a cheaper class from My Enrolled Classes, and the difference goes back to its card", async ({
  browser,
}) => {
  const tokens = { instructor: accessToken(SEED.instructor), admin: accessToken(SEED.admin) };
  const from = `Own From ${run}`;
  const to = `Own To ${run}`;
  const fromId = await approvedClass(tokens, {
    name: from,
    price: 120,
    seats: 10,
    sport: "soccer",
    firstDay: dayAhead(40),
    lastDay: dayAhead(44),
  });
  const toId = await approvedClass(tokens, {
    name: to,
    price: 80,
    seats: 10,
    sport: "tennis",
    firstDay: dayAhead(54),
    lastDay: dayAhead(58),
  });

  // The family signs up on a phone, adds a child and pays for the seat by card (through the API).
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const parent = await phone.newPage();
  const { email } = await signUpFreshStudent(parent, `Sam Mover ${run}`);
  const me = await callApi<{ _id: string }>("GET", "/users/me", await storedAccessToken(parent));
  const token = accessToken({ id: me._id, email });
  const kid = await callApi<{ camper: { _id: string } }>("POST", "/campers", token, {
    first_name: "Leo",
    last_name: `Mover${run}`,
    date_of_birth: `${Number(dayAhead(40).slice(0, 4)) - 9}-05-01`,
    emergency_contacts: [{ name: "Rosa Mover", relation: "grandmother", phone: "+1 555 0111" }],
  });
  await callApi("POST", "/carts", token, { classItemId: fromId, camperId: kid.camper._id });
  const checkout = await callApi<{ clientSecret: string; paymentIntentId: string }>(
    "POST",
    "/create-payment-intent",
    token,
    {},
  );
  expect(await confirmCard(SANDBOX_URL, checkout.clientSecret)).toBe(200);
  await callApi("POST", "/payments", token, { transactionId: checkout.paymentIntentId });

  // My Enrolled Classes: the rule in words, the figures, then the move.
  await parent.goto("/dashboard/enrolledclasses");
  await expect(parent.getByText(/until 14 days before its first day/).first()).toBeVisible();
  await parent.getByRole("button", { name: `Move to another class: Leo Mover${run}'s seat in ${from}` }).click();
  await parent.getByLabel("Class to move to").selectOption(toId);
  await parent.getByRole("button", { name: "See the figures" }).click();
  await expect(parent.getByText("Difference given back")).toBeVisible();
  await expect(parent.getByText("−$40.00").first()).toBeVisible();
  expect(await accessibilityProblems(parent)).toEqual([]);
  await shoot(parent, "own-move-figures-390");
  await parent.getByRole("button", { name: "Move the seat" }).click();
  await expect(parent.getByText(/\$40\.00 (went back|is on its way back) to your card\./)).toBeVisible();
  await expect(parent.getByRole("heading", { name: to })).toBeVisible();
  await expect(parent.getByRole("heading", { name: from })).toHaveCount(0);
  await shoot(parent, "own-move-done-390");
  const moved = await mailTo(email, new RegExp(`^Moved to ${to}$`));
  expect(moved.text).toContain("Difference given back: −$40.00");
  await phone.close();
});
