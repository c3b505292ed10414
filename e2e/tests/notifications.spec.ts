import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { attachment, mailTo } from "../support/inbox";
import { API_URL } from "../support/ports";
import { accessToken, SEED, signInAs } from "../support/session";
import { studentWithClasses } from "../support/students";

/**
 * E-mails the site sends, found in the e2e run's mail catcher (MailDev's REST API) as
 * a family or an instructor would find them in their inbox. Set-up goes through the API; the
 * browser is used where a page is what is tested.
 */

test("a payment by card (4242) sends the receipt: the amount, the camper and the sessions as an .ics", async ({
  page,
  request,
}) => {
  // Any class with room and a schedule: earlier tests of the run fill some.
  const classes = (await (await request.get(`${API_URL}/classes`)).json()) as {
    _id: string;
    class_name: string;
    price: number;
    available_seats: number;
    enrolled_seats: number;
    start_date?: string | null;
  }[];
  const cls = classes.find((c) => c.available_seats - c.enrolled_seats >= 2 && c.start_date)!;
  const student = await studentWithClasses(`Rita Receipt ${randomBytes(2).toString("hex")}`, {
    paid: [cls._id],
    cart: [],
  });

  const mail = await mailTo(student.email, /^Your receipt/);
  const amount = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cls.price);
  expect(mail.subject).toContain(amount);
  expect(mail.text).toContain(cls.class_name);
  // The seat is the student's own ("Myself"): said so, not by their name.
  expect(mail.text).toContain(`Hello ${student.name},`);
  expect(mail.text).toContain("You are enrolled.");
  expect(mail.text).toContain(amount);
  expect(mail.html).toContain('name="viewport"');
  const ics = await attachment(mail, "sessions.ics");
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(ics).toContain("TZID:America/Los_Angeles");
  expect(ics).toMatch(/RRULE:FREQ=WEEKLY;BYDAY=[A-Z,]+;UNTIL=\d{8}T\d{6}Z/);
  expect(ics).toContain(`SUMMARY:${cls.class_name} (${student.name})`);

  // My Enrolled Classes: Add to calendar saves the same sessions.
  await signInAs(page, student);
  await page.goto("/dashboard/enrolledclasses");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: `Add to calendar ${cls.class_name}`, exact: false }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("camp-sessions.ics");
  const saved = readFileSync((await file.path())!, "utf8");
  expect(saved).toContain(`SUMMARY:${cls.class_name} (${student.name})`);
  expect(saved).toMatch(/RRULE:FREQ=WEEKLY;BYDAY=[A-Z,]+;UNTIL=\d{8}T\d{6}Z/);
  // The same seat, the same UID: a calendar that has both updates one event.
  const uid = (text: string) => /^UID:(.+)\r$/m.exec(text)?.[1];
  expect(uid(saved)).toBeTruthy();
  expect(uid(saved)).toBe(uid(ics));
});

test("a class denied with feedback: the instructor finds the feedback in their mail", async () => {
  const name = `Mailed Camp ${randomBytes(3).toString("hex")}`;
  const call = async (method: string, path: string, as: { id: string; email: string }, body: unknown) => {
    const res = await fetch(`${API_URL}${path}`, {
      method,
      headers: { authorization: `Bearer ${accessToken(as)}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    expect(res.ok, `${method} ${path}: ${text}`).toBe(true);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const created = await call("POST", "/classes", SEED.instructor, {
    class_name: name,
    image: "/images/seed/classes/soccer.svg",
    available_seats: 10,
    price: 42,
  });
  const feedback = "Please add a weekly schedule & the age range <soon>.";
  await call("PATCH", `/classes/${created.insertedId as string}/status`, SEED.admin, { status: "denied", feedback });

  const mail = await mailTo(SEED.instructor.email, new RegExp(`^Not approved: ${name}$`));
  expect(mail.text).toContain("The admin's reason");
  expect(mail.text).toContain(feedback);
  // Their words as text, never as HTML.
  expect(mail.html).toContain("Please add a weekly schedule &amp; the age range &lt;soon&gt;.");
});

test("Admin Home shows the e-mail outbox", async ({ page }) => {
  await signInAs(page, SEED.admin);
  await page.goto("/dashboard/adminhome");
  const panel = page.getByRole("region", { name: "E-mail outbox" });
  await expect(panel.getByText("Waiting to be sent")).toBeVisible();
  await expect(panel.getByText("Given up")).toBeVisible();
  await expect(panel.getByText("Oldest waiting")).toBeVisible();
});
