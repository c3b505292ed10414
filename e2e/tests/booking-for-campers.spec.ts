import { expect, test, type Page } from "@playwright/test";
import { accessibilityProblems } from "../support/page-audit";
import { API_URL } from "../support/ports";
import { seedDay } from "../support/seed-calendar";
import { signUpFreshStudent, storedAccessToken } from "../support/session";

// "Add To Booking" asks a family with children whose seat it is; a cart line is
// one class for one camper. An account without children books with one click, as the spec says.

/** Table Tennis Tactics (seed class 12): ages 8-14, from the template summer's 23 August. */
const TABLE_TENNIS = { id: "00000000-0000-4000-9000-000000000012", name: "Table Tennis Tactics", ages: "8-14" };
const FIRST_DAY = seedDay("2027-08-23");
const YEAR = Number(FIRST_DAY.slice(0, 4));
const longDay = (day: string) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );

const CONTACT = [{ name: "Sam Grandparent", relation: "grandfather", phone: "+1 555 0100" }];

async function callApi<T>(
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${API_URL}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** A child of the family, as My Campers adds one (with the emergency contact a booking needs). */
async function addChild(token: string, first_name: string, date_of_birth: string): Promise<string> {
  const res = await callApi<{ insertedId: string }>("POST", "/campers", token, {
    first_name,
    last_name: "Parent",
    date_of_birth,
    emergency_contacts: CONTACT,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.insertedId;
}

interface CartLine {
  classItemId: string;
  camperId: string;
  camper_name: string;
}

/** Counts the page's POST /carts and keeps what each sent. */
function watchBookings(page: Page) {
  const bodies: Record<string, unknown>[] = [];
  page.on("request", (r) => {
    if (r.url() === `${API_URL}/carts` && r.method() === "POST")
      bodies.push(r.postDataJSON() as Record<string, unknown>);
  });
  return bodies;
}

const toast = (page: Page) => page.getByRole("status").filter({ hasText: "Class added on the Cart." });
const booking = (page: Page) => page.getByTestId("class-booking");
const addButton = (page: Page) => booking(page).getByRole("button", { name: "Add To Booking" });
const seatDialog = (page: Page) => page.getByRole("dialog", { name: "Who is this seat for?" });

test.describe("booking for a family's campers", () => {
  test("a parent books one class for two children: two cart lines, one toast; a child outside the ages is refused with the reason", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const parent = await signUpFreshStudent(page, "Dana Parent");
    const token = await storedAccessToken(page);
    const leo = await addChild(token, "Leo", `${YEAR - 10}-03-02`);
    const ava = await addChild(token, "Ava", `${YEAR - 12}-05-20`);
    await addChild(token, "Mia", `${YEAR - 7}-01-15`);

    await page.goto(`/classes/${TABLE_TENNIS.id}`);
    await expect(page.getByRole("heading", { level: 1, name: TABLE_TENNIS.name })).toBeVisible();
    const badge = page.getByRole("navigation", { name: "Main" }).getByTestId("cart-count").first();
    await page.waitForLoadState("networkidle");
    const posted = watchBookings(page);

    await expect(addButton(page)).toHaveAttribute("aria-haspopup", "dialog");
    await addButton(page).click();
    const dialog = seatDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(new RegExp(`^${TABLE_TENNIS.name}, \\$79\\.99 a seat\\.`));
    const myself = dialog.getByRole("checkbox", { name: `Myself (${parent.name})` });
    const leoBox = dialog.getByRole("checkbox", { name: "Leo Parent" });
    const avaBox = dialog.getByRole("checkbox", { name: "Ava Parent" });
    const miaBox = dialog.getByRole("checkbox", { name: "Mia Parent" });
    // A parent's own seat is for a class open to every age: this one is for the children.
    await expect(myself).toBeDisabled();
    await expect(myself).toHaveAccessibleDescription(
      `"${TABLE_TENNIS.name}" is for ages ${TABLE_TENNIS.ages}: book it for one of your children. You can book yourself only into a class open to every age.`,
    );
    await expect(leoBox).toBeEnabled();
    await expect(avaBox).toBeEnabled();
    // The server's reason, beside the name and as the checkbox's description.
    const tooYoung = `Mia will be 7 on ${longDay(FIRST_DAY)}; this class is for ages ${TABLE_TENNIS.ages}.`;
    await expect(miaBox).toBeDisabled();
    await expect(miaBox).toHaveAccessibleDescription(tooYoung);
    await expect(dialog.getByText(tooYoung)).toBeVisible();
    // Focus is in the dialog, on the first camper that can be ticked.
    await expect(leoBox).toBeFocused();
    await page.screenshot({ path: test.info().outputPath("camper-dialog-1280.png") });
    expect(await accessibilityProblems(page, "dialog[open]")).toEqual([]);

    // Nothing ticked: said, nothing sent.
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Tick at least one camper.");
    expect(posted).toHaveLength(0);

    await leoBox.check();
    await avaBox.check();
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page)).toHaveCount(1);
    await expect(toast(page)).toBeVisible();
    expect(posted).toEqual([
      { classItemId: TABLE_TENNIS.id, camperId: leo },
      { classItemId: TABLE_TENNIS.id, camperId: ava },
    ]);
    await expect(badge).toHaveText("2");
    // Mia and the parent have no seat: whether they may go is the dialog's to say, so the button
    // stays, says who is booked, and has the focus back.
    await expect(addButton(page)).toBeEnabled();
    await expect(addButton(page)).toBeFocused();
    await expect(booking(page)).toHaveAttribute("data-state", "open");
    await expect(booking(page)).toContainText("In your cart for Leo and Ava.");

    const cart = await callApi<CartLine[]>("GET", `/carts?email=${encodeURIComponent(parent.email)}`, token);
    expect(cart.body.map((l) => [l.classItemId, l.camperId, l.camper_name])).toEqual([
      [TABLE_TENNIS.id, leo, "Leo Parent"],
      [TABLE_TENNIS.id, ava, "Ava Parent"],
    ]);

    // Again: the booked children show it, Mia still why not; Escape closes and gives focus back.
    await addButton(page).click();
    await expect(leoBox).toBeDisabled();
    await expect(leoBox).toHaveAccessibleDescription("Leo already has this class in the cart.");
    await expect(avaBox).toHaveAccessibleDescription("Ava already has this class in the cart.");
    await expect(miaBox).toHaveAccessibleDescription(tooYoung);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(addButton(page)).toBeFocused();
  });

  test("a refusal the dialog could not foresee shows the server's reason; the others are added", async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpFreshStudent(page, "Robin Family");
    const token = await storedAccessToken(page);
    const leo = await addChild(token, "Leo", `${YEAR - 10}-03-02`);
    await addChild(token, "Mia", `${YEAR - 7}-01-15`);
    await addChild(token, "Ava", `${YEAR - 11}-06-06`);

    await page.goto(`/classes/${TABLE_TENNIS.id}`);
    await page.waitForLoadState("networkidle");
    await addButton(page).click();
    const dialog = seatDialog(page);
    const leoBox = dialog.getByRole("checkbox", { name: "Leo Parent" });
    await expect(leoBox).toBeFocused();

    // At a phone's width the dialog fits the screen and the page does not scroll sideways.
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: test.info().outputPath("camper-dialog-390.png") });
    expect(await accessibilityProblems(page, "dialog[open]")).toEqual([]);
    // The dark theme (the shell's class on <html>) keeps it readable.
    await page.evaluate(() => document.documentElement.classList.add("dark"));
    await page.screenshot({ path: test.info().outputPath("camper-dialog-390-dark.png") });
    expect(await accessibilityProblems(page, "dialog[open]")).toEqual([]);
    await page.evaluate(() => document.documentElement.classList.remove("dark"));

    // Leo is booked from another tab while the dialog is open: the server refuses his second line.
    await dialog.getByRole("checkbox", { name: "Ava Parent" }).check();
    await leoBox.check();
    expect((await callApi("POST", "/carts", token, { classItemId: TABLE_TENNIS.id, camperId: leo })).status).toBe(201);
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await expect(dialog.getByRole("alert")).toContainText("Not added:");
    await expect(dialog.getByRole("alert")).toContainText("Leo Parent: Leo already has this class in the cart.");
    await expect(dialog.getByRole("status")).toHaveText("Added to your cart: Ava Parent.");
    await page.screenshot({ path: test.info().outputPath("camper-dialog-390-refused.png") });
    // The toast waits for the dialog to close (under the modal it would be hidden), then shows once.
    await expect(toast(page)).toHaveCount(0);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page)).toHaveCount(1);
    // Mia has no seat: whether she may go is the dialog's to say, so the button stays pressable.
    await expect(booking(page)).toHaveAttribute("data-state", "open");
    await expect(booking(page)).toContainText("In your cart for Leo and Ava.");
  });

  test("an account without children adds with one click and the spec's toast, as before families", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signUpFreshStudent(page, "Solo Camper");
    await page.goto(`/classes/${TABLE_TENNIS.id}`);
    await page.waitForLoadState("networkidle");
    const posted = watchBookings(page);
    await expect(addButton(page)).not.toHaveAttribute("aria-haspopup");
    await addButton(page).click();
    await expect(toast(page)).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(booking(page)).toHaveAttribute("data-state", "in-cart");
    await expect(booking(page)).toContainText("In your cart");
    await expect(addButton(page)).toBeDisabled();
    // The spec's call: the class id only, the seat the account holder's own.
    expect(posted).toEqual([{ classItemId: TABLE_TENNIS.id }]);
  });
});
