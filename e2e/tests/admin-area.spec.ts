import { randomBytes } from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { confirmedSignUp } from "../support/email-verification";
import { API_URL } from "../support/ports";
import { accessToken, SEED, signInAs, giveGuardian } from "../support/session";

/** The admin area through the UI; the data each test changes is its own (other specs share the seed). */

const tag = () => randomBytes(3).toString("hex");
const PASSWORD = "Camp#Pass2026";

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

/** A pending class of Maya's, made through the API as the instructor. */
async function pendingClass(name: string): Promise<string> {
  const res = await callApi("POST", "/classes", SEED.instructor, {
    class_name: name,
    image: "/images/seed/classes/soccer.svg",
    available_seats: 10,
    price: 42,
  });
  expect(res.status).toBe(201);
  return res.body!.insertedId as string;
}

/**
 * Accounts with sign-ins in the Auth Emulator (their addresses confirmed, so they may pay) and
 * records in the API, as a sign-up makes them; their API tokens.
 */
async function signUpMany(names: string[]): Promise<string[]> {
  const tokens: string[] = [];
  for (const name of names) {
    const email = `${name.toLowerCase().replace(/\W+/g, "-")}@example.net`;
    const idToken = await confirmedSignUp(email, PASSWORD, name);
    const jwt = await fetch(`${API_URL}/jwt`, {
      method: "POST",
      headers: { authorization: `Bearer ${idToken}`, "content-type": "application/json" },
      body: JSON.stringify({ email }),
    });
    const answer = await jwt.text();
    expect(jwt.status, answer).toBe(200);
    const token = (JSON.parse(answer) as { token: string }).token;
    await giveGuardian(token);
    tokens.push(token);
  }
  return tokens;
}

async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, SEED.admin);
  return page;
}

test("an admin promotes a student to instructor; the student's next visit lands on the instructor dashboard", async ({
  browser,
}) => {
  const name = `Promo ${tag()}`;
  const email = `promo-${tag()}@example.com`;
  const student = await (await browser.newContext()).newPage();
  await student.goto("/signup");
  const form = student.getByRole("form", { name: "Sign up" });
  for (const [label, value] of Object.entries({
    Name: name,
    Email: email,
    Password: PASSWORD,
    "Confirm password": PASSWORD,
    "Photo URL": "https://example.com/p.png",
  })) {
    await form.getByLabel(label, { exact: true }).fill(value);
  }
  await form.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(student.getByRole("button", { name: `Account menu of ${name}` })).toBeVisible({ timeout: 15_000 });

  const admin = await adminPage(browser);
  await admin.goto(`/dashboard/manageusers?q=${encodeURIComponent(email)}`);
  const row = admin.getByRole("row", { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: "Make Instructor" }).click();
  // Asked first (admin-tables.spec.ts checks that Cancel changes nothing).
  await admin
    .getByRole("dialog", { name: `Make ${name} an instructor?` })
    .getByRole("button", { name: "Make instructor" })
    .click();
  await expect(admin.getByRole("heading", { name: `${name} is an Instructor Now!` })).toBeVisible();
  await expect(row.getByRole("cell", { name: "instructor", exact: true })).toBeVisible();
  // Afterwards the other button is disabled too.
  await expect(row.getByRole("button", { name: "Make Admin" })).toBeDisabled();

  // The student's next visit: the session re-reads the role from the API.
  await student.goto("/");
  await student.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(student).toHaveURL(/\/dashboard\/instructorhome$/);
  await expect(student.getByRole("heading", { level: 1, name: "Instructor Home" })).toBeVisible();
});

test("an admin approves a pending class, and it shows on /classes", async ({ browser }) => {
  const name = `Approve Camp ${tag()}`;
  await pendingClass(name);
  const admin = await adminPage(browser);
  await admin.goto("/dashboard/manageclasses");
  // Pending classes come first.
  await expect(admin.getByRole("row").nth(1).getByRole("cell", { name: "pending" })).toBeVisible();
  await admin.getByLabel("Search by class, instructor or e-mail").fill(name);
  await expect(admin).toHaveURL(/q=Approve/);
  const row = admin.getByRole("row", { name: new RegExp(name) });
  await row.getByRole("button", { name: "Approve", exact: true }).click();
  // Asked first, in plain words; the spec's notice once it is done.
  const question = admin.getByRole("dialog");
  await expect(question.getByRole("heading", { name: `Approve “${name}”?` })).toBeVisible();
  await expect(question).toContainText("Families can book it at once.");
  await question.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(admin.getByRole("heading", { name: "Are You Approve this Class Now!" })).toBeVisible();
  await expect(row.getByRole("button", { name: "Approve", exact: true })).toBeDisabled();
  await expect(row.getByRole("button", { name: "Deny", exact: true })).toBeEnabled();
  await admin.goto(`/classes?search=${encodeURIComponent(name)}`);
  await expect(admin.getByRole("heading", { name })).toBeVisible();
});

test("an admin denies a class with its reason and sends feedback; its instructor reads both", async ({ browser }) => {
  const name = `Deny Camp ${tag()}`;
  const id = await pendingClass(name);
  const admin = await adminPage(browser);
  await admin.goto(`/dashboard/manageclasses?q=${encodeURIComponent(name)}`);
  const row = admin.getByRole("row", { name: new RegExp(name) });
  await row.getByRole("button", { name: "Deny", exact: true }).click();
  // A denial says why: the dialog refuses to send without a reason.
  const deny = admin.getByRole("dialog", { name: `Deny ${name}?` });
  await deny.getByRole("button", { name: "Deny the class" }).click();
  await expect(deny.getByRole("alert")).toHaveText("Say why: the instructor reads it.");
  await deny.getByRole("textbox").fill("We have no pitch free that week.");
  await deny.getByRole("button", { name: "Deny the class" }).click();
  await expect(admin.getByRole("heading", { name: "Are You Deny this Class Now!" })).toBeVisible();
  // The row stays where it was, denied.
  await expect(row.getByText("denied", { exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: "Deny", exact: true })).toBeDisabled();
  await expect(admin.getByRole("heading", { name: "Are You Deny this Class Now!" })).toBeHidden();

  await row.getByRole("button", { name: "Feedback" }).click();
  const dialog = admin.getByRole("dialog", { name: `Feedback on ${name}` });
  await expect(dialog).toBeVisible();
  // Escape closes it and gives focus back to the button.
  await admin.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(row.getByRole("button", { name: "Feedback" })).toBeFocused();
  await admin.keyboard.press("Enter");
  await dialog.getByRole("textbox").fill("Add a weekly schedule and the age range.");
  await dialog.getByRole("button", { name: "Send feedback" }).click();
  await expect(dialog).toBeHidden();

  // What the instructor's My Classes reads.
  const mine = await callApi("GET", `/myclasses?email=${SEED.instructor.email}`, SEED.instructor);
  const denied = (mine.body as unknown as { _id: string; status: string; feedback: string }[]).find(
    (c) => c._id === id,
  );
  expect(denied).toMatchObject({ status: "denied", feedback: "Add a weekly schedule and the age range." });
});

test("an admin deletes a class after confirming", async ({ browser }) => {
  const name = `Delete Camp ${tag()}`;
  await pendingClass(name);
  const admin = await adminPage(browser);
  await admin.goto(`/dashboard/manageclasses?q=${encodeURIComponent(name)}`);
  await admin.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(admin.getByRole("heading", { name: "Are you sure?" })).toBeVisible();
  await expect(admin.getByText("You won't be able to revert this!")).toBeVisible();
  await admin.getByRole("button", { name: "Yes, delete it!" }).click();
  await expect(admin.getByRole("heading", { name: "Deleted!" })).toBeVisible();
  await expect(admin.getByText(`The class ${name} has been deleted.`)).toBeVisible();
  // A success notice closes by itself (spec section 9: 1000-1500 ms).
  await expect(admin.getByRole("heading", { name: "Deleted!" })).toBeHidden({ timeout: 3_000 });
  await expect(admin.getByRole("heading", { name: "No classes here" })).toBeVisible();
});

test("a refused delete says why in plain words and keeps the class in the table", async ({ browser }) => {
  const name = `Held Camp ${tag()}`;
  const id = await pendingClass(name);
  expect((await callApi("PATCH", `/classes/${id}/status`, SEED.admin, { status: "approved" })).status).toBe(200);
  // A new student holds a seat of it: a checkout in progress.
  const [token] = await signUpMany([`Holder ${tag()}`]);
  const asHolder = (path: string, body: unknown) =>
    fetch(`${API_URL}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const added = await asHolder("/carts", { classItemId: id });
  expect(added.status).toBe(201);
  const { insertedId } = (await added.json()) as { insertedId: string };
  expect((await asHolder("/create-payment-intent", { cartItemIds: [insertedId] })).status).toBe(201);

  const admin = await adminPage(browser);
  await admin.goto(`/dashboard/manageclasses?q=${encodeURIComponent(name)}`);
  await admin.getByRole("button", { name: `Delete ${name}` }).click();
  await admin.getByRole("button", { name: "Yes, delete it!" }).click();
  await expect(
    admin.getByText("Students are paying for this class right now: try again in a few minutes."),
  ).toBeVisible();
  await expect(admin.getByRole("heading", { name: "Deleted!" })).toBeHidden();
  await admin.getByRole("button", { name: "OK" }).click();
  await expect(admin.getByRole("row", { name: new RegExp(name) })).toBeVisible();
  expect((await callApi("GET", `/classes/${id}`, null)).status).toBe(200);
});

test("an admin searches and pages through a long user list, and the URL keeps the place", async ({ browser }) => {
  const family = `Pager${tag()}`;
  await signUpMany(Array.from({ length: 25 }, (_, i) => `${family} ${String(i).padStart(2, "0")}`));
  const admin = await adminPage(browser);
  await admin.goto("/dashboard/allusers");
  await admin.getByLabel("Search by name or e-mail").fill(family);
  await expect(admin.getByText("1–20 of 25")).toBeVisible();
  await expect(admin.getByRole("row", { name: new RegExp(`${family} 00`) })).toBeVisible();
  await admin.getByRole("button", { name: "Next" }).click();
  await expect(admin.getByText("21–25 of 25")).toBeVisible();
  await expect(admin.getByRole("row", { name: new RegExp(`${family} 24`) })).toBeVisible();
  await expect(admin).toHaveURL(new RegExp(`page=2.*q=${family}|q=${family}.*page=2`));
  // Sorted by name, descending: the last one first.
  await admin.getByLabel("Order").selectOption("desc");
  await expect(admin.getByText("1–20 of 25")).toBeVisible();
  await expect(admin.getByRole("row").nth(1)).toContainText(`${family} 24`);
  // A reload shows the same rows.
  await admin.reload();
  await expect(admin.getByRole("row").nth(1)).toContainText(`${family} 24`);
  await expect(admin.getByLabel("Search by name or e-mail")).toHaveValue(family);
});

test("an admin cannot delete or demote themselves: the buttons say why, and the API refuses too", async ({
  browser,
}) => {
  const admin = await adminPage(browser);
  await admin.goto(`/dashboard/manageusers?q=${encodeURIComponent(SEED.admin.email)}`);
  const row = admin.getByRole("row", { name: new RegExp(SEED.admin.name) });
  for (const button of ["Make Admin", "Make Instructor", `Delete ${SEED.admin.name}`]) {
    await expect(row.getByRole("button", { name: button })).toBeDisabled();
    await expect(row.getByRole("button", { name: button })).toHaveAccessibleDescription(
      "You cannot change your own role or delete yourself.",
    );
  }
  // Another admin's promote buttons are disabled with the reason next to them.
  await admin.goto(`/dashboard/manageusers?q=${encodeURIComponent(SEED.instructor.email)}`);
  const instructorRow = admin.getByRole("row", { name: new RegExp(SEED.instructor.name) });
  for (const button of ["Make Admin", "Make Instructor"]) {
    await expect(instructorRow.getByRole("button", { name: button })).toBeDisabled();
    await expect(instructorRow.getByRole("button", { name: button })).toHaveAccessibleDescription(
      "Already an instructor.",
    );
  }
  expect((await callApi("DELETE", `/users/${SEED.admin.id}`, SEED.admin)).status).toBe(403);
  expect((await callApi("PATCH", `/users/instructor/${SEED.admin.id}`, SEED.admin)).status).toBe(403);
});

test("the API refuses every admin action to a student and to an instructor", async () => {
  const target = await pendingClass(`Refused Camp ${tag()}`);
  const actions: [string, string, unknown?][] = [
    ["GET", "/users?page=1"],
    ["GET", "/admin/classes"],
    ["GET", "/admin/stats"],
    ["PATCH", `/classes/${target}/status`, { status: "approved" }],
    ["PATCH", `/classes/${target}/feedback`, { feedback: "x" }],
    ["PATCH", `/users/admin/${SEED.student.id}`],
    ["PATCH", `/users/instructor/${SEED.student.id}`],
    ["DELETE", `/users/${SEED.student.id}`],
    ["GET", "/contact"],
    ["GET", "/newsletter/export.csv"],
  ];
  for (const who of [SEED.student, SEED.instructor]) {
    for (const [method, path, body] of actions) {
      expect((await callApi(method, path, who, body)).status, `${who.email} ${method} ${path}`).toBe(403);
    }
  }
  // A student may not delete an instructor's class either (the instructor may delete their own).
  expect((await callApi("DELETE", `/classes/${target}`, SEED.student)).status).toBe(403);
});
