import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { approvedClass, callApi } from "../support/api-calls";
import { apiNowMs } from "../support/api-clock";
import { accessibilityProblems } from "../support/page-audit";
import { accessToken, SEED, signInAs } from "../support/session";
import { studentWithClasses } from "../support/students";

/**
 * The office's reports (decision 046), in Chromium at 390 px: a class's attendance over its
 * session, the day's allergy and medical report and the payments export, each with its content
 * and its CSV downloaded.
 */
const run = Date.now().toString(36).slice(-5);
const academyDay = (ms: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date(ms));
const today = academyDay(apiNowMs());
const tomorrow = academyDay(Date.parse(`${today}T12:00:00Z`) + 86_400_000);

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function download(page: Page, button: string) {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: button }).click()]);
  return { name: file.suggestedFilename(), lines: (await readFile(await file.path(), "utf8")).trim().split(/\r?\n/) };
}

test("an admin on a phone reads a class's session, the day's medical report and the payments, and downloads each", async ({
  page,
}) => {
  test.slow();
  const admin = accessToken(SEED.admin);
  const className = `Report Camp ${run}`;
  const classId = await approvedClass(
    { instructor: accessToken(SEED.instructor), admin },
    {
      name: className,
      price: 80,
      seats: 10,
      sport: "soccer",
      firstDay: today,
      lastDay: tomorrow,
      weekdays: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"],
    },
  );
  const parent = await studentWithClasses(
    `Rae Report ${run}`,
    { paid: [classId], cart: [] },
    { children: ["Kai", "Lu"], tenOn: today },
  );
  const [kai, lu] = ["Kai", "Lu"].map((first) => `${first} ${run}`) as [string, string];
  await callApi("PATCH", `/campers/${parent.children[0]}`, parent.token, { allergies: "Peanuts (EpiPen in bag)" });

  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, SEED.admin);

  // A class's session: both days, nothing recorded yet today, tomorrow to come.
  await page.goto(`/dashboard/class-attendance?class=${classId}`);
  await expect(page.getByRole("heading", { level: 1, name: `Attendance: ${className}` })).toBeVisible();
  const kaiRow = page.getByRole("row", { name: new RegExp(kai) });
  await expect(kaiRow).toContainText("Not recorded");
  await expect(kaiRow).toContainText("Upcoming");
  expect(await overflow(page)).toBe(0);
  expect(await accessibilityProblems(page, "main")).toEqual([]);
  const sheet = await download(page, "Download CSV");
  expect(sheet.name).toBe(`attendance-report-camp-${run}.csv`);
  expect(sheet.lines[0]).toMatch(/^"day","camper","state",/);
  expect(sheet.lines.filter((l) => l.includes(kai))).toHaveLength(1);
  await page.screenshot({ path: test.info().outputPath("class-attendance-390.png"), fullPage: true });

  // The day's medical report: Kai with the allergy, not Lu (nothing noted).
  await page.goto("/dashboard/medical-report");
  const kaiCard = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: kai }) });
  await expect(kaiCard).toContainText("Peanuts (EpiPen in bag)");
  await expect(kaiCard).toContainText(className);
  await expect(page.getByRole("heading", { name: lu })).toHaveCount(0);
  expect(await overflow(page)).toBe(0);
  expect(await accessibilityProblems(page, "main")).toEqual([]);
  const medical = await download(page, "Download CSV");
  expect(medical.name).toBe(`medical-${today}.csv`);
  expect(medical.lines.find((l) => l.includes(kai))).toContain('"Peanuts (EpiPen in bag)"');
  await page.screenshot({ path: test.info().outputPath("medical-report-390.png"), fullPage: true });

  // The payments of the last 30 days: the family's checkout is in them.
  await page.goto("/dashboard/exports");
  await page.getByLabel("What").selectOption("payments");
  await expect(page.getByRole("columnheader", { name: "Paid at" })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(parent.email) })).toContainText("checkout");
  expect(await overflow(page)).toBe(0);
  expect(await accessibilityProblems(page, "main")).toEqual([]);
  const payments = await download(page, "Download payments CSV");
  expect(payments.name).toMatch(/^payments-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv$/);
  expect(payments.lines.some((l) => l.includes(parent.email))).toBe(true);
  await page.screenshot({ path: test.info().outputPath("exports-390.png"), fullPage: true });
});
