/*
 * Admin Home's academy details form, over HTTP to the remotes' test server (shared-auth/testing):
 * it shows the academy as GET /academy answers it, tells what is wrong before sending anything,
 * places the API's refusals under their fields, and sends exactly what the API takes.
 */
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppProviders, gate, resetPage, signInAs, startTestApi, type TestApi } from "shared-auth/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Academy, AcademyBody } from "../lib/academy-types";
import { AcademyForm } from "./academy-form";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const academy: Academy = {
  name: "Summit Sports Academy",
  legalName: "Summit Sports Academy LLC",
  addressLines: ["120 Riverside Drive", "Portland, OR 97201"],
  phone: "+1 (503) 555-0142",
  email: "hello@summitsports.academy",
  replyToEmail: "answers@summitsports.academy",
  senderName: "Summit Sports Academy",
  taxId: "93-4172085",
  seasonText: "June to August",
  dayText: "A sports block and a study block.\nLunch in between.",
  replyTime: "within one working day",
  socialLinks: {
    facebook: "https://www.facebook.com/summit",
    instagram: "https://www.instagram.com/summit",
    youtube: "https://www.youtube.com/summit",
    x: "https://x.com/summit",
    pinterest: "https://www.pinterest.com/summit",
  },
  logoUrl: null,
  updatedAt: "2026-11-01T10:00:00.000Z",
};

const puts = () => api.calls("PUT /admin/academy");

beforeEach(() => {
  api.requests.length = 0;
  signInAs("admin", api, { email: "admin@example.com", displayName: "Ada Admin" });
  api.on("GET /academy", { body: academy });
  // The API answers the facts as saved: e-mails in lower case, with the time of the change.
  api.on("PUT /admin/academy", (request) => {
    const body = request.body as AcademyBody;
    return { body: { ...body, email: body.email.toLowerCase(), updatedAt: "2026-11-29T20:00:00.000Z" } };
  });
});
afterEach(() => {
  cleanup();
  resetPage();
});

async function renderForm() {
  render(
    <AppProviders path="/dashboard/adminhome">
      <AcademyForm />
    </AppProviders>,
  );
  const user = userEvent.setup();
  await screen.findByRole("form", { name: "Academy details" });
  return user;
}

const box = (name: string) => screen.getByRole("textbox", { name }) as HTMLInputElement;
const valueOf = (name: string) => box(name).value;
/** The texts an input is described by (its hint, then its problem), as a screen reader reads them. */
const descriptionOf = (input: HTMLElement) =>
  (input.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

async function replace(user: ReturnType<typeof userEvent.setup>, name: string, text: string) {
  await user.clear(box(name));
  if (text !== "") await user.type(box(name), text);
}

describe("the academy details form", () => {
  it("shows the academy as the API has it, every field labelled", async () => {
    await renderForm();
    expect(valueOf("Academy name")).toBe("Summit Sports Academy");
    expect(valueOf("Legal name")).toBe("Summit Sports Academy LLC");
    expect(valueOf("Address line 1")).toBe("120 Riverside Drive");
    expect(valueOf("Address line 2 (optional)")).toBe("Portland, OR 97201");
    expect(valueOf("Address line 3 (optional)")).toBe("");
    expect(valueOf("Phone")).toBe("+1 (503) 555-0142");
    expect(valueOf("Contact e-mail")).toBe("hello@summitsports.academy");
    expect(valueOf("Reply-to e-mail (optional)")).toBe("answers@summitsports.academy");
    expect(valueOf("Tax id (EIN)")).toBe("93-4172085");
    expect(valueOf("A camp day")).toBe("A sports block and a study block.\nLunch in between.");
    expect(valueOf("Instagram")).toBe("https://www.instagram.com/summit");
    expect(descriptionOf(box("Legal name"))).toEqual(["On receipts and year-end statements"]);
    expect(descriptionOf(box("Sender name"))).toEqual(["The name e-mails come from"]);
    expect(descriptionOf(box("Tax id (EIN)"))).toEqual(["Shown on year-end statements"]);
    expect(descriptionOf(box("Reply-to e-mail (optional)"))).toEqual([
      "Answers to the academy's e-mails go here; empty: the contact e-mail",
    ]);
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("says when the academy could not be read, with a way to try again", async () => {
    api.on("GET /academy", { status: 404, body: { error: "Not Found", message: "Nothing here." } });
    render(
      <AppProviders path="/dashboard/adminhome">
        <AcademyForm />
      </AppProviders>,
    );
    expect(await screen.findByText("The academy's details could not be loaded")).toBeTruthy();
    expect(screen.getByText("Nothing here.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  it("refuses a tax id of the wrong shape before sending, with the focus on it", async () => {
    const user = await renderForm();
    await replace(user, "Tax id (EIN)", "123456789");
    await user.click(screen.getByRole("button", { name: "Save details" }));

    const taxId = box("Tax id (EIN)");
    expect(document.activeElement).toBe(taxId);
    expect(taxId.getAttribute("aria-invalid")).toBe("true");
    expect(descriptionOf(taxId)).toEqual([
      "Shown on year-end statements",
      "Enter the tax id as two digits, a dash and seven digits: 12-3456789.",
    ]);
    expect(box("Academy name").getAttribute("aria-invalid")).toBeNull();
    expect(puts()).toHaveLength(0);
  });

  it("shows the API's refusal of the e-mail under the e-mail, and nothing else", async () => {
    api.on("PUT /admin/academy", {
      status: 400,
      body: {
        error: "Bad Request",
        message: "Some fields are not valid.",
        fields: { email: "The contact e-mail must be an e-mail address." },
      },
    });
    const user = await renderForm();
    // Good enough for the form's check, refused by the API's stricter one.
    await replace(user, "Contact e-mail", "office@lakeside.example_");
    await user.click(screen.getByRole("button", { name: "Save details" }));

    const email = box("Contact e-mail");
    await waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    expect(descriptionOf(email)).toEqual([
      "In every e-mail; families write to it.",
      "The contact e-mail must be an e-mail address.",
    ]);
    expect(document.activeElement).toBe(email);
    // Placed on its field, it is not said a second time in an alert.
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("");
    expect(puts()).toHaveLength(1);
  });

  it("sends exactly what the API takes, empty links left out and no reply-to as null, and says it saved", async () => {
    const user = await renderForm();
    await replace(user, "Academy name", "  Lakeside Kids Camp ");
    await replace(user, "Address line 1", "9 Harbour Road");
    await replace(user, "Address line 2 (optional)", "");
    await replace(user, "Address line 3 (optional)", "Duluth, MN 55802");
    await replace(user, "Contact e-mail", "Office@Lakeside.example");
    await replace(user, "Reply-to e-mail (optional)", "");
    await replace(user, "Facebook", "");
    await replace(user, "X", "  ");
    await user.click(screen.getByRole("button", { name: "Save details" }));

    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toStrictEqual({
      name: "Lakeside Kids Camp",
      legalName: "Summit Sports Academy LLC",
      addressLines: ["9 Harbour Road", "Duluth, MN 55802"],
      phone: "+1 (503) 555-0142",
      email: "Office@Lakeside.example",
      replyToEmail: null,
      senderName: "Summit Sports Academy",
      taxId: "93-4172085",
      seasonText: "June to August",
      dayText: "A sports block and a study block.\nLunch in between.",
      replyTime: "within one working day",
      socialLinks: {
        instagram: "https://www.instagram.com/summit",
        youtube: "https://www.youtube.com/summit",
        pinterest: "https://www.pinterest.com/summit",
      },
      logoUrl: null,
    });
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe(
        "Saved: every page, e-mail, calendar and statement says these within a minute.",
      ),
    );
    // The form now holds the facts as saved, the address in the lines sent.
    expect(valueOf("Contact e-mail")).toBe("office@lakeside.example");
    expect(valueOf("Address line 2 (optional)")).toBe("Duluth, MN 55802");
    expect(valueOf("Address line 3 (optional)")).toBe("");
  });

  it("uploads a logo, shows it, and saves it with the details; a file that is no image is refused at once", async () => {
    const logo = `/images/${"b".repeat(64)}.webp`;
    api.on("POST /images", { body: { data: { display_url: logo } } });
    const user = await renderForm();
    const picker = screen.getByLabelText("Logo");
    expect(screen.getByText("Site's mark")).toBeTruthy();

    // A browser's picker set to "all files" lets anything through.
    await userEvent
      .setup({ applyAccept: false })
      .upload(picker, new File(["%PDF-1.4"], "brochure.pdf", { type: "application/pdf" }));
    expect(await screen.findByText("Choose an image file (JPEG, PNG, WebP, GIF or AVIF).")).toBeTruthy();
    expect(api.calls("POST /images")).toHaveLength(0);

    await user.upload(picker, new File([new Uint8Array([137, 80, 78, 71])], "logo.png", { type: "image/png" }));
    const shown = await screen.findByRole("img", { name: "The academy's logo" });
    expect(shown.getAttribute("src")).toMatch(new RegExp(`${logo}$`));
    expect(screen.queryByText("Choose an image file (JPEG, PNG, WebP, GIF or AVIF).")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Save details" }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect((puts()[0]!.body as AcademyBody).logoUrl).toBe(logo);

    // Back to the site's own mark.
    await user.click(screen.getByRole("button", { name: "Use the site's own mark" }));
    await user.click(screen.getByRole("button", { name: "Save details" }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect((puts()[1]!.body as AcademyBody).logoUrl).toBeNull();
  });

  it("keeps Save disabled while the save is on its way", async () => {
    const answer = gate();
    api.on("PUT /admin/academy", async (request) => {
      await answer.promise;
      return { body: { ...(request.body as AcademyBody), updatedAt: "2026-11-29T20:00:00.000Z" } };
    });
    const user = await renderForm();
    await user.click(screen.getByRole("button", { name: "Save details" }));
    const saving = await screen.findByRole("button", { name: "Saving…" });
    expect((saving as HTMLButtonElement).disabled).toBe(true);
    answer.open();
    expect(await screen.findByRole("button", { name: "Save details" })).toHaveProperty("disabled", false);
    expect(puts()).toHaveLength(1);
  });
});
