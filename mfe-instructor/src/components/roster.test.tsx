import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppProviders, resetPage, signInAs, startTestApi, type TestApi } from "shared-auth/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { RosterEntry } from "../lib/roster";
import { Roster } from "./roster";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  signInAs("instructor", api, { email: "coach@example.com", displayName: "Casey Coach" });
});
afterEach(() => {
  cleanup();
  resetPage();
  vi.restoreAllMocks();
});

const seat = (id: string, name: string, medical: boolean): RosterEntry => ({
  name: "Ana Rivera",
  email: "ana@example.com",
  enrolledAt: "2027-03-01T10:00:00.000Z",
  guardians: [],
  forms: "none",
  camper: {
    _id: id,
    name,
    is_self: false,
    age: 9,
    medical_flag: medical,
    emergency_contacts: [],
    pickup_people: [],
    photo_consent: true,
  },
});

describe("the printed roster", () => {
  it("prints each camper's allergy itself, fetched for the printout, not only a flag", async () => {
    api.on("GET /classes/c-1/roster", { body: [seat("k-1", "Mia Rivera", true), seat("k-2", "Kai Rivera", false)] });
    api.on("GET /classes/c-1/roster/medical", {
      body: [{ _id: "k-1", allergies: "Peanuts: EpiPen in bag", medical_notes: "", medications: "EpiPen" }],
    });
    // What is on the page when the browser lays it out for paper.
    let onPaper = "";
    const print = vi.spyOn(window, "print").mockImplementation(() => {
      onPaper = screen.getByRole("table").textContent ?? "";
    });
    const user = userEvent.setup();
    render(
      <AppProviders path="/dashboard/myclasses">
        <Roster classId="c-1" className="Junior Tennis" />
      </AppProviders>,
    );
    await user.click(await screen.findByRole("button", { name: "Print roster" }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(api.calls("GET /classes/c-1/roster/medical")).toHaveLength(1);
    expect(onPaper).toContain("Allergies: Peanuts: EpiPen in bag");
    expect(onPaper).toContain("Medications: EpiPen");
    const mia = screen.getByText("Mia Rivera").closest("tr")!;
    expect(within(mia).getByTestId("printed-medical").textContent).toContain("Peanuts: EpiPen in bag");
    // After printing, the details leave the page.
    window.dispatchEvent(new Event("afterprint"));
    await waitFor(() => expect(screen.queryByTestId("printed-medical")).toBeNull());
  });

  it("says why it did not print when the details cannot be loaded", async () => {
    api.on("GET /classes/c-1/roster", { body: [seat("k-1", "Mia Rivera", true)] });
    api.on("GET /classes/c-1/roster/medical", { status: 500, body: { message: "Something went wrong." } });
    const print = vi.spyOn(window, "print").mockImplementation(() => {});
    const user = userEvent.setup();
    render(
      <AppProviders path="/dashboard/myclasses">
        <Roster classId="c-1" className="Junior Tennis" />
      </AppProviders>,
    );
    await user.click(await screen.findByRole("button", { name: "Print roster" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/was not printed/);
    expect(print).not.toHaveBeenCalled();
  });
});
