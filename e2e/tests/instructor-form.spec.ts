import { expect, test } from "@playwright/test";
import { callApi } from "../support/api-calls";
import { accessToken, SEED, signInAs } from "../support/session";
import { fillSession } from "../support/class-form";

/** A real 1 x 1 PNG: POST /images checks the bytes, not the name. */
const PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

test.beforeEach(async ({ page }) => {
  await signInAs(page, SEED.instructor);
  await page.goto("/dashboard/addclass");
  await expect(page.getByRole("heading", { level: 1, name: "Add a Class" })).toBeVisible();
});

test("an image dropped on the image box is checked, previewed and uploaded", async ({ page }) => {
  const zone = page.getByTestId("image-drop-zone");
  // What a file dragged from the desktop carries: a DataTransfer holding the file.
  const drop = async (name: string, type: string, base64: string) => {
    const transfer = await page.evaluateHandle(
      ({ name, type, base64 }) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const data = new DataTransfer();
        data.items.add(new File([bytes], name, { type }));
        return data;
      },
      { name, type, base64 },
    );
    await zone.dispatchEvent("dragover", { dataTransfer: transfer });
    await zone.dispatchEvent("drop", { dataTransfer: transfer });
  };

  await drop("notes.txt", "text/plain", btoa("hello"));
  await expect(page.getByText("Choose an image file (JPEG, PNG, WebP, GIF or AVIF).")).toBeVisible();
  await drop("pitch.png", "image/png", PNG_BASE64);
  await expect(page.getByText("Image uploaded.")).toBeVisible();
  await expect(page.getByRole("img", { name: "Preview of the class image" })).toBeVisible();
  await expect(page.getByText("Choose an image file")).toBeHidden();
});

test("an upload shows its progress and can be canceled; the form waits for it", async ({ page }) => {
  // Hold the upload at the server's door until the test lets it go (a slow connection).
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/images", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    await held;
    await route.continue().catch(() => {});
  });

  const picker = page.locator("#add-class-image");
  await picker.setInputFiles({ name: "slow.png", mimeType: "image/png", buffer: Buffer.from(PNG_BASE64, "base64") });
  await expect(page.getByRole("progressbar", { name: "Image upload" })).toBeVisible();
  // Nothing can be saved while the image is on its way.
  await expect(page.getByRole("button", { name: "Uploading image…" })).toBeDisabled();

  await page.getByRole("button", { name: "Cancel upload" }).click();
  await expect(page.getByText("Upload canceled. Choose the class image again.")).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Image upload" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Add Class" })).toBeEnabled();
  release();

  // A second try goes through.
  await page.unroute("**/images");
  await picker.setInputFiles({ name: "fast.png", mimeType: "image/png", buffer: Buffer.from(PNG_BASE64, "base64") });
  await expect(page.getByText("Image uploaded.")).toBeVisible();
});

test("the server's refusal of a field lands under that field, and an image missing is focused", async ({ page }) => {
  // Only the image is missing: focus goes to the image box, whose error says so.
  await page.getByLabel("Class name").fill("Evening Volleyball");
  await page.getByLabel("Price (USD)").fill("45");
  await page.getByLabel("Available seats").fill("10");
  await page.getByLabel("Enrolled seats").fill("0");
  await fillSession(page);
  await page.getByRole("button", { name: "Add Class" }).click();
  await expect(page.getByText("Class image is required")).toBeVisible();
  await expect(page.locator("#add-class-image")).toBeFocused();

  await page.locator("#add-class-image").setInputFiles({
    name: "net.png",
    mimeType: "image/png",
    buffer: Buffer.from(PNG_BASE64, "base64"),
  });
  await expect(page.getByText("Image uploaded.")).toBeVisible();

  // A text-direction override makes a name read backwards: the form lets it through, the
  // server refuses it, and its words appear under the class name.
  await page.getByLabel("Class name").fill("Evening \u202EllabyelloV");
  await page.getByRole("button", { name: "Add Class" }).click();
  const error = page.getByText("Must not contain text-direction control characters.");
  await expect(error).toBeVisible();
  await expect(page.getByLabel("Class name")).toBeFocused();
  await expect(page.getByLabel("Class name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Class added successfully")).toBeHidden();

  // The same for a field of the camp session: the place.
  await page.getByLabel("Class name").fill("Evening Volleyball");
  await page.getByLabel("Place (optional)").fill("Court \u202E2");
  await page.getByRole("button", { name: "Add Class" }).click();
  await expect(page.getByLabel("Place (optional)")).toBeFocused();
  await expect(page.getByLabel("Place (optional)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#add-class-location-error")).toHaveText(
    "Must not contain text-direction control characters.",
  );
});

test("an instructor gives drop-off, pick-up, the venue and what to bring; the class page shows them", async ({
  page,
}, testInfo) => {
  const name = `Trail Running ${Date.now().toString(36)}`;
  await page.getByLabel("Class name").fill(name);
  await page.getByLabel("Price (USD)").fill("95");
  await page.getByLabel("Available seats").fill("12");
  await fillSession(page);
  await page.locator("#add-class-image").setInputFiles({
    name: "trail.png",
    mimeType: "image/png",
    buffer: Buffer.from(PNG_BASE64, "base64"),
  });
  await expect(page.getByText("Image uploaded.")).toBeVisible();
  const logistics = page.getByRole("group", { name: "Drop-off, pick-up and venue" });
  // A drop-off after the 7:30 start is refused under its field, before anything is sent.
  await logistics.getByLabel("Drop-off from (optional)").fill("07:45");
  await page.getByRole("button", { name: "Add Class" }).click();
  await expect(page.locator("#add-class-drop-off-error")).toHaveText(
    "Drop-off must be at or before the daily start time",
  );
  await expect(logistics.getByLabel("Drop-off from (optional)")).toBeFocused();

  await logistics.getByLabel("Drop-off from (optional)").fill("07:15");
  await logistics.getByLabel("Pick-up by (optional)").fill("09:15");
  await logistics
    .getByLabel("Venue address (optional)")
    .fill("Powell Butte Nature Park\n16160 SE Powell Boulevard\nPortland, OR 97236");
  await logistics.getByLabel("What to bring (optional)").fill("Trail shoes\nWater bottle\n<b>Rain jacket</b>");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await logistics.screenshot({ path: testInfo.outputPath(`logistics-form-${width}.png`) });
  }
  const saved = page.waitForResponse((r) => r.url().endsWith("/classes") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Add Class" }).click();
  const { insertedId } = (await (await saved).json()) as { insertedId: string };
  await expect(page.getByText("Class added successfully")).toBeVisible();
  await callApi("PATCH", `/classes/${insertedId}/status`, accessToken(SEED.admin), { status: "approved" });

  await page.goto(`/classes/${insertedId}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const where = page.getByRole("region", { name: "Where and when" });
  await expect(where.getByTestId("class-drop-off")).toHaveText("From 7:15");
  await expect(where.getByTestId("class-pick-up")).toHaveText("By 9:15");
  await expect(where.getByTestId("class-venue")).toContainText("Hill trail");
  await expect(where.locator("address")).toHaveText(
    "Powell Butte Nature Park16160 SE Powell BoulevardPortland, OR 97236",
  );
  const bring = page.getByRole("region", { name: "What to bring" }).getByRole("listitem");
  // The instructor's text stays text.
  await expect(bring).toHaveText(["Trail shoes", "Water bottle", "<b>Rain jacket</b>"]);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const block = page.getByTestId("class-logistics");
    await block.scrollIntoViewIfNeeded();
    const box = (await block.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await block.screenshot({ path: testInfo.outputPath(`class-logistics-${width}.png`) });
  }
});
