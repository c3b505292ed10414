/*
 * My Campers' reminder and removal, over HTTP to the remotes' test server (shared-auth/testing):
 * the emergency-contact reminder only while a child lacks one, and a child holding a seat is not
 * offered an "Are you sure?" whose removal the API would refuse.
 */
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Camper, EnrolledClass } from "shared-auth";
import { sampleClass } from "shared-auth/testing/fixtures";
import { AppProviders, resetPage, signInAs, startTestApi, type TestApi } from "shared-auth/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import MyCampersPage from "./my-campers-page";

// jsdom has no innerText, which SweetAlert2 sets a dialog's title with (see cancel-seat.test.tsx).
if (!Object.getOwnPropertyDescriptor(HTMLElement.prototype, "innerText")) {
  Object.defineProperty(HTMLElement.prototype, "innerText", {
    configurable: true,
    get(this: HTMLElement) {
      return this.textContent ?? "";
    },
    set(this: HTMLElement, text: string) {
      this.textContent = text;
    },
  });
}

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
afterEach(async () => {
  document.querySelector<HTMLButtonElement>(".swal2-popup .swal2-confirm")?.click();
  await waitFor(() => expect(document.querySelector(".swal2-popup")).toBeNull());
  cleanup();
  resetPage();
});

const CONTACT = { name: "Ana Rivera", relation: "mother", phone: "+1 555 0100" };
const person = (extra: Partial<Camper>): Camper => ({
  _id: "self",
  is_self: false,
  first_name: "",
  last_name: "Rivera",
  name: "",
  date_of_birth: "2017-03-01",
  allergies: "",
  medical_notes: "",
  medications: "",
  emergency_contacts: [CONTACT],
  pickup_people: [],
  photo_consent: false,
  createdAt: "2027-01-01T00:00:00.000Z",
  updatedAt: "2027-01-01T00:00:00.000Z",
  ...extra,
});
const self = person({
  is_self: true,
  first_name: "Pat Parent",
  last_name: "",
  name: "Pat Parent",
  date_of_birth: null,
});
const mia = person({ _id: "mia", first_name: "Mia", name: "Mia Rivera" });
const leo = person({ _id: "leo", first_name: "Leo", name: "Leo Rivera" });

const { status: _s, feedback: _f, ...soccer } = sampleClass({ _id: "c-soccer", class_name: "Soccer Week" });
/** Mia's seat in a class that ends next year (not ended, whatever day the test runs). */
const miaSeat: EnrolledClass = {
  ...soccer,
  end_date: `${new Date().getUTCFullYear() + 1}-07-30`,
  camperId: "mia",
  camper_name: "Mia Rivera",
  enrollmentId: "seat-1",
};

let campers: Camper[];
beforeEach(() => {
  api.requests.length = 0;
  signInAs("student", api, { email: "parent@example.com", displayName: "Pat Parent", emailVerified: true });
  campers = [self, mia, leo];
  api.on("GET /campers", () => ({ body: campers }));
  api.on("GET /enrolled", { body: [miaSeat] });
  api.on("GET /carts", { body: [] });
  api.on("GET /guardians", { body: { guardians: [], complete: false } });
  // An academy that offers no financial aid: the page shows no section for it.
  api.on("GET /aid", { body: { season: null, campers: [], applications: [] } });
});

const renderPage = () => {
  render(
    <AppProviders path="/dashboard/campers">
      <MyCampersPage />
    </AppProviders>,
  );
  return userEvent.setup();
};

describe("My Campers", () => {
  it("reminds about emergency contacts only while a child lacks one", async () => {
    renderPage();
    await screen.findByRole("heading", { name: "Leo Rivera" });
    expect(screen.queryByTestId("emergency-contact-banner")).toBeNull();
    cleanup();

    campers = [self, mia, person({ ...leo, emergency_contacts: [] })];
    renderPage();
    expect((await screen.findByTestId("emergency-contact-banner")).textContent).toContain(
      "add at least one emergency contact",
    );
  });

  it("says why a child holding a seat cannot be removed, without asking first, and sends nothing", async () => {
    const user = renderPage();
    await user.click(await screen.findByRole("button", { name: "Remove Mia Rivera" }));
    const popup = await screen.findByRole("dialog", { name: "Mia cannot be removed yet" });
    expect(popup.querySelector(".swal2-html-container")?.textContent).toBe(
      'Mia holds a seat in "Soccer Week": cancel it first in My Enrolled Classes, then remove Mia.',
    );
    expect(within(popup).queryByRole("button", { name: "Yes, delete it!" })).toBeNull();
    expect(api.calls("DELETE /campers/mia")).toHaveLength(0);
  });

  it("still asks the spec's question before removing a child without a seat", async () => {
    const user = renderPage();
    await user.click(await screen.findByRole("button", { name: "Remove Leo Rivera" }));
    const popup = await screen.findByRole("dialog", { name: "Are you sure?" });
    expect(within(popup).getByRole("button", { name: "Yes, delete it!" })).toBeTruthy();
    await user.click(within(popup).getByRole("button", { name: "Cancel" }));
  });
});
