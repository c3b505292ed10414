import { expect, test, type Locator, type Page } from "@playwright/test";
import { approvedClass, callApi } from "../support/api-calls";
import { apiNowMs } from "../support/api-clock";
import { mailTo } from "../support/inbox";
import { accessibilityProblems } from "../support/page-audit";
import { accessToken, SEED, signInAs } from "../support/session";
import { studentWithClasses } from "../support/students";

/**
 * Camp days (decision 046), in Chromium: a parent names who may collect a child and gets the PIN
 * once; the coach, on a 390 px phone, checks two children in and marks one absent, loses the
 * connection, checks a child out with the PIN (kept on the phone), and sees it sent once the
 * connection returns; a wrong PIN is refused; an admin checks the last child out with a note.
 */
const EVERY_DAY = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
const run = Date.now().toString(36).slice(-5);
/** Today and tomorrow at the academy (Portland) on the API's clock: a class of today meets now. */
const academyDay = (ms: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date(ms));
const today = academyDay(apiNowMs());
const tomorrow = academyDay(Date.parse(`${today}T12:00:00Z`) + 86_400_000);

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

const row = (cls: Locator, name: string) =>
  cls.getByRole("listitem").filter({ has: cls.page().getByRole("heading", { name }) });

test("a parent gives a PIN; a coach checks in, marks absent, checks out offline with the PIN; an admin overrides with a note", async ({
  browser,
  page,
}) => {
  test.slow();
  const admin = accessToken(SEED.admin);
  const className = `Camp Day ${run}`;
  const classId = await approvedClass(
    { instructor: accessToken(SEED.instructor), admin },
    // Every day of the week: the spec runs whichever day it is.
    { name: className, price: 90, seats: 10, sport: "soccer", firstDay: today, lastDay: tomorrow, weekdays: EVERY_DAY },
  );
  const parent = await studentWithClasses(
    `Pat Pickup ${run}`,
    { paid: [classId], cart: [] },
    {
      children: ["Mia", "Leo", "Ava"],
      tenOn: today,
    },
  );
  // The children take the parent's last name: the run's mark.
  const last = run;
  const [mia, leo, ava] = ["Mia", "Leo", "Ava"].map((first) => `${first} ${last}`) as [string, string, string];

  // The parent names Rosa for Mia and reads her PIN, shown once.
  await signInAs(page, { ...parent, name: parent.name });
  await page.goto("/dashboard/pickup");
  const miaCard = page.getByTestId("camper-pickup").filter({ has: page.getByRole("heading", { name: mia }) });
  const add = miaCard.getByRole("form", { name: `Add a person who may collect ${mia}` });
  await add.getByLabel("Full name").fill("Rosa Grand");
  await add.getByLabel("Relation to the camper").fill("grandmother");
  await add.getByLabel("Mobile phone").fill("+1 555 0111");
  await add.getByRole("button", { name: "Add and make a PIN" }).click();
  const pinText = (await page.getByTestId("new-pin").textContent())!.replace(/\s/g, "");
  expect(pinText).toMatch(/^[0-9]{6}$/);
  await expect(miaCard.getByRole("list", { name: `People who may collect ${mia}` })).toContainText("Rosa Grand");
  expect(await accessibilityProblems(page)).toEqual([]);
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  expect(await accessibilityProblems(page, undefined, "colours")).toEqual([]);
  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await shoot(page, "pickup-pin-1280");
  await page.getByRole("button", { name: "Done, I have it" }).click();
  await expect(page.getByTestId("new-pin")).toHaveCount(0);

  // The coach, on a phone.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const coach = await phone.newPage();
  await signInAs(coach, SEED.instructor);
  await coach.goto("/dashboard/today");
  const cls = coach.getByRole("region", { name: className });
  await expect(cls.getByTestId("class-counts")).toHaveText("0 here · 0 gone home · 0 absent · 3 not yet of 3");
  await cls.getByRole("button", { name: `Check in ${mia}` }).click();
  await expect(row(cls, mia).getByTestId("day-line")).toHaveText(/^Checked in \d{1,2}:\d\d [AP]M by Maya Torres$/);
  await cls.getByRole("button", { name: `Check in ${leo}` }).click();
  await cls.getByRole("button", { name: `Mark ${ava} absent` }).click();
  await expect(row(cls, ava).getByTestId("day-line")).toHaveText(/^Absent \(marked /);
  // The family did not say Ava would miss today: it hears at once.
  const absent = await mailTo(parent.email, new RegExp(`^Ava is not at ${className} today$`));
  expect(absent.text).toContain("call the academy now");
  await expect(cls.getByTestId("class-counts")).toHaveText("2 here · 0 gone home · 1 absent · 0 not yet of 3");
  expect(await accessibilityProblems(coach)).toEqual([]);
  // Bright sun or night: the dark theme's colours pass as well.
  await coach.getByRole("button", { name: "Switch to dark theme" }).click();
  expect(await accessibilityProblems(coach, undefined, "colours")).toEqual([]);
  await shoot(coach, "today-dark-390");
  await coach.getByRole("button", { name: "Switch to light theme" }).click();

  // A wrong PIN is refused, and said so beside the field.
  await cls.getByRole("button", { name: `Check out ${mia}` }).click();
  const wrong = pinText === "000000" ? "000001" : "000000";
  await row(cls, mia).getByLabel("Rosa Grand's PIN").fill(wrong);
  await row(cls, mia)
    .getByRole("button", { name: `Check out ${mia}` })
    .click();
  await expect(row(cls, mia).getByRole("alert")).toHaveText(
    "Wrong PIN: check it with the person collecting and try again.",
  );

  // No signal: the check-out is kept on the phone, then sent once when the connection returns.
  await phone.setOffline(true);
  await row(cls, mia).getByLabel("Rosa Grand's PIN").fill(pinText);
  await row(cls, mia)
    .getByRole("button", { name: `Check out ${mia}` })
    .click();
  await expect(coach.getByText("1 action waiting to send")).toBeVisible();
  await expect(row(cls, mia).getByText("Waiting to send")).toBeVisible();
  await shoot(coach, "today-offline-390");
  await phone.setOffline(false);
  await expect(coach.getByText(/waiting to send/)).toHaveCount(0, { timeout: 20_000 });
  await expect(row(cls, mia).getByTestId("day-line")).toHaveText(
    /Collected \d{1,2}:\d\d [AP]M by Rosa Grand \(grandmother\)$/,
  );
  await coach.reload();
  await expect(cls.getByTestId("class-counts")).toHaveText("1 here · 1 gone home · 1 absent · 0 not yet of 3");
  await shoot(coach, "today-390");
  // A word to the class's families: every guardian gets it by e-mail, and the class keeps a copy.
  await cls.getByRole("button", { name: `Message the families of ${className}` }).click();
  const message = cls.getByRole("form", { name: `Message the families of ${className}` });
  await message.getByLabel("Subject").fill("Rain today");
  await message.getByLabel("Message").fill("We play in the gym.\nBring indoor shoes.");
  await message.getByRole("button", { name: "Send" }).click();
  await expect(message.getByRole("status")).toHaveText("Sent to 1 address.");
  const rain = await mailTo(parent.email, new RegExp(`^${className}: Rain today$`));
  expect(rain.text).toContain("Bring indoor shoes.");
  await cls.getByRole("button", { name: `Messages sent to ${className}` }).click();
  await expect(cls.getByRole("list", { name: `Messages sent to ${className}` })).toContainText("Rain today");
  // Nobody may collect Leo: the coach is told to call the office.
  await cls.getByRole("button", { name: `Check out ${leo}` }).click();
  await expect(row(cls, leo).getByRole("alert")).toContainText(`Nobody is allowed to collect ${leo} this season.`);
  await phone.close();

  // The office checks Leo out without a PIN, with a note kept on the day.
  const officeContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const office = await officeContext.newPage();
  await signInAs(office, SEED.admin);
  await office.goto("/dashboard/today");
  const officeClass = office.getByRole("region", { name: className });
  await officeClass.getByRole("button", { name: `Check out ${leo}` }).click();
  await row(officeClass, leo).getByLabel("Someone else: admin override").check();
  await row(officeClass, leo)
    .getByLabel("Who collected, and why without a PIN")
    .fill("Aunt Jo, called the office first");
  await row(officeClass, leo)
    .getByRole("button", { name: `Check out ${leo}` })
    .click();
  await expect(row(officeClass, leo).getByTestId("day-line")).toHaveText(
    /Checked out \d{1,2}:\d\d [AP]M by Avery Admin \(override: Aunt Jo, called the office first\)$/,
  );
  await shoot(office, "today-admin-1280");
  // The day's report names the override and its note, beside the PIN check-out.
  await office.goto("/dashboard/attendance");
  const report = office.getByRole("region", { name: new RegExp(`^${className}`) });
  await expect(report.getByRole("row", { name: new RegExp(leo) })).toContainText("override by Avery Admin");
  await expect(report.getByRole("row", { name: new RegExp(leo) })).toContainText("Aunt Jo, called the office first");
  await expect(report.getByRole("row", { name: new RegExp(mia) })).toContainText("Rosa Grand (grandmother)");
  expect(await accessibilityProblems(office)).toEqual([]);
  await shoot(office, "attendance-1280");
  await officeContext.close();

  // The family reads Mia's day, and tells the coach ahead that Leo will miss tomorrow.
  await page.goto("/dashboard/enrolledclasses");
  const miaSeat = page.getByRole("list", { name: `Camp days of ${mia}` });
  await expect(miaSeat).toContainText(
    /arrived \d{1,2}:\d\d [AP]M, left \d{1,2}:\d\d [AP]M with Rosa Grand \(grandmother\)/,
  );
  await page.getByRole("button", { name: `Report an absence for ${leo}` }).click();
  const absence = page.getByRole("form", { name: `Report an absence for ${leo}` });
  await absence.getByLabel("Day").fill(tomorrow);
  await absence.getByLabel("For the coach (optional)").fill("Family wedding");
  await absence.getByRole("button", { name: "Report" }).click();
  await expect(page.getByRole("status").filter({ hasText: "reported: the coach will know." })).toBeVisible();
  await expect(page.getByText(/Reported absent .* \(Family wedding\)\./)).toBeVisible();
  await shoot(page, "enrolled-camp-days-1280");

  // The API holds one check-out for Mia, by Rosa, whatever the phone sent.
  const day = await callApi<{
    classes: { _id: string; campers: { name: string; attendance: { state: string; collected_by: string } }[] }[];
  }>("GET", "/today", admin);
  const camper = day.classes.find((c) => c._id === classId)!.campers.find((c) => c.name === mia)!;
  expect(camper.attendance).toMatchObject({ state: "out", collected_by: "Rosa Grand (grandmother)" });
});
