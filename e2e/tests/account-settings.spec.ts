import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { FIREBASE_PROJECT_ID } from "../../tools/auth-emulator.mjs";
import { accessibilityProblems } from "../support/page-audit";
import { API_URL, AUTH_EMULATOR_HOST } from "../support/ports";
import { signInAs, storedAccessToken } from "../support/session";
import { studentWithClasses } from "../support/students";

/**
 * Settings' account parts, as a family meets them: the real Firebase web SDK against the Auth
 * Emulator (its confirmation link followed from the emulator's list), then the API.
 */
const NEW_PASSWORD = "Summer#Camp27";
const CLASS_ID = "00000000-0000-4000-9000-000000000010";

async function openSettings(page: Page, name: string, classes: { paid: string[]; cart: string[] }) {
  const student = await studentWithClasses(`${name} ${randomBytes(2).toString("hex")}`, classes);
  await signInAs(page, student);
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 2, name: "Password" })).toBeVisible();
  return student;
}

async function logInFails(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByText("The e-mail or password is not right.")).toBeVisible();
}

async function logOut(page: Page, name: string) {
  await page.getByRole("button", { name: `Account menu of ${name}` }).click();
  await page.getByRole("menu", { name: "Account" }).getByRole("menuitem", { name: "Logout" }).click();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" })).toBeVisible();
}

test("a family changes its password: the current one is checked, the sign-up rules hold, the new one logs in", async ({
  page,
}, testInfo) => {
  const student = await openSettings(page, "Pat Password", { paid: [], cart: [] });
  const form = page.getByRole("form", { name: "Password" });
  await form.getByLabel("Current password", { exact: true }).fill("Not#MyPass1");
  await form.getByLabel("New password", { exact: true }).fill("short");
  await form.getByLabel("Confirm new password", { exact: true }).fill("short");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("Password must be at least 8 characters")).toBeVisible();
  await expect(form.getByLabel("New password", { exact: true })).toHaveAttribute("aria-invalid", "true");

  await form.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel("Confirm new password", { exact: true }).fill(NEW_PASSWORD);
  await form.getByRole("button", { name: "Change password" }).click();
  // Firebase refuses the wrong current password: said beside that field.
  const current = form.getByLabel("Current password", { exact: true });
  await expect(form.getByText("Your current password is not right.")).toBeVisible();
  await expect(current).toHaveAttribute("aria-invalid", "true");
  expect(await accessibilityProblems(page), "light theme, an error showing").toEqual([]);

  await current.fill(student.password);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByRole("status")).toHaveText(/Your password is changed/);
  await page.screenshot({ path: testInfo.outputPath("settings-1280.png"), fullPage: true });
  await page.evaluate(() => localStorage.setItem("academy-theme", "dark"));
  await page.reload();
  await expect(page.getByRole("heading", { level: 2, name: "Delete account" })).toBeVisible();
  expect(await accessibilityProblems(page), "dark theme").toEqual([]);
  await page.screenshot({ path: testInfo.outputPath("settings-dark-1280.png"), fullPage: true });

  await logOut(page, student.name);
  await logInFails(page, student.email, student.password);
  await signInAs(page, { ...student, password: NEW_PASSWORD });
});

test("a family changes its e-mail through the link sent to the new address: its cart follows, the old address is gone", async ({
  page,
  request,
}) => {
  const student = await openSettings(page, "Eli Email", { paid: [], cart: [CLASS_ID] });
  const newEmail = `moved-${Date.now()}-${randomBytes(2).toString("hex")}@example.com`;
  const form = page.getByRole("form", { name: "E-mail address" });
  await form.getByLabel("New e-mail address").fill(newEmail);
  await form.getByLabel("Current password", { exact: true }).fill(student.password);
  await form.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(form.getByRole("status")).toContainText(`We sent a link to ${newEmail}`);

  // The person opens the link the emulator "sent" to the new address.
  const codes = (await (
    await request.get(`http://${AUTH_EMULATOR_HOST}/emulator/v1/projects/${FIREBASE_PROJECT_ID}/oobCodes`)
  ).json()) as { oobCodes: { email: string; newEmail?: string; requestType: string; oobLink: string }[] };
  const link = codes.oobCodes
    .filter((c) => c.requestType === "VERIFY_AND_CHANGE_EMAIL" && (c.newEmail ?? c.email) === newEmail)
    .at(-1)?.oobLink;
  expect(link, "the confirmation link").toBeTruthy();
  expect((await request.get(link!)).ok()).toBe(true);

  await page.goto("/");
  await logOut(page, student.name);
  await logInFails(page, student.email, student.password);
  await page.goto("/login");
  await page.getByLabel("Email").fill(newEmail);
  await page.getByLabel("Password", { exact: true }).fill(student.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("button", { name: `Account menu of ${student.name}` })).toBeVisible({ timeout: 15_000 });
  const token = await storedAccessToken(page);
  const me = (await (
    await request.get(`${API_URL}/users/me`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as {
    email: string;
  };
  expect(me.email).toBe(newEmail);
  const cart = (await (
    await request.get(`${API_URL}/carts?email=${encodeURIComponent(newEmail)}`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as unknown[];
  expect(cart).toHaveLength(1);
});

test("a family deletes its account: refused while a seat is ahead, then deleted and signed out (390 px)", async ({
  page,
  request,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // A class with room that has not started (earlier tests of the run fill some): its seat can be cancelled.
  const classes = (await (await request.get(`${API_URL}/classes`)).json()) as {
    _id: string;
    available_seats: number;
    enrolled_seats: number;
    start_date: string | null;
  }[];
  const today = new Date().toISOString().slice(0, 10);
  const seat = classes.find(
    (c) => c.available_seats - c.enrolled_seats >= 2 && c.start_date !== null && c.start_date > today,
  )!._id;
  const student = await openSettings(page, "Dana Delete", { paid: [seat], cart: [] });
  const form = page.getByRole("form", { name: "Delete account" });
  await expect(page.getByText("as long as tax law requires", { exact: false })).toBeVisible();
  await form.getByLabel("Type your e-mail address or DELETE to confirm").fill("delete");
  await form.getByLabel("Your password", { exact: true }).fill(student.password);
  await form.getByRole("button", { name: "Delete my account" }).click();
  await expect(form.getByText("Type your e-mail address or DELETE to confirm.")).toBeVisible();

  await form.getByLabel("Type your e-mail address or DELETE to confirm").fill("DELETE");
  await form.getByRole("button", { name: "Delete my account" }).click();
  await expect(form.getByRole("alert")).toContainText("Cancel your family's seats");
  await expect(form.getByRole("link", { name: "Go to My Enrolled Classes" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("settings-delete-390.png"), fullPage: true });
  expect(await accessibilityProblems(page), "the refusal showing").toEqual([]);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, "nothing wider than the phone").toBeLessThanOrEqual(390);

  // The seat is cancelled (as My Enrolled Classes does); then the account goes.
  const auth = { headers: { authorization: `Bearer ${await storedAccessToken(page)}` } };
  const seats = (await (await request.get(`${API_URL}/enrollments`, auth)).json()) as { _id: string }[];
  expect(seats).toHaveLength(1);
  expect((await request.post(`${API_URL}/enrollments/${seats[0]!._id}/cancel`, auth)).ok()).toBe(true);
  await form.getByLabel("Your password", { exact: true }).fill(student.password);
  await form.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem("access-token"))).toBeNull();
  expect((await request.get(`${API_URL}/users/me`, auth)).status()).toBe(401);
  await logInFails(page, student.email, student.password);
});
