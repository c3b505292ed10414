import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { confirmedSignUp, confirmEmailForPaying } from "../support/email-verification";
import { startOwnApi } from "../support/own-api";
import { accessibilityProblems } from "../support/page-audit";
import { API_URL } from "../support/ports";
import { seedDay } from "../support/seed-calendar";
import { accessToken, SEED, signUpFreshStudent, storedAccessToken, giveGuardian } from "../support/session";
import { birthDateForAge } from "../../tools/test-dates.mjs";

/**
 * What a family does for itself beyond booking: its e-mail choices and private calendar feed in
 * Settings, the unsubscribe link of a reminder, the download of everything the academy holds about
 * it, and declining a seat the waitlist offered it. Set-up goes through the API; the browser is
 * used where a page is what is tested.
 */

/** The signed-in user's id, from the access token the page keeps. */
async function userIdOf(page: Page): Promise<string> {
  const token = await storedAccessToken(page);
  return (JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as { sub: string }).sub;
}

/**
 * A user's unsubscribe link as the reminder e-mail carries it: the user's id and a MAC under the key
 * the local API derives from its development secret (api/src/notifications/preferences.ts and
 * config/mail.ts say how).
 */
function unsubscribeLink(userId: string): string {
  const jwtSecret = process.env.JWT_SECRET ?? "local-development-secret-change-me-in-production";
  const linkSecret = createHmac("sha256", jwtSecret).update("notification links").digest("base64url");
  const mac = createHmac("sha256", linkSecret).update(`unsubscribe:${userId}`).digest("base64url").slice(0, 32);
  return `${API_URL}/unsubscribe/${userId}.${mac}`;
}

/** A feed's `webcal://` address as the calendar app fetches it. */
const overHttp = (webcal: string) => webcal.replace(/^webcal:\/\//, "http://");

test("Settings: reminders off and on again, a private calendar feed made, replaced (the old address stops working) and turned off", async ({
  page,
}) => {
  await signUpFreshStudent(page, "Feed Family");
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "E-mails and calendar" });
  const reminders = section.getByLabel("Reminder e-mails before camp starts");
  await expect(reminders).toBeChecked();
  // The box shows what the API saved: it changes once the answer is in (a click, not `uncheck`).
  await reminders.click();
  await expect(section.getByText("Reminders are off.")).toBeVisible();
  await expect(reminders).not.toBeChecked();
  await page.reload();
  await expect(reminders).not.toBeChecked();
  await reminders.click();
  await expect(section.getByText("Reminders are on.")).toBeVisible();
  await expect(reminders).toBeChecked();

  await section.getByRole("button", { name: "Create a calendar address" }).click();
  await expect(section.getByText("Your calendar address is ready.")).toBeVisible();
  const address = section.getByLabel("Your calendar address");
  const first = await address.inputValue();
  expect(first).toMatch(/^webcal:\/\/.+\/calendar\/.+\.ics$/);
  const feed = await fetch(overHttp(first));
  expect(feed.status).toBe(200);
  expect(feed.headers.get("content-type")).toMatch(/^text\/calendar/);
  expect(await feed.text()).toContain("BEGIN:VCALENDAR");
  expect(await accessibilityProblems(page, "main")).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("settings-feed-390.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await section.getByRole("button", { name: "New address" }).click();
  await expect(address).not.toHaveValue(first);
  const second = await address.inputValue();
  expect((await fetch(overHttp(first))).status, "the replaced address").toBe(404);
  expect((await fetch(overHttp(second))).status).toBe(200);

  await section.getByRole("button", { name: "Turn off" }).click();
  await expect(section.getByText("The calendar address is turned off.")).toBeVisible();
  await expect(section.getByRole("button", { name: "Create a calendar address" })).toBeVisible();
  expect((await fetch(overHttp(second))).status, "the turned-off address").toBe(404);
});

test("the unsubscribe link of a reminder: its page asks first, its button turns reminders off without signing in, Settings shows it", async ({
  page,
  browser,
}) => {
  await signUpFreshStudent(page, "Unsubscribing Family");
  const link = unsubscribeLink(await userIdOf(page));

  // Opened from the mail, in a browser where nobody is signed in.
  const mailReader = await browser.newPage();
  await mailReader.goto(link);
  await expect(mailReader.getByRole("heading", { level: 1, name: "Stop reminder e-mails?" })).toBeVisible();
  // Opening the page changed nothing (mail scanners follow links).
  await page.goto("/settings");
  const reminders = page
    .getByRole("region", { name: "E-mails and calendar" })
    .getByLabel("Reminder e-mails before camp starts");
  await expect(reminders).toBeChecked();
  await mailReader.getByRole("button", { name: "Turn reminders off" }).click();
  await expect(mailReader.getByRole("heading", { level: 1, name: "Reminders are off" })).toBeVisible();
  await mailReader.setViewportSize({ width: 390, height: 844 });
  await mailReader.screenshot({ path: test.info().outputPath("unsubscribed-390.png"), fullPage: true });
  await mailReader.close();

  await page.reload();
  await expect(reminders).not.toBeChecked();
  // A link altered by one character is no link: a clear page, not a user's reminders.
  const forged = await fetch(`${link.slice(0, -1)}${link.endsWith("A") ? "B" : "A"}`);
  expect(forged.status).toBe(404);
});

test("My Campers: 'Download our data' saves everything the academy holds about the family as a dated JSON file", async ({
  page,
}) => {
  await signUpFreshStudent(page, "Download Family");
  const token = await storedAccessToken(page);
  const added = await fetch(`${API_URL}/campers`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({
      first_name: "Dora",
      last_name: "Downloaded",
      date_of_birth: birthDateForAge(10, seedDay("2027-08-23")),
      emergency_contacts: [{ name: "Pat Parent", relation: "father", phone: "+1 555 0142" }],
    }),
  });
  expect(added.status, await added.clone().text()).toBe(201);

  await page.goto("/dashboard/campers");
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download our data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^academy-family-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = readFileSync((await download.path())!, "utf8");
  expect(data).toContain("Dora");
  expect(data).toContain("Downloaded");
  expect(data).toContain("Pat Parent");
  expect(() => JSON.parse(data)).not.toThrow();
});

test.describe("an offer from the waitlist", () => {
  let own: Awaited<ReturnType<typeof startOwnApi>>;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // An API of this test's own: its class's seats change without touching the shared run's.
    own = await startOwnApi({});
  });
  test.afterAll(async () => {
    await own?.stop();
  });

  /** Table Tennis Tactics (seed class 12): ages 8-14, 2 of 16 seats taken in the seed. */
  const CLASS = { id: "00000000-0000-4000-9000-000000000012", name: "Table Tennis Tactics" };

  async function call(method: string, path: string, token: string, body?: unknown) {
    const res = await fetch(`${own.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }

  test("declined: the family is asked first, the entry says the seat went on, and the seat is anyone's again", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const admin = accessToken(SEED.admin);
    // One seat left; another family holds it.
    expect((await call("PATCH", `/classes/${CLASS.id}`, admin, { available_seats: 3 })).status).toBe(200);
    const holderEmail = `holder-${Date.now()}@example.com`;
    const holderId = await confirmedSignUp(holderEmail, "Camp#Family2026", "Holding Family");
    const { token: holder } = (await (
      await fetch(`${own.url}/jwt`, {
        method: "POST",
        headers: { authorization: `Bearer ${holderId}`, "content-type": "application/json" },
        body: JSON.stringify({ email: holderEmail }),
      })
    ).json()) as { token: string };
    await giveGuardian(holder, own.url);
    expect((await call("POST", "/carts", holder, { classItemId: CLASS.id })).status).toBe(201);
    expect((await call("POST", "/create-payment-intent", holder, {})).status).toBe(201);

    // The family in the browser joins the line with its child.
    await own.routeTo(page);
    const parent = await signUpFreshStudent(page, "Declining Family");
    await confirmEmailForPaying(parent.email, parent.password, own.url);
    const token = await storedAccessToken(page);
    const child = await call("POST", "/campers", token, {
      first_name: "Ida",
      last_name: "Declining",
      // Ten on the class's first day (its ages are 8-14).
      date_of_birth: birthDateForAge(10, seedDay("2027-08-23")),
      emergency_contacts: [{ name: "Pat Parent", relation: "father", phone: "+1 555 0142" }],
    });
    expect(child.status, JSON.stringify(child.body)).toBe(201);
    const joined = await call("POST", `/classes/${CLASS.id}/waitlist`, token, { camperIds: [child.body.camper._id] });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);

    // A seat more: it is offered to the family, first in line.
    expect((await call("PATCH", `/classes/${CLASS.id}`, admin, { available_seats: 4 })).status).toBe(200);
    await page.goto("/dashboard/waitlists");
    const entry = page.getByTestId("waitlist-entry").filter({ hasText: CLASS.name });
    await expect(entry).toHaveAttribute("data-state", "offered");

    // Asked first; keeping the place changes nothing.
    await entry.getByRole("button", { name: "Decline" }).click();
    let dialog = page.getByRole("dialog", { name: "Decline this offer?" });
    await expect(dialog).toContainText(`The seats kept for you in "${CLASS.name}" go to the next family in line.`);
    await dialog.getByRole("button", { name: "Keep my place" }).click();
    await expect(entry).toHaveAttribute("data-state", "offered");

    await entry.getByRole("button", { name: "Decline" }).click();
    dialog = page.getByRole("dialog", { name: "Decline this offer?" });
    await dialog.getByRole("button", { name: "Decline the offer" }).click();
    await expect(entry).toHaveAttribute("data-state", "declined");
    await expect(entry).toContainText("You declined this offer: its seats went to the next family in line.");
    await expect(entry.getByRole("button", { name: "Accept and pay" })).toHaveCount(0);
    expect(await accessibilityProblems(page, "main")).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath("declined-390.png"), fullPage: true });

    // Nobody else waits: the seat is anyone's again.
    const availability = await call("GET", `/classes/${CLASS.id}/availability`, "");
    expect(availability.body).toMatchObject({ seats_left: 1 });
  });
});
