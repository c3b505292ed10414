import { randomBytes } from "node:crypto";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { confirmCard } from "../../tools/card-payment.mjs";
import { confirmedSignUp } from "../support/email-verification";
import { API_URL, AUTH_EMULATOR_HOST, PAYMENT_SANDBOX_PORT } from "../support/ports";
import { seedDay } from "../support/seed-calendar";
import { SEED, signInAs, giveGuardian } from "../support/session";
import { birthDateForAge } from "../../tools/test-dates.mjs";

/*
 * User text is always text. Every text a user can write today (names and display names,
 * class names, details and places, an admin's feedback, contact messages) is planted through the
 * API as markup that runs a script wherever a page treats it as HTML; then a visitor, a student,
 * an instructor and an admin open every page they can reach and the dialogs on them. A test fails
 * if a script ran (the payload sets window.__xss and opens an alert) or if an element was made
 * from the text at all (so a Content-Security-Policy that blocks the handler does not hide it).
 * Campers carry it in every field: names, medical notes, contact people. The newsletter
 * and contact e-mail addresses cannot hold markup.
 */

const TAG = `Hx${randomBytes(3).toString("hex")}`;
const PASSWORD = "Camp#Hostile2026";
const SANDBOX_URL = `http://127.0.0.1:${PAYMENT_SANDBOX_PORT}`;

/**
 * A text that runs a script wherever it is parsed as HTML (an attribute broken out of, an <img>
 * whose load fails, a <script>), naming its field when it does. Short enough for a 120-character
 * name; TAG finds this run's rows.
 */
const hostile = (field: string) =>
  `${TAG} "'><img src=x onerror="window.__xss='${field}';alert('${field}')"><script>window.__xss='${field}'</script>`;

/** The same for fields of 40 characters or fewer (a camper's names, a contact's relation). */
const tiny = (field: string) => `${TAG}<svg onload=__xss='${field}'>`;

/** A multi-line field gets a second line with another element that runs a script. */
const hostileLines = (field: string) => `${hostile(field)}\n<svg onload="window.__xss='${field}-2'"></svg> & more`;

/** The accounts' names (and Firebase display names). */
const NAMES = {
  student: hostile("student"),
  instructor: hostile("teacher"),
  toInstructor: hostile("toinst"),
  toAdmin: hostile("toadmin"),
  gone: hostile("gone"),
};
const CLASSES = {
  /** Approved; the student paid for it. */
  paid: hostile("classA"),
  /** Approved, at the same time as `paid`: the student's overlap dialog names both. */
  overlapping: hostile("classB"),
  /** Approved, in the student's cart. */
  inCart: hostile("classC"),
  /** Pending, with the admin's feedback: approved, denied, fed back and nearly deleted in the test. */
  pending: hostile("classD"),
  /** Denied with feedback. */
  denied: hostile("classE"),
  /** Pending; deleted behind the admin's back, so their Approve fails and says so. */
  stale: hostile("classF"),
};
const TEXTS = {
  details: hostileLines("details"),
  place: hostile("place"),
  contactName: hostile("cfrom"),
  feedback: hostileLines("feedback"),
  denyFeedback: hostileLines("denyfb"),
  approveFeedback: hostileLines("okfb"),
  message: hostileLines("message"),
};

/** A child of the student's with markup in every field it has. */
const CAMPER = {
  first_name: tiny("cfirst"),
  last_name: tiny("clast"),
  // Ten on the session's first day (SESSION: ages 8-14).
  date_of_birth: birthDateForAge(10, seedDay("2027-07-05")),
  allergies: hostileLines("allergies"),
  medical_notes: hostileLines("medical"),
  medications: hostileLines("meds"),
  emergency_contacts: [{ name: tiny("ecname"), relation: tiny("ecrel"), phone: "555 0100" }],
  pickup_people: [{ name: tiny("puname"), relation: tiny("purel"), phone: "555 0101" }],
  photo_consent: false,
};

interface Account {
  id: string;
  email: string;
  name: string;
  token: string;
}

const seeded = {
  admin: "",
  accounts: {} as Record<keyof typeof NAMES, Account>,
  classes: {} as Record<keyof typeof CLASSES, string>,
  cartItem: "",
};

async function callApi<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${API_URL}${path}`, {
    method,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body !== undefined && { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.ok, `${method} ${path}: ${res.status} ${text}`).toBe(true);
  return (text ? JSON.parse(text) : null) as T;
}

/** The Auth Emulator's answer for an e-mail and password (a new account when `displayName` is given). */
async function emulator(action: "signUp" | "signInWithPassword", body: Record<string, unknown>): Promise<string> {
  const res = await fetch(
    `http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:${action}?key=fake-api-key`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...body, returnSecureToken: true }),
    },
  );
  const answer = await res.text();
  expect(res.ok, `${action}: ${answer}`).toBe(true);
  return (JSON.parse(answer) as { idToken: string }).idToken;
}

/** The API's access token for a sign-in, as the site gets it (POST /jwt with the Firebase ID token). */
async function apiToken(email: string, idToken: string): Promise<string> {
  const res = await fetch(`${API_URL}/jwt`, {
    method: "POST",
    headers: { authorization: `Bearer ${idToken}`, "content-type": "application/json" },
    body: JSON.stringify({ email }),
  });
  const answer = await res.text();
  expect(res.status, answer).toBe(200);
  return (JSON.parse(answer) as { token: string }).token;
}

/**
 * A new account whose Firebase display name is the hostile name (POST /jwt copies it), set again
 * through PATCH /users/me as a student changes their name. Its address is confirmed: the student
 * pays (decision 028).
 */
async function hostileAccount(key: keyof typeof NAMES): Promise<Account> {
  const name = NAMES[key];
  const email = `${TAG.toLowerCase()}-${key.toLowerCase()}@example.com`;
  const token = await apiToken(email, await confirmedSignUp(email, PASSWORD, name));
  await giveGuardian(token);
  const me = await callApi<{ _id: string; name: string }>("PATCH", "/users/me", token, { name });
  expect(me.name).toBe(name);
  return { id: me._id, email, name, token };
}

/**
 * A camp session in the seeded summer, ahead of the API's clock (decision 027): the seed's first
 * class's days and hours. `paid` and `overlapping` meet at the same time; `inCart` in the afternoon
 * (one camper is never booked into two classes at the same time).
 */
const SESSION = {
  sport: "soccer",
  start_date: seedDay("2027-07-05"),
  end_date: seedDay("2027-07-16"),
  weekdays: ["mon", "tue", "wed", "thu", "fri"],
  start_time: "09:00",
  end_time: "12:00",
  age_min: 8,
  age_max: 14,
  level: "all",
};

test.describe("hostile text stays text", () => {
  test.describe.configure({ timeout: 150_000 });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    seeded.admin = await apiToken(
      SEED.admin.email,
      await emulator("signInWithPassword", { email: SEED.admin.email, password: SEED.admin.password }),
    );
    for (const key of Object.keys(NAMES) as (keyof typeof NAMES)[]) {
      seeded.accounts[key] = await hostileAccount(key);
    }
    const { instructor, student } = seeded.accounts;
    await callApi("PATCH", `/users/instructor/${instructor.id}`, seeded.admin);

    for (const key of Object.keys(CLASSES) as (keyof typeof CLASSES)[]) {
      const created = await callApi<{ insertedId: string }>("POST", "/classes", instructor.token, {
        class_name: CLASSES[key],
        image: "/images/seed/classes/soccer.svg",
        available_seats: 10,
        price: 42,
        details: TEXTS.details,
        location: TEXTS.place,
        ...SESSION,
        ...(key === "inCart" && { start_time: "13:00", end_time: "15:00" }),
      });
      seeded.classes[key] = created.insertedId;
    }
    const { classes } = seeded;
    for (const id of [classes.paid, classes.overlapping, classes.inCart]) {
      await callApi("PATCH", `/classes/${id}/status`, seeded.admin, {
        status: "approved",
        feedback: TEXTS.approveFeedback,
      });
    }
    await callApi("PATCH", `/classes/${classes.denied}/status`, seeded.admin, {
      status: "denied",
      feedback: TEXTS.denyFeedback,
    });
    await callApi("PATCH", `/classes/${classes.pending}/feedback`, seeded.admin, { feedback: TEXTS.feedback });

    // The student pays for one class for themselves and for a child whose every field is hostile
    // (enrolled, in the history, on the instructor's roster, in the admin's view of the family) and
    // keeps another class in the cart.
    const child = await callApi<{ camper: { _id: string } }>("POST", "/campers", student.token, CAMPER);
    await callApi("POST", "/carts", student.token, { classItemId: classes.paid });
    await callApi("POST", "/carts", student.token, { classItemId: classes.paid, camperId: child.camper._id });
    const checkout = await callApi<{ clientSecret: string; paymentIntentId: string }>(
      "POST",
      "/create-payment-intent",
      student.token,
      { price: 1 },
    );
    expect(await confirmCard(SANDBOX_URL, checkout.clientSecret), "the sandbox confirms the card").toBe(200);
    await callApi("POST", "/payments", student.token, { transactionId: checkout.paymentIntentId });
    seeded.cartItem = (
      await callApi<{ insertedId: string }>("POST", "/carts", student.token, { classItemId: classes.inCart })
    ).insertedId;

    await callApi("POST", "/contact", null, {
      name: TEXTS.contactName,
      email: `${TAG.toLowerCase()}-contact@example.com`,
      message: TEXTS.message,
    });
  });

  // Two of the instructor's classes leave the public lists again: with three approved classes the
  // instructor would lead the home page's popular instructors in the specs that run after this one.
  test.afterAll(async () => {
    for (const id of [seeded.classes.overlapping, seeded.classes.inCart]) {
      if (id) {
        await callApi("PATCH", `/classes/${id}/status`, seeded.admin, { status: "denied", feedback: "Test over." });
      }
    }
  });

  /**
   * Watches a page for script from user text: native dialogs (the payload's alert) at any time,
   * and at each check `window.__xss` and any element made from the payload (an event handler or
   * a script that names __xss), which a blocked or not-yet-fired handler would still leave.
   */
  function watch(page: Page) {
    const alerts: string[] = [];
    page.on("dialog", (dialog) => {
      // Leaving a page with a payment in progress may ask first; that is the site's own prompt.
      if (dialog.type() === "beforeunload") return void dialog.accept();
      alerts.push(`${dialog.type()} "${dialog.message()}"`);
      void dialog.dismiss();
    });
    return async function check(where: string) {
      const found = await page.evaluate(() => {
        const seen: string[] = [];
        const ran = (window as Window & { __xss?: unknown }).__xss;
        if (ran !== undefined) seen.push(`a script ran: window.__xss = ${String(ran)}`);
        for (const element of Array.from(document.querySelectorAll("*"))) {
          for (const attribute of Array.from(element.attributes)) {
            if (attribute.name.startsWith("on") && attribute.value.includes("__xss")) {
              seen.push(`<${element.localName} ${attribute.name}> made from user text`);
            }
          }
          if (element.localName === "script" && element.textContent?.includes("__xss")) {
            seen.push("<script> made from user text");
          }
        }
        return seen;
      });
      expect([...alerts, ...found], `script from user text on ${where}`).toEqual([]);
    };
  }

  type Check = ReturnType<typeof watch>;

  /** Opens a page, waits until it shows `texts` (or its main heading), then checks it. */
  async function visit(page: Page, check: Check, path: string, ...texts: string[]) {
    await page.goto(path);
    if (texts.length === 0) await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    // Visible copies only: a name is also in the account menu's hidden tooltip.
    for (const text of texts)
      await expect(page.getByText(text, { exact: false }).filter({ visible: true }).first()).toBeVisible();
    await check(path);
  }

  /** The first line of a multi-line text (getByText matches within one element's text). */
  const firstLine = (text: string) => text.split("\n")[0]!;

  /** A SweetAlert2 dialog's heading: the title must read as the text it was given. */
  async function dialogShows(page: Page, check: Check, title: string, where: string): Promise<Locator> {
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: title, exact: true })).toBeVisible();
    await check(where);
    return dialog;
  }

  test("a visitor's pages and the login dialog", async ({ page }) => {
    const check = watch(page);
    const { classes } = seeded;
    await visit(page, check, "/");
    await visit(page, check, "/classes");
    await visit(page, check, `/classes?search=${TAG}`, CLASSES.paid, CLASSES.overlapping, CLASSES.inCart);
    const card = page.getByRole("article", { name: CLASSES.paid, exact: true });
    await card.getByRole("button", { name: "Add To Booking" }).click();
    const dialog = await dialogShows(page, check, "Please login Booking for Class", "the login dialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();

    await visit(page, check, `/classes/${classes.paid}`, CLASSES.paid, firstLine(TEXTS.details), TEXTS.place);
    await visit(page, check, "/instructors");
    await visit(page, check, `/instructors/${seeded.accounts.instructor.id}`, NAMES.instructor, CLASSES.paid);
    for (const path of ["/contact", "/info/help", "/login", "/signup", `/${TAG}-no-such-page`]) {
      await visit(page, check, path);
    }
  });

  test("a student's pages, the overlap and delete dialogs, the account menu", async ({ page }) => {
    const check = watch(page);
    const student = seeded.accounts.student;
    await signInAs(page, { ...student, password: PASSWORD });
    await check("sign-in");

    await page.getByRole("button", { name: `Account menu of ${student.name}` }).click();
    await expect(page.getByRole("menu")).toContainText(student.name);
    await check("the account menu");
    await page.keyboard.press("Escape");

    await visit(page, check, "/dashboard/userhome", `Welcome, ${student.name}`);
    await visit(page, check, "/dashboard/mydashboard", CLASSES.inCart);
    await page.getByRole("button", { name: `Delete ${CLASSES.inCart}` }).click();
    let dialog = await dialogShows(page, check, "Are you sure?", "the cart's delete dialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();

    await visit(page, check, "/dashboard/payment", CLASSES.inCart);
    await visit(page, check, `/dashboard/singlepayment?item=${seeded.cartItem}`);
    await visit(page, check, "/dashboard/paymenthistory", CLASSES.paid);
    await visit(page, check, "/dashboard/enrolledclasses", CLASSES.paid, NAMES.instructor);
    await visit(page, check, "/dashboard/myclasses");
    await visit(page, check, "/settings");
    await visit(page, check, "/dashboard/campers", CAMPER.first_name);

    await visit(page, check, `/classes?search=${TAG}`, CLASSES.overlapping);
    const card = page.getByRole("article", { name: CLASSES.overlapping, exact: true });
    await card.getByRole("button", { name: "Add To Booking" }).click();
    // The student has a child: Add To Booking asks whose seat it is. "Myself" is shown
    // with the server's reason (already booked at that time, naming the hostile class), the child
    // by a hostile name: all of it text.
    dialog = await dialogShows(page, check, "Who is this seat for?", "the camper dialog");
    await expect(dialog).toContainText(CAMPER.first_name);
    await expect(dialog).toContainText(CLASSES.paid);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();

    await visit(page, check, `/classes/${seeded.classes.paid}`, CLASSES.paid);
    await visit(page, check, `/instructors/${seeded.accounts.instructor.id}`, NAMES.instructor);
  });

  test("an instructor's pages, the roster and the update form", async ({ page }) => {
    const check = watch(page);
    const instructor = seeded.accounts.instructor;
    await signInAs(page, { ...instructor, password: PASSWORD });
    await visit(page, check, "/dashboard/instructorhome", instructor.name);
    await visit(page, check, "/dashboard/addclass");
    await expect(page.getByLabel("Instructor name")).toHaveValue(instructor.name);

    await visit(page, check, "/dashboard/myclasses", CLASSES.pending, firstLine(TEXTS.feedback));
    await expect(page.getByText(firstLine(TEXTS.denyFeedback)).first()).toBeVisible();
    const paid = page.getByRole("listitem", { name: CLASSES.paid, exact: true });
    await paid.getByRole("button", { name: "Students" }).click();
    await expect(paid.getByRole("cell", { name: seeded.accounts.student.name, exact: true })).toBeVisible();
    await check("the roster");
    await paid.getByRole("button", { name: "Update" }).click();
    await expect(paid.getByLabel("Class name")).toHaveValue(CLASSES.paid);
    await check("the update form");
    await paid.getByRole("button", { name: "Cancel" }).click();
    await expect(paid.getByLabel("Class name")).toBeHidden();

    await visit(page, check, `/classes?search=${TAG}`, CLASSES.paid);
    await visit(page, check, `/classes/${seeded.classes.paid}`, CLASSES.paid);
  });

  test("an admin's pages and every dialog of the tables", async ({ page }) => {
    const check = watch(page);
    const { accounts, classes } = seeded;
    await signInAs(page, SEED.admin);
    await visit(page, check, "/dashboard/adminhome", TEXTS.contactName, firstLine(TEXTS.message));
    // Long unbroken runs in a message wrap on a phone instead of widening the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByText(firstLine(TEXTS.message)).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    await page.setViewportSize({ width: 1280, height: 720 });

    // Manage Classes: a failed Approve, Feedback and Delete each cancelled, Approve and Deny.
    await visit(page, check, `/dashboard/manageclasses?q=${TAG}`, CLASSES.pending, CLASSES.stale, NAMES.instructor);
    const row = (name: string) => page.getByRole("row").filter({ hasText: name });
    // The class is deleted once the table has loaded (before any action refreshes it): Approve
    // fails, and the dialog names the class.
    await callApi("DELETE", `/classes/${classes.stale}`, accounts.instructor.token);
    await row(CLASSES.stale).getByRole("button", { name: "Approve", exact: true }).click();
    let dialog = await dialogShows(page, check, `Approve “${CLASSES.stale}”?`, "the approve question");
    await dialog.getByRole("button", { name: "Approve", exact: true }).click();
    dialog = await dialogShows(page, check, `${CLASSES.stale} was not approved`, "the approve failure");
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect(dialog).toBeHidden();

    const pending = row(CLASSES.pending);
    await pending.getByRole("button", { name: "Feedback" }).click();
    const feedback = page.getByRole("dialog", { name: `Feedback on ${CLASSES.pending}` });
    await expect(feedback.getByRole("textbox")).toHaveValue(TEXTS.feedback);
    await check("the feedback dialog");
    await feedback.getByRole("button", { name: "Cancel" }).click();
    await expect(feedback).toBeHidden();

    await pending.getByRole("button", { name: `Delete ${CLASSES.pending}` }).click();
    dialog = await dialogShows(page, check, "Are you sure?", "the class delete dialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();

    await pending.getByRole("button", { name: "Approve", exact: true }).click();
    dialog = await dialogShows(page, check, `Approve “${CLASSES.pending}”?`, "the approve question");
    await dialog.getByRole("button", { name: "Approve", exact: true }).click();
    await dialogShows(page, check, "Are You Approve this Class Now!", "the approve notice");
    await expect(pending.getByRole("button", { name: "Approve", exact: true })).toBeDisabled();
    await expect(page.getByRole("dialog")).toBeHidden();
    await pending.getByRole("button", { name: "Deny", exact: true }).click();
    const deny = page.getByRole("dialog", { name: `Deny ${CLASSES.pending}?` });
    await deny.getByRole("textbox").fill(TEXTS.denyFeedback);
    await check("the deny dialog");
    await deny.getByRole("button", { name: "Deny the class" }).click();
    await dialogShows(page, check, "Are You Deny this Class Now!", "the deny notice");
    await expect(pending.getByRole("button", { name: "Deny", exact: true })).toBeDisabled();
    await expect(page.getByRole("dialog")).toBeHidden();

    // Manage Users: a failed role change, Make Instructor, Make Admin, a cancelled Delete. The
    // user is deleted once the table has loaded: Make Admin fails, and the dialog names them.
    await visit(page, check, `/dashboard/manageusers?q=${TAG}`, NAMES.toInstructor, NAMES.toAdmin, NAMES.gone);
    await callApi("DELETE", `/users/${accounts.gone.id}`, seeded.admin);
    await row(NAMES.gone).getByRole("button", { name: "Make Admin" }).click();
    // Every role change asks first, naming the user (as text).
    dialog = await dialogShows(page, check, `Make ${NAMES.gone} an admin?`, "the role change question");
    await dialog.getByRole("button", { name: "Make admin" }).click();
    dialog = await dialogShows(page, check, `${NAMES.gone}'s role was not changed`, "the role change failure");
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect(dialog).toBeHidden();

    await row(NAMES.toInstructor).getByRole("button", { name: "Make Instructor" }).click();
    dialog = await dialogShows(
      page,
      check,
      `Make ${NAMES.toInstructor} an instructor?`,
      "the Make Instructor question",
    );
    await dialog.getByRole("button", { name: "Make instructor" }).click();
    await dialogShows(page, check, `${NAMES.toInstructor} is an Instructor Now!`, "the Make Instructor notice");
    await expect(page.getByRole("dialog")).toBeHidden();
    await row(NAMES.toAdmin).getByRole("button", { name: "Make Admin" }).click();
    dialog = await dialogShows(page, check, `Make ${NAMES.toAdmin} an admin?`, "the Make Admin question");
    await dialog.getByRole("button", { name: "Make admin" }).click();
    await dialogShows(page, check, `${NAMES.toAdmin} is an Admin Now!`, "the Make Admin notice");
    await expect(page.getByRole("dialog")).toBeHidden();

    await row(accounts.student.name)
      .getByRole("button", { name: `Delete ${accounts.student.name}` })
      .click();
    dialog = await dialogShows(page, check, "Are you sure?", "the user delete dialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    // Sign out everywhere (decision 028): its question names the user.
    await row(accounts.student.name)
      .getByRole("button", { name: `Sign out everywhere: ${accounts.student.name}` })
      .click();
    dialog = await dialogShows(
      page,
      check,
      `Sign ${accounts.student.name} out everywhere?`,
      "the sign-out-everywhere dialog",
    );
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();

    // All Users: the student has paid, so the API keeps the account and the dialog names them.
    await visit(page, check, `/dashboard/allusers?q=${TAG}`, accounts.student.name);
    await row(accounts.student.name)
      .getByRole("button", { name: `Delete ${accounts.student.name}` })
      .click();
    dialog = await dialogShows(page, check, "Are you sure?", "the user delete dialog");
    await dialog.getByRole("button", { name: "Yes, delete it!" }).click();
    dialog = await dialogShows(page, check, `${accounts.student.name} was not deleted`, "the delete failure");
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect(dialog).toBeHidden();

    await visit(page, check, `/classes/${classes.paid}`, CLASSES.paid);
    await visit(page, check, `/instructors/${accounts.instructor.id}`, NAMES.instructor);
  });
});
