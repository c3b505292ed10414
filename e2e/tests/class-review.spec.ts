import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { API_URL } from "../support/ports";
import { accessToken, SEED, signInAs } from "../support/session";
import { seedDay } from "../support/seed-calendar";

/**
 * A class's review as instructors and admins meet it (decision 039): an instructor's change to an
 * approved class waits for an admin while families keep seeing the class as approved; the admin
 * reviews with the class's facts, its page's preview, the changes and their history; a denial says
 * why and its row stays in view; the admin opens the class's roster from Manage Classes.
 */
const bearer = (u: { id: string; email: string }) => ({ authorization: `Bearer ${accessToken(u)}` });

async function addClass(request: APIRequestContext, name: string, approve: boolean) {
  const created = await request.post(`${API_URL}/classes`, {
    headers: bearer(SEED.instructor),
    data: {
      class_name: name,
      image: "/images/seed/classes/volleyball.svg",
      available_seats: 12,
      price: 139,
      details: "Serving, passing and beach games.",
      sport: "volleyball",
      start_date: seedDay("2027-07-12"),
      end_date: seedDay("2027-07-16"),
      weekdays: ["mon", "tue", "wed", "thu", "fri"],
      start_time: "09:00",
      end_time: "12:00",
      age_min: 9,
      age_max: 13,
      level: "beginner",
      location: "Court 2",
    },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { insertedId: string }).insertedId;
  if (approve) {
    const ok = await request.patch(`${API_URL}/classes/${id}/status`, {
      headers: bearer(SEED.admin),
      data: { status: "approved" },
    });
    expect(ok.status()).toBe(200);
  }
  return id;
}

const shot = async (page: Page, name: string) => {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
};

test("an approved class's edit waits for the admin, who reviews, previews and accepts it; the page changes only then", async ({
  page,
  request,
}) => {
  const name = `Beach Volley ${Date.now()}`;
  const id = await addClass(request, name, true);

  // The instructor changes the price and the seats: seats at once, the price waits.
  await signInAs(page, SEED.instructor);
  await page.goto("/dashboard/myclasses");
  const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await item.getByRole("button", { name: "Update" }).click();
  await expect(item.getByText(/wait for an admin's review: families see the class as it is until then/)).toBeVisible();
  await item.getByLabel("Price (USD)").fill("149");
  await item.getByLabel("Available seats").fill("14");
  await item.getByRole("button", { name: "Save changes" }).click();
  await expect(
    item.getByText(
      "Saved. Your changes to price wait for an admin's review; families see the class as before until then.",
    ),
  ).toBeVisible();
  await expect(item.getByTestId("proposed-changes")).toContainText("Price: $149.00 (families see $139.00)");
  await expect(item.getByText("Status: approved")).toBeVisible();

  // Families still see the approved class, with the new seats.
  const live = (await (await request.get(`${API_URL}/classes/${id}`)).json()) as {
    price: number;
    available_seats: number;
  };
  expect(live).toMatchObject({ price: 139, available_seats: 14 });

  // The admin: the row says changes wait and what the class is; the review shows them field by field.
  await signInAs(page, SEED.admin);
  await page.goto(`/dashboard/manageclasses?q=${encodeURIComponent(name)}`);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row.getByText("Changes proposed")).toBeVisible();
  await expect(row.getByTestId("class-session")).toContainText("Ages 9-13 · Beginner · Court 2");
  await row.getByRole("button", { name: `Review changes to ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Review ${name}` });
  const change = dialog.getByRole("row", { name: /Price/ });
  await expect(change).toContainText("$139.00");
  await expect(change).toContainText("$149.00");
  await expect(dialog.getByRole("link", { name: /Preview it with the proposed changes/ })).toHaveAttribute(
    "href",
    `/classes/${id}?preview=changes`,
  );
  await expect(dialog.getByRole("list", { name: `Review history of ${name}` })).toContainText(
    `${SEED.instructor.name} proposed changes`,
  );
  await shot(page, "review-dialog-1280");
  // Rejecting asks why first.
  await dialog.getByRole("button", { name: "Reject changes…" }).click();
  await dialog.getByRole("button", { name: "Reject with this reason" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Say why: the instructor reads it.");
  await dialog.getByRole("button", { name: "Accept changes" }).click();
  await expect(page.getByRole("dialog").getByRole("heading", { name: "Changes accepted" })).toBeVisible();
  await expect(row.getByText("Changes proposed")).toBeHidden();

  // The class's page now shows the new price.
  await page.goto(`/classes/${id}`);
  await expect(page.getByRole("complementary", { name: "Session and booking" })).toContainText("$149");
});

test("the admin previews a pending class's page and opens a class's roster from Manage Classes", async ({
  page,
  request,
}) => {
  const name = `Sunset Sailing ${Date.now()}`;
  const id = await addClass(request, name, false);

  await signInAs(page, SEED.admin);
  // The pending class's page is a preview for the admin, not a 404.
  await page.goto(`/classes/${id}?preview=class`);
  await expect(page.getByRole("status")).toHaveText(
    "Preview: this is how families will see this class once it is approved. It is not on the site yet.",
  );
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/dashboard/manageclasses?q=${encodeURIComponent(name)}`);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row.getByTestId("class-session")).toContainText("Ages 9-13 · Beginner · Court 2");
  await shot(page, "manage-classes-390");
  await row.getByRole("link", { name: `Roster of ${name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Roster: ${name}` })).toBeVisible();
  await expect(page.getByText(`No students are enrolled in ${name} yet.`)).toBeVisible();
});
