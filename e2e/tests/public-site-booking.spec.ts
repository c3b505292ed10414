import { expect, test } from "@playwright/test";
import { SEED_SIGN_INS } from "../../tools/auth-emulator.mjs";
import { API_URL } from "../support/ports";
import { SEED, signInAs } from "../support/session";
import { classCard } from "../support/public-classes";

// Add To Booking on the public classes list: a visitor is asked to log in, a student books, staff
// see no add button. Named to run after payments.spec.ts, whose checkout takes Lee's whole cart.

/** A second seed student, so the booking test leaves the cart of SEED.student to other tests. */
const lee = SEED_SIGN_INS.find((s) => s.email === "lee@example.com")!;
const BOOKING_STUDENT = { email: lee.email, password: lee.password, name: lee.displayName };

test.describe("Add To Booking", () => {
  test("a visitor is asked to log in, may cancel, and after logging in is back on /classes", async ({ page }) => {
    await page.goto("/classes");
    const soccer = classCard(page, "Junior Soccer Skills");
    await soccer.getByRole("button", { name: "Add To Booking" }).click();
    const dialog = page.getByRole("dialog", { name: "Please login Booking for Class" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/classes$/);

    await soccer.getByRole("button", { name: "Add To Booking" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Please Login!" }).click();
    await expect(page).toHaveURL(/\/login$/);
    const from = await page.evaluate(
      () => (history.state as { usr?: { from?: { pathname?: string } } })?.usr?.from?.pathname,
    );
    expect(from).toBe("/classes");

    await page.getByLabel("Email").fill(SEED.student.email);
    await page.getByLabel("Password", { exact: true }).fill(SEED.student.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(/\/classes$/, { timeout: 15_000 });
    await expect(page.getByRole("heading", { level: 1, name: "Our Classes" })).toBeVisible();
  });

  test("a student books a class: toast at the top-end for 1.5 s, badge up at once, button stays disabled", async ({
    page,
  }) => {
    await signInAs(page, BOOKING_STUDENT);
    await page.goto("/classes");
    const badge = page.getByRole("navigation", { name: "Main" }).getByTestId("cart-count").first();
    await expect(badge).toBeVisible();
    const open = page.locator('[data-testid=class-card][data-state="open"]');
    await expect(open.first()).toBeVisible();
    // Let the cart and enrolments settle, so the count and the card states are the server's.
    await page.waitForLoadState("networkidle");
    const before = Number(await badge.textContent());
    const name = (await open.first().getByRole("heading").textContent())!;
    const button = classCard(page, name).getByRole("button", { name: "Add To Booking" });

    const posted = page.waitForResponse((r) => r.url() === `${API_URL}/carts` && r.request().method() === "POST");
    await button.click();
    await expect(button).toBeDisabled();
    expect((await posted).status()).toBe(201);
    const toast = page.getByRole("status").filter({ hasText: "Class added on the Cart." });
    await expect(toast).toBeVisible();
    await expect(badge).toHaveText(String(before + 1));
    const box = (await toast.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.y).toBeLessThan(100);
    expect(box.x + box.width).toBeGreaterThan(viewport.width - 100);
    await expect(toast).toBeHidden({ timeout: 3_000 });

    const booked = classCard(page, name);
    await expect(booked).toHaveAttribute("data-state", "in-cart");
    await expect(booked).toContainText("In your cart");
    await expect(booked.getByRole("button", { name: "Add To Booking" })).toBeDisabled();
    await page.reload();
    await expect(classCard(page, name)).toHaveAttribute("data-state", "in-cart");
    await expect(page.getByRole("navigation", { name: "Main" }).getByTestId("cart-count").first()).toHaveText(
      String(before + 1),
    );
  });

  for (const role of ["admin", "instructor"] as const) {
    test(`an ${role} sees the classes without any add button`, async ({ page }) => {
      await signInAs(page, SEED[role]);
      await page.goto("/classes");
      await expect(page.getByTestId("class-card").first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      await expect(page.getByRole("button", { name: "Add To Booking" })).toHaveCount(0);
    });
  }
});
