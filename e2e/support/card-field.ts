import type { Page } from "@playwright/test";
import { cardExpiry } from "../../tools/test-dates.mjs";

/**
 * Types a card into Stripe Elements' card field (its own iframe: the page never sees the number),
 * with an expiry that is always ahead of the day the tests run.
 */
export async function typeCard(page: Page, number = "4242424242424242") {
  const frame = page.frameLocator('iframe[title="Secure card payment input frame"]');
  await frame.getByLabel("Credit or debit card number").pressSequentially(number, { delay: 10 });
  await frame.getByLabel("Credit or debit card expiration date").pressSequentially(cardExpiry().typed);
  await frame.getByLabel("Credit or debit card CVC/CVV").pressSequentially("123");
  const zip = frame.getByLabel("ZIP");
  if (await zip.isVisible()) await zip.pressSequentially("10001");
}
