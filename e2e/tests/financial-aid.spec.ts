import { expect, test, type Locator } from "@playwright/test";
import { approvedClass, callApi } from "../support/api-calls";
import { apiNowMs } from "../support/api-clock";
import { accessibilityProblems } from "../support/page-audit";
import { accessToken, SEED, signInAs, signUpFreshStudent, storedAccessToken } from "../support/session";

/**
 * Financial aid (decision 050), in Chromium: the office opens the season (through the API), a
 * family applies for one child on a phone, the admin reads the statement and awards half of each
 * seat up to an amount at the front desk, and the family reads the award on My Campers and sees it
 * taken off the child's seat in the cart, not off another child's.
 */
const run = Date.now().toString(36).slice(-5);

/** The part of the page that shows aid, as a person sees it. */
async function shoot(part: Locator, name: string) {
  await part.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

/** A day this many days after the API's today, at the academy (Portland). */
const dayAhead = (days: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(
    new Date(apiNowMs() + days * 86_400_000),
  );

test("a family applies for aid, the office awards it, and it comes off that child's seat", async ({
  page,
  browser,
}) => {
  test.slow();
  const tokens = { instructor: accessToken(SEED.instructor), admin: accessToken(SEED.admin) };
  const season = Number(dayAhead(40).slice(0, 4));
  // The season's budget set by the office (its form has its own unit test); big enough for reruns.
  await callApi("PUT", `/admin/aid/seasons/${season}`, tokens.admin, {
    budgetCents: 100_000_000,
    camperCapCents: 50_000,
    open: true,
    intro: "Tell us what you can pay.\nWe answer within a week.",
  });
  const camp = `Aid Camp ${run}`;
  const classId = await approvedClass(tokens, {
    name: camp,
    price: 250,
    seats: 10,
    sport: "soccer",
    firstDay: dayAhead(40),
    lastDay: dayAhead(44),
  });

  // The family, on a phone: two children, an application for one.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const parent = await phone.newPage();
  await signUpFreshStudent(parent, `Dana Helped ${run}`);
  const familyToken = await storedAccessToken(parent);
  const kids: string[] = [];
  for (const first of ["Mia", "Leo"]) {
    const kid = await callApi<{ camper: { _id: string } }>("POST", "/campers", familyToken, {
      first_name: first,
      last_name: `Helped${run}`,
      date_of_birth: `${season - 10}-03-01`,
      emergency_contacts: [{ name: "Rosa Helped", relation: "grandmother", phone: "+1 555 0112" }],
    });
    kids.push(kid.camper._id);
  }
  const mia = `Mia Helped${run}`;
  await parent.goto("/dashboard/campers");
  const aid = parent.getByRole("region", { name: `Financial aid for ${season}` });
  await expect(aid).toContainText("Tell us what you can pay.");
  await aid.getByRole("button", { name: `Apply for ${mia}` }).click();
  const form = aid.getByRole("form", { name: `Apply for ${mia}` });
  await form.getByLabel("People in your household").fill("4");
  await form.getByRole("button", { name: "Send application" }).click();
  // Told what is missing, under each field.
  await expect(form.getByText(/statement/i).first()).toBeVisible();
  await form.getByLabel("Help you need ($)").fill("150");
  await form.getByLabel("Your statement").fill("One income since March. <b>We can pay half.</b>");
  await form.getByRole("button", { name: "Send application" }).click();
  await expect(aid).toContainText("Pending: the office has not decided yet");
  expect(await accessibilityProblems(parent, "[data-remote=mfe_student]")).toEqual([]);
  await shoot(aid, "aid-applied-phone");

  // The office reads the statement (as text) and awards half of each seat, up to $100.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, SEED.admin);
  await page.goto("/dashboard/front-desk");
  const office = page.getByRole("region", { name: "Financial aid" });
  await office.getByRole("button", { name: `Read: ${mia}` }).click();
  await expect(office.getByText("One income since March. <b>We can pay half.</b>")).toBeVisible();
  await office.getByRole("button", { name: `Award: ${mia}` }).click();
  const award = office.getByRole("form", { name: `Award aid to ${mia}` });
  await award.getByLabel("Amount ($)").fill("100");
  await award.getByLabel("Percent of each seat (optional)").fill("50");
  await award.getByLabel("Note to the family (optional)").fill("Half of each week, up to $100.");
  await award.getByRole("button", { name: "Award" }).click();
  await expect(office).toContainText(`${mia}`);
  await expect(office).toContainText("awarded $100.00");
  expect(await accessibilityProblems(page, "[data-remote=mfe_admin]")).toEqual([]);
  await shoot(office, "aid-awarded-desktop");

  // The family reads the award, and the cart takes it off Mia's seat only.
  await parent.reload();
  await expect(aid).toContainText("Awarded: $100.00 (up to 50% of each seat)");
  await expect(aid).toContainText("Half of each week, up to $100.");
  await shoot(aid, "aid-awarded-phone");
  for (const camperId of kids) await callApi("POST", "/carts", familyToken, { classItemId: classId, camperId });
  const quote = await callApi<{ items: { camper_name: string; priceCents: number }[]; totalCents: number }>(
    "POST",
    "/carts/quote",
    familyToken,
    {},
  );
  expect(quote.items.map((i) => [i.camper_name, i.priceCents]).sort()).toEqual([
    [`Leo Helped${run}`, 25_000],
    [mia, 15_000],
  ]);
  await parent.goto("/dashboard/mydashboard");
  // The phone's cart is cards (the table is there for wider screens, hidden): the visible ones.
  const aidLines = parent.getByTestId("line-discount").filter({ hasText: "Financial aid", visible: true });
  await expect(aidLines).toHaveCount(1);
  await expect(aidLines).toContainText("$100.00");
  await expect(parent.getByText("$400.00").filter({ visible: true }).first()).toBeVisible();
  await shoot(parent.locator("main"), "aid-cart-phone");
  await phone.close();
});
