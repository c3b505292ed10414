import { expect, test } from "@playwright/test";
import { SEED, signInAs } from "../support/session";
import {
  callApi,
  CAMPER,
  CLASSES,
  dialogShows,
  firstLine,
  NAMES,
  PASSWORD,
  plantHostileText,
  retireHostileClasses,
  seeded,
  TAG,
  TEXTS,
  visit,
  watch,
} from "../support/hostile-text";

/*
 * User text is always text. Every text a user can write today (names and display names,
 * class names, details and places, an admin's feedback, contact messages) is planted through the
 * API as markup that runs a script wherever a page treats it as HTML; then a visitor, a student,
 * an instructor and an admin open every page they can reach and the dialogs on them. A test fails
 * if a script ran (the payload sets window.__xss and opens an alert) or if an element was made
 * from the text at all (so a Content-Security-Policy that blocks the handler does not hide it).
 * Campers carry it in every field: names, medical notes, contact people. The newsletter
 * and contact e-mail addresses cannot hold markup. What is planted, and the watch a page is kept
 * under: support/hostile-text.ts.
 */

test.describe("hostile text stays text", () => {
  test.describe.configure({ timeout: 150_000 });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    await plantHostileText();
  });

  // The classes that would change the next specs' home page leave the public lists again.
  test.afterAll(retireHostileClasses);

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
