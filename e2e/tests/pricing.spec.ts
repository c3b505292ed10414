import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { LOCAL_SECRET_KEY } from "../../tools/payment-sandbox.mjs";
import { startOwnApi } from "../support/own-api";
import { accessibilityProblems } from "../support/page-audit";
import { PAYMENT_SANDBOX_PORT } from "../support/ports";
import { seedDay } from "../support/seed-calendar";
import { accessToken, SEED, signInAs } from "../support/session";
import { typeCard } from "../support/card-field";

/**
 * Pricing (decision 034) in the browser: a family with two children books two classes each, both with an
 * early-bird price, gets the sibling discount and types a promo code; the cart and the payment
 * page show every line and the total the server computes, the card pays exactly that, and the
 * payment history shows the discounts. An API of its own (its own database), so the discounts
 * and early-bird prices set here change nothing for the other specs.
 */
const TENNIS = { id: "00000000-0000-4000-9000-000000000004", name: "Tennis Serve & Volley" };
const TABLE_TENNIS = { id: "00000000-0000-4000-9000-000000000012", name: "Table Tennis Tactics" };
const SOCCER = { id: "00000000-0000-4000-9000-000000000001", name: "Junior Soccer Skills" };
const BATTING = { id: "00000000-0000-4000-9000-000000000008", name: "Baseball Batting Clinic" };
const SANDBOX_URL = `http://127.0.0.1:${PAYMENT_SANDBOX_PORT}`;
const YEAR = Number(seedDay("2027-08-01").slice(0, 4));
const CONTACT = [{ name: "Sam Grandparent", relation: "grandfather", phone: "+1 555 0100" }];
const EXPECTED_TOTAL = "$339.15";

/** A call to the test's own API as `who`, expected to succeed. */
const caller =
  (request: APIRequestContext, api: string) =>
  async (who: { id: string; email: string }, method: string, path: string, data?: object) => {
    const res = await request.fetch(`${api}${path}`, {
      method,
      headers: { authorization: `Bearer ${accessToken(who)}` },
      ...(data && { data }),
    });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    return res.json();
  };

/** What the provider will charge for a PaymentIntent, in cents (the sandbox, as Stripe, asked with the secret key). */
async function intentAmount(request: APIRequestContext, intentId: string): Promise<number> {
  const res = await request.get(`${SANDBOX_URL}/v1/payment_intents/${intentId}`, {
    headers: { authorization: `Bearer ${LOCAL_SECRET_KEY}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { amount: number }).amount;
}

/** "$119.60" to 11960. */
const shownCents = (text: string | null) => Math.round(Number((text ?? "").replace(/[^0-9.]/g, "")) * 100);

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The whole page from its top (the navbar is fixed: scrolled, it would be drawn over the content). */
async function shootFromTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, name);
}

test.describe("prices a camp charges", () => {
  let own: Awaited<ReturnType<typeof startOwnApi>> | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    own = await startOwnApi({});
  });
  test.afterAll(async () => {
    await own?.stop();
  });

  test("two children, two early-bird classes each, the sibling discount and a code: every line, the total, paid exactly, in the history", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const call = caller(request, own!.url);
    await seedThroughTheApi(request, call);

    await own!.routeTo(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, SEED.student);
    await page.goto("/dashboard/mydashboard");
    const table = page.getByRole("table");
    await expect(table.getByRole("row")).toHaveCount(5);
    // Each line: the full price struck through, each discount by name, what is paid.
    await expect(table.getByTestId("line-discount").filter({ hasText: /^Early-bird price until 1 June/ })).toHaveCount(
      4,
    );
    await expect(table.getByTestId("line-discount").filter({ hasText: "Sibling discount" })).toHaveCount(2);
    await expect(page.getByTestId("cart-total")).toHaveText("$399.00");

    // A code that cannot apply says why; the right one says what it does.
    await page.getByRole("button", { name: "Have a promo code?" }).click();
    const code = page.getByLabel("Promo code", { exact: true });
    await expect(code).toBeFocused();
    await code.fill("nosuch");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("promo-verdict")).toHaveText("There is no such code: check how it is spelled.");
    await code.fill("flyer15");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("promo-verdict")).toHaveText("FLYER15: 15% off, $59.85 off this order.");
    await expect(page.getByTestId("cart-total")).toHaveText(EXPECTED_TOTAL);
    await expect(table.getByTestId("line-discount").filter({ hasText: "Summer flyer (FLYER15)" })).toHaveCount(4);
    await expect(page.getByText(/How discounts add up: each seat starts from its early-bird price/)).toBeVisible();
    await shoot(page, "cart-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, "cart-390");
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole("link", { name: "Pay Now" }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\?code=FLYER15$/);
    const buying = page.getByRole("region", { name: "You are paying for" });
    await expect(buying.getByTestId("line-price")).toHaveCount(4);
    await expect(page.getByTestId("checkout-discounts")).toHaveText("−$138.83");
    await expect(page.getByTestId("checkout-amount")).toHaveText(EXPECTED_TOTAL);
    const pay = page.getByRole("button", { name: `Pay ${EXPECTED_TOTAL}` });
    await expect(pay).toBeEnabled({ timeout: 15_000 });
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, "payment-390");
    await page.setViewportSize({ width: 1280, height: 900 });
    await typeCard(page, "4242424242424242");
    await shoot(page, "payment-1280");
    await pay.click();
    await expect(page.getByRole("heading", { name: "Payment Complete Successfully" })).toBeVisible({ timeout: 15_000 });

    await page.getByRole("status").getByRole("link", { name: "Payment History" }).click();
    const history = page.getByRole("list", { name: "Your payments, newest first" });
    await expect(history).toContainText(EXPECTED_TOTAL);
    await expect(history.getByTestId("payment-discounts").first()).toHaveText("Discounts: −$138.83");
    await expect(history.getByTestId("payment-line-discounts")).toHaveCount(4);
    await shoot(page, "history-1280");

    // The server agrees: the payment is of the quoted total, to the cent.
    const payments = (await call(SEED.student, "GET", `/payments?email=${SEED.student.email}`)) as {
      price: number;
      discountCents: number;
    }[];
    expect(payments[0]).toMatchObject({ price: 339.15, discountCents: 13_883 });
  });

  test("an admin adds a code, sees it in the table (cards on a phone), pauses and deletes it", async ({ page }) => {
    test.setTimeout(60_000);
    await own!.routeTo(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, SEED.admin);
    // The sidebar's entry is checked with every admin page (dashboard.spec).
    await page.goto("/dashboard/discounts");
    await expect(page.getByRole("heading", { name: "Discounts", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Add a discount" }).click();
    await page.getByLabel("Name families read").fill("Open day");
    await page.getByLabel("Code", { exact: true }).fill("openday");
    await page.getByLabel("Takes off").selectOption("amount");
    await page.getByLabel("Amount off ($)").fill("12.5");
    await page.getByLabel("Uses in all (empty: no limit)").fill("0");
    await page.getByRole("button", { name: "Add discount" }).click();
    // Checked before sending: the message under the field.
    await expect(page.getByText("A whole number from 1, or leave it empty for no limit.")).toBeVisible();
    await page.getByLabel("Uses in all (empty: no limit)").fill("50");
    await page.getByRole("button", { name: "Add discount" }).click();
    const row = page.getByRole("row", { name: /Open day/ });
    await expect(row).toContainText("OPENDAY");
    await expect(row).toContainText("$12.50 off");
    await expect(row).toContainText("50 uses");
    await expect(row).toContainText("0 orders, $0.00 revenue, $0.00 given");
    await shoot(page, "discounts-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    const card = page.getByRole("list", { name: "Discounts" }).getByRole("listitem").filter({ hasText: "Open day" });
    await expect(card).toBeVisible();
    await shoot(page, "discounts-390");
    await card.getByRole("button", { name: "Pause Open day (OPENDAY)" }).click();
    await expect(card).toContainText("Paused");
    await card.getByRole("button", { name: "Delete Open day (OPENDAY)" }).click();
    await page.getByRole("button", { name: "Yes, delete it!" }).click();
    await expect(card).toHaveCount(0);
    // Admin Home shows what each code brought.
    await page.goto("/dashboard/adminhome");
    await expect(page.getByRole("heading", { name: "Promo codes" })).toBeVisible();
  });
});

test.describe("a promo code for some classes", () => {
  let own: Awaited<ReturnType<typeof startOwnApi>> | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    own = await startOwnApi({});
  });
  test.afterAll(async () => {
    await own?.stop();
  });

  test("an admin picks a class for a code by name; the family pays that class's row alone with the code, the PaymentIntent's amount to the cent", async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const call = caller(request, own!.url);
    const sam = SEED.student;
    for (const line of (await call(sam, "GET", `/carts?email=${sam.email}`)) as { _id: string }[]) {
      await call(sam, "DELETE", `/carts/${line._id}`);
    }
    const camper = (await call(sam, "POST", "/campers", {
      first_name: "Cal",
      last_name: "Student",
      date_of_birth: `${YEAR - 11}-04-10`,
      emergency_contacts: CONTACT,
    })) as { insertedId: string };
    for (const cls of [SOCCER, BATTING]) {
      await call(sam, "POST", "/carts", { classItemId: cls.id, camperId: camper.insertedId });
    }

    // The admin: a code for one class, found by its name and ticked with the keyboard.
    await own!.routeTo(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, SEED.admin);
    await page.goto("/dashboard/discounts");
    await page.getByRole("button", { name: "Add a discount" }).click();
    await page.getByLabel("Name families read").fill("Batting week");
    await page.getByLabel("Code", { exact: true }).fill("bat20");
    await page.getByLabel("Percent off").fill("20");
    const form = page.getByRole("form", { name: "Add a discount" });
    await expect(form.getByText("No class chosen.")).toBeVisible();
    const search = form.getByLabel("Find an approved class");
    await expect(form.getByRole("status").filter({ hasText: /approved classes\.$/ })).toBeVisible();
    await search.fill("batting");
    await expect(form.getByText("1 approved class matches “batting”.")).toBeVisible();
    await page.keyboard.press("Tab");
    const batting = form.getByRole("checkbox", { name: BATTING.name });
    await expect(batting).toBeFocused();
    await page.keyboard.press("Space");
    await expect(batting).toBeChecked();
    const chosen = form.getByRole("list", { name: "Classes chosen" });
    await expect(chosen.getByRole("listitem")).toHaveText([BATTING.name]);
    // A second class, then taken out again: focus stays in the picker (on the next Remove).
    await search.fill("soccer");
    await form.getByRole("checkbox", { name: SOCCER.name }).check();
    await expect(chosen.getByRole("listitem")).toHaveText([BATTING.name, SOCCER.name]);
    await chosen.getByRole("button", { name: `Remove ${SOCCER.name}` }).focus();
    await page.keyboard.press("Enter");
    await expect(chosen.getByRole("listitem")).toHaveText([BATTING.name]);
    await expect(chosen.getByRole("button", { name: `Remove ${BATTING.name}` })).toBeFocused();
    await expect(form.getByRole("checkbox", { name: SOCCER.name })).not.toBeChecked();
    await search.fill("");
    await expect(form.getByText(/^\d+ approved classes\.$/)).toBeVisible();
    expect(await accessibilityProblems(page, "form")).toEqual([]);
    await shootFromTop(page, "code-classes-form-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await shootFromTop(page, "code-classes-form-390");
    expect(await accessibilityProblems(page, "form")).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await form.getByRole("button", { name: "Add discount" }).click();
    const row = page.getByRole("row", { name: /Batting week/ });
    await expect(row.getByTestId("discount-for")).toHaveText(BATTING.name);
    // The edit form shows the chosen class by name.
    await row.getByRole("button", { name: "Edit Batting week (BAT20)" }).click();
    const editing = page.getByRole("form", { name: "Change promo code" });
    await expect(editing.getByRole("list", { name: "Classes chosen" }).getByRole("listitem")).toHaveText([
      BATTING.name,
    ]);
    await shootFromTop(page, "code-classes-edit-1280");
    await editing.getByRole("button", { name: "Cancel" }).click();
    await shootFromTop(page, "code-classes-list-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    const card = page
      .getByRole("list", { name: "Discounts" })
      .getByRole("listitem")
      .filter({ hasText: "Batting week" });
    await expect(card.getByTestId("discount-for")).toHaveText(`For: ${BATTING.name}`);
    await shootFromTop(page, "code-classes-list-390");

    // The family: the code applied on the cart goes with each row's own Pay.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const family = await context.newPage();
    await own!.routeTo(family);
    await signInAs(family, SEED.student);
    await family.goto("/dashboard/mydashboard");
    const table = family.getByRole("table");
    await expect(table.getByRole("row")).toHaveCount(3);
    await family.getByRole("button", { name: "Have a promo code?" }).click();
    await family.getByLabel("Promo code", { exact: true }).fill("bat20");
    await family.getByRole("button", { name: "Apply" }).click();
    await expect(family.getByTestId("promo-verdict")).toHaveText("BAT20: 20% off, $29.90 off this order.");
    await expect(family.getByTestId("cart-total")).toHaveText("$268.60");
    await expect(family).toHaveURL(/\/dashboard\/mydashboard\?code=BAT20$/i);

    // Not for this class: the payment page says so before anything is held or charged.
    await table
      .getByRole("link", { name: new RegExp(`^Pay for ${SOCCER.name} for Cal .* with the code BAT20$`) })
      .click();
    await expect(family).toHaveURL(/\/dashboard\/singlepayment\?item=[0-9a-f-]{36}&code=BAT20$/);
    const refused = family.getByTestId("code-refused");
    await expect(refused.getByRole("heading")).toHaveText("The code BAT20 cannot be used for this class");
    await expect(refused).toContainText("This code is not for this class. Nothing was charged.");
    await expect(refused).toContainText(SOCCER.name);
    await shootFromTop(family, "row-pay-code-refused-1280");
    await family.setViewportSize({ width: 390, height: 844 });
    await shootFromTop(family, "row-pay-code-refused-390");
    await family.setViewportSize({ width: 1280, height: 900 });
    await refused.getByRole("link", { name: "Back to my cart" }).click();
    // The cart still has the code, for the other row.
    await expect(family).toHaveURL(/\/dashboard\/mydashboard\?code=BAT20$/i);
    await expect(family.getByTestId("promo-verdict")).toHaveText("BAT20: 20% off, $29.90 off this order.");

    // For this class: the row alone, with the code; what is shown is what the PaymentIntent charges.
    const opened = family.waitForResponse(
      (r) => r.url().endsWith("/create-payment-intent") && r.request().method() === "POST" && r.ok(),
    );
    await table
      .getByRole("link", { name: new RegExp(`^Pay for ${BATTING.name} for Cal .* with the code BAT20$`) })
      .click();
    await expect(family).toHaveURL(/\/dashboard\/singlepayment\?item=[0-9a-f-]{36}&code=BAT20$/);
    const checkout = (await (await opened).json()) as { paymentIntentId: string; totalCents: number };
    const buying = family.getByRole("region", { name: "You are paying for" });
    await expect(buying.getByTestId("line-discount")).toHaveText(["Batting week (BAT20): −$29.90"]);
    await expect(family.getByTestId("checkout-amount")).toHaveText("$119.60");
    const charged = await intentAmount(request, checkout.paymentIntentId);
    expect(charged).toBe(shownCents(await family.getByTestId("checkout-amount").textContent()));
    expect(charged).toBe(11_960);
    const pay = family.getByRole("button", { name: "Pay $119.60" });
    await expect(pay).toBeEnabled({ timeout: 15_000 });
    await family.setViewportSize({ width: 390, height: 844 });
    await shootFromTop(family, "row-pay-with-code-390");
    await family.setViewportSize({ width: 1280, height: 900 });
    await typeCard(family, "4242424242424242");
    await shootFromTop(family, "row-pay-with-code-1280");
    await pay.click();
    await expect(family.getByRole("heading", { name: "Payment Complete Successfully" })).toBeVisible({
      timeout: 15_000,
    });
    const payments = (await call(sam, "GET", `/payments?email=${sam.email}`)) as {
      price: number;
      discountCents: number;
      classNames: string[];
    }[];
    expect(payments[0]).toMatchObject({ price: 119.6, discountCents: 2_990, classNames: [BATTING.name] });
    // The other row waits in the cart at its full price.
    const left = (await call(sam, "GET", `/carts?email=${sam.email}`)) as { class_name: string }[];
    expect(left.map((l) => l.class_name)).toEqual([SOCCER.name]);
    await context.close();
  });
});

test.describe("a cart row paid alone", () => {
  let own: Awaited<ReturnType<typeof startOwnApi>> | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    own = await startOwnApi({});
  });
  test.afterAll(async () => {
    await own?.stop();
  });

  test("two campers with the sibling discount: the row's own payment page says what paying it alone costs; going on without a refused code leaves the address", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const call = caller(request, own!.url);
    const sam = SEED.student;
    for (const line of (await call(sam, "GET", `/carts?email=${sam.email}`)) as { _id: string }[]) {
      await call(sam, "DELETE", `/carts/${line._id}`);
    }
    // Ivy's seat costs the most ($149.50), so Leo's ($149.00) is the one with the sibling discount.
    const kids: Record<string, string> = {};
    for (const [first, born] of [
      ["Ivy", `${YEAR - 11}-03-02`],
      ["Leo", `${YEAR - 11}-06-20`],
    ] as const) {
      const made = (await call(sam, "POST", "/campers", {
        first_name: first,
        last_name: "Student",
        date_of_birth: born,
        emergency_contacts: CONTACT,
      })) as { insertedId: string };
      kids[first] = made.insertedId;
    }
    await call(SEED.admin, "POST", "/discounts", { kind: "sibling", name: "Sibling discount", percentOff: 10 });
    await call(SEED.admin, "POST", "/discounts", {
      kind: "code",
      name: "Batting week",
      code: "BAT20",
      percentOff: 20,
      classIds: [BATTING.id],
    });
    await call(sam, "POST", "/carts", { classItemId: BATTING.id, camperId: kids.Ivy });
    await call(sam, "POST", "/carts", { classItemId: SOCCER.id, camperId: kids.Leo });

    await own!.routeTo(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, SEED.student);
    await page.goto("/dashboard/mydashboard?code=BAT20");
    const table = page.getByRole("table");
    await expect(table.getByRole("row", { name: new RegExp(SOCCER.name) }).getByTestId("line-discount")).toHaveText([
      "Sibling discount: −$14.90",
    ]);
    await expect(page.getByTestId("cart-total")).toHaveText("$253.70");

    // Ivy's row keeps everything it had in the cart (the code; no family discount): nothing to say.
    // The whole cart's quote the page compares with (no code: the family discounts come before it).
    const ivyQuote = page.waitForResponse(
      (r) => r.url().endsWith("/carts/quote") && r.ok() && !r.request().postData()?.includes("promoCode"),
    );
    await table
      .getByRole("link", { name: new RegExp(`^Pay for ${BATTING.name} for Ivy .* with the code BAT20$`) })
      .click();
    await expect(page.getByTestId("checkout-amount")).toHaveText("$119.60");
    await ivyQuote;
    await expect(page.getByRole("heading", { name: "Pay by card" })).toBeVisible();
    await expect(page.getByTestId("paid-alone")).toHaveCount(0);

    // Leo's row: the code is not for it; going on without it leaves the address, so a reload does
    // not refuse it again.
    await page.goto("/dashboard/mydashboard?code=BAT20");
    await table
      .getByRole("link", { name: new RegExp(`^Pay for ${SOCCER.name} for Leo .* with the code BAT20$`) })
      .click();
    const refused = page.getByTestId("code-refused");
    await expect(refused).toContainText("This code is not for this class. Nothing was charged.");
    await refused.getByRole("button", { name: "Continue without the code" }).click();
    await expect(page).toHaveURL(/\/dashboard\/singlepayment\?item=[0-9a-f-]{36}$/);
    const sentence =
      "Paid alone, this class costs $149.00: the sibling discount ($14.90) applies only when the classes are paid together.";
    const notice = page.getByTestId("paid-alone");
    await expect(notice).toContainText(sentence);
    await expect(page.getByTestId("checkout-amount")).toHaveText("$149.00");
    await expect(page.getByRole("button", { name: "Pay $149.00" })).toBeEnabled({ timeout: 15_000 });
    expect(await accessibilityProblems(page, "[data-testid=paid-alone]")).toEqual([]);
    await shootFromTop(page, "row-paid-alone-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(notice).toBeVisible();
    await shootFromTop(page, "row-paid-alone-390");
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.reload();
    await expect(page.getByTestId("checkout-amount")).toHaveText("$149.00");
    await expect(notice).toContainText(sentence);
    await expect(page.getByTestId("code-refused")).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard\/singlepayment\?item=[0-9a-f-]{36}$/);

    // The way back to the discount: the whole cart together.
    await notice.getByRole("link", { name: "Pay for the whole cart" }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment$/);
    await expect(page.getByTestId("checkout-amount")).toHaveText("$283.60");
    await expect(page.getByTestId("paid-alone")).toHaveCount(0);
  });
});

/** Everything but what the test is about, through the API: children, early-bird prices, discounts, the cart. */
async function seedThroughTheApi(
  _request: APIRequestContext,
  call: (who: { id: string; email: string }, method: string, path: string, data?: object) => Promise<unknown>,
) {
  const sam = SEED.student;
  const admin = SEED.admin;
  for (const line of (await call(sam, "GET", `/carts?email=${sam.email}`)) as { _id: string }[]) {
    await call(sam, "DELETE", `/carts/${line._id}`);
  }
  const kids: string[] = [];
  for (const [first, born] of [
    ["Ava", `${YEAR - 11}-03-02`],
    ["Ben", `${YEAR - 10}-05-20`],
  ] as const) {
    const made = (await call(sam, "POST", "/campers", {
      first_name: first,
      last_name: "Student",
      date_of_birth: born,
      emergency_contacts: CONTACT,
    })) as { insertedId: string };
    kids.push(made.insertedId);
  }
  const until = seedDay("2027-06-01");
  await call(admin, "PATCH", `/classes/${TENNIS.id}`, { early_price: 140, early_price_until: until });
  await call(admin, "PATCH", `/classes/${TABLE_TENNIS.id}`, { early_price: 70, early_price_until: until });
  await call(admin, "POST", "/discounts", { kind: "sibling", name: "Sibling discount", percentOff: 10 });
  await call(admin, "POST", "/discounts", { kind: "code", name: "Summer flyer", code: "FLYER15", percentOff: 15 });
  for (const camperId of kids) {
    for (const cls of [TENNIS, TABLE_TENNIS]) await call(sam, "POST", "/carts", { classItemId: cls.id, camperId });
  }
}
