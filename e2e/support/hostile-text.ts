import { randomBytes } from "node:crypto";
import { expect, type Locator, type Page } from "@playwright/test";
import { confirmCard } from "../../tools/card-payment.mjs";
import { confirmedSignUp } from "../support/email-verification";
import { API_URL, AUTH_EMULATOR_HOST, PAYMENT_SANDBOX_PORT } from "../support/ports";
import { seedDay } from "../support/seed-calendar";
import { SEED, giveGuardian } from "../support/session";
import { birthDateForAge } from "../../tools/test-dates.mjs";

/**
 * What the hostile-text spec (tests/hostile-text.spec.ts) plants and how it looks for script: the
 * hostile texts, the accounts, classes, camper, payment and contact message made with them through
 * the API, and the watch a page is kept under. TAG finds this run's rows.
 */

export const TAG = `Hx${randomBytes(3).toString("hex")}`;
export const PASSWORD = "Camp#Hostile2026";
export const SANDBOX_URL = `http://127.0.0.1:${PAYMENT_SANDBOX_PORT}`;

/**
 * A text that runs a script wherever it is parsed as HTML (an attribute broken out of, an <img>
 * whose load fails, a <script>), naming its field when it does. Short enough for a 120-character
 * name; TAG finds this run's rows.
 */
export const hostile = (field: string) =>
  `${TAG} "'><img src=x onerror="window.__xss='${field}';alert('${field}')"><script>window.__xss='${field}'</script>`;

/** The same for fields of 40 characters or fewer (a camper's names, a contact's relation). */
export const tiny = (field: string) => `${TAG}<svg onload=__xss='${field}'>`;

/** A multi-line field gets a second line with another element that runs a script. */
export const hostileLines = (field: string) =>
  `${hostile(field)}\n<svg onload="window.__xss='${field}-2'"></svg> & more`;

/** The accounts' names (and Firebase display names). */
export const NAMES = {
  student: hostile("student"),
  instructor: hostile("teacher"),
  toInstructor: hostile("toinst"),
  toAdmin: hostile("toadmin"),
  gone: hostile("gone"),
};
export const CLASSES = {
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
export const TEXTS = {
  details: hostileLines("details"),
  place: hostile("place"),
  contactName: hostile("cfrom"),
  feedback: hostileLines("feedback"),
  denyFeedback: hostileLines("denyfb"),
  approveFeedback: hostileLines("okfb"),
  message: hostileLines("message"),
};

/** A child of the student's with markup in every field it has. */
export const CAMPER = {
  first_name: tiny("cfirst"),
  last_name: tiny("clast"),
  // Ten on the session's first day.
  date_of_birth: birthDateForAge(10, seedDay("2027-07-05")),
  allergies: hostileLines("allergies"),
  medical_notes: hostileLines("medical"),
  medications: hostileLines("meds"),
  emergency_contacts: [{ name: tiny("ecname"), relation: tiny("ecrel"), phone: "555 0100" }],
  pickup_people: [{ name: tiny("puname"), relation: tiny("purel"), phone: "555 0101" }],
  photo_consent: false,
};

export interface Account {
  id: string;
  email: string;
  name: string;
  token: string;
}

export const seeded = {
  admin: "",
  accounts: {} as Record<keyof typeof NAMES, Account>,
  classes: {} as Record<keyof typeof CLASSES, string>,
  cartItem: "",
};

export async function callApi<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
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
export async function emulator(
  action: "signUp" | "signInWithPassword",
  body: Record<string, unknown>,
): Promise<string> {
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
export async function apiToken(email: string, idToken: string): Promise<string> {
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
export async function hostileAccount(key: keyof typeof NAMES): Promise<Account> {
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
 * (one camper is never booked into two classes at the same time). Open to every age: the student,
 * a parent too, books a seat for themselves beside their child's (decision 044).
 */
export const SESSION = {
  sport: "soccer",
  start_date: seedDay("2027-07-05"),
  end_date: seedDay("2027-07-16"),
  weekdays: ["mon", "tue", "wed", "thu", "fri"],
  start_time: "09:00",
  end_time: "12:00",
  level: "all",
};

/** Everything the spec's pages show, planted through the API as the users themselves would write it. */
export async function plantHostileText() {
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
  // A parent books themselves as a camper: their own date of birth and someone to call.
  const [self] = await callApi<{ _id: string }[]>("GET", "/campers", student.token);
  await callApi("PATCH", `/campers/${self!._id}`, student.token, {
    date_of_birth: "1990-05-05",
    emergency_contacts: CAMPER.emergency_contacts,
  });
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
}

/**
 * Two of the instructor's classes leave the public lists again: with three approved classes the
 * instructor would lead the home page's popular instructors in the specs that run after this one.
 */
export async function retireHostileClasses() {
  for (const id of [seeded.classes.overlapping, seeded.classes.inCart]) {
    if (id) {
      await callApi("PATCH", `/classes/${id}/status`, seeded.admin, { status: "denied", feedback: "Test over." });
    }
  }
}

/**
 * Watches a page for script from user text: native dialogs (the payload's alert) at any time,
 * and at each check `window.__xss` and any element made from the payload (an event handler or
 * a script that names __xss), which a blocked or not-yet-fired handler would still leave.
 */
export function watch(page: Page) {
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

export type Check = ReturnType<typeof watch>;

/** Opens a page, waits until it shows `texts` (or its main heading), then checks it. */
export async function visit(page: Page, check: Check, path: string, ...texts: string[]) {
  await page.goto(path);
  if (texts.length === 0) await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  // Visible copies only: a name is also in the account menu's hidden tooltip.
  for (const text of texts)
    await expect(page.getByText(text, { exact: false }).filter({ visible: true }).first()).toBeVisible();
  await check(path);
}

/** The first line of a multi-line text (getByText matches within one element's text). */
export const firstLine = (text: string) => text.split("\n")[0]!;

/** A SweetAlert2 dialog's heading: the title must read as the text it was given. */
export async function dialogShows(page: Page, check: Check, title: string, where: string): Promise<Locator> {
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: title, exact: true })).toBeVisible();
  await check(where);
  return dialog;
}
