import { expect, test, type Page } from "@playwright/test";
import { studentWithClasses } from "../support/students";
import { signInAs } from "../support/session";

/**
 * The payment page's card field (Stripe Elements, here the payment sandbox's frame) as a person
 * meets it on a desktop and on a phone: the whole number shows while it is typed, and focus from
 * the keyboard is visible around the field.
 */
const CLASS_ID = "00000000-0000-4000-9000-000000000010";
const CARD_NUMBER = "4242 4242 4242 4242";

async function openPayment(page: Page, name: string) {
  const student = await studentWithClasses(name, { paid: [], cart: [CLASS_ID] });
  await signInAs(page, student);
  await page.goto("/dashboard/payment");
  await expect(page.getByRole("heading", { level: 1, name: "Payment" })).toBeVisible();
  return page.frameLocator('iframe[title="Secure card payment input frame"]');
}

for (const [label, viewport] of [
  ["a desktop", { width: 1280, height: 900 }],
  ["a phone", { width: 390, height: 844 }],
] as const) {
  test(`on ${label} the card number shows whole while it is typed, and keyboard focus is visible`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const frame = await openPayment(page, `Card Field ${viewport.width}`);
    const number = frame.getByLabel("Credit or debit card number");
    const box = page.getByRole("group", { name: "Card details" }).locator("div.rounded-xl");
    await expect(box).toHaveCSS("outline-style", "none");

    // Focus reaches the field from the keyboard: Tab from the element before the frame.
    await page.getByText("Card details").click();
    await expect(number).not.toBeFocused();
    await page.keyboard.press("Tab");
    await expect(number).toBeFocused();
    await expect(box).toHaveCSS("outline-style", "solid");
    await expect(box).not.toHaveCSS("outline-width", "0px");

    await number.pressSequentially(CARD_NUMBER.replaceAll(" ", ""), { delay: 10 });
    await expect(number).toHaveValue(CARD_NUMBER);
    // The input is as wide as its text: nothing scrolled out of sight, nothing clipped.
    const room = await number.evaluate((input: HTMLInputElement) => ({
      scroll: input.scrollWidth,
      client: input.clientWidth,
      scrolled: input.scrollLeft,
    }));
    expect(room.scrolled).toBe(0);
    expect(room.scroll).toBeLessThanOrEqual(room.client);
    // The rest of the field is still there to fill (on a second line on a phone).
    await expect(frame.getByLabel("Credit or debit card expiration date")).toBeVisible();
    await expect(frame.getByLabel("Credit or debit card CVC/CVV")).toBeVisible();
    const frameBox = await page.locator('iframe[title="Secure card payment input frame"]').boundingBox();
    const expiryBox = await frame.getByLabel("Credit or debit card expiration date").boundingBox();
    expect(expiryBox!.y + expiryBox!.height).toBeLessThanOrEqual(frameBox!.y + frameBox!.height + 1);
    await page.screenshot({ path: test.info().outputPath(`card-field-${viewport.width}.png`) });

    // Leaving the field takes the ring away.
    await page.getByRole("heading", { level: 1, name: "Payment" }).click();
    await expect(box).toHaveCSS("outline-style", "none");
  });
}
