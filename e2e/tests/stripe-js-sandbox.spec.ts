import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page, test } from "@playwright/test";
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from "../../tools/payment-sandbox.mjs";
import { PAYMENT_SANDBOX_PORT } from "../support/ports";

/**
 * The payment sandbox's Stripe.js (GET /v3/) in Chromium, as Stripe's libraries use it: a card
 * Element in an iframe of the sandbox's origin, typed into like a person would, its events, then a
 * payment method with billing details and a PaymentIntent confirmed with it.
 */
const SANDBOX_URL = `http://127.0.0.1:${PAYMENT_SANDBOX_PORT}`;
const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, "0");

interface CardChange {
  elementType: string;
  empty: boolean;
  complete: boolean;
  brand: string;
  error?: { type: string; code: string; message: string };
}
interface ElementEvent {
  name: string;
  payload: CardChange & { elementType: string };
}
declare global {
  interface Window {
    events: ElementEvent[];
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    stripe: any;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    card: any;
  }
}

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Card check</title>
<script src="${SANDBOX_URL}/v3/"></script></head>
<body><form><label for="card-element">Card</label><div id="card-element" style="width: 480px"></div></form>
<script>
  window.events = [];
  window.stripe = Stripe(${JSON.stringify(LOCAL_PUBLISHABLE_KEY)});
  const elements = stripe.elements();
  window.card = elements.create("card", {
    style: { base: { color: "rgb(1, 2, 3)", fontSize: "18px", "::placeholder": { color: "rgb(4, 5, 6)" } },
             invalid: { color: "rgb(200, 0, 0)" } },
  });
  for (const name of ["change", "ready", "focus", "blur"]) card.on(name, (payload) => events.push({ name, payload }));
  card.mount("#card-element");
</script></body></html>`;

/** What the site's server does: a PaymentIntent made with the secret key. */
async function createIntent(amount: number) {
  const res = await fetch(`${SANDBOX_URL}/v1/payment_intents`, {
    method: "POST",
    headers: { authorization: `Bearer ${LOCAL_SECRET_KEY}`, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ amount: String(amount), currency: "usd", "payment_method_types[0]": "card" }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; client_secret: string };
}

/** A call of the site's server to the sandbox with the secret key (form fields as Stripe takes them). */
async function serverCall<T>(path: string, fields: Record<string, string>) {
  const res = await fetch(`${SANDBOX_URL}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${LOCAL_SECRET_KEY}`, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** A site's page on another origin of this machine (Chromium lets only such pages reach loopback). */
let site: Server;
let pageUrl = "";
test.beforeAll(async () => {
  site = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(PAGE);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  pageUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/checkout`;
});
test.afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
});

async function openCard(page: Page) {
  const requests: string[] = [];
  page.on("request", (request) => requests.push(`${request.method()} ${request.url()} ${request.postData() ?? ""}`));
  await page.goto(pageUrl);
  await expect.poll(() => page.evaluate(() => window.events.some((e) => e.name === "ready"))).toBe(true);
  const frame = page.frameLocator('iframe[title="Secure card payment input frame"]');
  return {
    frame,
    number: frame.getByLabel("Credit or debit card number"),
    expiry: frame.getByLabel("Credit or debit card expiration date"),
    cvc: frame.getByLabel("Credit or debit card CVC/CVV"),
    postal: frame.getByLabel("ZIP"),
    requests,
  };
}

const lastChange = (page: Page) =>
  page.evaluate(() => window.events.filter((e) => e.name === "change").at(-1)?.payload ?? null);

test("the card Element lives in the sandbox's iframe, reports Stripe's change events and errors", async ({ page }) => {
  const card = await openCard(page);
  const iframe = page.locator("#card-element iframe");
  expect(new URL((await iframe.getAttribute("src")) ?? "").origin).toBe(SANDBOX_URL);
  await expect(page.locator("#card-element")).toHaveClass(/StripeElement StripeElement--empty/);
  // The page's style reaches the inputs inside the frame, and the frame sizes itself to them.
  await expect(card.number).toHaveCSS("color", "rgb(1, 2, 3)");
  await expect(card.number).toHaveCSS("font-size", "18px");
  const height = (await iframe.boundingBox())?.height ?? 0;
  expect(height).toBeGreaterThan(18);
  expect(height).toBeLessThan(40);

  await card.number.click();
  await expect.poll(() => page.evaluate(() => window.events.some((e) => e.name === "focus"))).toBe(true);
  await card.number.pressSequentially("4242 4242");
  await expect.poll(() => lastChange(page)).toMatchObject({ empty: false, complete: false, brand: "visa" });
  // Leaving an incomplete number shows Stripe's message.
  await card.expiry.click();
  await expect
    .poll(() => lastChange(page))
    .toMatchObject({
      error: { type: "validation_error", code: "incomplete_number", message: "Your card number is incomplete." },
    });
  await card.number.fill("4242 4242 4242 4241");
  await expect
    .poll(() => lastChange(page))
    .toMatchObject({
      error: { code: "invalid_number", message: "Your card number is invalid." },
    });
  await expect(card.number).toHaveAttribute("aria-invalid", "true");
  await expect(card.number).toHaveCSS("color", "rgb(200, 0, 0)");
  await expect(page.locator("#card-element")).toHaveClass(/StripeElement--invalid/);

  // A full valid number moves on to the expiry by itself; a past year is refused.
  await card.number.fill("");
  await card.number.pressSequentially("4242424242424242");
  await expect(card.number).toHaveValue("4242 4242 4242 4242");
  await expect(card.expiry).toBeFocused();
  await card.expiry.pressSequentially("1220");
  await expect(card.expiry).toHaveValue("12 / 20");
  await expect
    .poll(() => lastChange(page))
    .toMatchObject({
      error: { code: "invalid_expiry_year_past", message: "Your card's expiration year is in the past." },
    });
  await card.expiry.fill("");
  await card.expiry.pressSequentially(`12${nextYear}`);
  await expect(card.cvc).toBeFocused();
  await card.cvc.pressSequentially("12");
  await card.postal.click();
  await expect
    .poll(() => lastChange(page))
    .toMatchObject({
      error: { code: "incomplete_cvc", message: "Your card's security code is incomplete." },
    });
  await card.cvc.pressSequentially("3");
  await expect(card.postal).toBeFocused();
  await expect.poll(() => lastChange(page)).toMatchObject({ complete: false, error: undefined });
  await card.postal.pressSequentially("12345");
  await expect
    .poll(() => lastChange(page))
    .toEqual({
      elementType: "card",
      empty: false,
      complete: true,
      brand: "visa",
      value: { postalCode: "12345" },
    });
  await expect(page.locator("#card-element")).toHaveClass(/StripeElement--complete/);
  await page.locator("label").click();
  await expect.poll(() => page.evaluate(() => window.events.some((e) => e.name === "blur"))).toBe(true);

  // clear() empties the field; createPaymentMethod then answers with the first missing part.
  await page.evaluate(() => window.card.clear());
  await expect.poll(() => lastChange(page)).toMatchObject({ empty: true, complete: false });
  const incomplete = await page.evaluate(() =>
    window.stripe.createPaymentMethod({ type: "card", card: window.card, billing_details: { name: "Sam" } }),
  );
  expect(incomplete).toEqual({
    error: { type: "validation_error", code: "incomplete_number", message: "Your card number is incomplete." },
  });
  // The page itself never sent a card number anywhere.
  expect(card.requests.filter((r) => r.includes("4242424242424242"))).toEqual([]);
});

for (const [number, outcome] of [
  ["4242 4242 4242 4242", "succeeds"],
  ["4000 0000 0000 0002", "declines"],
] as const) {
  test(`a payment method with billing details confirms a PaymentIntent: ${number} ${outcome}`, async ({ page }) => {
    const card = await openCard(page);
    await card.number.pressSequentially(number.replace(/ /g, ""));
    await card.expiry.pressSequentially(`04${nextYear}`);
    await card.cvc.pressSequentially("123");
    await card.postal.pressSequentially("94107");
    await expect.poll(() => lastChange(page)).toMatchObject({ complete: true });

    const created = await page.evaluate(() =>
      window.stripe.createPaymentMethod({
        type: "card",
        card: window.card,
        billing_details: { name: "Sam Student", email: "sam@example.com" },
      }),
    );
    expect(created.error).toBeUndefined();
    expect(created.paymentMethod).toMatchObject({
      object: "payment_method",
      type: "card",
      card: { brand: "visa", last4: number.slice(-4), exp_month: 4 },
      billing_details: { name: "Sam Student", email: "sam@example.com", address: { postal_code: "94107" } },
    });
    expect(created.paymentMethod.id).toMatch(/^pm_/);
    // The number went from the sandbox's own frame to the sandbox, never through the page's origin.
    const withNumber = card.requests.filter((r) => r.includes(number.replace(/ /g, "")));
    expect(withNumber).toHaveLength(1);
    expect(withNumber[0]).toMatch(new RegExp(`^POST ${SANDBOX_URL}/v1/payment_methods `));

    const intent = await createIntent(12_550);
    const result = await page.evaluate(
      ([secret, pm]) => window.stripe.confirmCardPayment(secret, { payment_method: pm }),
      [intent.client_secret, created.paymentMethod.id as string],
    );
    const retrieved = await page.evaluate(
      (secret) => window.stripe.retrievePaymentIntent(secret),
      intent.client_secret,
    );
    if (outcome === "succeeds") {
      expect(result.error).toBeUndefined();
      expect(result.paymentIntent).toMatchObject({
        id: intent.id,
        object: "payment_intent",
        status: "succeeded",
        amount: 12_550,
        payment_method: created.paymentMethod.id,
      });
      // A publishable key sees only Stripe's client-side fields.
      expect(result.paymentIntent.metadata).toBeUndefined();
      expect(retrieved.paymentIntent).toMatchObject({ id: intent.id, status: "succeeded" });
    } else {
      expect(result.paymentIntent).toBeUndefined();
      expect(result.error).toMatchObject({
        type: "card_error",
        code: "card_declined",
        decline_code: "generic_decline",
        message: "Your card was declined.",
        payment_intent: { id: intent.id, status: "requires_payment_method" },
      });
      expect(retrieved.paymentIntent).toMatchObject({ id: intent.id, status: "requires_payment_method" });
      // The same intent then pays with a good card given inline, as { card, billing_details }.
      await page.evaluate(() => window.card.clear());
      await card.number.pressSequentially("5555555555554444");
      await card.expiry.pressSequentially(`04${nextYear}`);
      await card.cvc.pressSequentially("123");
      await card.postal.pressSequentially("94107");
      const retry = await page.evaluate(
        (secret) =>
          window.stripe.confirmCardPayment(secret, {
            payment_method: { card: window.card, billing_details: { name: "Sam Student", email: "sam@example.com" } },
          }),
        intent.client_secret,
      );
      expect(retry.paymentIntent).toMatchObject({ id: intent.id, status: "succeeded" });
    }
  });
}

test("Stripe.js's wrapper hooks and errors: a second card Element and an unknown secret", async ({ page }) => {
  await openCard(page);
  const answers = await page.evaluate(async () => {
    const stripe = window.stripe;
    stripe._registerWrapper({ name: "react-stripe-js", version: "7.0.1" });
    stripe.registerAppInfo({ name: "react-stripe-js", version: "7.0.1" });
    const elements = stripe.elements();
    elements.create("card");
    let second = "";
    try {
      elements.create("card");
    } catch (error) {
      second = (error as Error).message;
    }
    const got = elements.getElement("card") !== null && elements.getElement({ __elementType: "card" }) !== null;
    const unknown = await stripe.retrievePaymentIntent("pi_unknown_secret_abc");
    return { second, got, unknown, version: (window as unknown as { Stripe: { version: string } }).Stripe.version };
  });
  expect(answers.second).toBe("Can only create one Element of type card.");
  expect(answers.got).toBe(true);
  expect(answers.version).toBe("endive");
  expect(answers.unknown).toMatchObject({ error: { type: "invalid_request_error", code: "resource_missing" } });
});

test("a card that asks for its bank's authentication: saved with confirmCardSetup once the test dialog is completed", async ({
  page,
}) => {
  const card = await openCard(page);
  await card.number.pressSequentially("4000002500003155");
  await card.expiry.pressSequentially(`04${nextYear}`);
  await card.cvc.pressSequentially("123");
  await card.postal.pressSequentially("94107");
  await expect.poll(() => lastChange(page)).toMatchObject({ complete: true });

  const customer = await serverCall<{ id: string }>("/v1/customers", { email: "pat@example.com" });
  const setup = await serverCall<{ id: string; client_secret: string }>("/v1/setup_intents", {
    customer: customer.id,
    "allowed_payment_method_types[0]": "card",
  });
  const saving = page.evaluate(
    (secret) => window.stripe.confirmCardSetup(secret, { payment_method: { card: window.card } }),
    setup.client_secret,
  );
  // Stripe.js opens the sandbox's stand-in for the bank's page in a dialog over the site's page.
  const dialog = page.frameLocator('iframe[title="Authenticate your payment"]');
  await expect(dialog.getByRole("heading", { name: "Test authentication" })).toBeVisible();
  await expect(dialog.getByText("saved for later payments")).toBeVisible();
  expect(
    new URL((await page.locator('iframe[title="Authenticate your payment"]').getAttribute("src")) ?? "").origin,
  ).toBe(SANDBOX_URL);
  await dialog.getByRole("button", { name: "Complete" }).click();
  const saved = await saving;
  expect(saved.error).toBeUndefined();
  expect(saved.setupIntent).toMatchObject({ id: setup.id, object: "setup_intent", status: "succeeded" });
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const pm = saved.setupIntent.payment_method as string;

  // On the site again, a payment with the saved card asks once more; failing it leaves the intent unpaid.
  const intent = await serverCall<{ id: string; client_secret: string }>("/v1/payment_intents", {
    amount: "5000",
    currency: "usd",
    customer: customer.id,
    "allowed_payment_method_types[0]": "card",
  });
  const paying = page.evaluate(
    ([secret, method]) => window.stripe.confirmCardPayment(secret, { payment_method: method }),
    [intent.client_secret, pm],
  );
  await expect(dialog.getByText("a payment of $50.00")).toBeVisible();
  await dialog.getByRole("button", { name: "Fail" }).click();
  const failed = await paying;
  expect(failed.paymentIntent).toBeUndefined();
  expect(failed.error).toMatchObject({
    code: "payment_intent_authentication_failure",
    payment_intent: { id: intent.id, status: "requires_payment_method" },
  });
});
