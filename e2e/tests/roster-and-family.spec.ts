import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { accessibilityProblems } from "../support/page-audit";
import { API_URL } from "../support/ports";
import { accessToken, SEED } from "../support/session";
import {
  bookTheFamily,
  bothThemes,
  CLASS_NAME,
  DESKTOP,
  expectPrintedRosterOnly,
  JONAS,
  openRoster,
  PARENT_NAME,
  PHONE,
  row,
  SECOND_GUARDIAN,
  seeded,
  signedIn,
  TAG,
} from "../support/roster-family";

/**
 * Families on the staff's side: a parent books two children into a class
 * of Maya's and pays; Maya reads the roster (the allergy flag, the details on demand), prints it
 * alone and exports it; Jonas, another instructor, may not read it; an admin finds the family by a
 * child's name, opens it, and sees every read of the children's details in the access log.
 * What the family is, and how it is booked: support/roster-family.ts.
 */

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await bookTheFamily();
});

test("the instructor's roster: both children, the allergy flag, the details on demand, printed alone, exported as CSV", async ({
  browser,
}, testInfo) => {
  const page = await signedIn(browser, SEED.instructor);
  const item = await openRoster(page);
  await expect(item.getByText("2 campers", { exact: true })).toBeVisible();

  const mia = row(item, seeded.mia.name);
  const kai = row(item, seeded.kai.name);
  await expect(mia.getByRole("cell", { name: seeded.mia.name, exact: true })).toBeVisible();
  await expect(kai.getByRole("cell", { name: seeded.kai.name, exact: true })).toBeVisible();
  // Ages on the first day, the flag in words, the people to call and to hand the child to, photos.
  await expect(mia.getByRole("cell", { name: "9", exact: true })).toBeVisible();
  await expect(kai.getByRole("cell", { name: "11", exact: true })).toBeVisible();
  await expect(mia.getByText("Allergy/medical")).toBeVisible();
  await expect(kai.getByText("None noted")).toBeVisible();
  await expect(kai.getByText("Allergy/medical")).toHaveCount(0);
  await expect(mia).toContainText("Ana Rivera (mother), +1 555 0100");
  await expect(mia.getByRole("link", { name: "+1 555 0100" })).toHaveAttribute("href", "tel:+15550100");
  await expect(mia).toContainText("Luis Rivera (grandfather), +1 555 0199");
  await expect(kai).toContainText("None listed");
  await expect(mia).toContainText("No photos");
  await expect(kai.getByRole("cell", { name: "Yes", exact: true })).toBeVisible();
  await expect(mia).toContainText(PARENT_NAME);
  await expect(mia).toContainText(seeded.parent.email);
  // The parents to call, beside the account holder's e-mail.
  await expect(mia).toContainText(`${PARENT_NAME} (mother), +1 555 0142`);
  await expect(mia).toContainText("Tomas Rivera (father), +1 555 0143");
  await expect(mia.getByRole("link", { name: "+1 555 0143" })).toHaveAttribute("href", "tel:+15550143");
  // The medical details are not on the page until asked for.
  await expect(item).not.toContainText("Peanuts");

  // Show details: fetched now, shown as text under the flag; the button says what it does.
  const show = mia.getByRole("button", { name: `Show details: ${seeded.mia.name}` });
  await expect(show).toHaveAttribute("aria-expanded", "false");
  const fetched = page.waitForResponse((r) => r.url().endsWith(`/roster/${seeded.mia._id}/medical`));
  await show.focus();
  await page.keyboard.press("Enter");
  expect((await fetched).status()).toBe(200);
  const hide = mia.getByRole("button", { name: `Hide details: ${seeded.mia.name}` });
  await expect(hide).toHaveAttribute("aria-expanded", "true");
  await expect(mia.getByRole("definition").filter({ hasText: "Peanuts (carries an EpiPen)" })).toBeVisible();
  await expect(mia.getByRole("definition").filter({ hasText: "Antihistamine before sport" })).toBeVisible();
  await expect(mia.getByRole("term").filter({ hasText: "Medical notes" })).toBeVisible();
  await expect(mia).toContainText("None given");

  await item.screenshot({ path: testInfo.outputPath("roster-1280.png") });
  expect(await bothThemes(page, () => accessibilityProblems(page, "main"))).toEqual([]);

  // Print: the browser's print, with the roster marked as the one to print.
  await page.evaluate(() => {
    window.print = () => {
      (window as unknown as { printed: number }).printed = 1;
    };
  });
  await item.getByRole("button", { name: "Print roster" }).click();
  // The printout's medical details are fetched first: the browser's print follows them.
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed?: number }).printed)).toBe(1);
  await expect(item.locator("[data-roster-print]")).toHaveAttribute("data-printing", "");

  // On paper: the roster's table alone, black on white; no navbar, sidebar, footer, page title or button.
  await page.emulateMedia({ media: "print" });
  await expectPrintedRosterOnly(page, item);
  await page.screenshot({ path: testInfo.outputPath("roster-print-1280.png"), fullPage: true });

  // At a phone's width: cards on screen, nothing wider than the screen; the same table on paper.
  await page.setViewportSize(PHONE);
  await expectPrintedRosterOnly(page, item);
  await page.screenshot({ path: testInfo.outputPath("roster-print-390.png"), fullPage: true });
  await page.emulateMedia({ media: "screen" });
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(mia.getByText("Allergy/medical")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
  await item.screenshot({ path: testInfo.outputPath("roster-390.png") });
  expect(await bothThemes(page, () => accessibilityProblems(page, "main"))).toEqual([]);
  await page.setViewportSize(DESKTOP);

  // Export CSV: a download, with the instructor's token, of the whole roster.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    item.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`roster-family-roster-soccer-${TAG}.csv`);
  const csv = (await readFile(await download.path(), "utf8")).trim().split(/\r?\n/);
  // Every cell is quoted, so a spreadsheet splitting on `;` keeps each one whole.
  const quoted = (cells: string[]) => cells.map((c) => `"${c}"`).join(",");
  expect(csv[0]).toBe(
    quoted([
      "camper",
      "age_on_first_day",
      "medical_or_allergy",
      "allergies",
      "medical_notes",
      "medications",
      "emergency_contacts",
      "pickup_people",
      "photo_consent",
      "account_holder",
      "email",
      "guardians",
    ]),
  );
  expect(csv).toHaveLength(3);
  const line = (name: string) => csv.find((l) => l.startsWith(`"${name}",`));
  expect(line(seeded.mia.name)).toBe(
    quoted([
      seeded.mia.name,
      "9",
      "yes",
      "Peanuts (carries an EpiPen)",
      "",
      "Antihistamine before sport",
      "Ana Rivera (mother) +1 555 0100",
      "Luis Rivera (grandfather) +1 555 0199",
      "no",
      PARENT_NAME,
      seeded.parent.email,
      `${PARENT_NAME} (mother) +1 555 0142; Tomas Rivera (father) +1 555 0143`,
    ]),
  );
  expect(line(seeded.kai.name)).toBe(
    quoted([
      seeded.kai.name,
      "11",
      "no",
      "",
      "",
      "",
      "Ana Rivera (mother) +1 555 0100",
      "",
      "yes",
      PARENT_NAME,
      seeded.parent.email,
      `${PARENT_NAME} (mother) +1 555 0142; Tomas Rivera (father) +1 555 0143`,
    ]),
  );
});

test("another instructor may not read Maya's roster, its details or its CSV", async () => {
  for (const path of [
    `/classes/${seeded.classId}/roster`,
    `/classes/${seeded.classId}/roster?page=1&size=20`,
    `/classes/${seeded.classId}/roster/${seeded.mia._id}/medical`,
    `/classes/${seeded.classId}/roster.csv`,
  ]) {
    const res = await fetch(`${API_URL}${path}`, { headers: { authorization: `Bearer ${accessToken(JONAS)}` } });
    expect(res.status, path).toBe(403);
    expect(((await res.json()) as { message: string }).message, path).toBe("You are not allowed to do this.");
  }
});

test("the admin finds the family by a child's name, opens it, and sees who read the children's details", async ({
  browser,
}, testInfo) => {
  const page = await signedIn(browser, SEED.admin);
  await page.goto("/dashboard/manageusers");
  await expect(page.getByText("Also finds a family by a camper's name.")).toBeVisible();
  await page.getByLabel("Search by name or e-mail").fill(seeded.kai.name);
  const users = page.getByRole("region", { name: "Users", exact: true });
  await expect(users.getByRole("row")).toHaveCount(2);
  await expect(users.getByRole("rowheader", { name: PARENT_NAME })).toBeVisible();

  await users.getByRole("button", { name: `Family: ${PARENT_NAME}` }).click();
  const dialog = page.getByRole("dialog", { name: `Family of ${PARENT_NAME}` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(seeded.parent.email);
  // Both parents, with the phone to call and the address to write to.
  await expect(dialog).toContainText(`${PARENT_NAME} (mother), +1 555 0142`);
  await expect(dialog).toContainText(`Tomas Rivera (father), +1 555 0143, ${SECOND_GUARDIAN.email}`);
  await expect(dialog).toContainText("12 Field Lane, Springfield, IL 62701");
  const camper = (name: string) => dialog.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  const mia = camper(seeded.mia.name);
  await expect(mia).toContainText("Peanuts (carries an EpiPen)");
  await expect(mia).toContainText("Antihistamine before sport");
  await expect(mia).toContainText("Ana Rivera (mother), +1 555 0100");
  await expect(mia).toContainText("Luis Rivera (grandfather), +1 555 0199");
  await expect(mia).toContainText(`Photo consentNo`);
  await expect(mia).toContainText(`${CLASS_NAME}, `);
  await expect(mia).toContainText("(age ");
  await expect(camper(seeded.kai.name)).toContainText(CLASS_NAME);
  const lea = camper(seeded.lea.name);
  await expect(lea.getByText("Removed", { exact: true })).toBeVisible();
  await expect(lea).toContainText("Deleted with the camper");
  await expect(lea).toContainText("EnrolmentsNone");
  await page.screenshot({ path: testInfo.outputPath("family-1280.png") });

  // Who read Mia's details: newest first, the admin's opening of the family on top.
  await mia.getByRole("button", { name: `Who read the details: ${seeded.mia.name}` }).click();
  const reads = mia.getByRole("list", { name: "Who read the details" }).getByRole("listitem");
  await expect(reads.first()).toContainText("Family view");
  await expect(reads.first()).toContainText(SEED.admin.email);
  for (const reason of ["Roster CSV export", "Medical details", "Class roster"]) {
    await expect(reads.filter({ hasText: reason }).filter({ hasText: SEED.instructor.email }).first()).toBeVisible();
  }
  await page.setViewportSize(PHONE);
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((d) => d.scrollWidth - d.clientWidth)).toBe(0);
  await page.screenshot({ path: testInfo.outputPath("family-390.png") });
  await mia.screenshot({ path: testInfo.outputPath("family-camper-390.png") });
  expect(await bothThemes(page, () => accessibilityProblems(page, "dialog"))).toEqual([]);
  await page.setViewportSize(DESKTOP);

  // Escape closes the family and focus returns to its button.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(users.getByRole("button", { name: `Family: ${PARENT_NAME}` })).toBeFocused();

  // Admin Home's access log: every read, newest first, by name (who read, whose details, which
  // class), each id still there under its name to search for.
  await page.goto("/dashboard/adminhome");
  const log = page.getByRole("region", { name: "Reads", exact: true });
  const first = log.getByRole("row").filter({ hasText: "Family view" }).first();
  await expect(first).toContainText(SEED.admin.name);
  await expect(first).toContainText(SEED.admin.email);
  await expect(log.getByText(seeded.mia._id).first()).toBeVisible();
  const exported = log.getByRole("row").filter({ hasText: "Roster CSV export" }).filter({ hasText: seeded.mia.name });
  await expect(exported).toHaveCount(1);
  await expect(exported).toContainText(SEED.instructor.name);
  await expect(exported).toContainText(CLASS_NAME);
  await expect(exported).toContainText(seeded.classId);
  await expect(exported).toContainText(seeded.mia._id);
  // The admin's family view belongs to no class; the removed child has no details, so was never read.
  await expect(first).toContainText("None");
  await expect(log).not.toContainText(seeded.lea.name);
  await expect(page.getByRole("navigation", { name: "Pages" }).last()).toContainText(/of \d/);
  await log.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("access-log-1280.png"), fullPage: true });
  await log.screenshot({ path: testInfo.outputPath("access-log-table-1280.png") });
  expect(await bothThemes(page, () => accessibilityProblems(page, "main"))).toEqual([]);
  await page.setViewportSize(PHONE);
  await expect(exported).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
  await exported.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("access-log-390.png") });
  await exported.screenshot({ path: testInfo.outputPath("access-log-row-390.png") });
  expect(await bothThemes(page, () => accessibilityProblems(page, "main"))).toEqual([]);
});
