import { expect, test, type Page } from "@playwright/test";
import { verificationLink } from "../support/email-verification";
import { API_URL } from "../support/ports";
import { SEED, signInAs, signUpFreshStudent, storedAccessToken } from "../support/session";

/**
 * Sessions that end on the server, and confirmed payers (decision 028), through the real UI: Logout ends the access token on the
 * server, an admin signs a user out everywhere, and a student pays only with a confirmed address.
 */
const CYCLING = { id: "00000000-0000-4000-9000-000000000010", name: "Cycling Endurance", price: "$109.00" };

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function book(page: Page, classId: string) {
  const res = await page.request.post(`${API_URL}/carts`, {
    headers: bearer(await storedAccessToken(page)),
    data: { classItemId: classId },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test("after Logout the token the browser held is refused: a copy of it replayed gets 401", async ({
  page,
  request,
}) => {
  await signInAs(page, SEED.student);
  const token = await storedAccessToken(page);
  expect((await request.get(`${API_URL}/users/me`, { headers: bearer(token) })).status()).toBe(200);

  const ended = page.waitForResponse((r) => r.url() === `${API_URL}/logout` && r.request().method() === "POST");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await ended).status()).toBe(200);
  expect(await page.evaluate(() => localStorage.getItem("access-token"))).toBeNull();

  for (const path of ["/users/me", `/carts?email=${SEED.student.email}`]) {
    const replayed = await request.get(`${API_URL}${path}`, { headers: bearer(token) });
    expect(replayed.status(), path).toBe(401);
    expect(((await replayed.json()) as { message: string }).message).toMatch(/session has ended/);
  }
  // Signing in again works: a new token of its own.
  await signInAs(page, SEED.student);
  expect(await storedAccessToken(page)).not.toBe(token);
});

/** How many users the Firebase SDK keeps in this browser's IndexedDB (its persisted sign-in). */
function firebaseUsersKept(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const opened = indexedDB.open("firebaseLocalStorageDb");
        opened.onerror = () => reject(opened.error);
        opened.onsuccess = () => {
          const db = opened.result;
          if (!db.objectStoreNames.contains("firebaseLocalStorage")) return resolve(0);
          const all = db.transaction("firebaseLocalStorage").objectStore("firebaseLocalStorage").getAllKeys();
          all.onsuccess = () => resolve(all.result.filter((key) => String(key).startsWith("firebase:authUser")).length);
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

test("a Logout left before Firebase signed out stays a logout: the next visit to the login page does not sign the last person in", async ({
  page,
}) => {
  await signInAs(page, SEED.student);
  // A later visit: the stored session shows without the Firebase SDK, so Logout has to load it.
  await page.reload();
  const menu = page.getByRole("button", { name: `Account menu of ${SEED.student.name}` });
  await expect(menu).toBeVisible();
  // The SDK never arrives (as when the tab closes or a link is followed at once): Firebase keeps its user.
  const sdk = /\.js(\?|$)/;
  await page.route(sdk, async (route) => {
    const response = await route.fetch();
    if ((await response.text()).includes("firebaseLocalStorageDb")) await route.abort();
    else await route.fulfill({ response });
  });
  await menu.click();
  await page.getByRole("menu", { name: "Account" }).getByRole("menuitem", { name: "Logout" }).click();
  const loginLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" });
  await expect(loginLink).toBeVisible();
  await page.unrouteAll({ behavior: "wait" });
  expect(await firebaseUsersKept(page), "Firebase's sign-in was left behind").toBe(1);

  // The login page loads Firebase, which finds that user: the browser stays logged out.
  await page.goto("/login");
  await page.getByLabel("Email").fill("nobody-here@example.com");
  await page.getByLabel("Password", { exact: true }).fill("Not#TheirPass1");
  await page.getByLabel("Password", { exact: true }).press("Enter");
  await expect(page.getByText("The e-mail or password is not right.")).toBeVisible();
  await expect.poll(() => firebaseUsersKept(page)).toBe(0);
  expect(await page.evaluate(() => localStorage.getItem("access-token"))).toBeNull();
  await page.goto("/");
  await expect(loginLink).toBeVisible();
  await expect(menu).toHaveCount(0);
});

test("an admin signs a student out everywhere from Manage Users: both of the student's browsers are out, and the password still works", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const laptop = await (await browser.newContext()).newPage();
  const student = await signUpFreshStudent(laptop, `Lost Phone ${Date.now() % 100_000}`);
  const phone = await (await browser.newContext()).newPage();
  await signInAs(phone, student);
  const tokens = [await storedAccessToken(laptop), await storedAccessToken(phone)];
  // Firebase counts revocation in whole seconds: a sign-in of the same second would still pass.
  await new Promise((resolve) => setTimeout(resolve, 1100));

  const admin = await (await browser.newContext()).newPage();
  await signInAs(admin, SEED.admin);
  await admin.goto(`/dashboard/manageusers?q=${encodeURIComponent(student.email)}`);
  await admin.getByRole("button", { name: `Sign out everywhere: ${student.name}` }).click();
  await expect(admin.getByRole("heading", { name: `Sign ${student.name} out everywhere?` })).toBeVisible();
  await admin.getByRole("button", { name: "Sign out everywhere", exact: true }).click();
  await expect(admin.getByRole("heading", { name: `${student.name} is signed out everywhere` })).toBeVisible();
  await expect(admin.getByText("Every device must sign in again.")).toBeVisible();

  for (const token of tokens) {
    expect((await admin.request.get(`${API_URL}/users/me`, { headers: bearer(token) })).status()).toBe(401);
  }
  // Each browser, on its next page, is out: its stored Firebase sign-in cannot buy a new token either.
  for (const page of [laptop, phone]) {
    await page.goto("/dashboard/userhome");
    await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
  }
  await signInAs(phone, student);
  await phone.goto("/dashboard/userhome");
  await expect(phone.getByRole("heading", { level: 1, name: "Student Home" })).toBeVisible();
});

test("an unconfirmed student is asked to confirm the address before paying, gets a new link, opens it, and then pays", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const student = await signUpFreshStudent(page, "Vera Verify", { confirmed: false });
  // The sign-up sent the first link.
  await expect.poll(() => verificationLink(student.email)).toBeDefined();
  await book(page, CYCLING.id);

  // The API refuses the checkout itself, in plain words, and holds nothing.
  const refused = await request.post(`${API_URL}/create-payment-intent`, {
    headers: bearer(await storedAccessToken(page)),
    data: {},
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toMatch(/^Confirm your e-mail address before paying/);

  await page.goto("/dashboard/payment");
  const panel = page.getByRole("region", { name: "Confirm your e-mail address to pay" });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(student.email);
  await expect(page.getByRole("button", { name: /^Pay \$/ })).toHaveCount(0);
  await expect(page.getByRole("timer")).toHaveCount(0);
  const confirmed = panel.getByRole("button", { name: "I have confirmed it" });
  await confirmed.click();
  await expect(panel.getByRole("alert")).toHaveText(
    "Your address is not confirmed yet. Open the link in the e-mail first, then try again.",
  );

  const first = await verificationLink(student.email);
  await panel.getByRole("button", { name: "Resend verification e-mail" }).click();
  await expect(panel.getByRole("status")).toHaveText(
    `A new link is on its way to ${student.email}. Check the spam folder too.`,
  );
  const link = await verificationLink(student.email);
  expect(link).toBeDefined();
  expect(link).not.toBe(first);

  // The student opens the link from the mail, in another tab, and comes back.
  const mail = await page.context().newPage();
  await mail.goto(link!);
  await mail.close();
  await confirmed.click();

  await expect(page.getByRole("region", { name: "You are paying for" })).toContainText(CYCLING.name);
  await expect(page.getByRole("button", { name: `Pay ${CYCLING.price}` })).toBeEnabled({ timeout: 15_000 });
  await expect(panel).toHaveCount(0);
  // The account stays signed in throughout (no 403 ever reached the page).
  await expect(page.getByRole("button", { name: `Account menu of ${student.name}` })).toBeVisible();
});
