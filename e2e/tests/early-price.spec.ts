import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { apiNowMs } from "../support/api-clock";
import { useOwnApi } from "../support/pricing-steps";
import { accessToken, SEED, signInAs } from "../support/session";

/**
 * The early-bird price before the cart (decision 034): a class at its full price with a lower
 * price until a day ahead says "$X until D, then $Y" on its card, its page and the camper dialog,
 * and the cart charges exactly that, naming the same day; a class whose early price ended
 * yesterday shows its full price alone. Days on the API's clock (the run may move it), on the
 * academy's calendar. An API of its own, so the prices set here change nothing for other specs.
 */
const TENNIS = { id: "00000000-0000-4000-9000-000000000004", name: "Tennis Serve & Volley" };
const SOCCER = { id: "00000000-0000-4000-9000-000000000001", name: "Junior Soccer Skills" };
const SHOTS = "/tmp/early-price";

const MONTHS = "January February March April May June July August September October November December".split(" ");
const portlandDay = (ms: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date(ms));
/** "1 March" (with its year when not this year's), as the site words a day. */
const words = (day: string, today: string) => {
  const [y, m, d] = day.split("-").map(Number);
  return `${d} ${MONTHS[m! - 1]}${day.slice(0, 4) === today.slice(0, 4) ? "" : ` ${y}`}`;
};

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

const cardOf = (page: Page, name: string): Locator =>
  page.getByTestId("class-card").filter({ has: page.getByRole("heading", { name, exact: true }) });

test.describe("the early-bird price before the cart", () => {
  const own = useOwnApi();

  test("card, class page, camper dialog and cart agree on the early price and say until when", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const call = caller(request, own().url);
    const { student: sam, admin } = SEED;
    const today = portlandDay(apiNowMs());
    const until = portlandDay(apiNowMs() + 10 * 86_400_000);
    const yesterday = portlandDay(apiNowMs() - 86_400_000);
    const tennis = (await call(admin, "GET", `/classes/${TENNIS.id}`)) as { price: number };
    const soccer = (await call(admin, "GET", `/classes/${SOCCER.id}`)) as { price: number };
    const early = tennis.price - 20;
    await call(admin, "PATCH", `/classes/${TENNIS.id}`, { early_price: early, early_price_until: until });
    await call(admin, "PATCH", `/classes/${SOCCER.id}`, {
      early_price: soccer.price - 10,
      early_price_until: yesterday,
    });
    // A family with a child (so "Add To Booking" asks whose seat it is) and an empty cart.
    for (const line of (await call(sam, "GET", `/carts?email=${sam.email}`)) as { _id: string }[]) {
      await call(sam, "DELETE", `/carts/${line._id}`);
    }
    await call(sam, "POST", "/campers", {
      first_name: "Ava",
      last_name: "Student",
      date_of_birth: `${Number(today.slice(0, 4)) - 10}-03-02`,
      emergency_contacts: [{ name: "Sam Grandparent", relation: "grandfather", phone: "+1 555 0100" }],
    });
    const sentence = `$${early} until ${words(until, today)}, then $${tennis.price}`;

    await own().routeTo(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, sam);
    await page.goto("/classes");
    const card = cardOf(page, TENNIS.name);
    await expect(card.getByTestId("price-today")).toHaveText(sentence);
    // Ended yesterday: the full price alone, never yesterday's early price.
    await expect(cardOf(page, SOCCER.name).getByTestId("price-today")).toHaveText(`$${soccer.price}`);
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${SHOTS}-card-1280.png` });

    await page.goto(`/classes/${TENNIS.id}`);
    await expect(page.getByRole("heading", { level: 1, name: TENNIS.name })).toBeVisible();
    const booking = page.getByTestId("class-booking");
    await expect(booking.getByTestId("price-today")).toHaveText(sentence);
    await page.screenshot({ path: `${SHOTS}-class-page-1280.png` });

    await page.waitForLoadState("networkidle");
    await booking.getByRole("button", { name: "Add To Booking" }).click();
    const dialog = page.getByRole("dialog", { name: "Who is this seat for?" });
    await expect(dialog.getByTestId("price-today")).toHaveText(
      `$${early} a seat until ${words(until, today)}, then $${tennis.price}`,
    );
    await dialog.getByRole("checkbox", { name: "Ava Student" }).check();
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await expect(dialog).toBeHidden();

    // The cart: the server's quote, the same figure and the same last day.
    await page.goto("/dashboard/mydashboard");
    const table = page.getByRole("table");
    await expect(table.getByTestId("line-discount")).toHaveText([
      `Early-bird price until ${words(until, today)}: −$20.00`,
    ]);
    await expect(page.getByTestId("cart-total")).toHaveText(`$${early}.00`);
    const quote = (await call(sam, "POST", "/carts/quote", {})) as { totalCents: number };
    expect(quote.totalCents).toBe(early * 100);

    // A phone's width: the sentence fits the card and the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/classes");
    await expect(card.getByTestId("price-today")).toHaveText(sentence);
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${SHOTS}-card-390.png` });
    const box = (await card.boundingBox())!;
    const price = (await card.getByTestId("price-today").boundingBox())!;
    expect(price.x + price.width).toBeLessThanOrEqual(box.x + box.width);
    await page.goto(`/classes/${TENNIS.id}`);
    await expect(page.getByTestId("class-booking").getByTestId("price-today")).toHaveText(sentence);
    await page.screenshot({ path: `${SHOTS}-class-page-390.png`, fullPage: true });
  });
});
