import { expect, test } from "@playwright/test";
import { accessibilityProblems } from "../support/page-audit";
import { SEED, signInAs } from "../support/session";
import {
  BATTING,
  caller,
  CONTACT,
  shootFromTop,
  SOCCER,
  YEAR,
  emptySamsCart,
  useOwnApi,
} from "../support/pricing-steps";

/**
 * Pricing (decision 034) in the browser: a cart row paid alone, for two campers with the sibling
 * discount; the row's own payment page says what paying it alone costs. An API of its own (its own
 * database), so the discounts set here change nothing for the other specs.
 */

test.describe("a cart row paid alone", () => {
  const ownApi = useOwnApi();

  test("two campers with the sibling discount: the row's own payment page says what paying it alone costs; going on without a refused code leaves the address", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const call = caller(request, ownApi().url);
    await emptySamsCart(call);
    const sam = SEED.student;
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

    await ownApi().routeTo(page);
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
