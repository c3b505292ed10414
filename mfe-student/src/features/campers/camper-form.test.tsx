import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Camper } from "shared-auth";
import { AppProviders, gate, resetPage, signInAs, startTestApi, type TestApi } from "shared-auth/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CamperForm } from "./camper-form";
import { todayUtc } from "./camper-fields";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  signInAs("student", api, { email: "parent@example.com", displayName: "Pat Parent" });
});
afterEach(() => {
  cleanup();
  resetPage();
});

const child: Camper = {
  _id: "c-1",
  is_self: false,
  name: "Ana Rivera",
  first_name: "Ana",
  last_name: "Rivera",
  date_of_birth: `${new Date().getUTCFullYear() - 10}-03-12`,
  allergies: "",
  medical_notes: "",
  medications: "",
  emergency_contacts: [{ name: "Maria Rivera", relation: "mother", phone: "+1 555 0100" }],
  pickup_people: [],
  photo_consent: false,
} as unknown as Camper;

function renderForm(camper?: Camper) {
  const onSaved = vi.fn();
  const onCancel = vi.fn();
  render(
    <AppProviders path="/dashboard/campers">
      <CamperForm {...(camper && { camper })} onSaved={onSaved} onCancel={onCancel} />
    </AppProviders>,
  );
  return { onSaved, onCancel, user: userEvent.setup() };
}

const field = (name: string) => screen.getByLabelText(name, { selector: "input, textarea" });
/** The first of this month `years` years ago, as YYYY-MM-DD (a day every year has). */
const yearsAgo = (years: number) => `${Number(todayUtc().slice(0, 4)) - years}${todayUtc().slice(4, 7)}-01`;

async function fillChild(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field("First name"), "  Leo ");
  await user.type(field("Last name"), "Rivera");
  await user.type(field("Date of birth"), yearsAgo(8));
  const contact = screen.getByRole("group", { name: "Emergency contact 1" });
  await user.type(within(contact).getByLabelText("Name"), "Maria Rivera");
  await user.type(within(contact).getByLabelText("Relation"), "mother");
  await user.type(within(contact).getByLabelText("Phone"), "+1 555 0100");
}

describe("CamperForm", () => {
  it("adding a child with nothing filled in names every required field under it, focuses the first, and sends nothing", async () => {
    const { user, onSaved } = renderForm();
    await user.click(screen.getByRole("button", { name: "Add child" }));

    // The form checks its fields asynchronously: on a busy machine the answer comes a moment later.
    await waitFor(() => expect(field("First name").getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByRole("textbox", { name: "First name", description: "First name is required" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Last name", description: "Last name is required" })).toBeTruthy();
    expect(screen.getByText("Date of birth is required")).toBeTruthy();
    const contact = screen.getByRole("group", { name: "Emergency contact 1" });
    expect(within(contact).getByText("Contact name is required")).toBeTruthy();
    expect(within(contact).getByText(/^Relation is required/)).toBeTruthy();
    expect(within(contact).getByText(/^Enter a phone number/)).toBeTruthy();
    expect(document.activeElement).toBe(field("First name"));
    expect(api.requests).toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("refuses a name over 60 characters, a birth date in the future or over 25 years ago, and a phone with letters", async () => {
    const { user } = renderForm();
    await user.type(field("First name"), "A".repeat(61));
    await user.type(field("Date of birth"), yearsAgo(-1));
    await user.type(
      within(screen.getByRole("group", { name: "Emergency contact 1" })).getByLabelText("Phone"),
      "call me",
    );
    await user.click(screen.getByRole("button", { name: "Add child" }));
    expect(screen.getByText("First name must be at most 60 characters")).toBeTruthy();
    expect(screen.getByText("The date of birth cannot be in the future")).toBeTruthy();
    expect(screen.getByText(/^Enter a phone number: digits, spaces/)).toBeTruthy();

    await user.clear(field("Date of birth"));
    await user.type(field("Date of birth"), yearsAgo(26));
    await user.click(screen.getByRole("button", { name: "Add child" }));
    expect(screen.getByText("A camper is at most 25 years old")).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it("offers at most 5 emergency contacts, then says so; removing one moves focus to the contact in its place", async () => {
    const { user } = renderForm();
    const add = screen.getByRole("button", { name: "Add an emergency contact" }) as HTMLButtonElement;
    for (let i = 0; i < 4; i++) await user.click(add);
    expect(screen.getAllByRole("group", { name: /^Emergency contact \d$/ })).toHaveLength(5);
    expect(add.disabled).toBe(true);
    expect(screen.getByText("At most 5 emergency contacts.")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Remove emergency contact 2" }));
    expect(add.disabled).toBe(false);
    const second = screen.getByRole("group", { name: "Emergency contact 2" });
    expect(document.activeElement).toBe(within(second).getByLabelText("Name"));
  });

  it("sends a new child trimmed to POST /campers, says Saving… while the API works, then reports it added", async () => {
    const answer = gate();
    api.on("POST /campers", async ({ body }) => {
      await answer.promise;
      return { status: 201, body: { camper: { ...child, _id: "c-2", ...(body as object) } } };
    });
    const { user, onSaved } = renderForm();
    await fillChild(user);
    await user.click(screen.getByRole("checkbox", { name: "Photo consent" }));
    await user.click(screen.getByRole("button", { name: "Add child" }));

    const saving = await screen.findByRole("button", { name: "Saving…" });
    expect(saving.getAttribute("aria-disabled")).toBe("true");
    // A second press while saving sends nothing more.
    await user.click(saving);
    answer.open();
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(onSaved.mock.calls[0]![1]).toBe("added");
    expect(api.calls("POST /campers")).toHaveLength(1);
    expect(api.calls("POST /campers")[0]!.body).toEqual({
      first_name: "Leo",
      last_name: "Rivera",
      date_of_birth: yearsAgo(8),
      allergies: "",
      medical_notes: "",
      medications: "",
      emergency_contacts: [{ name: "Maria Rivera", relation: "mother", phone: "+1 555 0100" }],
      pickup_people: [],
      photo_consent: true,
    });
  });

  it("puts the API's field messages under their fields, focuses the first, and says the rest above the buttons", async () => {
    api.on("POST /campers", {
      status: 400,
      body: {
        error: "Bad Request",
        message: "Some fields are not valid.",
        fields: {
          "emergency_contacts.0.phone": "This phone number is not valid",
          last_name: "Last name is taken",
          pickup_people: "At most 10 people allowed to pick up",
        },
      },
    });
    const { user, onSaved } = renderForm();
    await fillChild(user);
    await user.click(screen.getByRole("button", { name: "Add child" }));

    expect(await screen.findByRole("alert")).toHaveProperty(
      "textContent",
      "Some fields are not valid. At most 10 people allowed to pick up",
    );
    expect(screen.getByRole("textbox", { name: "Last name", description: "Last name is taken" })).toBeTruthy();
    const contact = screen.getByRole("group", { name: "Emergency contact 1" });
    expect(within(contact).getByText("This phone number is not valid")).toBeTruthy();
    expect(document.activeElement).toBe(field("Last name"));
    expect(screen.getByRole("button", { name: "Add child" })).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("editing sends only what changed, and saving an unchanged camper sends nothing", async () => {
    api.on("PATCH /campers/c-1", ({ body }) => ({ body: { camper: { ...child, ...(body as object) } } }));
    const { user, onSaved } = renderForm(child);
    expect(screen.getByRole("heading", { name: "Edit Ana Rivera" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(onSaved).toHaveBeenLastCalledWith(child, "unchanged");
    expect(api.requests).toHaveLength(0);

    await user.type(field("Allergies"), "Peanuts");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(2));
    expect(onSaved.mock.calls[1]![1]).toBe("saved");
    expect(api.calls("PATCH /campers/c-1")[0]!.body).toEqual({ allergies: "Peanuts" });
  });

  it("the account holder's own camper keeps a date of birth once given: clearing it is refused", async () => {
    const self = { ...child, _id: "c-0", is_self: true, name: "Pat Parent" } as Camper;
    const { user } = renderForm(self);
    expect(screen.queryByLabelText("First name")).toBeNull();
    await user.clear(field("Date of birth"));
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(screen.getByText("Your date of birth can be changed but not removed")).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });
});
