import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { LOCAL_SECRET_KEY } from "../../tools/payment-sandbox.mjs";
import { startOwnApi } from "./own-api";
import { PAYMENT_SANDBOX_PORT } from "./ports";
import { seedDay } from "./seed-calendar";
import { accessToken, SEED } from "./session";

/**
 * What the pricing specs (tests/pricing*.spec.ts) share: the seeded classes they price, a call to a
 * spec's own API, the amount the provider will charge, a price read off the page, screenshots, and
 * the family, prices, discounts and cart they set up through the API.
 */

export const TENNIS = { id: "00000000-0000-4000-9000-000000000004", name: "Tennis Serve & Volley" };
export const TABLE_TENNIS = { id: "00000000-0000-4000-9000-000000000012", name: "Table Tennis Tactics" };
export const SOCCER = { id: "00000000-0000-4000-9000-000000000001", name: "Junior Soccer Skills" };
export const BATTING = { id: "00000000-0000-4000-9000-000000000008", name: "Baseball Batting Clinic" };
export const SANDBOX_URL = `http://127.0.0.1:${PAYMENT_SANDBOX_PORT}`;
export const YEAR = Number(seedDay("2027-08-01").slice(0, 4));
export const CONTACT = [{ name: "Sam Grandparent", relation: "grandfather", phone: "+1 555 0100" }];
export const EXPECTED_TOTAL = "$339.15";

/**
 * An API of the describe block's own (its own database), started before its tests and stopped
 * after: what a pricing spec sets (discounts, prices, codes) changes nothing for the other specs.
 */
export function useOwnApi(): () => Awaited<ReturnType<typeof startOwnApi>> {
  let own: Awaited<ReturnType<typeof startOwnApi>> | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    own = await startOwnApi({});
  });
  test.afterAll(async () => {
    await own?.stop();
  });
  return () => own!;
}

/** Sam's cart emptied, so a spec starts from what it adds. */
export async function emptySamsCart(call: ReturnType<typeof caller>) {
  const sam = SEED.student;
  for (const line of (await call(sam, "GET", `/carts?email=${sam.email}`)) as { _id: string }[]) {
    await call(sam, "DELETE", `/carts/${line._id}`);
  }
}

/** A call to the test's own API as `who`, expected to succeed. */
export const caller =
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
export async function intentAmount(request: APIRequestContext, intentId: string): Promise<number> {
  const res = await request.get(`${SANDBOX_URL}/v1/payment_intents/${intentId}`, {
    headers: { authorization: `Bearer ${LOCAL_SECRET_KEY}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { amount: number }).amount;
}

/** "$119.60" to 11960. */
export const shownCents = (text: string | null) => Math.round(Number((text ?? "").replace(/[^0-9.]/g, "")) * 100);

export async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The whole page from its top (the navbar is fixed: scrolled, it would be drawn over the content). */
export async function shootFromTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, name);
}

/** Everything but what the test is about, through the API: children, early-bird prices, discounts, the cart. */
export async function seedThroughTheApi(
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
