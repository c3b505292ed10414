import { expect, test } from "@playwright/test";
import { accessibilityProblems } from "../support/page-audit";
import { SEED, signInAs } from "../support/session";
import { typeCard } from "../support/card-field";
import {
  BATTING,
  caller,
  CONTACT,
  intentAmount,
  shootFromTop,
  shownCents,
  SOCCER,
  YEAR,
  emptySamsCart,
  useOwnApi,
} from "../support/pricing-steps";

/**
 * Pricing (decision 034) in the browser: a promo code for some classes, picked by name by an admin;
 * the family pays that class's row alone with the code, and the PaymentIntent's amount is right to
 * the cent. An API of its own (its own database), so the code set here changes nothing for the other
 * specs.
 */

test.describe("a promo code for some classes", () => {
  const ownApi = useOwnApi();

  test("an admin picks a class for a code by name; the family pays that class's row alone with the code, the PaymentIntent's amount to the cent", async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const call = caller(request, ownApi().url);
    await emptySamsCart(call);
    const sam = SEED.student;
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
    await ownApi().routeTo(page);
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
    await ownApi().routeTo(family);
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
