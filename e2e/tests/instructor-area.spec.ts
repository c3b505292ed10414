import { expect, test, type Page } from "@playwright/test";
import { API_URL } from "../support/ports";
import { accessToken, SEED, signInAs } from "../support/session";
import { fillSession, TRAIL_SESSION } from "../support/class-form";
import { seedDay, seedDays } from "../support/seed-calendar";

/** A real 1 x 1 PNG: POST /images checks the bytes, not the name. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const JONAS = { id: "00000000-0000-4000-8000-000000000003", email: "jonas@summitsports.academy" };
const bearer = (u: { id: string; email: string }) => ({ authorization: `Bearer ${accessToken(u)}` });

function countImageUploads(page: Page) {
  const seen = { n: 0 };
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/images")) seen.n += 1;
  });
  return seen;
}

test("an instructor adds a class with an uploaded image; it is reviewed, updated and guarded", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const name = `Sunrise Trail Running ${Date.now()}`;
  const uploads = countImageUploads(page);
  await signInAs(page, SEED.instructor);
  await page.goto("/dashboard/addclass");
  await expect(page.getByRole("heading", { level: 1, name: "Add a Class" })).toBeVisible();
  await expect(page.getByLabel("Instructor email")).toHaveValue(SEED.instructor.email);

  // Every rule has its message under its field; focus goes to the first invalid field.
  await page.getByRole("button", { name: "Add Class" }).click();
  await expect(page.getByText("Class name is required")).toBeVisible();
  await expect(page.getByText("Class image is required")).toBeVisible();
  await expect(page.getByText("Price is required")).toBeVisible();
  await expect(page.getByLabel("Class name")).toBeFocused();
  await expect(page.getByLabel("Class name")).toHaveAttribute("aria-describedby", "add-class-class-name-error");
  // The camp session's rules, with the API's words, under each field.
  await expect(page.getByText("Choose a sport from the list")).toBeVisible();
  await expect(page.getByText("Enter the first day of the session")).toBeVisible();
  await expect(page.getByText("Pick at least one weekday")).toBeVisible();
  await expect(page.locator("#add-class-level-error")).toHaveText("Choose a level");
  await page.getByLabel("Price (USD)").fill("12.345");
  await page.getByLabel("Available seats").fill("4");
  await page.getByLabel("Enrolled seats").fill("5");
  await page.getByLabel("First day").fill(seedDay("2027-07-20"));
  await page.getByLabel("Last day").fill(seedDay("2027-07-10"));
  await page.getByLabel("Daily start time").fill("10:00");
  await page.getByLabel("Daily end time").fill("09:00");
  await page.getByLabel("Youngest age").fill("12");
  await page.getByLabel("Oldest age").fill("9");
  await page.getByRole("button", { name: "Add Class" }).click();
  await expect(page.getByText("Price must be an amount in dollars with at most 2 decimals")).toBeVisible();
  await expect(page.getByText("Enrolled seats cannot be more than available seats")).toBeVisible();
  await expect(page.getByText("The last day cannot be before the first day")).toBeVisible();
  await expect(page.getByText("The class must end after it starts")).toBeVisible();
  await expect(page.getByText("The oldest age cannot be below the youngest")).toBeVisible();
  await expect(page.getByRole("group", { name: "Weekdays" })).toHaveAttribute(
    "aria-describedby",
    "add-class-weekdays-error",
  );

  // A non-image file and an oversized image are refused before any upload.
  const picker = page.locator("#add-class-image");
  await picker.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(page.getByText("Choose an image file (JPEG, PNG, WebP, GIF or AVIF).")).toBeVisible();
  await picker.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(6 * 1024 * 1024, 1) });
  await expect(page.getByText("The image is larger than 5 MB. Choose a smaller one.")).toBeVisible();
  expect(uploads.n).toBe(0);

  // A real image: previewed, uploaded, then the class is saved.
  await picker.setInputFiles({ name: "trail.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByText("Image uploaded.")).toBeVisible();
  await expect(page.getByRole("img", { name: "Preview of the class image" })).toBeVisible();
  expect(uploads.n).toBe(1);
  await page.getByLabel("Class name").fill(name);
  await page.getByLabel("Price (USD)").fill("99.5");
  await page.getByLabel("Available seats").fill("12");
  await page.getByLabel("Enrolled seats").fill("0");
  await page.getByLabel("Details (optional)").fill("Hill repeats at dawn.\nBring water.");
  await fillSession(page);
  await page.getByRole("button", { name: "Add Class" }).click();
  await expect(page.getByText("Class added successfully")).toBeVisible();
  await expect(page.getByLabel("Class name")).toHaveValue("");

  // Pending in My Classes.
  await page.goto("/dashboard/myclasses");
  const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await expect(item.getByText("Status: pending")).toBeVisible();

  const mine = await request.get(`${API_URL}/myclasses?email=${SEED.instructor.email}`, {
    headers: bearer(SEED.instructor),
  });
  const added = ((await mine.json()) as { _id: string; class_name: string; image: string; price: number }[]).find(
    (c) => c.class_name === name,
  );
  expect(added?.price).toBe(99.5);
  expect(added?.image).toMatch(/^\/images\/[0-9a-f]{64}\.webp$/);
  const id = added!._id;

  // Approved by an admin: on /classes with its image.
  const review = (body: object) =>
    request.patch(`${API_URL}/classes/${id}/status`, { headers: bearer(SEED.admin), data: body });
  expect((await review({ status: "approved" })).status()).toBe(200);
  await page.goto(`/classes?search=${encodeURIComponent(name)}`);
  const card = page.locator("li, article").filter({ hasText: name }).first();
  await expect(card).toBeVisible();
  await expect(card.locator(`img[src$="${added!.image}"]`)).toBeVisible();
  // Its own page says when, for whom and where, in a parent's words.
  await page.goto(`/classes/${id}`);
  const facts = page.getByRole("complementary", { name: "Session and booking" });
  await expect(facts).toContainText(`When${TRAIL_SESSION.text}`);
  await expect(facts).toContainText("AgesAges 11-15");
  await expect(facts).toContainText("LevelIntermediate");
  await expect(facts).toContainText("PlaceHill trail");
  await expect(page).toHaveTitle(`${name} | Summit Sports Academy`);

  // Denied with feedback: My Classes shows it.
  expect((await review({ status: "denied", feedback: "Add the meeting point, please." })).status()).toBe(200);
  await page.goto("/dashboard/myclasses");
  await expect(item.getByText("Status: denied")).toBeVisible();
  await expect(item.getByText("Add the meeting point, please.")).toBeVisible();

  // An update says it goes back to review, then does.
  await item.getByRole("button", { name: "Update" }).click();
  await expect(item.getByText("Saving an update sends this class for review again.")).toBeVisible();
  await expect(item.getByLabel("First day")).toHaveValue(TRAIL_SESSION.first);
  await expect(item.getByRole("group", { name: "Weekdays" }).getByLabel("Wednesday")).toBeChecked();
  await item.getByLabel("Price (USD)").fill("89");
  await item.getByLabel("Daily end time").fill("09:30");
  await item.getByRole("button", { name: "Save changes" }).click();
  await expect(item.getByText("Class updated and sent for review again.")).toBeVisible();
  // The saved form closes, and focus returns to the button that opened it.
  await expect(item.getByLabel("Price (USD)")).toBeHidden();
  await expect(item.getByRole("button", { name: "Update" })).toBeFocused();
  await expect(item.getByText("Status: pending")).toBeVisible();
  await expect(item.getByText("Capacity", { exact: true })).toBeVisible();
  await expect(item.getByTestId("my-class-session")).toContainText(
    `Mon, Wed, Fri, 7:30-9:30, ${seedDays("2027-07-12", "2027-07-23")}`,
  );

  // The roster opens for its instructor; another instructor may neither edit nor read it.
  await item.getByRole("button", { name: "Students" }).click();
  await expect(item.getByText(`No students are enrolled in ${name} yet.`)).toBeVisible();
  const edit = await request.patch(`${API_URL}/classes/${id}`, { headers: bearer(JONAS), data: { price: 1 } });
  expect(edit.status()).toBe(403);
  const roster = await request.get(`${API_URL}/classes/${id}/roster`, { headers: bearer(JONAS) });
  expect(roster.status()).toBe(403);
});

test("instructor home sums up the instructor's classes, each figure linking to its list", async ({ page }) => {
  await signInAs(page, SEED.instructor);
  await page.goto("/dashboard/instructorhome");
  await expect(page.getByText(`Welcome, ${SEED.instructor.name}`)).toBeVisible();
  // Revenue is what was paid (from the API), shown as an amount once it arrives.
  await expect(page.getByRole("link", { name: /Revenue \$[\d,]+\.\d\d/ })).toBeVisible();
  await page.getByRole("link", { name: /Approved/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/myclasses\?status=approved$/);
  await expect(page.getByText("Status: approved").first()).toBeVisible();
  await expect(page.getByText("Status: pending")).toHaveCount(0);
});

test("a student's My Classes is an empty state, not an error", async ({ page }) => {
  await signInAs(page, SEED.student);
  await page.goto("/dashboard/myclasses");
  await expect(page.getByRole("heading", { name: "No classes yet" })).toBeVisible();
});
