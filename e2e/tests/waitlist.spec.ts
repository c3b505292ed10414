import { expect, test } from "@playwright/test";
import { confirmedSignUp, confirmEmailForPaying } from "../support/email-verification";
import { startOwnApi } from "../support/own-api";
import { accessibilityProblems } from "../support/page-audit";
import { seedDay } from "../support/seed-calendar";
import { accessToken, SEED, signUpFreshStudent, storedAccessToken, giveGuardian } from "../support/session";
import { typeCard } from "../support/card-field";

/**
 * Registration opening and the waitlist in Chromium, on an API of this test's
 * own whose seat holds last seconds: the class opens by itself at its time; it fills; a family
 * joins its line with two children, another with one behind; one hold runs out and nobody is
 * offered (the group needs two), the seat not for sale; the second runs out and the group is
 * offered both, accepts and pays; a third seat goes to the next family. A fourth family never
 * gets a freed seat. Families other than the one in the browser act through the API.
 */
const HOLD_SECONDS = 20;
/** Table Tennis Tactics (seed class 12): ages 8-14, 2 of 16 seats taken in the seed. */
const CLASS = { id: "00000000-0000-4000-9000-000000000012", name: "Table Tennis Tactics" };
const CHILD_BIRTH = `${Number(seedDay("2027-08-23").slice(0, 4)) - 10}-03-01`;
const CONTACT = [{ name: "Pat Parent", relation: "father", phone: "+1 555 0142" }];

let own: Awaited<ReturnType<typeof startOwnApi>>;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  own = await startOwnApi({
    PAYMENT_HOLD_SECONDS: String(HOLD_SECONDS),
    PAYMENT_HOLD_MAX_SECONDS: String(HOLD_SECONDS),
  });
});
test.afterAll(async () => {
  await own?.stop();
});

async function call(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${own.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** A family made as sign-up makes one (its address confirmed), with the given children. */
async function family(name: string, children: string[] = []) {
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${Date.now()}@example.com`;
  const idToken = await confirmedSignUp(email, "Camp#Family2026", name);
  const res = await fetch(`${own.url}/jwt`, {
    method: "POST",
    headers: { authorization: `Bearer ${idToken}`, "content-type": "application/json" },
    body: JSON.stringify({ email }),
  });
  const { token } = (await res.json()) as { token: string };
  await giveGuardian(token, own.url);
  const kids: string[] = [];
  for (const first of children) kids.push(await addChild(token, first));
  return { token, kids };
}

async function addChild(token: string, first_name: string): Promise<string> {
  const res = await call("POST", "/campers", token, {
    first_name,
    last_name: "Waiting",
    date_of_birth: CHILD_BIRTH,
    emergency_contacts: CONTACT,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.camper._id as string;
}

/** A family takes a seat into a checkout's hold (its cart line, then the checkout). */
async function holdASeat(token: string): Promise<number> {
  expect((await call("POST", "/carts", token, { classItemId: CLASS.id })).status).toBe(201);
  const checkout = await call("POST", "/create-payment-intent", token, {});
  expect(checkout.status).toBe(201);
  return Date.parse(checkout.body.expiresAt as string);
}

const entriesOf = async (token: string) =>
  (await call("GET", "/waitlist", token)).body as { state: string; position: number | null }[];
const availability = async () =>
  (await call("GET", `/classes/${CLASS.id}/availability`, "")).body as { seats_left: number };

test("a class opens by itself at its time, fills, and its freed seats go to the line in order: the group together, then the next", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const admin = accessToken(SEED.admin);
  const outsider = await family("Fourth Family");
  const tryOutsider = async () => {
    const res = await call("POST", "/carts", outsider.token, { classItemId: CLASS.id });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
  };

  // Two seats left, registration opening in a few seconds.
  const opensAt = new Date(own.nowMs() + 20_000).toISOString();
  const set = await call("PATCH", `/classes/${CLASS.id}`, admin, {
    available_seats: 4,
    registration_opens_at: opensAt,
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);

  await own.routeTo(page);
  const parent = await signUpFreshStudent(page, "Gale Group");
  // Its confirmed address, as this test's API learns it at the next sign-in.
  await confirmEmailForPaying(parent.email, parent.password, own.url);
  const groupToken = await storedAccessToken(page);
  const kids = [await addChild(groupToken, "Ada"), await addChild(groupToken, "Ben")];
  expect(kids).toHaveLength(2);

  await page.goto(`/classes/${CLASS.id}`);
  const booking = page.getByTestId("class-booking");
  const add = booking.getByRole("button", { name: "Add To Booking" });
  await expect(booking).toContainText(/Registration opens \w{3} \d{1,2} \w+, \d{1,2}:\d{2} \(in \d+ seconds?\)/);
  await expect(add).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath("opens-soon-1280.png"), fullPage: true });
  // It opens by itself, without a reload.
  await expect(add).toBeEnabled({ timeout: 30_000 });
  await expect(booking).toContainText("2 seats left of 4");

  // Two families hold the last two seats, a few seconds apart.
  const first = await family("First Holder");
  const second = await family("Second Holder");
  const firstEnds = await holdASeat(first.token);
  // A few seconds later by this API's clock, moved rather than waited for.
  await own.moveClockTo(own.nowMs() + 8_000);
  const secondEnds = await holdASeat(second.token);

  // Full: the page offers the waitlist; the parent joins with both children.
  await page.reload();
  await expect(booking).toHaveAttribute("data-state", "full");
  await booking.getByRole("button", { name: "Join waitlist" }).click();
  const dialog = page.getByRole("dialog", { name: "Who waits for a seat?" });
  await dialog.getByLabel("Ada Waiting").check();
  await dialog.getByLabel("Ben Waiting").check();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("join-dialog-390.png") });
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole("button", { name: "Join waitlist" }).click();
  const joined = page.getByRole("dialog", { name: "You are on the waitlist" });
  await expect(joined).toContainText(
    'Ada Waiting and Ben Waiting wait together for "Table Tennis Tactics". You are #1 in line.',
  );
  await joined.getByRole("button", { name: "OK" }).click();
  await expect(page.getByTestId("waitlist-length")).toHaveText("1 family waiting");
  expect(await accessibilityProblems(page, "main")).toEqual([]);

  const single = await family("Third Family", ["Cy"]);
  const third = await call("POST", `/classes/${CLASS.id}/waitlist`, single.token, { camperIds: single.kids });
  expect(third.body).toMatchObject({ state: "waiting", position: 2 });

  // The first hold runs out: one seat free, the group at the head needs two, so it is kept.
  await own.moveClockTo(firstEnds + 1_500);
  expect(own.nowMs(), "the second hold still runs").toBeLessThan(secondEnds - 2_000);
  await tryOutsider();
  expect((await entriesOf(single.token))[0]).toMatchObject({ state: "waiting", position: 2 });
  expect(await availability()).toMatchObject({ seats_left: 0 });

  // The second runs out: both seats are offered to the group.
  await own.moveClockTo(secondEnds + 1_500);
  await tryOutsider();
  await page.goto("/dashboard/waitlists");
  const offer = page.getByTestId("waitlist-entry").filter({ hasText: CLASS.name });
  await expect(offer).toHaveAttribute("data-state", "offered");
  await expect(offer).toContainText("2 seats are kept for you until");
  expect((await entriesOf(single.token))[0]).toMatchObject({ state: "waiting", position: 1 });
  await page.screenshot({ path: test.info().outputPath("offer-1280.png"), fullPage: true });
  expect(await accessibilityProblems(page, "main")).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("offer-390.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Accepted: the payment page for both seats, paid by card.
  await offer.getByRole("button", { name: "Accept and pay" }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\?items=/);
  await expect(page.getByText("Ada Waiting")).toBeVisible({ timeout: 15_000 });
  await typeCard(page);
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByRole("heading", { name: "Payment Complete Successfully" })).toBeVisible({ timeout: 20_000 });
  const enrolled = (await call("GET", `/enrolled?email=${encodeURIComponent(parent.email)}`, groupToken)).body as {
    camper_name: string;
  }[];
  expect(enrolled.map((e) => e.camper_name).sort()).toEqual(["Ada Waiting", "Ben Waiting"]);

  // A third seat: the next family in line is offered it, not the fourth.
  expect((await call("PATCH", `/classes/${CLASS.id}`, admin, { available_seats: 5 })).status).toBe(200);
  expect((await entriesOf(single.token))[0]).toMatchObject({ state: "offered" });
  await tryOutsider();
});
