import { expect, test } from "@playwright/test";
import { confirmEmailForPaying } from "../support/email-verification";
import { catcherSmtpUrl } from "../../tools/mail-catcher.mjs";
import { typeCard } from "../support/card-field";
import { startOwnApi } from "../support/own-api";
import { mailTo } from "../support/inbox";
import { MAIL_PORTS } from "../support/ports";
import { accessToken, SEED, signUpFreshStudent, storedAccessToken } from "../support/session";

/**
 * A family pays a deposit and the rest in instalments (decision 040), in Chromium, on an API of
 * this test's own whose clock the test moves: the plan chosen on the payment page with its
 * schedule and consent, the deposit paid with a card whose bank asks to authenticate it once
 * (4000 0025 0000 3155), then on the first instalment's day the card charged without the family,
 * shown on My Balance and in the payment history, and e-mailed.
 */
const DAY_MS = 86_400_000;

let own: Awaited<ReturnType<typeof startOwnApi>>;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // Charged within a second of its day; its e-mails to the run's mail catcher.
  own = await startOwnApi({ INSTALMENT_CHECK_SECONDS: "1", SMTP_URL: catcherSmtpUrl(MAIL_PORTS.smtp) });
});
test.afterAll(async () => {
  await own?.stop();
});

async function call<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${own.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.ok, `${method} ${path}: ${res.status} ${text}`).toBe(true);
  return (text ? JSON.parse(text) : null) as T;
}

/** A day `days` after this API's today, as YYYY-MM-DD. */
const dayAhead = (days: number) => new Date(own.nowMs() + days * DAY_MS).toISOString().slice(0, 10);

/** A plan of three payments (25% now) and an approved $400 class starting in 100 days: its id. */
async function planAndClass(planName: string, className: string): Promise<string> {
  const admin = accessToken(SEED.admin);
  const plan = await call<{ _id: string }>("POST", "/payment-plans", admin, {
    name: planName,
    deposit: { percent: 25 },
    instalments: [{ due: { daysBeforeStart: 60 }, share: { percent: 25 } }, { due: { daysBeforeStart: 21 } }],
    cutoffDays: 30,
  });
  expect(plan._id).toBeTruthy();
  const { insertedId: classId } = await call<{ insertedId: string }>("POST", "/classes", accessToken(SEED.instructor), {
    class_name: className,
    image: "/images/seed/classes/climbing.svg",
    available_seats: 10,
    price: 400,
    sport: "climbing",
    start_date: dayAhead(100),
    end_date: dayAhead(104),
    weekdays: ["mon", "tue", "wed", "thu", "fri"],
    start_time: "09:00",
    end_time: "12:00",
    age_min: 5,
    age_max: 18,
    level: "all",
  });
  await call("PATCH", `/classes/${classId}/status`, admin, { status: "approved" });

  return classId;
}

test("a family chooses a plan, pays the deposit, and the first instalment is charged on its day without them", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const classId = await planAndClass("Three payments", "Autumn Climbing Week");
  await own.routeTo(page);
  const parent = await signUpFreshStudent(page, "Pia Planner", { confirmed: false });
  await confirmEmailForPaying(parent.email, parent.password, own.url);
  const token = await storedAccessToken(page);
  await call("POST", "/carts", token, { classItemId: classId });

  await page.goto("/dashboard/payment");
  const choice = page.getByRole("group", { name: "How would you like to pay?" });
  await expect(choice.getByRole("radio", { name: /Pay in full/ })).toBeChecked();
  await expect(page.getByTestId("checkout-amount")).toHaveText("$400.00");
  await choice.getByRole("radio", { name: /Three payments/ }).check();
  const schedule = page.getByTestId("plan-schedule");
  await expect(schedule).toContainText("Today (deposit)$100.00");
  await expect(schedule).toContainText("$100.00");
  await expect(schedule).toContainText("$200.00");
  await expect(schedule).toContainText("authorise Summit Sports Academy to save this card");
  await expect(page.getByTestId("checkout-amount")).toHaveText("$100.00");
  await expect(page.getByTestId("checkout-total")).toHaveText("$400.00");
  await page.screenshot({ path: test.info().outputPath("plan-chosen-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("plan-chosen-390.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await typeCard(page, "4000002500003155");
  await page.getByRole("button", { name: /^Pay \$100\.00/ }).click();
  // The bank asks once, when the card is saved; the instalments are then charged without the family.
  const bank = page.frameLocator('iframe[title="Authenticate your payment"]');
  await bank.getByRole("button", { name: "Complete" }).click();
  await expect(page.getByRole("heading", { name: "Payment Complete Successfully" })).toBeVisible({ timeout: 20_000 });

  // Student Home says what comes next, and leads to My Balance.
  await page.goto("/dashboard/userhome");
  await expect(page.getByTestId("next-payment")).toContainText(/^Next payment: \$100\.00 on /);
  await page.getByTestId("next-payment").getByRole("link", { name: "My Balance" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My Balance" })).toBeVisible();
  await expect(page.getByTestId("balance-summary")).toContainText("Still to pay: $300.00. Next: $100.00 on");

  // The first instalment's day (60 days before the first day) comes.
  await own.moveClockTo(own.nowMs() + 41 * DAY_MS);
  await expect
    .poll(
      async () =>
        (await call<{ plans: { instalments: { status: string }[] }[] }>("GET", "/balance", token)).plans[0]!
          .instalments[0]!.status,
      { timeout: 20_000 },
    )
    .toBe("paid");
  await page.reload();
  await expect(page.getByTestId("balance-summary")).toContainText("Still to pay: $200.00. Next: $200.00 on");
  const planCard = page.getByRole("listitem").filter({ hasText: "Three payments" });
  await expect(planCard.getByRole("row").nth(1)).toContainText("Paid");
  await page.screenshot({ path: test.info().outputPath("balance-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("balance-390.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto("/dashboard/paymenthistory");
  // The deposit and the instalment, each a payment of its own.
  await expect(page.getByText(/^Transaction id: pi_/)).toHaveCount(2);
  await expect(page.getByText("$100.00", { exact: true })).toHaveCount(2);
  await expect(page.getByTestId("payment-plan-part")).toHaveText([
    "A payment of your payment plan “Three payments”",
    "Deposit of your payment plan “Three payments”",
  ]);

  const found = await mailTo(parent.email, /^Payment received/, "newest");
  expect(found.subject).toBe("Payment received: $100.00 of your payment plan");
  expect(found.text).toContain("the card ending in 3155");
  expect(found.text).toContain("Still to come: $200.00 on");

  // The family gives another card for the rest: saved now, nothing charged.
  await page.goto("/dashboard/balance");
  await page.getByRole("button", { name: "Use another card" }).click();
  const change = page.getByRole("region", { name: "Use another card for your payments" });
  await typeCard(page, "5555555555554444");
  await change.getByRole("button", { name: "Save this card" }).click();
  await expect(change.getByRole("status")).toHaveText("Saved. Your next payments are charged to this card.", {
    timeout: 20_000,
  });
  // Then pays the rest ahead: charged to the new card at once, not on its day.
  await page.getByRole("button", { name: "Pay the rest now ($200.00)" }).click();
  await page
    .getByRole("group", { name: "Pay the rest now ($200.00)" })
    .getByRole("button", { name: "Charge now" })
    .click();
  await expect(page.getByText("Your saved card is being charged $200.00")).toBeVisible();
  const last = await mailTo(parent.email, /^Payment received: \$200\.00/, "newest");
  expect(last.text).toContain("the card ending in 4444");
  await page.reload();
  await expect(page.getByTestId("balance-summary")).toHaveText("Everything is paid.");
});

test("a declined instalment is e-mailed with a link; the family pays it there with a new card, which pays the rest", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const classId = await planAndClass("Three payments, declined", "Autumn Kayak Week");
  await own.routeTo(page);
  const parent = await signUpFreshStudent(page, "Cai Declined", { confirmed: false });
  await confirmEmailForPaying(parent.email, parent.password, own.url);
  const token = await storedAccessToken(page);
  await call("POST", "/carts", token, { classItemId: classId });
  await page.goto("/dashboard/payment");
  await page
    .getByRole("group", { name: "How would you like to pay?" })
    .getByRole("radio", { name: /Three payments, declined/ })
    .check();
  await typeCard(page, "4242424242424242");
  await page.getByRole("button", { name: /^Pay \$100\.00/ }).click();
  await expect(page.getByRole("heading", { name: "Payment Complete Successfully" })).toBeVisible({ timeout: 20_000 });
  // Then the family saves Stripe's 4000 0000 0000 0341: it is saved, and every charge to it is declined.
  await page.goto("/dashboard/balance");
  await page.getByRole("button", { name: "Use another card" }).click();
  const change = page.getByRole("region", { name: "Use another card for your payments" });
  await typeCard(page, "4000000000000341");
  await change.getByRole("button", { name: "Save this card" }).click();
  await expect(change.getByRole("status")).toHaveText("Saved. Your next payments are charged to this card.", {
    timeout: 20_000,
  });

  await own.moveClockTo(own.nowMs() + 41 * DAY_MS);
  const mail = await mailTo(parent.email, /^Action needed/, "newest");
  expect(mail.subject).toBe("Action needed: your payment of $100.00 did not go through");
  expect(mail.text).toContain("to the card ending in 0341");
  expect(mail.text).toContain("but your bank declined the card");
  expect(mail.text).toContain("Autumn Kayak Week");
  const link = /https?:\/\/\S+\/dashboard\/balance\?pay=[0-9a-f-]{36}/.exec(mail.text)?.[0];
  expect(link, "the e-mail's Pay now link").toBeTruthy();

  await page.goto(new URL(link!).pathname + new URL(link!).search);
  const panel = page.getByRole("region", { name: "Pay this payment now" });
  await expect(panel.getByRole("button", { name: "Pay $100.00", exact: true })).toBeEnabled({ timeout: 20_000 });
  await page.screenshot({ path: test.info().outputPath("pay-refused-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("pay-refused-390.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await typeCard(page, "4242424242424242");
  await panel.getByRole("button", { name: "Pay $100.00", exact: true }).click();
  await expect(panel.getByRole("status")).toHaveText(
    "Paid. Thank you: the card you used pays your later payments too.",
    {
      timeout: 20_000,
    },
  );
  await expect(page.getByTestId("balance-summary")).toContainText("Still to pay: $200.00. Next: $200.00 on");
  const paid = await mailTo(parent.email, /^Payment received/, "newest");
  expect(paid.text).toContain("the card ending in 4242");

  // The last instalment is charged to the new card, without the family.
  await own.moveClockTo(own.nowMs() + 40 * DAY_MS);
  await expect
    .poll(async () => (await call<{ owedCents: number }>("GET", "/balance", token)).owedCents, { timeout: 20_000 })
    .toBe(0);
});
