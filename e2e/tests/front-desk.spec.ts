import { expect, test, type Locator, type Page } from "@playwright/test";
import { approvedClass, callApi } from "../support/api-calls";
import { typeCard } from "../support/card-field";
import { mailTo } from "../support/inbox";
import { accessibilityProblems } from "../support/page-audit";
import { apiNowMs } from "../support/api-clock";
import { accessToken, SEED, signInAs } from "../support/session";

/**
 * The front desk (decision 047), in Chromium: an admin registers a walk-in family with two
 * children, books both into a class, takes cash for one seat and leaves the other to pay later;
 * the family claims its account from the e-mail (a password set with Firebase), finds the balance
 * on My Balance and pays it by card.
 */
const run = Date.now().toString(36).slice(-5);
const email = `walk-in-${run}@example.com`;
const family = `Ana Walkin ${run}`;

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** A day this many days after the API's today, at the academy (Portland). */
const dayAhead = (days: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(
    new Date(apiNowMs() + days * 86_400_000),
  );

/** Ten years old at the class's start: a birth date the form takes as typed. */
const tenYearsOld = () => `${Number(dayAhead(40).slice(0, 4)) - 10}-03-01`;

async function addChild(view: Locator, first: string) {
  await view.getByRole("button", { name: "Add a child" }).click();
  const form = view.getByRole("form", { name: "Add a child" });
  await form.getByLabel("First name").fill(first);
  await form.getByLabel("Last name").fill(`Walkin${run}`);
  await form.getByLabel("Date of birth").fill(tenYearsOld());
  // The form opens with one emergency contact to fill, as the family's own does.
  const contact = form.getByRole("group", { name: "Emergency contact 1" });
  await contact.getByLabel("Name").fill("Rosa Walkin");
  await contact.getByLabel("Relation").fill("grandmother");
  await contact.getByLabel("Phone").fill("+1 555 0111");
  await form.getByRole("button", { name: "Add child" }).click();
  await expect(view.getByText(`${first} Walkin${run} is added to the family.`)).toBeVisible();
}

test("the office registers a walk-in family, takes cash for one seat, and the family claims the account and pays the rest by card", async ({
  page,
  browser,
}) => {
  test.slow();
  const className = `Desk Camp ${run}`;
  await approvedClass(
    { instructor: accessToken(SEED.instructor), admin: accessToken(SEED.admin) },
    { name: className, price: 150, seats: 10, sport: "soccer", firstDay: dayAhead(40), lastDay: dayAhead(44) },
  );

  await signInAs(page, SEED.admin);
  await page.goto("/dashboard/front-desk");
  await expect(page.getByRole("heading", { level: 1, name: "Front desk" })).toBeVisible();
  await page.getByRole("button", { name: "New family" }).click();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Account holder's full name").fill(family);
  await page.getByRole("button", { name: "Register the family" }).click();
  await expect(page.getByRole("heading", { level: 2, name: family })).toBeVisible();
  const familyId = new URL(page.url()).searchParams.get("family")!;

  // The guardians (needed to book), then two children with the family's own fields.
  const guardians = page.getByRole("form", { name: "Parents and guardians" });
  await guardians.getByLabel("Full name").fill(family);
  await guardians.getByLabel("Relation to the children").fill("mother");
  await guardians.getByLabel("Mobile phone").fill("+1 555 0100");
  await guardians.getByLabel("Street address").fill("12 Field Lane");
  await guardians.getByLabel("Town or city").fill("Portland");
  await guardians.getByLabel("Postal code").fill("97201");
  await guardians.getByRole("button", { name: "Save parents and guardians" }).click();
  await expect(guardians).toHaveCount(0);
  const view = page.locator("main");
  await addChild(view, "Mia");
  await addChild(view, "Leo");

  // Both children in the class: priced, then $150 in cash for one seat, the rest due in two weeks.
  await page.getByRole("searchbox", { name: /Find an approved class/ }).fill(className);
  await page.getByRole("checkbox", { name: className }).click();
  const seats = page.getByRole("group", { name: `Who takes a seat in ${className}` });
  await seats.getByRole("checkbox", { name: `Mia Walkin${run}` }).click();
  await seats.getByRole("checkbox", { name: `Leo Walkin${run}` }).click();
  await page.getByRole("button", { name: "Price these seats" }).click();
  const prices = page.getByRole("table", { name: "The price of each seat" });
  await expect(prices.getByRole("row", { name: /Total/ })).toContainText("$300.00");
  await page.getByRole("textbox", { name: "Amount received (dollars)" }).fill("150");
  const due = dayAhead(14);
  await page.getByLabel("Balance due by").fill(due);
  await page.getByRole("button", { name: "Book", exact: true }).click();
  await expect(page.getByText(/Booked 2 seats for \$300\.00\. Owed: \$150\.00\./)).toBeVisible();
  const booking = page.getByRole("listitem", { name: /^Booked .* at the desk$/ });
  await expect(booking.getByText("Partially paid")).toBeVisible();
  await expect(booking.getByRole("table", { name: /^Payments of the booking/ })).toContainText("In cash");
  // The office log says who booked it, and what was received.
  await expect(page.getByRole("region", { name: "What the office did for this family" })).toContainText(
    "Booked 2 seats for $300.00, received $150.00 (cash)",
  );
  expect(await accessibilityProblems(page)).toEqual([]);
  await shoot(page, "front-desk-booked-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await accessibilityProblems(page)).toEqual([]);
  await shoot(page, "front-desk-booked-390");

  // The booking e-mail says what was paid and how, and what is left.
  const booked = await mailTo(email, /^Your booking: /);
  expect(booked.text).toContain("We received $150.00 in cash.");
  expect(booked.text).toMatch(/Balance due \$150\.00 by /);

  // The family claims its account from the link, sets a password with Firebase, and is signed in.
  const claim = await mailTo(email, /set your password$/);
  const link = /\/login\?claim=[\w-]+/.exec(claim.text)?.[0];
  expect(link).toBeTruthy();
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const parent = await phone.newPage();
  await parent.goto(link!);
  await expect(parent.getByText(`Set a password for ${email}.`)).toBeVisible();
  await parent.getByLabel("Password", { exact: true }).fill("Walk#In2026pass");
  await parent.getByLabel("Confirm password").fill("Walk#In2026pass");
  await shoot(parent, "claim-account-390");
  await parent.getByRole("button", { name: "Set password and log in" }).click();
  await expect(parent).toHaveURL(/\/dashboard/, { timeout: 20_000 });

  // My Balance: the booking's balance, paid by card.
  await parent.goto("/dashboard/balance");
  await expect(parent.getByText(/\$150\.00/).first()).toBeVisible();
  expect(await accessibilityProblems(parent)).toEqual([]);
  await shoot(parent, "balance-desk-390");
  await parent.getByRole("button", { name: /^Pay \$150\.00 by card/ }).click();
  await typeCard(parent);
  await parent
    .getByRole("button", { name: /^Pay \$150\.00/ })
    .last()
    .click();
  await expect(parent.getByText(`Paid $150.00 for ${className}. Thank you.`)).toBeVisible({ timeout: 20_000 });
  await shoot(parent, "balance-desk-paid-390");
  const after = await callApi<{ orders: { owedCents: number; status: string }[] }>(
    "GET",
    "/balance/orders",
    accessToken({ id: familyId, email }),
  );
  expect(after.orders).toEqual([expect.objectContaining({ owedCents: 0, status: "paid" })]);
  await phone.close();
});
