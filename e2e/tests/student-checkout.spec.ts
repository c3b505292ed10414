import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiNowMs } from "../support/api-clock";
import { API_URL, PAYMENT_SANDBOX_PORT } from "../support/ports";
import { SEED_SUMMER, seedDay } from "../support/seed-calendar";
import { approvedClass } from "../support/api-calls";
import { startOwnApi } from "../support/own-api";
import { accessToken, SEED, signInAs, signUpFreshStudent, storedAccessToken } from "../support/session";
import { typeCard } from "../support/card-field";

/**
 * The payment pages through the real UI: Stripe Elements' card field served by the payment
 * sandbox in its own iframe, the card typed into it, the API's checkout with its seat hold, and
 * every other view of the site following the payment without a reload.
 */
const CLASS_ID = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, "0")}`;
const CLASSES = {
  trackAndField: { id: CLASS_ID(6), name: "Track & Field Sprints", price: 99 },
  martialArts: { id: CLASS_ID(7), name: "Intro to Martial Arts", price: 139 },
  cycling: { id: CLASS_ID(10), name: "Cycling Endurance", price: 109 },
  tableTennis: { id: CLASS_ID(12), name: "Table Tennis Tactics", price: 79.99 },
};
const SANDBOX_URL = `http://127.0.0.1:${PAYMENT_SANDBOX_PORT}`;

/**
 * The class this spec's checkouts on the run's API take seats of: its own, with seats enough for
 * every test, so held and paid seats of the seeded classes by other specs never fill it.
 */
const RIDE = { id: "", name: "Checkout Ride Club", price: 109 };
test.beforeAll(async () => {
  RIDE.id = await approvedClass(
    { instructor: accessToken(SEED.instructor), admin: accessToken(SEED.admin) },
    {
      name: RIDE.name,
      price: RIDE.price,
      seats: 40,
      sport: "cycling",
      firstDay: seedDay("2027-07-19"),
      lastDay: seedDay("2027-07-23"),
    },
  );
});

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

const authHeaders = async (page: Page) => ({ authorization: `Bearer ${await storedAccessToken(page)}` });

async function book(request: APIRequestContext, headers: Record<string, string>, classId: string, api = API_URL) {
  const res = await request.post(`${api}/carts`, { headers, data: { classItemId: classId } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { insertedId: string }).insertedId;
}

async function listOf<T>(request: APIRequestContext, headers: Record<string, string>, url: string): Promise<T[]> {
  const res = await request.get(`${API_URL}${url}`, { headers });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T[];
}

/** A class's card on /classes, shown with "Show more classes" as a visitor would (the list pages). */
async function cardOf(page: Page, name: string) {
  const card = page.getByRole("article", { name });
  const more = page.getByRole("button", { name: "Show more classes" });
  await expect(card.or(more).first()).toBeVisible();
  while ((await card.count()) === 0 && (await more.count()) > 0) {
    await more.click();
    await expect(page.getByLabel("Loading more classes")).toHaveCount(0);
  }
  return card;
}

/** "Enrolled N students" on a class's card on /classes. */
async function enrolledOnCard(page: Page, name: string): Promise<number> {
  const card = await cardOf(page, name);
  const text = await card
    .getByText(/^\d+ students?$/)
    .first()
    .textContent();
  return Number(text?.match(/\d+/)?.[0]);
}

test("a student books two classes, pays the cart by card, and every view follows without a reload", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { email } = await signUpFreshStudent(page, "Casey Checkout");
  const picked = [CLASSES.trackAndField, CLASSES.martialArts];

  await page.goto("/classes");
  const before: Record<string, number> = {};
  for (const c of picked) {
    before[c.name] = await enrolledOnCard(page, c.name);
    const card = await cardOf(page, c.name);
    await card.getByRole("button", { name: "Add To Booking" }).click();
    await expect(card.getByRole("button", { name: "Add To Booking" })).toBeDisabled();
  }
  await expect(page.getByRole("navigation", { name: "Main" })).toContainText("2 classes in your cart");

  // Stripe's libraries are not on the public pages nor the cart: only the payment pages load them.
  const stripeRequests: string[] = [];
  page.on("request", (r) => {
    if (r.url().startsWith(`${SANDBOX_URL}/v3`)) stripeRequests.push(r.url());
  });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Cart" }).click();
  await expect(page.getByText("Total Class: 2")).toBeVisible();
  expect(stripeRequests).toEqual([]);
  expect(await page.evaluate(() => "Stripe" in window)).toBe(false);

  await page.getByRole("link", { name: "Pay Now" }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment$/);
  const buying = page.getByRole("region", { name: "You are paying for" });
  for (const c of picked) await expect(buying).toContainText(c.name);
  // Each class says when it runs (the seeded sessions are in the seeded summer).
  const runs = new RegExp(`^\\w{3}.*\\d:\\d\\d.* ${SEED_SUMMER}$`);
  await expect(buying.getByTestId("checkout-session")).toHaveText([runs, runs]);
  await expect(page.getByTestId("checkout-amount")).toHaveText("$238.00");
  await expect(page.getByRole("timer")).toHaveText(/^1[45]:\d\d$/);
  const pay = page.getByRole("button", { name: "Pay $238.00" });
  await expect(pay).toBeEnabled({ timeout: 15_000 });
  expect(stripeRequests.some((u) => /\/v3\/?$/.test(u))).toBe(true);
  await typeCard(page, "4242424242424242");
  await shoot(page, "payment-desktop");
  await pay.click();

  await expect(page.getByRole("heading", { name: "Payment Complete Successfully" })).toBeVisible({ timeout: 15_000 });
  const done = page.getByText(/^Transaction completed & transactionId: pi_\w+$/);
  await expect(done).toBeVisible();
  const transactionId = (await done.textContent())!.split(": ")[1]!;
  await shoot(page, "payment-complete");

  // Without a reload: the badges, the enrolled classes, the history and the seat counts.
  await expect(page.getByRole("navigation", { name: "Main" })).toContainText("0 classes in your cart");
  await expect(page.getByRole("navigation", { name: "Dashboard menu" })).toContainText("0 classes in your cart");
  await page.getByRole("link", { name: "My Enrolled Classes" }).first().click();
  for (const c of picked) await expect(page.getByRole("main")).toContainText(c.name);
  await page.getByRole("navigation", { name: "Dashboard menu" }).getByRole("link", { name: "Payment History" }).click();
  await expect(page.getByRole("main")).toContainText(transactionId);
  await expect(page.getByRole("main")).toContainText("$238.00");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Classes" }).click();
  for (const c of picked) await expect.poll(() => enrolledOnCard(page, c.name)).toBe(before[c.name]! + 1);

  // The server agrees: enrolled in both, nothing left in the cart, one payment of the server's amount.
  const headers = await authHeaders(page);
  expect(await listOf(request, headers, `/carts?email=${email}`)).toEqual([]);
  const payments = await listOf<{ transactionId: string; price: number }>(request, headers, `/payments?email=${email}`);
  expect(payments).toMatchObject([{ transactionId, price: 238 }]);
});

test("a declined card shows Stripe's message under the form and changes nothing", async ({ page, request }) => {
  const { email } = await signUpFreshStudent(page, "Dana Declined");
  const headers = await authHeaders(page);
  await book(request, headers, RIDE.id);
  await page.goto("/dashboard/payment");
  const pay = page.getByRole("button", { name: "Pay $109.00" });
  await expect(pay).toBeEnabled({ timeout: 15_000 });
  await typeCard(page, "4000000000000002");
  await pay.click();
  const error = page.getByText("Your card was declined.");
  await expect(error).toBeVisible({ timeout: 15_000 });
  await expect(error).toHaveClass(/\btext-red-700\b/);
  await expect(pay).toBeEnabled();
  await expect(page.getByRole("heading", { name: "Payment Complete Successfully" })).toHaveCount(0);
  expect(await listOf(request, headers, `/carts?email=${email}`)).toHaveLength(1);
  expect(await listOf(request, headers, `/enrolled?email=${email}`)).toEqual([]);
  expect(await listOf(request, headers, `/payments?email=${email}`)).toEqual([]);
});

test("a row's Pay charges only that class, at its own price", async ({ page, request }) => {
  const { email } = await signUpFreshStudent(page, "Sky Single");
  const headers = await authHeaders(page);
  await book(request, headers, RIDE.id);
  await book(request, headers, CLASSES.tableTennis.id);
  await page.goto("/dashboard/mydashboard");
  await page
    .getByRole("link", { name: `Pay for ${CLASSES.tableTennis.name}` })
    .first()
    .click();
  await expect(page).toHaveURL(/\/dashboard\/singlepayment\?item=/);
  const buying = page.getByRole("region", { name: "You are paying for" });
  await expect(buying).toContainText(CLASSES.tableTennis.name);
  await expect(buying).not.toContainText(RIDE.name);
  await expect(page.getByTestId("checkout-amount")).toHaveText("$79.99");
  const pay = page.getByRole("button", { name: "Pay $79.99" });
  await expect(pay).toBeEnabled({ timeout: 15_000 });
  await typeCard(page, "4242424242424242");
  await pay.click();
  await expect(page.getByRole("heading", { name: "Payment Complete Successfully" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("navigation", { name: "Main" })).toContainText("1 class in your cart");

  const cart = await listOf<{ classItemId: string }>(request, headers, `/carts?email=${email}`);
  expect(cart.map((c) => c.classItemId)).toEqual([RIDE.id]);
  const enrolled = await listOf<{ _id: string }>(request, headers, `/enrolled?email=${email}`);
  expect(enrolled.map((c) => c._id)).toEqual([CLASSES.tableTennis.id]);
  const payments = await listOf<{ price: number; classNames: string[] }>(request, headers, `/payments?email=${email}`);
  expect(payments).toMatchObject([{ price: 79.99, classNames: [CLASSES.tableTennis.name] }]);
});

test("a second tab left open after paying in the first says the cart is paid, not Stripe's developer message", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { email } = await signUpFreshStudent(page, "Tess Twotabs");
  const headers = await authHeaders(page);
  await book(request, headers, RIDE.id);
  // Both tabs open the same checkout (the same seats answer the same PaymentIntent).
  const other = await page.context().newPage();
  for (const tab of [page, other]) {
    await tab.goto("/dashboard/payment");
    await expect(tab.getByRole("button", { name: "Pay $109.00" })).toBeEnabled({ timeout: 15_000 });
    await typeCard(tab, "4242424242424242");
  }
  await page.getByRole("button", { name: "Pay $109.00" }).click();
  await expect(page.getByRole("heading", { name: "Payment Complete Successfully" })).toBeVisible({ timeout: 15_000 });

  await other.bringToFront();
  await expect(other.getByRole("navigation", { name: "Main" })).toContainText("1 class in your cart");
  await other.getByRole("button", { name: "Pay $109.00" }).click();
  const paid = other.getByRole("heading", { name: "This cart is already paid." });
  await expect(paid).toBeVisible({ timeout: 15_000 });
  await expect(paid).toBeFocused();
  await expect(other.getByText(/You cannot confirm this PaymentIntent/)).toHaveCount(0);
  await expect(other.getByRole("navigation", { name: "Main" })).toContainText("0 classes in your cart");
  await shoot(other, "already-paid");
  await other.getByRole("link", { name: "My Enrolled Classes" }).last().click();
  await expect(other).toHaveURL(/\/dashboard\/enrolledclasses$/);
  await expect(other.getByRole("main")).toContainText(RIDE.name);
  // Charged once, recorded once.
  expect(await listOf(request, headers, `/payments?email=${email}`)).toHaveLength(1);
});

test("when Stripe.js cannot load the page says so, and Retry loads it", async ({ page, request }) => {
  await signUpFreshStudent(page, "Blake Blocked");
  await book(request, await authHeaders(page), RIDE.id);
  // Only the script: the card iframe lives at /v3/elements/... and is never reached meanwhile.
  await page.route(/\/v3\/?(\?.*)?$/, (route) => route.abort("internetdisconnected"));
  await page.goto("/dashboard/payment");
  const failed = page.getByRole("alert").filter({ hasText: "The secure card form could not be loaded." });
  await expect(failed).toBeVisible({ timeout: 15_000 });
  await expect(failed).toContainText("Nothing was charged.");
  await expect(page.getByRole("button", { name: /^Pay \$/ })).toHaveCount(0);
  await page.unrouteAll();
  await failed.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("button", { name: "Pay $109.00" })).toBeEnabled({ timeout: 15_000 });
  await expect(
    page.frameLocator('iframe[title="Secure card payment input frame"]').getByLabel("Credit or debit card number"),
  ).toBeVisible();
});

/**
 * Holds that run out, with an API process of this test's own whose holds last seconds (its own
 * database, the same accounts and payment sandbox); the browser's calls to the API go to it.
 */
test.describe("a seat hold that runs out", () => {
  const HOLD_SECONDS = 25;
  /** A checkout holds its seats this long at most, extensions included. */
  const MAX_HOLD_SECONDS = 40;
  let own: Awaited<ReturnType<typeof startOwnApi>> | undefined;
  let shortApi = "";

  test.beforeAll(async () => {
    // A fresh database is migrated and seeded first: on a busy machine that takes a while.
    test.setTimeout(120_000);
    own = await startOwnApi({
      PAYMENT_HOLD_SECONDS: String(HOLD_SECONDS),
      PAYMENT_HOLD_MAX_SECONDS: String(MAX_HOLD_SECONDS),
    });
    shortApi = own.url;
  });

  test.afterAll(async () => {
    await own?.stop();
  });

  test("the page counts down, warns, extends on request, then says the seats were released and nothing was charged", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.route(`${API_URL}/**`, (route) =>
      route.continue({ url: route.request().url().replace(API_URL, shortApi) }),
    );
    await signInAs(page, SEED.student);
    const headers = await authHeaders(page);
    const admin = { authorization: `Bearer ${accessToken(SEED.admin)}` };
    const lee = {
      authorization: `Bearer ${accessToken({ id: "00000000-0000-4000-8000-000000000009", email: "lee@example.com" })}`,
    };
    // Cycling has 4 students: with 5 seats, the student's hold takes the last one.
    const cut = await request.patch(`${shortApi}/classes/${CLASSES.cycling.id}`, {
      headers: admin,
      data: { available_seats: 5 },
    });
    expect(cut.status(), await cut.text()).toBe(200);
    await book(request, headers, CLASSES.cycling.id, shortApi);
    const leeItem = await book(request, lee, CLASSES.cycling.id, shortApi);

    await page.goto("/dashboard/payment");
    const timer = page.getByRole("timer");
    await expect(timer).toHaveText(/^00:[12]\d$/, { timeout: 15_000 });
    const seconds = async () => Number((await timer.textContent())!.split(":")[1]);
    // Less than a minute left from the start: the warning is up, announced once (a polite live region).
    await expect(
      page.getByText(/^Less than a minute left: your seats will be released at .+ unless you pay or press Extend\.$/),
    ).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, "payment-phone");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Someone else cannot take the held seat meanwhile.
    const blocked = await request.post(`${shortApi}/create-payment-intent`, {
      headers: lee,
      data: { cartItemIds: [leeItem] },
    });
    expect(blocked.status(), await blocked.text()).toBe(409);

    await expect.poll(seconds, { timeout: 15_000 }).toBeLessThan(HOLD_SECONDS - 8);
    const beforeExtend = await seconds();
    await page.getByRole("button", { name: "Extend" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(seconds).toBeGreaterThan(beforeExtend + 5);

    const released = page.getByRole("alert").filter({ hasText: "Your hold ran out" });
    await expect(released).toBeVisible({ timeout: (HOLD_SECONDS + 10) * 1000 });
    await expect(released).toContainText("released, and nothing was charged");
    await shoot(page, "payment-hold-ran-out");
    await expect(page.getByRole("button", { name: /^Pay \$/ })).toHaveCount(0);

    // The seat is back: the other student can now hold it.
    const freed = await request.post(`${shortApi}/create-payment-intent`, {
      headers: lee,
      data: { cartItemIds: [leeItem] },
    });
    expect(freed.status(), await freed.text()).toBe(201);
    // Starting again finds the class full of Lee's hold and says so plainly.
    await released.getByRole("button", { name: "Start again" }).click();
    await expect(page.getByRole("alert")).toContainText(/held|full/);
    await expect(page.getByRole("alert")).toContainText("Nothing was charged.");
  });

  test("an extension near the checkout's limit ends there: the page counts down to that end and offers no more", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.route(`${API_URL}/**`, (route) =>
      route.continue({ url: route.request().url().replace(API_URL, shortApi) }),
    );
    await signInAs(page, SEED.student);
    const item = await book(request, await authHeaders(page), CLASSES.martialArts.id, shortApi);

    await page.goto(`/dashboard/singlepayment?item=${item}`);
    const timer = page.getByRole("timer");
    await expect(timer).toHaveText(/^00:[12]\d$/, { timeout: 15_000 });
    const seconds = async () => Number((await timer.textContent())!.split(":")[1]);
    await expect(page.getByText(/^Extend keeps them longer, up to .+ at the latest\.$/)).toBeVisible();

    // Past MAX_HOLD_SECONDS - HOLD_SECONDS into the hold, a full hold from now would pass the limit.
    await expect.poll(seconds, { timeout: 30_000 }).toBeLessThan(HOLD_SECONDS - (MAX_HOLD_SECONDS - HOLD_SECONDS) - 1);
    const answered = page.waitForResponse((r) => /\/checkouts\/[^/]+\/extend$/.test(r.url()));
    await page.getByRole("button", { name: "Extend" }).click();
    const extension = (await (await answered).json()) as { expiresAt: string; maxExpiresAt: string };
    expect(extension.expiresAt).toBe(extension.maxExpiresAt);

    // The countdown runs to the end the server answered, not to a full hold from the click.
    const left = () => Math.round((Date.parse(extension.expiresAt) - apiNowMs()) / 1000);
    await expect.poll(async () => Math.abs((await seconds()) - left())).toBeLessThanOrEqual(2);
    await expect(page.getByRole("button", { name: "Extend" })).toHaveCount(0);
    await expect(
      page.getByText(/^This hold cannot be extended further: your seats are held until .+\.$/),
    ).toBeVisible();
    await shoot(page, "payment-hold-at-its-limit");
    // Less than a minute left (all of this hold is): the warning no longer offers Extend.
    await expect(
      page.getByText(/^Less than a minute left: your seats will be released at .+ unless you pay\.$/),
    ).toBeVisible();
  });
});
