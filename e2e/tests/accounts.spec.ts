import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { holdRequests } from "../support/hold-requests";
import { API_URL } from "../support/ports";
import { accessToken, SEED, signInAs, signUpFreshStudent, storedAccessToken } from "../support/session";

/** Accounts end to end: the real Firebase web SDK against the Auth Emulator, then POST /jwt. */

const newEmail = (what: string) => `${what}-${randomBytes(4).toString("hex")}@example.com`;
const GOOD_PASSWORD = "Camp#Pass2026";

async function me(page: Page, request: import("@playwright/test").APIRequestContext) {
  const res = await request.get(`${API_URL}/users/me`, {
    headers: { authorization: `Bearer ${await storedAccessToken(page)}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as { name: string; email: string; photo: string; role: string };
}

async function fillSignup(page: Page, values: Partial<Record<string, string>>) {
  const form = page.getByRole("form", { name: "Sign up" });
  for (const [label, value] of Object.entries(values)) {
    await form.getByLabel(label, { exact: true }).fill(value ?? "");
  }
  await form.getByRole("button", { name: "Sign Up", exact: true }).click();
}

test("a visitor signs up from /classes and lands back on /classes, signed in, with a record on the server", async ({
  page,
  request,
}) => {
  await page.goto("/classes");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole("link", { name: "Create an account" }).click();
  const email = newEmail("camper");
  await fillSignup(page, {
    Name: "Casey Camper",
    Email: email,
    Password: GOOD_PASSWORD,
    "Confirm password": GOOD_PASSWORD,
    "Photo URL": "https://example.com/casey.png",
  });
  await expect(page.getByRole("heading", { name: "User created successfully." })).toBeVisible();
  await expect(page).toHaveURL(/\/classes$/);
  await expect(page.getByRole("button", { name: "Account menu of Casey Camper" })).toBeVisible();
  expect(await me(page, request)).toMatchObject({
    name: "Casey Camper",
    email,
    photo: "https://example.com/casey.png",
    role: "student",
  });
});

test("sign-up shows each validation message, with the real password bounds", async ({ page }) => {
  await page.goto("/signup");
  await fillSignup(page, {});
  for (const message of [
    "Name is required",
    "Email is required",
    "Password is required",
    "Confirm your password",
    "Photo URL is required",
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  const password = page.getByRole("form", { name: "Sign up" }).getByLabel("Password", { exact: true });
  for (const [value, message] of [
    ["Ab1!", "Password must be at least 8 characters"],
    ["Abcdef1!Abcdef1!Abcdef1!xx", "Password must be at most 25 characters"],
    ["abcdefgh1", "Password must have one Uppercase one lower case, one number and one special character."],
  ] as const) {
    await password.fill(value);
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(password).toHaveAttribute("aria-invalid", "true");
  }
  await fillSignup(page, {
    Password: GOOD_PASSWORD,
    "Confirm password": "Camp#Pass2027",
    "Photo URL": "not a link",
    Email: "not-an-email",
  });
  await expect(page.getByText("Passwords do not match", { exact: true })).toBeVisible();
  await expect(page.getByText("Enter a link that starts with http:// or https://", { exact: true })).toBeVisible();
  await expect(page.getByText("Enter a valid e-mail address.", { exact: true })).toBeVisible();
});

test("sign-up with an e-mail already in use says so on the form", async ({ page }) => {
  await page.goto("/signup");
  await fillSignup(page, {
    Name: "Sam Again",
    Email: SEED.student.email,
    Password: GOOD_PASSWORD,
    "Confirm password": GOOD_PASSWORD,
    "Photo URL": "https://example.com/sam.png",
  });
  await expect(page.getByRole("alert")).toHaveText("An account with this e-mail already exists. Log in instead.");
  await expect(page).toHaveURL(/\/signup$/);
});

test("login: required fields, one message for a wrong password and an unknown account", async ({ page }) => {
  await page.goto("/login");
  const form = page.getByRole("form", { name: "Login" });
  await form.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByText("Email is required", { exact: true })).toBeVisible();
  await expect(page.getByText("Password is required", { exact: true })).toBeVisible();
  for (const email of [SEED.student.email, newEmail("nobody")]) {
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password", { exact: true }).fill("Wrong#Pass1");
    await form.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("The e-mail or password is not right.");
  }
  expect(await page.evaluate(() => localStorage.getItem("access-token"))).toBeNull();
  // The message is about that attempt: clearing the fields to try again takes it away.
  await form.getByLabel("Password", { exact: true }).fill("");
  await form.getByLabel("Email").fill("");
  await expect(page.getByText("The e-mail or password is not right.")).toHaveCount(0);
});

test("a guarded page sends a visitor to /login and back after sign-in, with the notice", async ({ page }) => {
  await page.goto("/dashboard/enrolledclasses");
  await expect(page).toHaveURL(/\/login$/);
  const form = page.getByRole("form", { name: "Login" });
  await form.getByLabel("Email").fill(SEED.student.email);
  await form.getByLabel("Password", { exact: true }).fill(SEED.student.password);
  await form.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("heading", { name: "User Login Successfully" })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/enrolledclasses$/);
  await expect(page.getByRole("heading", { level: 1, name: "My Enrolled Classes" })).toBeVisible();
});

test("Google sign-in through the local account chooser creates the user's record", async ({ page, request }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  const chooser = page.getByRole("dialog", { name: "Choose a Google account" });
  await expect(chooser).toBeVisible();
  const email = newEmail("google");
  await chooser.getByLabel("Name").fill("Gale Google");
  await chooser.getByLabel("Google e-mail").fill(email);
  await chooser.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("button", { name: "Account menu of Gale Google" })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await me(page, request)).toMatchObject({ name: "Gale Google", email, role: "student" });
});

test("the avatar menu has the name, a New badge, Settings and Logout; Settings changes the display name", async ({
  page,
  request,
}) => {
  await signInAs(page, SEED.instructor);
  const avatar = page.getByRole("button", { name: `Account menu of ${SEED.instructor.name}` });
  await avatar.hover();
  await expect(page.getByRole("tooltip")).toHaveText(SEED.instructor.name);
  await avatar.click();
  const menu = page.getByRole("menu", { name: "Account" });
  await expect(menu).toContainText(SEED.instructor.name);
  await expect(menu).toContainText("New");
  await expect(menu.getByRole("menuitem", { name: "Logout" })).toBeVisible();
  await menu.getByRole("menuitem", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  const name = page.getByLabel("Display name");
  await name.fill("Maya T. Coach");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status")).toHaveText("Your profile is saved.");
  await expect(page.getByRole("button", { name: "Account menu of Maya T. Coach" })).toBeVisible();
  expect((await me(page, request)).name).toBe("Maya T. Coach");
  // Put the seed name back for the other tests.
  await name.fill(SEED.instructor.name);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("button", { name: `Account menu of ${SEED.instructor.name}` })).toBeVisible();
});

test("the login form slides in over 1000 ms, and not under reduced motion", async ({ browser }) => {
  // Under reduced motion the slide is not applied at all (the site-wide rule also cuts any
  // animation to 0.01 ms, so the duration alone would not tell).
  for (const [reducedMotion, expected] of [
    ["no-preference", { name: "slide-in", duration: "1s" }],
    ["reduce", { name: "none", duration: "1e-05s" }],
  ] as const) {
    const context = await browser.newContext({ reducedMotion });
    const page = await context.newPage();
    await page.goto("/login");
    const section = page.locator("section[aria-labelledby=auth-title]");
    await expect(section).toBeVisible();
    const animation = await section.evaluate((el) => {
      const style = getComputedStyle(el);
      return { name: style.animationName, duration: style.animationDuration };
    });
    expect(animation).toEqual(expected);
    await context.close();
  }
});

test("Forgot password? sends a reset link for the typed e-mail; the success replaces the earlier error", async ({
  page,
}) => {
  await page.goto("/login");
  const missing = page.getByText("Enter your e-mail address first, then choose Forgot password?");
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await expect(missing).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Email").fill(SEED.student.email);
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await expect(page.getByRole("status")).toContainText(`If an account exists for ${SEED.student.email}`);
  await expect(missing).toBeHidden();
  await expect(page.getByLabel("Email")).not.toHaveAttribute("aria-invalid", "true");
});

/**
 * Records whether any script carrying the Firebase SDK reached the page; with `hold`, each such
 * script is held back and never delivered while the test runs.
 */
async function watchFirebaseScripts(page: Page, { hold = false } = {}): Promise<() => boolean> {
  let loaded = false;
  await page.route("**/*.js", async (route) => {
    let response, body;
    try {
      response = await route.fetch();
      body = await response.text();
    } catch {
      // The page asking for it went on (reloaded, logged out, closed) while it came: nothing to deliver.
      return route.abort().catch(() => {});
    }
    if (body.includes("@firebase/auth")) {
      if (hold) return; // never fulfilled: dropped with the page
      loaded = true;
    }
    await route.fulfill({ response, body });
  });
  return () => loaded;
}

test("a public page paints before the Firebase SDK has loaded", async ({ page }) => {
  // Every script that carries the Firebase SDK is held back for good: the home page must paint,
  // and the remote's page come up, without it. What is proven is the order of events, not a time.
  const firebaseLoaded = await watchFirebaseScripts(page, { hold: true });
  await page.goto("/", { waitUntil: "commit" });
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to the academy" })).toBeVisible();
  // The remote's own page, not only its prerendered first paint (decision 018), is up too.
  await expect(page.locator("[data-remote=mfe_public]")).toBeVisible();
  expect(firebaseLoaded()).toBe(false);
  // Scripts still held when the test ends are dropped with the page.
  await page.unrouteAll({ behavior: "ignoreErrors" });
});

test.describe("a stored session", () => {
  test("a signed-in page opened later shows the account without the Firebase SDK; Settings loads it and saves", async ({
    page,
    request,
  }) => {
    const student = await signUpFreshStudent(page, "Stored Session");
    const firebaseLoaded = await watchFirebaseScripts(page);
    await page.goto("/dashboard/mydashboard");
    await expect(page.getByRole("heading", { level: 1, name: "My Selected Classes" })).toBeVisible();
    await expect(page.getByRole("button", { name: `Account menu of ${student.name}` })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(firebaseLoaded()).toBe(false);

    // The first account action loads the SDK, with the user it had stored.
    await page.getByRole("button", { name: `Account menu of ${student.name}` }).click();
    await page.getByRole("menu", { name: "Account" }).getByRole("menuitem", { name: "Settings" }).click();
    await page.getByLabel("Display name").fill("Stored Session Renamed");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("status")).toHaveText("Your profile is saved.");
    expect(firebaseLoaded()).toBe(true);
    expect((await me(page, request)).name).toBe("Stored Session Renamed");
  });

  test("logout from a page that never loaded the Firebase SDK stays logged out after a reload", async ({ page }) => {
    await signInAs(page, SEED.student);
    const firebaseLoaded = await watchFirebaseScripts(page);
    await page.goto("/dashboard/userhome");
    await expect(page.getByRole("heading", { level: 1, name: "Student Home" })).toBeVisible();
    expect(firebaseLoaded()).toBe(false);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    // Logging out loads the SDK to sign the Firebase user out; that user must not buy a new token.
    await expect.poll(firebaseLoaded).toBe(true);
    await page.waitForLoadState("networkidle");
    await page.reload();
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Login" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => localStorage.getItem("access-token"))).toBeNull();
    await page.goto("/dashboard/userhome");
    await expect(page).toHaveURL(/\/login$/);
  });

  /**
   * Opens `path` with every script but the shell's first held back (ADR 022: no React, no
   * shared-auth, no axios, no remote), waits for the API calls `early` while they are held, lets
   * them go and waits for the page to settle on `ready`; gives every API path asked, in order.
   */
  async function openWithScriptsHeld(page: Page, path: string, early: string[], ready: () => Promise<void>) {
    await page.waitForLoadState("networkidle");
    const asked: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (request.url().startsWith(API_URL) && ["fetch", "xhr"].includes(request.resourceType())) asked.push(pathname);
    });
    const scripts = await holdRequests(page, /\/(?!main\.)[^/]*\.js(\?.*)?$/);
    await page.goto(path, { waitUntil: "commit" });
    await expect.poll(() => [...asked].sort()).toEqual([...early].sort());
    await scripts.release();
    await ready();
    await page.waitForLoadState("networkidle");
    return asked;
  }

  test("the cart page asks who is signed in and for the cart before any shared code has loaded, and not again", async ({
    page,
  }) => {
    await signInAs(page, SEED.student);
    const asked = await openWithScriptsHeld(page, "/dashboard/mydashboard", ["/carts", "/users/me"], async () => {
      await expect(page.getByRole("heading", { level: 1, name: "My Selected Classes" })).toBeVisible();
      await expect(page.getByRole("button", { name: /^Account menu of / })).toBeVisible();
      await expect(page.getByText("Your cart is empty").or(page.getByText("Total Class:"))).toBeVisible();
    });
    // The session's and the cart's first requests were answered by the early ones; the page's list,
    // mounting after the navbar's badge read the cart, does not ask again.
    expect(asked.filter((p) => p === "/users/me")).toHaveLength(1);
    expect(asked.filter((p) => p === "/carts")).toHaveLength(1);
  });

  test("Today asks for the day's classes with the session, before any shared code has loaded, and not again", async ({
    page,
  }) => {
    await signInAs(page, SEED.instructor);
    const asked = await openWithScriptsHeld(page, "/dashboard/today", ["/today", "/users/me"], () =>
      expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible(),
    );
    // The page's list was the early answer: asked once.
    expect(asked.filter((p) => p === "/today")).toHaveLength(1);
  });

  test("an expired stored token: the Firebase user it restores buys a new one, and the page opens", async ({
    page,
  }) => {
    await signInAs(page, SEED.student);
    const expired = accessToken(SEED.student, -60);
    await page.evaluate((t) => localStorage.setItem("access-token", t), expired);
    const firebaseLoaded = await watchFirebaseScripts(page);
    await page.goto("/dashboard/userhome");
    await expect(page.getByRole("heading", { level: 1, name: "Student Home" })).toBeVisible();
    expect(firebaseLoaded()).toBe(true);
    const renewed = await storedAccessToken(page);
    expect(renewed).not.toBe(expired);
  });

  test("logging out in one tab logs the other tab out, Firebase SDK or not", async ({ context }) => {
    const first = await context.newPage();
    await signInAs(first, SEED.student);
    const second = await context.newPage();
    const firebaseLoaded = await watchFirebaseScripts(second);
    await second.goto("/dashboard/userhome");
    await expect(second.getByRole("heading", { level: 1, name: "Student Home" })).toBeVisible();
    expect(firebaseLoaded()).toBe(false);
    await first.getByRole("button", { name: "Logout" }).click();
    await expect(first).toHaveURL(/\/$/);
    await expect(second).toHaveURL(/\/login$/);
    expect(firebaseLoaded()).toBe(false);
  });
});
