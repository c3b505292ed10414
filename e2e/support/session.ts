import { createHmac } from "node:crypto";
import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { SEED_SIGN_INS } from "../../tools/auth-emulator.mjs";
import { confirmEmailForPaying } from "./email-verification";
import { API_URL } from "./ports";

/** The seed users of the API (api/src/seed/seed.ts) with their sign-ins in the auth emulator (tools/auth-emulator.mjs). */
const signIn = (email: string) => {
  const found = SEED_SIGN_INS.find((s) => s.email === email);
  if (!found) throw new Error(`no seed sign-in for ${email}`);
  return found;
};
export const SEED = {
  admin: {
    id: "00000000-0000-4000-8000-000000000001",
    email: "admin@summitsports.academy",
    name: "Avery Admin",
    password: signIn("admin@summitsports.academy").password,
  },
  instructor: {
    id: "00000000-0000-4000-8000-000000000002",
    email: "maya@summitsports.academy",
    name: "Maya Torres",
    password: signIn("maya@summitsports.academy").password,
  },
  student: {
    id: "00000000-0000-4000-8000-000000000008",
    email: "sam@example.com",
    name: "Sam Student",
    password: signIn("sam@example.com").password,
  },
};

/** The local API's signing secret (api/src/platform/config/published-secrets.ts, development default). */
const SECRET = process.env.JWT_SECRET ?? "local-development-secret-change-me-in-production";

const b64 = (value: object | Buffer) =>
  (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString("base64url");

/** An access token signed as the local API signs them, with a lifetime of the test's choosing (e.g. expired). */
export function accessToken(user: { id: string; email: string }, expiresInSeconds = 3600): string {
  const now = Math.floor(Date.now() / 1000);
  const head = `${b64({ alg: "HS256", typ: "JWT" })}.${b64({ sub: user.id, email: user.email, iat: now, exp: now + expiresInSeconds })}`;
  return `${head}.${b64(createHmac("sha256", SECRET).update(head).digest())}`;
}

/**
 * Signs in through the real login form (Firebase Auth Emulator, then POST /jwt) and waits until
 * the navbar shows the account. The session persists for the rest of the test's page.
 */
export async function signInAs(page: Page, user: { email: string; password: string; name: string }) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  // Enter, as a keyboard user submits: a click would first wait out the form's 1 s slide-in.
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByLabel("Password", { exact: true }).press("Enter");
  await expect(page.getByRole("button", { name: `Account menu of ${user.name}` })).toBeVisible({ timeout: 15_000 });
}

/**
 * A later visit of a signed-in user: a new context with the stored session (the access token in
 * localStorage) and nothing in the browser's cache.
 */
export async function storedSessionContext(
  browser: Browser,
  user: { email: string; password: string; name: string },
): Promise<BrowserContext> {
  const signIn = await browser.newContext();
  await signInAs(await signIn.newPage(), user);
  const context = await browser.newContext({ storageState: await signIn.storageState() });
  await signIn.close();
  return context;
}

/** The API access token the browser holds now. */
export async function storedAccessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem("access-token"));
  if (!token) throw new Error("no access token stored");
  return token;
}

const PASSWORD = "Camp#Student2026";

/** The account holder's own details as a parent: what a family gives before its first booking. */
export const GUARDIAN = {
  name: "Robin Parent",
  relation: "parent",
  phone: "+1 555 0160",
  address_line1: "7 Court Street",
  city: "Springfield",
  postal_code: "62701",
};

/** Gives the account holder's own details (PUT /guardians) with an API token, from the test. */
export async function giveGuardian(token: string, api = API_URL): Promise<void> {
  const res = await fetch(`${api}/guardians`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ first: GUARDIAN }),
  });
  expect(res.status, await res.text()).toBe(200);
}

/**
 * Signs up a new student through the sign-up form (a student of their own: nothing in their cart
 * yet). Unless `confirmed` is false, the address is then confirmed as if its link had been opened,
 * and the API told (a student pays only then, decision 028); the page itself learns it on its next
 * load, or when the payment page checks.
 */
export async function signUpFreshStudent(
  page: Page,
  name = "Robin Area",
  { confirmed = true, guardian = true }: { confirmed?: boolean; guardian?: boolean } = {},
): Promise<{ email: string; name: string; password: string }> {
  const email = `area-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto("/signup");
  const form = page.getByRole("form", { name: "Sign up" });
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Confirm password", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Photo URL", { exact: true }).fill(`${API_URL}/images/seed/people/rae.svg`);
  await form.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(page.getByRole("button", { name: `Account menu of ${name}` })).toBeVisible({ timeout: 15_000 });
  if (confirmed) await confirmEmailForPaying(email, PASSWORD);
  if (guardian) await giveGuardianFromPage(page);
  return { email, name, password: PASSWORD };
}

/**
 * Gives the signed-in account holder's own details (PUT /guardians) from the page, as its own form
 * would: to whichever API the page talks to (a test may route it elsewhere).
 */
export async function giveGuardianFromPage(page: Page): Promise<void> {
  const status = await page.evaluate(
    async ({ api, body }) => {
      const token = localStorage.getItem("access-token");
      const res = await fetch(`${api}/guardians`, {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return res.status;
    },
    { api: API_URL, body: { first: GUARDIAN } },
  );
  expect(status, "the account holder's own details are kept").toBe(200);
}
