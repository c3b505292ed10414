import { expect, test } from "@playwright/test";
import { SEED, signInAs } from "../support/session";
import { typeCard } from "../support/card-field";
import { caller, EXPECTED_TOTAL, seedThroughTheApi, shoot, useOwnApi } from "../support/pricing-steps";

/**
 * Pricing (decision 034) in the browser: a family with two children books two classes each, both with an
 * early-bird price, gets the sibling discount and types a promo code; the cart and the payment
 * page show every line and the total the server computes, the card pays exactly that, and the
 * payment history shows the discounts. An API of its own (its own database), so the discounts
 * and early-bird prices set here change nothing for the other specs.
 * The other pricing specs: pricing-code-for-some-classes.spec.ts, pricing-row-paid-alone.spec.ts; what
 * they share: support/pricing-steps.ts.
 */

test.describe("prices a camp charges", () => {
  const ownApi = useOwnApi();

  test("two children, two early-bird classes each, the sibling discount and a code: every line, the total, paid exactly, in the history", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const call = caller(request, ownApi().url);
    await seedThroughTheApi(request, call);

    await ownApi().routeTo(page);
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
    await ownApi().routeTo(page);
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
