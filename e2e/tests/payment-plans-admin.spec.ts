import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { academyToday } from "../../shared-auth/src/academy-time";
import { confirmCard } from "../../tools/card-payment.mjs";
import { birthDateForAge } from "../../tools/test-dates.mjs";
import { callApi } from "../support/api-calls";
import { apiNowMs } from "../support/api-clock";
import { confirmedSignUp } from "../support/email-verification";
import { accessibilityProblems } from "../support/page-audit";
import { API_URL, PAYMENT_SANDBOX_PORT } from "../support/ports";
import { accessToken, SEED, signInAs, giveGuardian } from "../support/session";

/**
 * Payment plans (decision 040) in the admin's area: a plan added through the form (its server-side
 * check of the shares included), read in the list in the API's words, paused and deleted. The plan
 * is this test's own (a name with a random tag) on the shared API; a plan left behind would be
 * offered in other specs' carts, so whatever the test leaves is deleted after it, pass or fail.
 */

const PREFIX = "Deposit and two";

const DAY_MS = 86_400_000;
const DAY_WORDS = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** A day some weeks after the API's today, on the academy's calendar (YYYY-MM-DD), and as the API writes it. */
function dayAhead(days: number) {
  const day = academyToday(apiNowMs() + days * DAY_MS);
  return { day, words: DAY_WORDS.format(new Date(`${day}T00:00:00Z`)) };
}

async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The test's plans (one that stopped half-way may leave one), deleted through the API. */
async function deleteLeftovers(prefix: string) {
  const headers = { authorization: `Bearer ${accessToken(SEED.admin)}` };
  const res = await fetch(`${API_URL}/payment-plans`, { headers });
  expect(res.status).toBe(200);
  for (const plan of (await res.json()) as { _id: string; name: string }[]) {
    if (plan.name.startsWith(prefix))
      await fetch(`${API_URL}/payment-plans/${plan._id}`, { method: "DELETE", headers });
  }
}

/** The balances spec's plans: offered only for its own class, and deleted after it all the same. */
const BALANCES_PREFIX = "Balances spec";

test.afterEach(async () => {
  await deleteLeftovers(PREFIX);
  await deleteLeftovers(BALANCES_PREFIX);
});

test("an admin adds a plan with a deposit and two instalments, is told when the shares leave nothing, then pauses and deletes it", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await deleteLeftovers(PREFIX);
  const name = `${PREFIX} ${randomBytes(3).toString("hex")}`;
  const due = dayAhead(45);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, SEED.admin);
  // The sidebar's entry is checked with every admin page (dashboard.spec).
  await page.goto("/dashboard/payment-plans");
  await expect(page.getByRole("heading", { name: "Payment plans", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Add a payment plan" }).click();
  const form = page.getByRole("form", { name: "Add a payment plan" });
  await form.getByLabel("Name families read").fill(name);
  await form.getByLabel("Deposit (%)").fill("25");
  await form.getByRole("button", { name: "Add an instalment" }).click();
  const first = form.getByRole("group", { name: "Instalment 1", exact: true });
  await first.getByLabel("Due").selectOption("On a day");
  await first.getByLabel("Day", { exact: true }).fill(due.day);
  // 25% + 80%: nothing left for the last. The example says so; the server refuses it, beside the instalments.
  await first.getByLabel("Share (%)").fill("80");
  const last = form.getByRole("group", { name: "Instalment 2 (the last)" });
  await expect(last.getByText("Share: the rest.")).toBeVisible();
  await last.getByLabel("Days before the first day").fill("14");
  await form.getByLabel("Minimum order ($, empty: any)").fill("250");
  await expect(form.getByTestId("plan-example")).toContainText("the last payment would have nothing left");
  await form.getByRole("button", { name: "Add plan" }).click();
  const tooMuch =
    "The deposit and the instalments before the last come to 100% or more: the last would have nothing left.";
  await expect(form.getByRole("group", { name: "Instalments after the deposit" })).toHaveAccessibleDescription(tooMuch);
  await expect(form.getByRole("alert")).toHaveText(
    "Some fields need another look. 1 field needs another look: Instalments.",
  );
  await expect(first.getByLabel("Due")).toBeFocused();
  expect(await accessibilityProblems(page, "form")).toEqual([]);
  await shoot(page, "plan-form-refused-1280");

  await first.getByLabel("Share (%)").fill("25");
  await expect(form.getByTestId("plan-example")).toContainText(
    new RegExp(
      `For a \\$400\\.00 seat starting .+: \\$100\\.00 today, \\$100\\.00 on ${due.words}, \\$200\\.00 on .+\\.`,
    ),
  );
  await form.getByRole("button", { name: "Add plan" }).click();
  await expect(form).toHaveCount(0);
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row.getByTestId("plan-summary")).toHaveText(
    `25% today, 25% on ${due.words}, the rest 14 days before the first day`,
  );
  await expect(row.getByTestId("plan-for")).toHaveText("All classes");
  await expect(row).toContainText("Orders from $250.00");
  await expect(row).toContainText("Until 21 days before the first day");
  await expect(row).toContainText("Offered");
  await shoot(page, "payment-plans-1280");

  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByRole("list", { name: "Payment plans" }).getByRole("listitem").filter({ hasText: name });
  await expect(card.getByTestId("plan-for")).toHaveText("For: All classes");
  expect(await noSideScroll(page)).toBe(0);
  await shoot(page, "payment-plans-390");
  // The edit form on a phone: its rows stack, nothing wider than the screen.
  await card.getByRole("button", { name: `Edit ${name}` }).click();
  const editing = page.getByRole("form", { name: "Change payment plan" });
  await expect(
    editing.getByRole("group", { name: "Instalment 1", exact: true }).getByLabel("Day", { exact: true }),
  ).toHaveValue(due.day);
  expect(await noSideScroll(page)).toBe(0);
  expect(await accessibilityProblems(page, "form")).toEqual([]);
  await shoot(page, "plan-form-390");
  await editing.getByRole("button", { name: "Cancel" }).click();

  await card.getByRole("button", { name: `Pause ${name}` }).click();
  await expect(card).toContainText("Paused");
  await expect(card.getByRole("button", { name: `Resume ${name}` })).toBeVisible();
  await card.getByRole("button", { name: `Delete ${name}` }).click();
  await page.getByRole("button", { name: "Yes, delete it!" }).click();
  await expect(card).toHaveCount(0);
});

const SANDBOX_URL = `http://127.0.0.1:${PAYMENT_SANDBOX_PORT}`;

/** An open charge as GET /admin/balances lists it (the fields this test reads). */
interface OpenCharge {
  _id: string;
  orderId: string;
  email: string;
  amountCents: number;
  due: string;
}

/** The family's open charges on the shared API, as the office sees them. */
async function chargesOf(email: string): Promise<OpenCharge[]> {
  const due = await callApi<{ instalments: OpenCharge[] }>("GET", "/admin/balances", accessToken(SEED.admin));
  return due.instalments.filter((i) => i.email === email);
}

test("an admin reads a family's balance due on a plan, by week and in the charges' list, and waives one charge with a reason", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const admin = accessToken(SEED.admin);
  const tag = randomBytes(3).toString("hex");
  const family = `Bea Balance ${tag}`;
  const email = `balances-${tag}@example.net`;

  // Seeded through the API: a class 100 days ahead at $400, a plan offered for it alone (25% today,
  // 25% 60 days before the first day, the rest 21 days before), and a family that paid the deposit.
  const { insertedId: classId } = await callApi<{ insertedId: string }>(
    "POST",
    "/classes",
    accessToken(SEED.instructor),
    {
      class_name: `Balance Climbing ${tag}`,
      image: "/images/seed/classes/climbing.svg",
      available_seats: 5,
      price: 400,
      sport: "climbing",
      start_date: dayAhead(100).day,
      end_date: dayAhead(104).day,
      weekdays: ["mon", "tue", "wed", "thu", "fri"],
      start_time: "09:00",
      end_time: "12:00",
      age_min: 5,
      age_max: 18,
      level: "all",
    },
  );
  await callApi("PATCH", `/classes/${classId}/status`, admin, { status: "approved" });
  const plan = await callApi<{ _id: string }>("POST", "/payment-plans", admin, {
    name: `${BALANCES_PREFIX} ${tag}`,
    deposit: { percent: 25 },
    instalments: [{ due: { daysBeforeStart: 60 }, share: { percent: 25 } }, { due: { daysBeforeStart: 21 } }],
    cutoffDays: 30,
    classIds: [classId],
  });
  const idToken = await confirmedSignUp(email, "Camp#Balance2026", family);
  const { token } = await callApi<{ token: string }>("POST", "/jwt", idToken, { email });
  await giveGuardian(token);
  const { camper } = await callApi<{ camper: { _id: string } }>("POST", "/campers", token, {
    first_name: "Noa",
    last_name: `Balance ${tag}`,
    date_of_birth: birthDateForAge(9, dayAhead(100).day, { monthsOver: 2 }),
    emergency_contacts: [{ name: "Bea Balance", relation: "mother", phone: "+1 555 0142" }],
  });
  await callApi("POST", "/carts", token, { classItemId: classId, camperId: camper._id });
  const checkout = await callApi<{ clientSecret: string; paymentIntentId: string }>(
    "POST",
    "/create-payment-intent",
    token,
    { paymentPlanId: plan._id },
  );
  expect(await confirmCard(SANDBOX_URL, checkout.clientSecret), "the sandbox confirms the card").toBe(200);
  await callApi("POST", "/payments", token, { transactionId: checkout.paymentIntentId });
  const open = await chargesOf(email);
  expect(open.map((c) => c.amountCents)).toEqual([10_000, 20_000]);

  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, SEED.admin);
    await page.goto("/dashboard/balances");
    await expect(page.getByRole("heading", { name: "Balances due", level: 1 })).toBeVisible();
    // The aging list by due week is shown first; the family is there by name too.
    await expect(page.getByRole("button", { name: "By due week", pressed: true })).toBeVisible();
    await page.getByRole("button", { name: "By family" }).click();
    await expect(
      page.getByRole("table", { name: "Totals by family" }).getByRole("row", { name: family }),
    ).toContainText("$300.00");
    await page.getByRole("button", { name: "By due week" }).click();

    const charges = page.getByRole("table", { name: "Charges still to come or refused" });
    const rows = charges.getByRole("row").filter({ hasText: email });
    await expect(rows).toHaveCount(2);
    const words = (day: string) => DAY_WORDS.format(new Date(`${day}T00:00:00Z`));
    await expect(rows.nth(0)).toContainText(words(open[0]!.due));
    await expect(rows.nth(0)).toContainText(`Noa Balance ${tag}, Balance Climbing ${tag}`);
    await expect(rows.nth(0)).toContainText("$100.00");
    await expect(rows.nth(0)).toContainText("Scheduled");
    await expect(rows.nth(1)).toContainText("$200.00");
    // Nothing is due yet: no charge of this family may be tried again.
    await expect(rows.getByRole("button", { name: /^Try again/ })).toHaveCount(0);
    expect(await accessibilityProblems(page, "main")).toEqual([]);
    await shoot(page, "balances-1280");

    await page.setViewportSize({ width: 390, height: 844 });
    // Phones get one card a charge, with the same buttons; nothing is wider than the screen.
    const cards = page
      .getByRole("list", { name: "Charges still to come or refused" })
      .getByRole("listitem")
      .filter({ hasText: email });
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText(`Noa Balance ${tag}, Balance Climbing ${tag}`);
    expect(await noSideScroll(page)).toBe(0);
    await shoot(page, "balances-390");

    const waive = cards.nth(0).getByRole("button", { name: `Waive… ${family}, $100.00 due ${words(open[0]!.due)}` });
    await waive.click();
    const dialog = page.getByRole("dialog", { name: "Waive a charge" });
    await dialog.getByRole("button", { name: "Waive the charge" }).click();
    await expect(dialog.getByText("Say why: the family and the office read it later.")).toBeVisible();
    await dialog.getByRole("textbox", { name: /Reason/ }).fill("Hardship: agreed with the family");
    expect(await accessibilityProblems(page, "dialog")).toEqual([]);
    await page.screenshot({ path: test.info().outputPath("balances-waive-390.png") });
    await dialog.getByRole("button", { name: "Waive the charge" }).click();
    await expect(page.getByRole("status").filter({ hasText: "is waived" })).toHaveText(
      `${family}'s charge of $100.00 due ${words(open[0]!.due)} is waived: it will not be charged.`,
    );
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText("$200.00");
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await shoot(page, "balances-waived-dark-390");
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(rows).toHaveCount(1);
    expect(await accessibilityProblems(page, "main")).toEqual([]);
    await shoot(page, "balances-waived-dark-1280");
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    expect((await chargesOf(email)).map((c) => c.amountCents)).toEqual([20_000]);
  } finally {
    // The family's plan ended, so no charge of this test is left open on the shared API.
    const left = await chargesOf(email);
    if (left.length > 0) {
      await callApi("POST", `/admin/plans/${left[0]!.orderId}/cancel`, admin, { reason: "End of the balances spec" });
    }
  }
});
