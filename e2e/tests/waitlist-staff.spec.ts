import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { confirmedSignUp } from "../support/email-verification";
import { callApi } from "../support/api-calls";
import { accessibilityProblems } from "../support/page-audit";
import { accessToken, SEED, signInAs, giveGuardian } from "../support/session";
import { seedDay } from "../support/seed-calendar";

/**
 * The waitlist on the staff's side: Manage Classes counts each class's
 * line; an admin opens it, moves a family up and removes another, each with a reason the record
 * keeps, and sets the class's registration opening; Admin Home lists the open offer that more
 * seats make; the class's instructor reads the line on My Classes and sets the opening in the
 * class form. Families act through the API (this spec is about the staff's pages).
 */

const TAG = randomBytes(3).toString("hex");
const CLASS_NAME = `Waitlist Staff Climbing ${TAG}`;
const PASSWORD = "Camp#Family2026";
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A family made as sign-up makes one (its address confirmed), and its API token. */
async function family(name: string) {
  const email = `line-${name.toLowerCase()}-${TAG}@example.net`;
  const idToken = await confirmedSignUp(email, PASSWORD, `${name} ${TAG}`);
  const { token } = await callApi<{ token: string }>("POST", "/jwt", idToken, { email });
  await giveGuardian(token);
  return { name: `${name} ${TAG}`, token };
}

const seeded = {} as { classId: string; entries: Record<string, string> };
const admin = () => accessToken(SEED.admin);

test.describe.configure({ mode: "serial", timeout: 90_000 });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  // One seat: a family's checkout holds it, so two more families join the line behind it.
  const created = await callApi<{ insertedId: string }>("POST", "/classes", accessToken(SEED.instructor), {
    class_name: CLASS_NAME,
    image: "/images/seed/classes/soccer.svg",
    available_seats: 1,
    price: 55,
    sport: "climbing",
    start_date: seedDay("2027-07-19"),
    end_date: seedDay("2027-07-23"),
    weekdays: ["mon", "wed", "fri"],
    start_time: "09:00",
    end_time: "11:00",
    age_min: 8,
    age_max: 18,
    level: "all",
  });
  seeded.classId = created.insertedId;
  await callApi("PATCH", `/classes/${seeded.classId}/status`, admin(), { status: "approved" });
  const [holder, brooks, carter] = await Promise.all([family("Avila"), family("Brooks"), family("Carter")]);
  await callApi("POST", "/carts", holder.token, { classItemId: seeded.classId });
  await callApi("POST", "/create-payment-intent", holder.token, {});
  seeded.entries = {};
  for (const f of [brooks, carter]) {
    const entry = await callApi<{ _id: string }>("POST", `/classes/${seeded.classId}/waitlist`, f.token, {});
    seeded.entries[f.name] = entry._id;
  }
});

test("an admin reads a class's line, moves and removes entries with a reason, and sets its opening", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, SEED.admin);
  await page.goto(`/dashboard/manageclasses?q=${encodeURIComponent(CLASS_NAME)}`);
  const row = page.getByRole("row").filter({ hasText: CLASS_NAME });
  await expect(row.getByTestId("line-count")).toHaveText("Waitlist: 2 waiting");

  await row.getByRole("button", { name: `Waitlist and opening of ${CLASS_NAME}` }).click();
  const dialog = page.getByRole("dialog", { name: `Registration and waitlist: ${CLASS_NAME}` });
  const line = dialog.getByRole("list", { name: `Waitlist of ${CLASS_NAME}` });
  await expect(line.getByRole("listitem")).toHaveCount(2);
  await expect(line.getByRole("listitem").nth(0)).toContainText(`#1 · Brooks ${TAG}`);
  await expect(line.getByRole("listitem").nth(1)).toContainText(`#2 · Carter ${TAG}`);
  expect(await accessibilityProblems(page, "dialog")).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("line-dialog-1280.png") });

  // Carter to the front, with the reason: a reason is required first.
  await line.getByRole("button", { name: `Move Carter ${TAG}`, exact: true }).click();
  const move = dialog.getByRole("form", { name: `Move Carter ${TAG}`, exact: true });
  await move.getByLabel("New place in line").selectOption("1");
  await move.getByRole("button", { name: "Move", exact: true }).click();
  await expect(move.getByRole("alert")).toHaveText("Say why, for the record.");
  await move.getByLabel("Reason (kept with the entry)").fill("Registered by phone before opening");
  await move.getByRole("button", { name: "Move", exact: true }).click();
  await expect(line.getByRole("listitem").nth(0)).toContainText(`#1 · Carter ${TAG}`);
  const history = await callApi<{ action: string; reason: string }[]>(
    "GET",
    `/waitlist/${seeded.entries[`Carter ${TAG}`]}/history`,
    admin(),
  );
  expect(history.map((e) => e.reason)).toContain("#2 to #1: Registered by phone before opening");

  // Brooks leaves the line at the family's request.
  await line.getByRole("button", { name: `Remove Brooks ${TAG}`, exact: true }).click();
  const remove = dialog.getByRole("form", { name: `Remove Brooks ${TAG}`, exact: true });
  await remove.getByLabel("Reason (kept with the entry)").fill("Family asked by phone to leave");
  await remove.getByRole("button", { name: "Remove from the waitlist" }).click();
  await expect(line.getByRole("listitem")).toHaveCount(1);
  const removed = await callApi<{ action: string; reason: string }[]>(
    "GET",
    `/waitlist/${seeded.entries[`Brooks ${TAG}`]}/history`,
    admin(),
  );
  expect(removed.map((e) => e.reason)).toContain("Family asked by phone to leave");

  // The opening, typed on the academy's clock (Portland), whatever the browser's zone.
  // 1 March of the seeded summer's year: Portland is on standard time (UTC-8) then.
  const opening = seedDay("2027-03-01");
  await dialog.getByLabel("Registration opens (the academy's time, Portland)").fill(`${opening}T09:00`);
  await dialog.getByRole("button", { name: "Save opening" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Opening time saved.");
  const saved = await callApi<{ registration_opens_at: string | null }>("GET", `/classes/${seeded.classId}`, admin());
  expect(Date.parse(saved.registration_opens_at!)).toBe(Date.parse(`${opening}T09:00:00-08:00`));
  await dialog.getByRole("button", { name: "Open now" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Registration is open as soon as the class is approved.");
  const open = await callApi<{ registration_opens_at: string | null }>("GET", `/classes/${seeded.classId}`, admin());
  expect(open.registration_opens_at).toBeNull();

  await page.setViewportSize(PHONE);
  await expect(dialog.getByRole("button", { name: "Close" })).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath("line-dialog-390.png") });
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});

test("a seat more offers it to the family first in line: Admin Home lists the open offer", async ({ page }) => {
  await callApi("PATCH", `/classes/${seeded.classId}`, admin(), { available_seats: 2 });
  await page.setViewportSize(DESKTOP);
  await signInAs(page, SEED.admin);
  await page.goto("/dashboard/adminhome");
  const offers = page.getByRole("list", { name: "Open waitlist offers" });
  await expect(offers.getByRole("listitem").filter({ hasText: CLASS_NAME })).toContainText(
    `${CLASS_NAME}: Carter ${TAG}, 1 seat`,
  );
  await offers.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("open-offers-1280.png") });
});

test("the instructor reads the line on My Classes and sets the opening in the class form", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, SEED.instructor);
  await page.goto("/dashboard/myclasses");
  const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: CLASS_NAME, exact: true }) });
  await expect(item.getByTestId("line-count")).toHaveText("0 waiting · 1 offered");
  await item.getByRole("button", { name: "Waitlist", exact: true }).click();
  const line = item.getByRole("region", { name: `Waitlist of ${CLASS_NAME}` });
  await expect(line).toContainText(`Offered · Carter ${TAG}`);
  await expect(line).toContainText("offer open until");
  await page.setViewportSize(PHONE);
  await line.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("my-classes-line-390.png"), fullPage: false });
  await page.setViewportSize(DESKTOP);

  await item.getByRole("button", { name: "Update", exact: true }).click();
  // Six weeks before the class's first day, in the seeded summer: a date that stays ahead of the clock.
  const opensDay = seedDay("2027-06-07");
  await item.getByLabel("Registration opens (optional)").fill(`${opensDay}T08:30`);
  // An approved class: the opening changes at once, with no review.
  await item.getByRole("button", { name: "Save changes" }).click();
  await expect(item.getByRole("status")).toHaveText("Class updated.");
  const opensText = new Intl.DateTimeFormat("en-US", {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: "America/Los_Angeles",
  }).format(new Date(`${opensDay}T08:30:00-07:00`));
  await expect(item).toContainText(`Registration opens: ${opensText} (Portland time)`);
  const saved = await callApi<{ registration_opens_at: string | null }>(
    "GET",
    `/classes/${seeded.classId}`,
    accessToken(SEED.instructor),
  );
  expect(Date.parse(saved.registration_opens_at!)).toBe(Date.parse(`${opensDay}T08:30:00-07:00`));
});
