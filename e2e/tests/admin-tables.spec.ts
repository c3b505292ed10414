import { randomBytes } from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { API_URL, AUTH_EMULATOR_HOST } from "../support/ports";
import { accessToken, SEED, signInAs } from "../support/session";

/**
 * The admin's tables as a person sees them: every action on screen
 * at a phone's and a desktop's width, initials where a photo does not load, no photo fetched from
 * another site, an uploaded photo, and role changes that ask first and can be undone.
 */

const tag = () => randomBytes(3).toString("hex");
const PASSWORD = "Camp#Table2026";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** A 16 x 16 PNG, as a phone's photo picker hands one over. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWOQ9btBEmIY1eA3GkqywzVpAAD880MQbV0bggAAAABJRU5ErkJggg==",
  "base64",
);
/** An address of the API's own image route that names no image: it answers 404. */
const MISSING_PHOTO = `${API_URL}/images/${"0".repeat(64)}.webp`;
/** A host outside the academy: no admin page may ask it for anything. */
const TRACKER = "tracker.invalid";

interface Account {
  id: string;
  email: string;
  name: string;
  password: string;
}

async function callApi(method: string, path: string, as: { id: string; email: string } | null, body?: unknown) {
  const res = await fetch(`${API_URL}${path}`, {
    method,
    headers: {
      ...(as && { authorization: `Bearer ${accessToken(as)}` }),
      ...(body !== undefined && { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

/** A student with a sign-in in the Auth Emulator and a record in the API (POST /jwt), with this photo. */
async function newStudent(name: string, photo?: string): Promise<Account> {
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}@example.net`;
  const signUp = await fetch(
    `http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: PASSWORD, displayName: name, returnSecureToken: true }),
    },
  );
  const { idToken } = (await signUp.json()) as { idToken: string };
  const jwt = await fetch(`${API_URL}/jwt`, {
    method: "POST",
    headers: { authorization: `Bearer ${idToken}`, "content-type": "application/json" },
    body: JSON.stringify({ email }),
  });
  expect(jwt.status, await jwt.clone().text()).toBe(200);
  const { token } = (await jwt.json()) as { token: string };
  const me = await fetch(`${API_URL}/users/me`, { headers: { authorization: `Bearer ${token}` } });
  const { _id: id } = (await me.json()) as { _id: string };
  if (photo) expect((await callApi("PATCH", "/users/me", { id, email }, { photo })).status).toBe(200);
  return { id, email, name, password: PASSWORD };
}

async function adminPage(browser: Browser, viewport = DESKTOP): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await signInAs(page, SEED.admin);
  return page;
}

/**
 * What does not fit in a table's box: its sideways overflow, and each button not wholly inside it
 * and the viewport, or whose label is cut.
 */
async function misfits(page: Page, label: string) {
  const region = page.getByRole("region", { name: label, exact: true });
  await expect(region.getByRole("button").first()).toBeVisible();
  return region.evaluate((box) => {
    const outer = box.getBoundingClientRect();
    const viewport = document.documentElement.clientWidth;
    const outside = Array.from(box.querySelectorAll("button"))
      .map((button) => ({ button, r: button.getBoundingClientRect() }))
      .filter(
        ({ button, r }) =>
          r.left < Math.max(outer.left, 0) - 0.5 ||
          r.right > Math.min(outer.right, viewport) + 0.5 ||
          // Its label cut by its own edges.
          button.scrollWidth > button.clientWidth,
      )
      .map(({ button, r }) => `${button.getAttribute("aria-label") ?? button.textContent} at ${r.left}-${r.right}`);
    return {
      boxOverflow: box.scrollWidth - box.clientWidth,
      pageOverflow: document.documentElement.scrollWidth - viewport,
      outside,
    };
  });
}

const TABLES = [
  { title: "Manage Classes", path: "/dashboard/manageclasses", region: "Classes", shot: "manage-classes" },
  { title: "Manage Users", path: "/dashboard/manageusers", region: "Users", shot: "manage-users" },
  { title: "All Users", path: "/dashboard/allusers", region: "Users", shot: "all-users" },
];

/** The narrowest window that still shows the tables as tables (their box is 56rem wide). */
const NARROW_DESKTOP = { width: 1232, height: 800 };

for (const viewport of [PHONE, NARROW_DESKTOP, DESKTOP]) {
  test(`at ${viewport.width} px every admin table shows every action without sideways scrolling`, async ({
    browser,
  }, testInfo) => {
    const page = await adminPage(browser, viewport);
    for (const table of TABLES) {
      await page.goto(table.path);
      await expect(page.getByRole("heading", { level: 1, name: table.title })).toBeVisible();
      const found = await misfits(page, table.region);
      // For a person to look at: the whole page, and its first 1600 px at full size.
      await page.screenshot({ path: testInfo.outputPath(`${table.shot}-${viewport.width}.png`), fullPage: true });
      await page.screenshot({
        path: testInfo.outputPath(`${table.shot}-${viewport.width}-top.png`),
        fullPage: true,
        clip: { x: 0, y: 0, width: viewport.width, height: 1600 },
      });
      expect(found, table.title).toEqual({ boxOverflow: 0, pageOverflow: 0, outside: [] });
    }
  });
}

test("a photo that does not load shows the person's initials: in the navbar, All Users and Manage Users", async ({
  browser,
}) => {
  const student = await newStudent(`Pia ${tag()} Broken`, MISSING_PHOTO);
  const own = await (await browser.newContext()).newPage();
  await signInAs(own, student);
  const avatar = own.getByRole("button", { name: `Account menu of ${student.name}` });
  await expect(avatar.locator("[data-initials]")).toHaveAttribute("data-initials", "PB");
  await expect(avatar.locator("img")).toHaveCount(0);

  const admin = await adminPage(browser);
  for (const path of ["/dashboard/allusers", "/dashboard/manageusers"]) {
    await admin.goto(`${path}?q=${encodeURIComponent(student.email)}`);
    const row = admin.getByRole("row", { name: new RegExp(student.name) });
    await expect(row.locator('[data-initials="PB"]')).toBeVisible();
    await expect(row.locator("img")).toHaveCount(0);
  }
});

test("the admin's pages load no photo or class image from another site, and show the API's own", async ({
  browser,
}) => {
  const student = await newStudent(`Tia ${tag()} Tracked`, `https://${TRACKER}/pixel.png`);
  const className = `Tracked Camp ${tag()}`;
  const created = await callApi("POST", "/classes", SEED.instructor, {
    class_name: className,
    image: `https://${TRACKER}/class.png`,
    available_seats: 10,
    price: 30,
  });
  expect(created.status).toBe(201);
  const admin = await adminPage(browser);
  const asked: string[] = [];
  admin.on("request", (request) => {
    if (new URL(request.url()).hostname === TRACKER) asked.push(request.url());
  });
  for (const path of ["/dashboard/allusers", "/dashboard/manageusers"]) {
    await admin.goto(`${path}?q=${encodeURIComponent(student.email)}`);
    await expect(
      admin.getByRole("row", { name: new RegExp(student.name) }).locator('[data-initials="TT"]'),
    ).toBeVisible();
  }
  await admin.goto(`/dashboard/manageclasses?q=${encodeURIComponent(className)}`);
  await expect(admin.getByRole("row", { name: new RegExp(className) })).toBeVisible();
  // A seed user's photo is the API's own: it shows.
  await admin.goto(`/dashboard/allusers?q=${encodeURIComponent(SEED.instructor.email)}`);
  const photo = admin.getByRole("row", { name: new RegExp(SEED.instructor.name) }).locator("img");
  await expect(photo).toHaveAttribute("src", `${API_URL}/images/seed/people/maya.svg`);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await admin.waitForLoadState("networkidle");
  expect(asked).toEqual([]);
});

test("a student uploads a photo in Settings: it is served by the API and shows in the navbar", async ({
  page,
}, testInfo) => {
  const student = await newStudent(`Una Upload ${tag()}`, "https://example.com/old.png");
  await signInAs(page, student);
  await page.goto("/settings");
  await page.getByLabel("Upload a photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
  await page.screenshot({ path: testInfo.outputPath("settings-1280.png"), fullPage: true });
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status")).toHaveText("Your profile is saved.");
  const me = await callApi("GET", "/users/me", student);
  expect(me.body!.photo).toMatch(/^\/images\/[0-9a-f]{64}\.webp$/);
  const img = page.getByRole("button", { name: `Account menu of ${student.name}` }).locator("img");
  await expect(img).toHaveAttribute("src", `${API_URL}${String(me.body!.photo)}`);
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
  // The next visit still has it (the sign-in keeps the same photo).
  await page.reload();
  await expect(img).toHaveAttribute("src", `${API_URL}${String(me.body!.photo)}`);
});

test("a role change asks first: Cancel changes nothing; confirmed, it can be undone with Make Student", async ({
  browser,
}) => {
  const student = await newStudent(`Rio Roles ${tag()}`);
  const admin = await adminPage(browser);
  await admin.goto(`/dashboard/manageusers?q=${encodeURIComponent(student.email)}`);
  const row = admin.getByRole("row", { name: new RegExp(student.name) });
  const role = async () => (await callApi("GET", "/users/me", student)).body!.role;

  await row.getByRole("button", { name: "Make Instructor" }).click();
  let dialog = admin.getByRole("dialog", { name: `Make ${student.name} an instructor?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole("cell", { name: "student", exact: true })).toBeVisible();
  expect(await role()).toBe("student");

  await row.getByRole("button", { name: "Make Instructor" }).click();
  await dialog.getByRole("button", { name: "Make instructor" }).click();
  await expect(admin.getByRole("heading", { name: `${student.name} is an Instructor Now!` })).toBeVisible();
  await expect(row.getByRole("cell", { name: "instructor", exact: true })).toBeVisible();
  expect(await role()).toBe("instructor");
  await expect(row.getByRole("button", { name: "Make Admin" })).toBeDisabled();

  // Undone: a student again, after a confirmation of its own.
  await expect(admin.getByRole("dialog")).toBeHidden();
  await row.getByRole("button", { name: "Make Student" }).click();
  dialog = admin.getByRole("dialog", { name: `Make ${student.name} a student again?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Make student" }).click();
  await expect(admin.getByRole("heading", { name: `${student.name} is a Student Now!` })).toBeVisible();
  await expect(row.getByRole("cell", { name: "student", exact: true })).toBeVisible();
  expect(await role()).toBe("student");
  await expect(row.getByRole("button", { name: "Make Admin" })).toBeEnabled();
  await expect(row.getByRole("button", { name: "Make Student" })).toHaveCount(0);
});
